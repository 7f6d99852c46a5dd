import crypto from 'node:crypto';
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
  walletBalance,
  type ShopUnderTest,
} from '../helpers/browser';

/**
 * Issue 23, the wallet in a browser (decision 165), at 1280 and 375: a customer tops up ₹1,000 on
 * the profile's Wallet tab (test payment mode), pays an order with "Wallet" at checkout, sees it
 * debited on the tab; at checkout the Wallet option is disabled with the reason when the balance is
 * short. The admin sees the wallet on /admin/wallets. Screenshots of each screen.
 */
describe.skipIf(!hasBrowser)('the wallet in a browser', () => {
  let shop: ShopUnderTest;
  const password = 'Tulsi-Garden-2041';
  const email = 'kavya.wallet@example.in';
  const adminEmail = 'ops.wallet@example.in';

  beforeAll(async () => {
    shop = await startShop();
    await signUp(shop, { email, password, username: 'kavya_wallet', name: 'Kavya Nair', mobile: '9876512345' });
    await signUp(shop, { email: adminEmail, password, username: 'ops_wallet', name: 'Ops Desk', mobile: '9876512345' }, { admin: true });
    await saveAddress(shop, email, password, 'Kavya Nair');
  });
  afterAll(async () => {
    await shop?.close();
  });

  async function toCheckoutReady(page: Page) {
    await page.goto('/cart');
    await page.getByTestId('checkout').click();
    await page.waitForURL(/\/payment$/);
    await page.getByRole('radiogroup', { name: 'Saved addresses' }).getByRole('radio', { checked: true }).first().waitFor();
    const slot = page.getByRole('radiogroup', { name: 'Delivery time' }).getByRole('radio').and(page.locator(':not([disabled])')).first();
    await slot.waitFor();
    await slot.click();
    await expect.poll(() => slot.getAttribute('aria-checked')).toBe('true');
  }

  const balanceInDb = () => walletBalance(shop, email);
  const wide = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  for (const viewport of [DESKTOP, PHONE]) {
    it(`tops up ₹1,000 and pays an order with the wallet (${viewport.width} px)`, { timeout: 150_000 }, async () => {
      const ctx = await signedInContext(shop, email, password, viewport);
      const page = await shop.newPage({ context: ctx });
      const before = await balanceInDb();

      // Checkout first: the wallet cannot pay yet, and says why.
      await addSignatureShakes(page, 2);
      await toCheckoutReady(page);
      const walletCard = page.getByTestId('method-wallet');
      await walletCard.waitFor();
      if (before === 0) {
        expect(await walletCard.getAttribute('data-disabled')).toBe('true');
        expect(await walletCard.textContent()).toMatch(
          /Your wallet has ₹0; this order needs ₹[\d,]+\. Top up your wallet in your profile\./,
        );
        await shop.screenshot(page, `wallet-checkout-short-${viewport.width}`);
      }

      // 1. Top up ₹1,000 on the profile's Wallet tab (test payment mode: choose success).
      await page.goto('/profile?tab=wallet');
      await page.getByTestId('wallet-tab').waitFor();
      await page.getByRole('button', { name: '₹1,000', exact: true }).click();
      expect(await page.getByTestId('wallet-amount').inputValue()).toBe('1000');
      await page.getByTestId('wallet-topup-submit').click();
      await page.getByTestId('wallet-test-success').click();
      await expect.poll(balanceInDb).toBe(before + 100_000);
      await expect
        .poll(() => page.getByTestId('wallet-balance').textContent())
        .toBe(`₹${((before + 100_000) / 100).toLocaleString('en-IN')}`);
      expect(await page.getByTestId('wallet-row').first().getAttribute('data-kind')).toBe('top_up');
      await shop.screenshot(page, `wallet-topped-up-${viewport.width}`);
      expect(await wide(page)).toBeLessThanOrEqual(viewport.width);

      // 2. Pay an order with the wallet.
      await toCheckoutReady(page);
      await page.getByTestId('method-wallet').click();
      await expect.poll(() => page.getByTestId('method-wallet').getAttribute('data-selected')).toBe('true');
      const payText = (await page.getByTestId('pay').textContent())!;
      expect(payText).toMatch(/^Pay ₹[\d,]+ from wallet$/);
      const total = Number(payText.replace(/[^\d]/g, '')) * 100;
      await shop.screenshot(page, `wallet-checkout-${viewport.width}`);
      expect(await wide(page)).toBeLessThanOrEqual(viewport.width);
      await page.getByTestId('pay').click();
      await page.waitForURL(/\/order\/[0-9a-f-]{36}\?placed=1$/);
      await page.getByTestId('order-confirmed').waitFor();
      expect(await page.locator('body').textContent()).toContain('Wallet');
      await expect.poll(balanceInDb).toBe(before + 100_000 - total);

      const orderId = /\/order\/([0-9a-f-]{36})/.exec(page.url())![1]!;

      // 3. The tab shows the charge, linked to the order.
      await page.goto('/profile?tab=wallet');
      await page.getByTestId('wallet-ledger').waitFor();
      expect(await page.getByTestId('wallet-row').first().getAttribute('data-kind')).toBe('charge');
      expect(await page.getByTestId('wallet-row-amount').first().textContent()).toBe(`−₹${(total / 100).toLocaleString('en-IN')}`);
      await shop.screenshot(page, `wallet-profile-${viewport.width}`);
      expect(await wide(page)).toBeLessThanOrEqual(viewport.width);

      // 4. The shop gives ₹100 of it back: the order still reads paid, and says where the money went.
      const adminToken = (await shop.request({ method: 'POST', url: '/api/auth/signin', payload: { email: adminEmail, password } })).json().access_token;
      const refund = await shop.request({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund`,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { amount: 10_000, reason: 'One bottle arrived warm', idempotencyKey: crypto.randomUUID() },
      });
      expect(refund.statusCode, refund.body).toBe(200);
      await page.goto(`/order/${orderId}`);
      await page.getByTestId('order-refund').waitFor();
      expect(await page.getByTestId('order-refund').textContent()).toBe('₹100 is back in your wallet, ready for your next order.');
      expect(await page.locator('body').textContent()).toContain('Payment Successful');
      await shop.screenshot(page, `wallet-order-partly-back-${viewport.width}`);
      await expect.poll(balanceInDb).toBe(before + 100_000 - total + 10_000);
      await ctx.close();
    });
  }

  it('the admin finds the wallet on /admin/wallets and adjusts it with a reason', { timeout: 60_000 }, async () => {
    const ctx = await signedInContext(shop, adminEmail, password, DESKTOP);
    const page = await shop.newPage({ context: ctx });
    await page.goto('/admin/wallets');
    await page.getByTestId('wallets-search').fill('kavya');
    await expect.poll(() => page.getByTestId('wallet-customer').count()).toBe(1);
    await page.getByTestId('wallet-customer').getByRole('button', { name: 'Kavya Nair' }).click();
    await page.getByTestId('admin-wallet-ledger').getByTestId('wallet-row').first().waitFor();
    await page.getByTestId('adjust-amount').fill('50');
    await page.getByTestId('adjust-reason').fill('Sorry for the late delivery');
    await page.getByTestId('adjust-submit').click();
    await page.getByText(/Saved\. Kavya Nair now has ₹[\d,]+\./).waitFor();
    expect(await page.getByTestId('admin-wallet-ledger').getByTestId('wallet-row').first().textContent()).toContain(
      'Sorry for the late delivery',
    );
    await shop.screenshot(page, 'admin-wallets-1280');
    await page.setViewportSize(PHONE);
    await expect.poll(() => wide(page)).toBeLessThanOrEqual(PHONE.width);
    await shop.screenshot(page, 'admin-wallets-375');
    await ctx.close();
  });
});
