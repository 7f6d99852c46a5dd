import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addSignatureShakes,
  DESKTOP,
  hasBrowser,
  PHONE,
  saveAddress,
  signedInContext,
  signUp,
  startShop,
  type ShopUnderTest,
} from '../helpers/browser';
import { formatRupees } from '../../shared/rules/money';

/**
 * Issue 11, points in a browser: a customer pays an order and sees the points it earned on the
 * profile; the next order switches "Use points" on, the cart and checkout breakdowns show the points
 * line, the order page too; the admin sees the customer's ledger on /admin/user-rewards.
 * Screenshots (1280 and 375) of checkout with points, the profile rewards tab and the admin screen.
 */
describe.skipIf(!hasBrowser)('reward points in a browser', () => {
  let shop: ShopUnderTest;
  const password = 'Tulsi-Garden-2041';
  const email = 'meera.points@example.in';
  const adminEmail = 'ops.points@example.in';

  beforeAll(async () => {
    shop = await startShop();
    await signUp(shop, { email, password, username: 'meera_points', name: 'Meera Iyer', mobile: '9876512345' });
    await signUp(shop, { email: adminEmail, password, username: 'ops_points', name: 'Ops Desk', mobile: '9876512345' }, { admin: true });
    await saveAddress(shop, email, password, 'Meera Iyer');
  });
  afterAll(async () => {
    await shop?.close();
  });

  async function toCheckoutReady(page: Page) {
    await page.waitForURL(/\/payment$/);
    const checked = page.getByRole('radiogroup', { name: 'Saved addresses' }).getByRole('radio', { checked: true });
    await checked.first().waitFor();
    const slot = page.getByRole('radiogroup', { name: 'Delivery time' }).getByRole('radio').and(page.locator(':not([disabled])')).first();
    await slot.waitFor();
    await slot.click();
    await expect.poll(() => slot.getAttribute('aria-checked')).toBe('true');
  }

  async function settled(page: Page, testId: string) {
    await page.locator(`[data-testid="${testId}"], [data-testid="checkout-error"]`).first().waitFor();
    const error = page.getByTestId('checkout-error');
    if (await error.isVisible()) throw new Error(`checkout refused: ${await error.textContent()}`);
  }

  const balanceInDb = async () =>
    (
      await shop.deps.db
        .selectFrom('reward_balances')
        .innerJoin('users', 'users.id', 'reward_balances.user_id')
        .select('balance')
        .where('users.email', '=', email)
        .executeTakeFirst()
    )?.balance ?? 0;

  it(
    'pays → earns points on the profile → the next order redeems them with the switch → breakdowns and order page show the line',
    { timeout: 150_000 },
    async () => {
      const ctx = await signedInContext(shop, email, password, DESKTOP);
      const page = await shop.newPage({ context: ctx });

      // 1. First order, paid online in test mode: the confirmation says what it earned.
      await addSignatureShakes(page, 4);
      await page.goto('/cart');
      await page.getByTestId('points-earn').waitFor();
      const toEarnText = (await page.getByTestId('points-earn').textContent())!;
      const toEarn = Number(/earns (\d+) points/.exec(toEarnText)![1]);
      expect(toEarn).toBeGreaterThanOrEqual(50);
      expect(await page.getByTestId('points-toggle').count()).toBe(0); // nothing to spend yet
      await page.getByTestId('checkout').click();
      await toCheckoutReady(page);
      await page.getByTestId('pay').click();
      await settled(page, 'test-payment');
      await page.getByTestId('test-success').click();
      await page.waitForURL(/\/order\/[0-9a-f-]{36}\?placed=1$/);
      await page.getByTestId('order-points').waitFor();
      expect(await page.getByTestId('order-points').textContent()).toContain(`You earned ${toEarn} reward points with this order.`);
      await expect.poll(balanceInDb).toBe(toEarn);

      // 2. The profile's Rewards tab: the balance and the earn row.
      await page.getByRole('link', { name: 'See your points' }).click();
      await page.waitForURL(/\/profile\?tab=rewards$/);
      await page.getByTestId('rewards-tab').waitFor();
      expect(await page.getByTestId('rewards-balance').textContent()).toBe(String(toEarn));
      expect(await page.getByTestId('rewards-row').first().getAttribute('data-kind')).toBe('earn');
      expect(await page.getByTestId('rewards-row-points').first().textContent()).toBe(`+${toEarn}`);
      expect(await page.getByTestId('rewards-how').textContent()).toContain('1 point for every ₹20');
      await shop.screenshot(page, 'rewards-profile-1280');

      // 3. Next order: the cart offers the points; switched on, the breakdown has the points line.
      await addSignatureShakes(page, 4);
      await page.goto('/cart');
      const toggle = page.getByTestId('points-toggle');
      await page.getByText(`Use ${toEarn} points · save ${formatRupees(toEarn * 100)}`).waitFor();
      const before = (await page.getByTestId('quote').getByTestId('total').textContent())!;
      await toggle.check({ force: true });
      const pointsRow = page.getByTestId('quote').locator('.breakdown__saving', { hasText: 'Points' });
      await pointsRow.waitFor();
      expect(await pointsRow.locator('dd').textContent()).toBe(`−${formatRupees(toEarn * 100)}`);
      const parse = (s: string) => Number(s.replace(/[^\d]/g, ''));
      await expect
        .poll(async () => parse((await page.getByTestId('quote').getByTestId('total').textContent())!))
        .toBe(parse(before) - toEarn);
      await shop.screenshot(page, 'rewards-cart-1280');

      // 4. Checkout keeps the switch on and shows the same line; pay by cash on delivery.
      await page.getByTestId('checkout').click();
      await toCheckoutReady(page);
      expect(await page.getByTestId('points-toggle').isChecked()).toBe(true);
      const reviewPoints = page.getByTestId('checkout-review').locator('.breakdown__saving', { hasText: 'Points' });
      await reviewPoints.waitFor();
      expect(await reviewPoints.locator('dd').textContent()).toBe(`−${formatRupees(toEarn * 100)}`);
      await page.getByTestId('method-cod').click();
      await shop.screenshot(page, 'rewards-checkout-1280');
      await page.setViewportSize(PHONE);
      await shop.screenshot(page, 'rewards-checkout-375');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('pay').click();
      await page.waitForURL(/\/order\/[0-9a-f-]{36}\?placed=1$/);
      await page.getByTestId('order-confirmed').waitFor();
      const orderLine = page.getByTestId('order-breakdown').locator('.breakdown__saving', { hasText: `Points (${toEarn})` });
      await orderLine.waitFor();
      expect(await orderLine.locator('dd').textContent()).toBe(`−${formatRupees(toEarn * 100)}`);
      expect(await page.getByTestId('order-points').textContent()).toMatch(/This order earns \d+ reward points when it is delivered\./);
      await expect.poll(balanceInDb).toBe(0);

      // 5. The profile shows the redemption.
      await page.goto('/profile?tab=rewards');
      await page.getByTestId('rewards-tab').waitFor();
      expect(await page.getByTestId('rewards-balance').textContent()).toBe('0');
      expect(await page.getByTestId('rewards-row').first().getAttribute('data-kind')).toBe('redeem');
      await page.setViewportSize(PHONE);
      await shop.screenshot(page, 'rewards-profile-375');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await ctx.close();
    },
  );

  it('the admin finds the customer on /admin/user-rewards, reads the ledger and adjusts with a reason', async () => {
    const ctx = await signedInContext(shop, adminEmail, password, DESKTOP);
    const page = await shop.newPage({ context: ctx });
    await page.goto('/admin/user-rewards');
    await page.getByTestId('rewards-search').fill('meera');
    await page.getByTestId('rewards-customer').first().waitFor();
    await expect.poll(() => page.getByTestId('rewards-customer').count()).toBe(1);
    await page.getByTestId('rewards-customer').getByRole('button', { name: 'Meera Iyer' }).click();
    await page.getByTestId('admin-rewards-ledger').getByTestId('rewards-row').first().waitFor();
    expect(await page.getByTestId('admin-rewards-balance').textContent()).toBe('0');
    // Never below zero: the server's sentence under the form.
    await page.getByTestId('adjust-points').fill('-5');
    await page.getByTestId('adjust-reason').fill('Correction');
    await page.getByTestId('adjust-submit').click();
    await page.getByText('Meera Iyer has 0 points; you can take away at most 0.').waitFor();
    await page.getByTestId('adjust-points').fill('40');
    await page.getByTestId('adjust-reason').fill('Sorry for the late delivery');
    await page.getByTestId('adjust-submit').click();
    await page.getByText('Saved. Meera Iyer now has 40 points.').waitFor();
    await expect.poll(() => page.getByTestId('admin-rewards-balance').textContent()).toBe('40');
    expect(await page.getByTestId('admin-rewards-ledger').getByTestId('rewards-row').first().textContent()).toContain(
      'Sorry for the late delivery',
    );
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await wide()).toBeLessThanOrEqual(DESKTOP.width);
    await shop.screenshot(page, 'admin-user-rewards-1280');
    await page.setViewportSize(PHONE);
    await expect.poll(wide).toBeLessThanOrEqual(PHONE.width);
    await shop.screenshot(page, 'admin-user-rewards-375');
    await ctx.close();
  });
});
