import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, hasBrowser, signedInContext, startShop, type ShopUnderTest } from '../helpers/browser';
import { customer } from '../integration/orders-fixtures';

/**
 * The standing-delivery cut-off in /admin/delivery-slots (decision 177): the owner sets "fixed at
 * 20:30 the evening before", the slot configuration says so, and a customer's calendar shows each
 * day closing at 20:30 IST the evening before. Screenshots at 1280 and 375 px.
 */
describe.skipIf(!hasBrowser)('the standing cut-off in the delivery-slot rules', () => {
  let shop: ShopUnderTest;
  const email = 'ravi.owner@hydroshakes.in';
  const password = 'Owner-Greens-2043';

  beforeAll(async () => {
    shop = await startShop();
    const up = await shop.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password, username: 'ravi_owner', name: 'Ravi Menon', mobile: '9876512398' },
    });
    expect(up.statusCode, up.body).toBeLessThan(300);
    await shop.deps.db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  async function rulesPage(viewport: { width: number; height: number }): Promise<Page> {
    const page = await shop.newPage({ context: await signedInContext(shop, email, password, viewport) });
    await page.goto('/admin/delivery-slots');
    await page.getByRole('heading', { name: 'Booking rules' }).waitFor();
    return page;
  }

  it('saves the time and the calendar closes each day at it', { timeout: 90_000 }, async () => {
    const page = await rulesPage(DESKTOP);
    const field = page.getByLabel('Standing deliveries fixed at (the evening before)');
    await expect(field.inputValue()).resolves.toBe('21:00');
    await field.fill('20:30');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('Booking rules saved').waitFor();
    await shop.screenshot(page, 'admin-standing-cutoff-1280');
    // Where the riders start (decision 288), on the same screen: the demo farm until set; a point outside India is refused at the field.
    const kitchen = page.getByRole('region', { name: 'Where the riders start' });
    await expect.poll(() => kitchen.getByLabel('Latitude').inputValue()).toBe('12.9141');
    await kitchen.getByText(/the farm at the edge of Bengaluru stands in/).waitFor();
    await kitchen.getByLabel('Latitude').fill('51.5072');
    await kitchen.getByRole('button', { name: 'Save location' }).click();
    await kitchen.getByText('That point is outside India (latitude 6 to 37.5): drop the pin again.').waitFor();
    await kitchen.getByLabel('Latitude').fill('12.9716');
    await kitchen.getByLabel('Longitude').fill('77.5946');
    await kitchen.getByRole('button', { name: 'Save location' }).click();
    await page.getByText('Kitchen location saved').waitFor();
    await expect.poll(() => kitchen.getByText(/stands in/).count()).toBe(0);
    await shop.screenshot(kitchen, 'admin-kitchen-location-1280');
    const config = (await shop.request({ method: 'GET', url: '/api/slot-configuration' })).json();
    expect(config.standingCutoffTime).toBe('20:30');
    const c = await customer(shop);
    const cal = (await shop.request({ method: 'GET', url: '/api/user/deliveries?days=2', headers: { authorization: c.auth } })).json();
    expect(cal.cutoffTime).toBe('20:30');
    // Each date closes at 20:30 IST the evening before: the next closing instant is 20:30 IST (15:00 UTC) within a day.
    expect(cal.nextCutoffAt).toMatch(/T15:00:00\.000Z$/);
    const closesIn = Date.parse(cal.nextCutoffAt) - Date.now();
    expect(closesIn).toBeGreaterThan(0);
    expect(closesIn).toBeLessThanOrEqual(24 * 3600_000);
    const phone = await rulesPage(PHONE);
    await expect(phone.getByLabel('Standing deliveries fixed at (the evening before)').inputValue()).resolves.toBe('20:30');
    const sideways = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    await phone.getByRole('heading', { name: 'Booking rules' }).scrollIntoViewIfNeeded();
    await shop.screenshot(phone, 'admin-standing-cutoff-375');
    // A fresh page reads the saved point from the shop.
    const kitchenOnPhone = phone.getByRole('region', { name: 'Where the riders start' });
    await expect.poll(() => kitchenOnPhone.getByLabel('Longitude').inputValue()).toBe('77.5946');
    await kitchenOnPhone.scrollIntoViewIfNeeded();
    await shop.screenshot(kitchenOnPhone, 'admin-kitchen-location-375');
  });
});
