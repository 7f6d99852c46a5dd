import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, hasBrowser, signedInContext, startShop, type ShopUnderTest } from '../helpers/browser';

/**
 * /admin/api-keys in a real browser: create a key with scopes, the secret shown once works as a
 * bearer on REST, revoke it from the list (401 after). Screenshots at 1280 and 375 px.
 */
describe.skipIf(!hasBrowser)('admin API keys screen', () => {
  let shop: ShopUnderTest;
  const email = `keys.owner.${Date.now()}@hydroshakes.in`;
  const password = 'Owner-Greens-2042';
  beforeAll(async () => {
    shop = await startShop();
    const up = await shop.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password, username: `keys_${Date.now() % 1e8}`, name: 'Neha Kapoor', mobile: '9876512399' } });
    expect(up.statusCode, up.body).toBeLessThan(300);
    await shop.deps.db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  it('creates a key, shows its secret once, and revokes it', async () => {
    const page = await shop.newPage({ context: await signedInContext(shop, email, password, DESKTOP) });
    await page.goto('/admin/api-keys');
    await page.getByLabel('Name').fill('Warehouse sync');
    await page.getByLabel(/Read catalogue/).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    // The dialog is in the page all along; wait for the secret to be in it.
    await expect.poll(async () => (await page.getByTestId('api-key-secret-value').textContent()) ?? '', { timeout: 10_000 }).toMatch(/^hs_live_/);
    const secret = (await page.getByTestId('api-key-secret-value').textContent())!;
    await shop.screenshot(page, 'api-keys-secret-1280', { fullPage: false });
    const ok = await shop.request({ method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${secret}` } });
    expect(ok.statusCode).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('api-key-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.content()).not.toContain(secret);
    await shop.screenshot(page, 'api-keys-1280');

    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText(/^Revoked /).waitFor({ timeout: 10_000 });
    expect((await shop.request({ method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${secret}` } })).statusCode).toBe(401);

    const phone = await shop.newPage({ context: await signedInContext(shop, email, password, PHONE) });
    await phone.goto('/admin/api-keys');
    await phone.getByTestId('api-key-row').first().waitFor({ timeout: 10_000 });
    await shop.screenshot(phone, 'api-keys-375');
  }, 60_000);
});
