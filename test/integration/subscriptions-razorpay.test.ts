import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { razorpayConfig, startFakeRazorpay, type FakeRazorpay } from '../fakes/razorpay-server';
import { customer, loadShop, orderBody, place, type Customer } from './orders-fixtures';
import { expireUnpaidOrders } from '../../server/domains/orders/orders.service';
import { reconcileSubscriptionPayments } from '../../server/domains/subscriptions/subscriptions.billing';
import { addDays, istToday } from '../../shared/rules/slots';

/** Subscription payments in Razorpay mode: the real adapter against the fake Razorpay; verify and webhooks racing and repeating. */
let t: TestApp;
let fake: FakeRazorpay;
let now = new Date();

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({
    clock: { now: () => now },
    config: razorpayConfig(fake),
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const json = (c: Customer, extra: Record<string, string> = {}) => ({ authorization: c.auth, 'content-type': 'application/json', ...extra });
const post = (c: Customer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, headers: json(c, headers), payload: JSON.stringify(body) });
const webhook = (w: { body: string; headers: Record<string, string> }) =>
  t.request({ method: 'POST', url: '/api/payment/webhook', headers: w.headers, payload: w.body });

async function start(c: Customer) {
  const plans = (await t.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans;
  const plan = plans.find((p: { name: string }) => p.name === 'Vitality Monthly');
  const r = await post(c, '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': crypto.randomUUID() });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const periods = (subscriptionId: string) =>
  t.deps.db.selectFrom('subscription_periods').selectAll().where('subscription_id', '=', subscriptionId).execute();

describe('subscription payments with Razorpay', () => {
  it('creates the Razorpay order with the plan price from the server; test completion is not available', async () => {
    const c = await customer(t);
    const { payment } = await start(c);
    expect(payment).toMatchObject({ mode: 'razorpay', keyId: fake.keyId, amount: 239_900 });
    expect(fake.orders.get(payment.gatewayOrderId)!.amount).toBe(239_900);
    const test = await post(c, '/api/subscription-payment/test/complete', { gatewayOrderId: payment.gatewayOrderId, outcome: 'success' });
    expect(test.statusCode).toBe(404);
  });

  it('a forged signature is refused and activates nothing', async () => {
    const c = await customer(t);
    const { payment, subscription } = await start(c);
    const paid = fake.pay(payment.gatewayOrderId);
    const r = await post(c, '/api/subscription-payment/verify', { ...paid, razorpay_signature: 'f'.repeat(64) });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('INVALID_SIGNATURE');
    expect(await periods(subscription.id)).toHaveLength(0);
  });

  it('verify racing two webhooks (and their replays): one activation, one period', async () => {
    const c = await customer(t);
    const { payment, subscription } = await start(c);
    const paid = fake.pay(payment.gatewayOrderId, { method: 'upi' });
    const w1 = fake.webhook('payment.captured', paid.razorpay_payment_id);
    const w2 = fake.webhook('order.paid', paid.razorpay_payment_id);
    const [v, a, b] = await Promise.all([
      post(c, '/api/subscription-payment/verify', { razorpay_order_id: paid.razorpay_order_id, razorpay_payment_id: paid.razorpay_payment_id, razorpay_signature: paid.razorpay_signature }),
      webhook(w1),
      webhook(w2),
    ]);
    expect([v.statusCode, a.statusCode, b.statusCode]).toEqual([200, 200, 200]);
    expect(v.json().paid).toBe(true);
    const outcomes = [a.json().outcome, b.json().outcome];
    expect(outcomes.filter((o) => o === 'subscription_activated').length).toBeLessThanOrEqual(1);
    // Replays of the same events are acknowledged without effect.
    expect((await webhook(w1)).json().outcome).toBe('duplicate');
    expect((await webhook(w2)).json().outcome).toBe('duplicate');
    expect(await periods(subscription.id)).toHaveLength(1);
    const mails = await t.deps.db.selectFrom('mail_outbox').select('template').where('to_email', '=', c.user.email).execute();
    expect(mails.filter((m) => m.template === 'subscription-activated')).toHaveLength(1);
    const status = (await t.request({ method: 'GET', url: '/api/user/subscription-status', headers: { authorization: c.auth } })).json();
    expect(status).toMatchObject({ hasActiveSubscription: true, remainingFreeUnits: 12 });
  });

  it('a webhook alone activates (the browser closed before verify); a failure webhook after success changes nothing', async () => {
    const c = await customer(t);
    const { payment, subscription } = await start(c);
    const paid = fake.pay(payment.gatewayOrderId);
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('subscription_activated');
    expect((await webhook(fake.webhook('payment.failed', paid.razorpay_payment_id))).json().outcome).not.toBe('subscription_activated');
    expect(await periods(subscription.id)).toHaveLength(1);
    const row = await t.deps.db.selectFrom('subscription_payments').select('status').where('gateway_order_id', '=', payment.gatewayOrderId).executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
  });
});

describe('one gateway order per key', () => {
  it('a plan purchase sent 6 times at once with one key makes one Razorpay order and one payment', async () => {
    const c = await customer(t);
    const plans = (await t.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans;
    const plan = plans.find((p: { name: string }) => p.name === 'Vitality Monthly');
    const key = crypto.randomUUID();
    const gatewayOrders = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders').length;
    const before = gatewayOrders();
    fake.setDelay(100);
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post(c, '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': key })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((a) => a.json().payment.gatewayOrderId)).size).toBe(1);
    } finally {
      fake.setDelay(0);
    }
    expect(gatewayOrders() - before).toBe(1);
    expect(await t.deps.db.selectFrom('subscription_payments').select('id').where('user_id', '=', c.user.id).execute()).toHaveLength(1);
  });
});

describe('a plan payment captured for less than the plan', () => {
  it('activates nothing and gives back what Razorpay captured, which Razorpay accepts', async () => {
    const c = await customer(t);
    const { payment, subscription } = await start(c);
    const paid = fake.pay(payment.gatewayOrderId, { amount: 100 });
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('subscription_amount_mismatch');
    expect(await periods(subscription.id)).toHaveLength(0);
    // Razorpay refuses a refund past what it captured: ₹1 must be asked for, not ₹2,399.
    await expect.poll(() => [...fake.refunds.values()].filter((x) => x.payment_id === paid.razorpay_payment_id).map((x) => x.amount)).toEqual([100]);
  });
});

describe('automatic renewal through Razorpay Subscriptions', () => {
  async function activeSubscriber() {
    const c = await customer(t);
    const { payment, subscription } = await start(c);
    const paid = fake.pay(payment.gatewayOrderId);
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('subscription_activated');
    return { c, id: subscription.id as string };
  }

  it('switching on creates a plan and a subscription charging from the paid end; charges add one period each, replays add nothing', async () => {
    const { c, id } = await activeSubscriber();
    const on = await post(c, `/api/user/subscriptions/${id}/auto-renew`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().autoRenew).toBe(true);
    const row = await t.deps.db.selectFrom('subscriptions').select(['gateway_subscription_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const rzpSub = fake.subscriptions.get(row.gateway_subscription_id!)!;
    expect(on.json().mandateUrl).toBe(rzpSub.short_url);
    const plan = fake.plans.get(rzpSub.plan_id)!;
    expect(plan.item.amount).toBe(239_900);
    expect([plan.period, plan.interval]).toEqual(['daily', 30]);
    expect(rzpSub.start_at).toBe(Math.floor(new Date(on.json().paidThrough).getTime() / 1000));

    const charge = fake.chargeSubscription(rzpSub.id);
    const w = fake.subscriptionWebhook('subscription.charged', rzpSub.id, { paymentId: charge.id });
    expect((await webhook(w)).json().outcome).toBe('subscription_renewed');
    expect((await webhook(w)).json().outcome).toBe('duplicate');
    const again = fake.subscriptionWebhook('subscription.charged', rzpSub.id, { paymentId: charge.id });
    expect((await webhook(again)).json().outcome).toBe('subscription_already_charged');
    // The payment.captured event of the same charge changes nothing either.
    expect((await webhook(fake.webhook('payment.captured', charge.id))).json().outcome).toBe('subscription_already_paid');
    const ps = await periods(id);
    expect(ps).toHaveLength(2);
    const [first, second] = ps.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
    expect(second!.starts_at).toBe(first!.ends_at);
  });

  it('halted at Razorpay switches automatic renewal off; switching off cancels the Razorpay subscription', async () => {
    const { c, id } = await activeSubscriber();
    await post(c, `/api/user/subscriptions/${id}/auto-renew`, { enabled: true });
    let row = await t.deps.db.selectFrom('subscriptions').select(['gateway_subscription_id', 'auto_renew']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((await webhook(fake.subscriptionWebhook('subscription.halted', row.gateway_subscription_id!))).json().outcome).toBe('subscription_halted');
    row = await t.deps.db.selectFrom('subscriptions').select(['gateway_subscription_id', 'auto_renew']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ gateway_subscription_id: null, auto_renew: false });

    await post(c, `/api/user/subscriptions/${id}/auto-renew`, { enabled: true });
    row = await t.deps.db.selectFrom('subscriptions').select(['gateway_subscription_id', 'auto_renew']).where('id', '=', id).executeTakeFirstOrThrow();
    const gatewayId = row.gateway_subscription_id!;
    const off = await post(c, `/api/user/subscriptions/${id}/auto-renew`, { enabled: false });
    expect(off.json()).toMatchObject({ autoRenew: false, mandateUrl: null });
    expect(fake.subscriptions.get(gatewayId)!.status).toBe('cancelled');
  });
});

describe('a late payment reinstates an expired order', () => {
  it('takes its free unit again', async () => {
    const c0 = await customer(t);
    const { payment } = await start(c0);
    const paid = fake.pay(payment.gatewayOrderId);
    await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id));
    const shop = await loadShop(t);
    const usage = async (c: Customer) =>
      (await t.request({ method: 'GET', url: '/api/user/subscription/usage', headers: { authorization: c.auth } })).json().remaining;
    const placed = await place(t, c0, orderBody(shop, c0, { date: addDays(istToday(now), 1), paymentMethod: 'razorpay' }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await usage(c0)).toBe(11);
    now = new Date(now.getTime() + 31 * 60_000);
    await expireUnpaidOrders(t.deps);
    const c = { ...c0, auth: await t.bearer(c0.user) };
    expect(await usage(c)).toBe(12);
    const late = fake.pay(placed.json().payment.gatewayOrderId);
    expect((await webhook(fake.webhook('payment.captured', late.razorpay_payment_id))).json().outcome).toBe('reinstated');
    expect(await usage(c)).toBe(11);
  });
});

describe('the subscription payment reconciler', () => {
  const statusOf = async (gatewayOrderId: string) =>
    (await t.deps.db.selectFrom('subscription_payments').select('status').where('gateway_order_id', '=', gatewayOrderId).executeTakeFirstOrThrow()).status;

  it('settles a payment whose verify and webhooks never came, once, on two instances at once; leaves an unpaid one', async () => {
    // Paid at Razorpay after a failed first try; the browser closed before verify and no webhook arrived.
    const paidBuyer = await customer(t);
    const paid = await start(paidBuyer);
    fake.pay(paid.payment.gatewayOrderId, { outcome: 'failed' });
    const captured = fake.pay(paid.payment.gatewayOrderId, { method: 'upi' });
    // Started and abandoned: nothing was paid.
    const idle = await start(await customer(t));

    // Too recent: the browser may still be verifying.
    await reconcileSubscriptionPayments(t.deps);
    expect(await periods(paid.subscription.id)).toHaveLength(0);
    expect(await statusOf(paid.payment.gatewayOrderId)).toBe('created');

    // Three minutes on, two instances run the job at the same moment.
    now = new Date(now.getTime() + 3 * 60_000);
    await Promise.all([reconcileSubscriptionPayments(t.deps), reconcileSubscriptionPayments(t.deps)]);
    expect(await periods(paid.subscription.id)).toHaveLength(1);
    expect(await statusOf(paid.payment.gatewayOrderId)).toBe('paid');
    expect(await statusOf(idle.payment.gatewayOrderId)).toBe('created');
    const view = await t.request({ method: 'GET', url: '/api/user/subscription-status', headers: { authorization: paidBuyer.auth } });
    expect(view.json()).toMatchObject({ hasActiveSubscription: true, status: 'active' });

    // The webhook arriving late, and the next runs, add nothing.
    expect((await webhook(fake.webhook('payment.captured', captured.razorpay_payment_id))).json().outcome).not.toBe('subscription_activated');
    now = new Date(now.getTime() + 4 * 60_000);
    await reconcileSubscriptionPayments(t.deps);
    expect(await periods(paid.subscription.id)).toHaveLength(1);
    expect(await statusOf(idle.payment.gatewayOrderId)).toBe('created');
  });
});
