import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hasBrowser, PHONE, saveAddress, signedInContext, signUp, startShop, walletBalance, type ShopUnderTest } from '../helpers/browser';
import { debitDue, planRecharges, planRenewals } from '../../server/domains/autopay/autopay.service';
import type { TestGateway } from '../../server/lib/payments';
import { remindUncovered } from '../../server/domains/schedules/schedules.cutoff';
import * as schedules from '../../server/domains/schedules/schedules.service';
import { addDays, istToday } from '../../shared/rules/slots';
import type { AuthUser } from '../../server/trpc/context';

/**
 * UPI AutoPay in a browser at 375 px, test payment mode (decision 281): the customer sets it up on the
 * wallet tab (authorised on the test screen), turns on auto-recharge, gets the pre-debit notice, and a
 * day later (the app clock) sees the wallet refilled and the debit "Added". Then, with test mode's
 * switch (decision 291), the bank declines the next debit and the 18:00 "not covered" message comes;
 * refunding the balance gives the refill back (decision 283). Screenshots of each.
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

  it('in test mode, a debit the bank declines later ends in the "not covered" message (375 px)', { timeout: 120_000 }, async () => {
    // Standing deliveries the wallet's ₹1,000 does not cover: six shakes a day from the day after tomorrow (set up through the API).
    await saveAddress(shop, email, password, 'Ira Menon');
    const { id } = await shop.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const user: AuthUser = { id, email, name: 'Ira Menon', role: 'customer' };
    const address = await shop.deps.db.selectFrom('addresses').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const shake = await shop.deps.db.selectFrom('signature_shakes').select('id').where('active', '=', true).orderBy('sort_order').executeTakeFirstOrThrow();
    const slot = await shop.deps.db.selectFrom('delivery_slots').select('id').where('plan_type', '=', 'all').where('active', '=', true).orderBy('start_time').executeTakeFirstOrThrow();
    const today = istToday(now);
    await schedules.create(shop.deps, user, {
      items: [{ id: shake.id, type: 'signature', quantity: 6 }],
      days: 'daily',
      slotId: slot.id,
      addressId: address.id,
      startDate: addDays(today, 2),
    });

    const ctx = await signedInContext(shop, email, password, PHONE);
    const page = await shop.newPage({ context: ctx });
    await page.goto('/profile?tab=wallet');
    const choice = page.getByTestId('autopay-test-debits');
    await choice.waitFor();
    expect(await choice.inputValue()).toBe('success');
    await choice.selectOption('decline_later');
    await expect.poll(() => page.getByTestId('autopay-test-debits').inputValue()).toBe('decline_later');
    await shop.screenshot(page, 'autopay-test-switch-375');

    // The notice (the wallet will not cover the day after tomorrow), then the debit a day later: declined.
    expect(await planRecharges(shop.deps)).toBe(1);
    now = new Date(now.getTime() + 24 * 3_600_000 + 2 * 60_000);
    await debitDue(shop.deps);
    expect(await walletBalance(shop, email)).toBe(100_000);
    await page.reload();
    await expect.poll(() => page.getByTestId('autopay-debits').textContent()).toContain('Declined by the bank');

    // 18:00 that day: tomorrow is not covered, and the customer is told, as without AutoPay.
    now = new Date(`${istToday(now)}T18:00:00+05:30`);
    await remindUncovered(shop.deps);
    await page.reload();
    await page.getByTestId('messages-badge').first().click();
    await page.getByTestId('messages-tab').waitFor();
    const rows = page.getByTestId('message');
    await expect.poll(() => rows.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/delivery is not covered yet/)]));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shop.screenshot(page, 'autopay-declined-not-covered-375');

    // The customer asks for the balance back: the money the AutoPay refill brought is refunded to it (decision 283).
    await page.goto('/profile?tab=wallet');
    await page.getByTestId('wallet-refund').click();
    expect(await page.getByRole('group', { name: 'Refund my balance' }).textContent()).toContain('Send ₹1,000 back');
    await page.getByTestId('wallet-refund-confirm').click();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('₹0');
    expect(await walletBalance(shop, email)).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('autopay-debits').textContent()).toContain('₹1,000 · Refunded');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shop.screenshot(page, 'autopay-balance-refunded-375');
  });

  it('the owner lists the charges, filtered by kind and status, and refunds a renewal paid through AutoPay (1280 and 375 px)', { timeout: 120_000 }, async () => {
    const owner = 'meera.owner@example.in';
    await signUp(shop, { email: owner, password, username: 'meera_owner', name: 'Meera Rao', mobile: '9876512347' }, { admin: true });
    const debits = await shop.deps.db.selectFrom('autopay_debits').select(['status', 'amount_paise']).execute();
    for (const [viewport, name] of [
      [DESKTOP, '1280'],
      [PHONE, '375'],
    ] as const) {
      const ctx = await signedInContext(shop, owner, password, viewport);
      const page = await shop.newPage({ context: ctx });
      await page.goto('/admin/charges');
      const rows = page.getByTestId('charge-row');
      await expect.poll(() => rows.count()).toBeGreaterThan(0);
      await page.getByTestId('charges-kind').selectOption('autopay_debit');
      await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(debits.map(() => 'autopay_debit'));
      await page.getByTestId('charges-status').selectOption('failed');
      await expect.poll(() => rows.count()).toBe(debits.filter((d) => d.status === 'failed').length);
      expect(await rows.first().textContent()).toContain('AutoPay debit');
      expect(await rows.first().textContent()).toContain('₹1,000');
      expect(page.url()).toContain('/admin/charges?kind=autopay_debit&status=failed');
      await page.getByTestId('charges-status').selectOption('');
      await expect.poll(() => rows.count()).toBe(debits.length);
      await shop.screenshot(page, `admin-charges-${name}`);
      await ctx.close();
    }

    // Ira's subscription renews through her mandate (decision 290); the desk refunds that renewal through its debit (decision 284).
    const ira = await shop.deps.db.selectFrom('users').select(['id', 'email', 'name']).where('email', '=', email).executeTakeFirstOrThrow();
    const iraUser: AuthUser = { id: ira.id, email, name: ira.name, role: 'customer' };
    const mandate = await shop.deps.db.selectFrom('autopay_mandates').select('gateway_token_id').where('user_id', '=', ira.id).where('status', '=', 'active').executeTakeFirstOrThrow();
    await (shop.deps.payments as TestGateway).setTokenDebits(mandate.gateway_token_id!, 'success');
    const as = async (method: 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) => {
      const r = await shop.request({ method, url, headers: { authorization: await shop.bearer(iraUser), 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const plan = (await shop.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans.find((p: { name: string }) => p.name === 'Vitality Monthly');
    const bought = await as('POST', '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': `browser-renewal-${ira.id}` });
    await as('POST', '/api/subscription-payment/test/complete', { gatewayOrderId: bought.payment.gatewayOrderId, outcome: 'success' });
    const subId = bought.subscription.id as string;
    const end = new Date((await as('POST', `/api/user/subscriptions/${subId}/auto-renew`, { enabled: true })).paidThrough).getTime();
    now = new Date(end - 2 * 86_400_000);
    expect(await planRenewals(shop.deps)).toBe(1);
    now = new Date(end - 86_400_000 + 2 * 60_000);
    expect(await debitDue(shop.deps)).toBe(1);

    for (const [viewport, name] of [
      [DESKTOP, '1280'],
      [PHONE, '375'],
    ] as const) {
      const ctx = await signedInContext(shop, owner, password, viewport);
      const page = await shop.newPage({ context: ctx });
      page.on('dialog', (d) => void d.accept());
      await page.goto(`/admin/subscriptions?id=${subId}`);
      const detail = page.getByTestId('admin-subscription-detail');
      const renewal = detail.getByRole('listitem').filter({ hasText: 'AutoPay renewal' });
      await renewal.waitFor();
      // Paid when the desk first sees it (1280), refunded once it has (375).
      expect(await renewal.textContent()).toContain(name === '1280' ? '₹2,399 · paid' : '₹2,399 · refunded');
      if (name === '1280') {
        await renewal.getByRole('button', { name: 'Refund' }).click();
        await expect.poll(() => renewal.getByTestId('subscription-refund').textContent()).toBe('₹2,399 refunded');
        expect(await renewal.getByRole('button', { name: 'Refund' }).count()).toBe(0);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shop.screenshot(page, `admin-subscription-autopay-refund-${name}`);
      await ctx.close();
    }
    const [debit] = await shop.deps.db.selectFrom('autopay_debits').select(['status', 'refunded_paise']).where('subscription_id', '=', subId).execute();
    expect(debit).toEqual({ status: 'refunded', refunded_paise: 239_900 });
  });
});
