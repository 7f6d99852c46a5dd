import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, signedInContext, signUp, startShop, walletBalance, type ShopUnderTest } from '../helpers/browser';
import { debitDue, planRecharges } from '../../server/domains/autopay/autopay.service';

/**
 * UPI AutoPay in a browser at 375 px, test payment mode (decision 281): the customer sets it up on the
 * wallet tab (authorised on the test screen), turns on auto-recharge, gets the pre-debit notice, and a
 * day later (the app clock) sees the wallet refilled and the debit "Added". Screenshots of both.
 */
describe.skipIf(!hasBrowser)('UPI AutoPay in a browser', () => {
  let shop: ShopUnderTest;
  let now = new Date();
  const password = 'Neem-Courtyard-2042';
  const email = 'ira.autopay@example.in';

  beforeAll(async () => {
    shop = await startShop({ clock: { now: () => now } });
    await signUp(shop, { email, password, username: 'ira_autopay', name: 'Ira Menon', mobile: '9876512346' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('sets up AutoPay and sees the wallet refill itself (375 px)', { timeout: 120_000 }, async () => {
    const ctx = await signedInContext(shop, email, password, PHONE);
    const page = await shop.newPage({ context: ctx });
    await page.goto('/profile?tab=wallet');
    const card = page.getByTestId('autopay-card');
    await card.waitFor();
    await page.getByTestId('autopay-max').fill('5000');
    await page.getByTestId('autopay-start').click();
    await page.getByTestId('autopay-test-success').click();
    await expect.poll(() => page.getByTestId('autopay-status').textContent()).toBe('On');
    expect(await page.getByTestId('autopay-terms').textContent()).toContain('Up to ₹5,000 a debit, as needed, from UPI (test mode)');
    await page.getByTestId('autopay-threshold').fill('300');
    await page.getByTestId('autopay-amount').fill('1000');
    await page.getByTestId('autopay-recharge-save').click();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
    await shop.screenshot(page, 'autopay-set-up-375');

    // The notice job finds the empty wallet; the debit comes no sooner than 24 hours later.
    expect(await planRecharges(shop.deps)).toBe(1);
    now = new Date(now.getTime() + 24 * 3_600_000 + 2 * 60_000);
    expect(await debitDue(shop.deps)).toBe(1);
    expect(await walletBalance(shop, email)).toBe(100_000);

    await page.reload();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('₹1,000');
    expect(await page.getByTestId('autopay-debits').textContent()).toContain('₹1,000 · Added');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shop.screenshot(page, 'autopay-refilled-375');
  });
});
