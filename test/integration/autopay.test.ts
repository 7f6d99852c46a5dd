import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createInstance } from '../helpers/instances';
import { razorpayConfig, startFakeRazorpay, type FakeRazorpay } from '../fakes/razorpay-server';
import { customer, loadShop, type Customer, type Shop } from './orders-fixtures';
import { debitDue, planRecharges, planRenewals } from '../../server/domains/autopay/autopay.service';
import { remindUncovered } from '../../server/domains/schedules/schedules.cutoff';
import * as schedules from '../../server/domains/schedules/schedules.service';
import { formatDate } from '../../shared/rules/dates';

/**
 * UPI AutoPay (decision 281) with the real Razorpay adapter against the fake: one key makes one
 * mandate order however many requests race; the wallet's auto-recharge sends the pre-debit notice,
 * waits at least 24 hours on the app clock and debits once with the job on two instances; a webhook
 * replayed five times credits once; a failed debit leaves the 18:00 "not covered" message to tell the
 * customer; a revoked mandate is cancelled at Razorpay and never debited.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
let now = new Date('2026-12-08T10:00:00+05:30');
const clock = { now: () => now };
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);
let t: TestApp;
let fake: FakeRazorpay;
let shop: Shop;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({ clock, config: razorpayConfig(fake) });
  shop = await loadShop(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = async (c: Customer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method,
    url,
    headers: { authorization: await t.bearer(c.user), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const webhook = (w: { body: string; headers: Record<string, string> }) => t.request({ method: 'POST', url: '/api/payment/webhook', headers: w.headers, payload: w.body });
const balance = async (c: Customer) =>
  (await t.deps.db.selectFrom('wallet_balances').select('balance_paise').where('user_id', '=', c.user.id).executeTakeFirst())?.balance_paise ?? 0;
const mandateOrders = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders' && (r.body as { token?: unknown }).token);
const recurringFor = (tokenId: string) => fake.requests.filter((r) => r.path === '/v1/payments/create/recurring' && (r.body as { token?: string }).token === tokenId);
const debitsOf = (c: Customer) => t.deps.db.selectFrom('autopay_debits').selectAll().where('user_id', '=', c.user.id).execute();
const notices = (c: Customer) => t.deps.db.selectFrom('messages').select(['title', 'link']).where('user_id', '=', c.user.id).where('event', '=', 'autopay_pre_debit').execute();

/** Starts AutoPay up to ₹5,000 and authorises it in the customer's UPI app (the fake), as Checkout's callback reports it. */
async function withMandate(c: Customer): Promise<string> {
  const start = await call(c, 'POST', '/api/user/autopay/mandate', { maxAmount: 500_000 }, { 'idempotency-key': crypto.randomUUID() });
  expect(start.statusCode, start.body).toBe(200);
  const paid = fake.pay(start.json().checkout.gatewayOrderId);
  const v = await call(c, 'POST', '/api/user/autopay/mandate/verify', {
    razorpay_order_id: paid.razorpay_order_id,
    razorpay_payment_id: paid.razorpay_payment_id,
    razorpay_signature: paid.razorpay_signature,
  });
  expect(v.statusCode, v.body).toBe(200);
  expect(v.json().mandate).toMatchObject({ status: 'active', maxAmount: 500_000, bank: 'asha@okhdfcbank', frequency: 'as presented' });
  return paid.payment.token_id!;
}

describe('UPI AutoPay', () => {
  it.runIf(onPostgres)('10 concurrent starts with one key make one Razorpay order and one mandate', async () => {
    now = ist('2026-12-08', '10:00:00');
    const c = await customer(t);
    const key = crypto.randomUUID();
    const before = mandateOrders().length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(c, 'POST', '/api/user/autopay/mandate', { maxAmount: 300_000 }, { 'idempotency-key': key })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().checkout.gatewayOrderId)).size).toBe(1);
    expect(answers.filter((a) => !a.json().replayed)).toHaveLength(1);
    expect(mandateOrders().length - before).toBe(1);
    const order = mandateOrders().at(-1)!.body as { token: { max_amount: number; frequency: string }; method: string };
    expect(order).toMatchObject({ method: 'upi', token: { max_amount: 300_000, frequency: 'as_presented' } });
    const rows = await t.deps.db.selectFrom('autopay_mandates').selectAll().where('user_id', '=', c.user.id).execute();
    expect(rows).toHaveLength(1);
    expect((await call(c, 'GET', '/api/user/autopay')).json().mandate).toMatchObject({ status: 'pending', maxAmount: 300_000 });
  });

  it.runIf(onPostgres)('auto-recharge: notice, at least 24 h, then one debit with the job on two instances; a webhook replayed 5 times credits once', async () => {
    now = ist('2026-12-08', '11:00:00');
    const c = await customer(t);
    const token = await withMandate(c);
    const set = await call(c, 'PUT', '/api/user/wallet/auto-recharge', { threshold: 30_000, amount: 100_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().autoRecharge).toEqual({ threshold: 30_000, amount: 100_000 });

    const b = await createInstance(t, { clock, config: razorpayConfig(fake) });
    try {
      await Promise.all([planRecharges(t.deps), planRecharges(b.deps)]);
      const [debit] = await debitsOf(c);
      expect(await debitsOf(c)).toHaveLength(1);
      expect(debit).toMatchObject({ status: 'notified', amount_paise: 100_000, purpose: 'wallet_recharge' });
      expect(new Date(debit!.debit_after).getTime() - now.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);
      const told = await notices(c);
      expect(told).toHaveLength(1);
      expect(told[0]!.title).toBe('AutoPay will take ₹1,000 on 9 Dec 2026, 11:01 am');
      expect(told[0]!.link).toBe(`/profile?tab=wallet&cancel=${debit!.id}`);

      // A minute short of 24 hours: nothing is taken.
      now = new Date(now.getTime() + 24 * 3_600_000 - 60_000);
      await Promise.all([debitDue(t.deps), debitDue(b.deps)]);
      expect(recurringFor(token)).toHaveLength(0);

      // After it, both instances' jobs run at once: one debit. The bank answers later (pending).
      now = new Date(now.getTime() + 5 * 60_000);
      fake.setRecurringOutcome('pending');
      await Promise.all([debitDue(t.deps), debitDue(b.deps), debitDue(b.deps)]);
      expect(recurringFor(token)).toHaveLength(1);
      expect((await debitsOf(c))[0]!.status).toBe('debiting');
      expect(await balance(c)).toBe(0);

      const paymentId = [...fake.payments.values()].find((p) => p.token_id === token && p.status === 'created')!.id;
      fake.finishRecurring(paymentId, 'captured');
      const w = fake.webhook('payment.captured', paymentId);
      const five = await Promise.all(Array.from({ length: 5 }, () => webhook(w)));
      expect(five.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
      expect(five.map((r) => r.json().outcome).sort()).toEqual(['autopay_paid', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
      // The same capture told again under another event id changes nothing either.
      expect((await webhook(fake.webhook('payment.captured', paymentId))).json().outcome).toBe('autopay_already_paid');
      expect(await balance(c)).toBe(100_000);
      const credits = await t.deps.db.selectFrom('wallet_ledger').select(['amount_paise', 'reference']).where('user_id', '=', c.user.id).execute();
      expect(credits).toEqual([{ amount_paise: 100_000, reference: `autopay:${debit!.id}` }]);
      expect((await debitsOf(c))[0]).toMatchObject({ status: 'paid', captured_paise: 100_000, gateway_payment_id: paymentId });
      // Above the threshold now: no new notice.
      await planRecharges(t.deps);
      expect(await notices(c)).toHaveLength(1);
    } finally {
      fake.setRecurringOutcome('captured');
      await b.close();
    }
  });

  it('a failed debit leaves the 18:00 reminder to say the day is not covered', async () => {
    now = ist('2026-12-12', '10:00:00');
    const c = await customer(t);
    await withMandate(c);
    await call(c, 'PUT', '/api/user/wallet/auto-recharge', { threshold: 30_000, amount: 100_000 });
    await schedules.create(t.deps, c.user, {
      items: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 1 }],
      days: 'daily',
      slotId: shop.slotId,
      addressId: c.addressId,
      startDate: '2026-12-14',
    });
    await planRecharges(t.deps);
    expect(await debitsOf(c)).toMatchObject([{ status: 'notified' }]);
    now = ist('2026-12-13', '10:05:00');
    fake.setRecurringOutcome('failed');
    try {
      await debitDue(t.deps);
    } finally {
      fake.setRecurringOutcome('captured');
    }
    expect(await debitsOf(c)).toMatchObject([{ status: 'failed' }]);
    expect(await balance(c)).toBe(0);
    now = ist('2026-12-13', '18:00:00');
    await remindUncovered(t.deps);
    const mail = await t.deps.db.selectFrom('mail_outbox').select('text').where('to_email', '=', c.user.email).where('template', '=', 'delivery-not-covered').execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('/deliveries?date=2026-12-14');
  });

  it('a revoked mandate is cancelled at Razorpay and never debited; a token cancelled at the bank is revoked too', async () => {
    now = ist('2026-12-16', '10:00:00');
    const c = await customer(t);
    const token = await withMandate(c);
    // Test mode's switch for declined debits does not exist with Razorpay (decision 291).
    expect((await call(c, 'GET', '/api/user/autopay')).json().testDebits).toBeNull();
    expect((await call(c, 'POST', '/api/user/autopay/test/debits', { debits: 'failure' })).statusCode).toBe(404);
    await call(c, 'PUT', '/api/user/wallet/auto-recharge', { threshold: 30_000, amount: 100_000 });
    await planRecharges(t.deps);
    expect(await debitsOf(c)).toMatchObject([{ status: 'notified' }]);

    const del = await call(c, 'DELETE', '/api/user/autopay');
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().mandate).toBeNull();
    expect(fake.tokens.get(token)!.status).toBe('cancelled');
    expect(fake.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/tokens/${token}/cancel`))).toHaveLength(1);
    expect(await debitsOf(c)).toMatchObject([{ status: 'cancelled' }]);

    now = ist('2026-12-18', '10:00:00');
    await planRecharges(t.deps);
    await debitDue(t.deps);
    expect(recurringFor(token)).toHaveLength(0);
    expect(await debitsOf(c)).toHaveLength(1);
    expect(await balance(c)).toBe(0);

    // The customer revokes in their UPI app instead: Razorpay's token.cancelled revokes it here.
    const d = await customer(t);
    const other = await withMandate(d);
    const w = fake.tokenWebhook('token.cancelled', other);
    expect((await webhook(w)).json().outcome).toBe('autopay_revoked');
    expect((await webhook(w)).json().outcome).toBe('duplicate');
    expect((await call(d, 'GET', '/api/user/autopay')).json().mandate).toBeNull();
  });

  /** Buys Vitality Monthly (paid at the fake, by webhook) and switches automatic renewal on: through the mandate, no Razorpay subscription. */
  async function renewingSubscriber(c: Customer): Promise<{ id: string; price: number; endsAt: string }> {
    const plans = (await t.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans as { id: string; name: string; price: number }[];
    const plan = plans.find((p) => p.name === 'Vitality Monthly')!;
    const buy = await call(c, 'POST', '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': crypto.randomUUID() });
    expect(buy.statusCode, buy.body).toBe(200);
    const paid = fake.pay(buy.json().payment.gatewayOrderId);
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('subscription_activated');
    const id = buy.json().subscription.id as string;
    const rzpSubscriptions = fake.requests.filter((r) => r.path === '/v1/subscriptions').length;
    const on = await call(c, 'POST', `/api/user/subscriptions/${id}/auto-renew`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ autoRenew: true, mandateUrl: null });
    expect(fake.requests.filter((r) => r.path === '/v1/subscriptions').length).toBe(rzpSubscriptions);
    return { id, price: plan.price, endsAt: on.json().paidThrough };
  }
  const periodsOf = (id: string) => t.deps.db.selectFrom('subscription_periods').select(['starts_at', 'ends_at']).where('subscription_id', '=', id).orderBy('starts_at').execute();
  const msOf = (v: unknown) => new Date(v as string).getTime();

  it.runIf(onPostgres)('a renewal is announced, debited a day before the end once with the job on two instances, and the next period starts', async () => {
    now = ist('2026-12-20', '09:00:00');
    const c = await customer(t);
    const token = await withMandate(c);
    const sub = await renewingSubscriber(c);
    const end = new Date(sub.endsAt).getTime();
    const b = await createInstance(t, { clock, config: razorpayConfig(fake) });
    try {
      // Three days before the end: too early to announce.
      now = new Date(end - 3 * 86_400_000);
      await Promise.all([planRenewals(t.deps), planRenewals(b.deps)]);
      expect(await debitsOf(c)).toHaveLength(0);

      now = new Date(end - 2 * 86_400_000);
      expect((await Promise.all([planRenewals(t.deps), planRenewals(b.deps)])).reduce((a, n) => a + n, 0)).toBe(1);
      const [debit] = await debitsOf(c);
      expect(await debitsOf(c)).toHaveLength(1);
      expect(debit).toMatchObject({ purpose: 'subscription_renewal', status: 'notified', amount_paise: sub.price, subscription_id: sub.id });
      expect(msOf(debit!.debit_after)).toBe(end - 86_400_000 + 60_000);
      expect(msOf(debit!.debit_after) - now.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);
      const told = await notices(c);
      expect(told).toHaveLength(1);
      expect(told[0]!.title).toMatch(/^AutoPay will take ₹2,399 on /);
      expect(told[0]!.link).toBe(`/profile?tab=wallet&cancel=${debit!.id}`);

      now = new Date(end - 86_400_000);
      await Promise.all([debitDue(t.deps), debitDue(b.deps)]);
      expect(recurringFor(token)).toHaveLength(0);

      now = new Date(end - 86_400_000 + 2 * 60_000);
      await Promise.all([debitDue(t.deps), debitDue(b.deps), debitDue(b.deps)]);
      expect(recurringFor(token)).toHaveLength(1);
      expect((await debitsOf(c))[0]).toMatchObject({ status: 'paid', captured_paise: sub.price });
      const periods = await periodsOf(sub.id);
      expect(periods).toHaveLength(2);
      expect(msOf(periods[1]!.starts_at)).toBe(end);
      expect(msOf(periods[1]!.ends_at)).toBe(end + 30 * 86_400_000);
      const mail = await t.deps.db.selectFrom('mail_outbox').select('template').where('to_email', '=', c.user.email).where('template', '=', 'subscription-renewed').execute();
      expect(mail).toHaveLength(1);
      // The wallet is not touched by a renewal.
      expect(await balance(c)).toBe(0);
      // The next end is a month away: nothing more is announced now.
      await planRenewals(t.deps);
      expect(await debitsOf(c)).toHaveLength(1);
    } finally {
      await b.close();
    }
  });

  it.runIf(onPostgres)('a failed renewal debit tells the customer the subscription ends unless they renew; switched off before the debit, nothing is taken', async () => {
    now = ist('2026-12-21', '09:00:00');
    const c = await customer(t);
    const token = await withMandate(c);
    const sub = await renewingSubscriber(c);
    const end = new Date(sub.endsAt).getTime();
    now = new Date(end - 2 * 86_400_000);
    await planRenewals(t.deps);
    now = new Date(end - 86_400_000 + 2 * 60_000);
    fake.setRecurringOutcome('failed');
    try {
      await debitDue(t.deps);
    } finally {
      fake.setRecurringOutcome('captured');
    }
    expect(recurringFor(token)).toHaveLength(1);
    expect(await debitsOf(c)).toMatchObject([{ status: 'failed', purpose: 'subscription_renewal' }]);
    expect(await periodsOf(sub.id)).toHaveLength(1);
    const told = await t.deps.db.selectFrom('messages').select(['title', 'link']).where('user_id', '=', c.user.id).where('event', '=', 'renews_soon').execute();
    expect(told.map((m) => m.title)).toContain(`Your Vitality Monthly subscription ends on ${formatDate(end, 'date')}`);

    // Another customer switches automatic renewal off after the notice: the debit is cancelled, not taken.
    now = ist('2026-12-21', '09:00:00');
    const d = await customer(t);
    const other = await withMandate(d);
    const s2 = await renewingSubscriber(d);
    const end2 = new Date(s2.endsAt).getTime();
    now = new Date(end2 - 2 * 86_400_000);
    await planRenewals(t.deps);
    expect(await debitsOf(d)).toMatchObject([{ status: 'notified' }]);
    expect((await call(d, 'POST', `/api/user/subscriptions/${s2.id}/auto-renew`, { enabled: false })).statusCode).toBe(200);
    now = new Date(end2 - 86_400_000 + 2 * 60_000);
    await debitDue(t.deps);
    expect(recurringFor(other)).toHaveLength(0);
    expect(await debitsOf(d)).toMatchObject([{ status: 'cancelled' }]);
  });
});
