import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, hasBrowser, signedInContext, startShop, type ShopUnderTest } from '../helpers/browser';
import { createCustomers, createUser, insertOrder } from '../helpers/factories';
import { creditWallets, insertSchedules } from '../integration/schedules-fixtures';
import { istToday } from '../../shared/rules/slots';
import { formatRupees } from '../../shared/rules/money';

/**
 * The owner's morning in a browser (PRODUCT.md §23): the dashboard shows the day's figures at 1280 and
 * 375 px; the kitchen's stock and kitchen screens fit a 1024×768 tablet as the kitchen role — no
 * sideways scroll, no table column cut off.
 */
const TABLET = { width: 1024, height: 768 };

/** Sideways overflow of the page, and of each table beyond the box that holds it (a clipped column). */
async function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.scrollingElement!.scrollWidth - window.innerWidth,
    tables: [...document.querySelectorAll('table')]
      .map((t) => {
        const box = (t.closest('.table-wrap') ?? t.parentElement)!;
        return { id: t.getAttribute('aria-label') ?? t.closest('[data-testid]')?.getAttribute('data-testid') ?? '', over: box.scrollWidth - box.clientWidth };
      })
      .filter((x) => x.over > 1),
  }));
}

describe.skipIf(!hasBrowser)("the owner's morning", () => {
  let shop: ShopUnderTest;
  const owner = { email: 'meera.owner@hydroshakes.in', password: 'Mint-Tower-Morning-41' };
  const cook = { email: 'ravi.kitchen@hydroshakes.in', password: 'Beet-Root-Blend-5am' };

  beforeAll(async () => {
    shop = await startShop();
    for (const [who, role, name, mobile] of [
      [owner, 'admin', 'Meera Iyer', '9876512341'],
      [cook, 'kitchen', 'Ravi Kumar', '9876512342'],
    ] as const) {
      const up = await shop.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: who.email, password: who.password, username: who.email.split('@')[0]!.replace('.', '_'), name, mobile },
      });
      expect(up.statusCode, up.body).toBeLessThan(300);
      await shop.deps.db.updateTable('users').set({ role }).where('email', '=', who.email).execute();
    }
    // A little of a real morning: standing deliveries for tomorrow, today's run with a rider, money in wallets.
    const db = shop.deps.db;
    const today = istToday(shop.deps.clock.now());
    const slot = await db.selectFrom('delivery_slots').select('id').where('active', '=', true).orderBy('start_time').executeTakeFirstOrThrow();
    const shake = await db.selectFrom('signature_shakes').select(['id', 'price_paise']).where('active', '=', true).orderBy('sort_order').executeTakeFirstOrThrow();
    const people = await createCustomers(db, 3, 'mornb');
    await insertSchedules(
      db,
      people.map((c) => ({ userId: c.id, addressId: c.addressId, slotId: slot.id, items: [{ id: shake.id, type: 'signature' as const, quantity: 2 }], startDate: today })),
    );
    await creditWallets(db, [people[0]!.id, people[1]!.id], 150_000);
    const rider = await createUser(db, { role: 'rider', name: 'Arjun Rider' });
    await insertOrder(db, {
      userId: people[2]!.id,
      slotId: slot.id,
      slotDate: today,
      createdAt: shop.deps.clock.now().toISOString(),
      status: 'out_for_delivery',
      paymentMethod: 'cod',
      lines: [{ id: shake.id, type: 'signature', quantity: 2, unitPrice: shake.price_paise }],
      delivery: { riderId: rider.id, pickedUp: true },
    });
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  it('the dashboard shows the day at 1280 and 375 px; stock and kitchen fit the kitchen tablet', { timeout: 120_000 }, async () => {
    const day = (await shop.request({ method: 'GET', url: '/api/admin/dashboard/day', headers: { authorization: await bearerOf(owner.email) } })).json();
    for (const [viewport, tag] of [
      [DESKTOP, '1280'],
      [PHONE, '375'],
    ] as const) {
      const page = await shop.newPage({ context: await signedInContext(shop, owner.email, owner.password, viewport) });
      await page.goto('/admin');
      const panel = page.getByTestId('dashboard-day');
      await panel.locator('[data-figure="wallet-liability"]').getByText(formatRupees(300_000)).waitFor();
      await panel.locator('[data-figure="forecast-bottles"] .admin-figure__value').getByText(String(day.forecast.total.bottles)).waitFor();
      expect(day.forecast.total.bottles).toBeGreaterThanOrEqual(6);
      await panel.getByTestId('run').getByRole('row', { name: /Arjun Rider/ }).waitFor();
      await panel.getByTestId('standing').getByText('Short for').waitFor();
      await page.getByTestId('retention').waitFor();
      await expect(page.getByTestId('forecast-rule').textContent()).resolves.toContain('median of the same weekday');
      // The sidebar lists Wallets (the phone's drawer is closed; its links are there all the same).
      await page.locator('#admin-sidebar').getByRole('link', { name: 'Wallets', includeHidden: true }).waitFor({ state: 'attached' });
      expect((await overflow(page)).page).toBeLessThanOrEqual(0);
      await shop.screenshot(page, `morning-dashboard-${tag}`, { fullPage: true });
      await page.context().close();
    }

    const page = await shop.newPage({ context: await signedInContext(shop, cook.email, cook.password, TABLET) });
    await page.goto('/admin/stock');
    await page.locator('[data-testid="stock-row"]').first().waitFor();
    expect(await overflow(page)).toEqual({ page: 0, tables: [] });
    await shop.screenshot(page, 'morning-stock-1024');
    await page.getByRole('link', { name: 'Kitchen' }).click();
    await page.getByRole('heading', { name: 'What to blend', level: 1 }).waitFor();
    expect(await overflow(page)).toEqual({ page: 0, tables: [] });
    await shop.screenshot(page, 'morning-kitchen-1024');
  });

  async function bearerOf(email: string) {
    const u = await shop.deps.db.selectFrom('users').select(['id', 'email', 'role', 'name']).where('email', '=', email).executeTakeFirstOrThrow();
    return shop.bearer({ id: u.id, email: u.email ?? '', role: u.role, name: u.name });
  }
});
