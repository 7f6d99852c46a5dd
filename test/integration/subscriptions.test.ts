import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../helpers/app';
import { buildApp } from '../../server/app';
import { createDatabase } from '../../db/database';
import type { Clock } from '../../server/lib/clock';
import { customer, customers, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { addDays, istToday } from '../../shared/rules/slots';
import { expireUnpaidOrders } from '../../server/domains/orders/orders.service';
import { expireAndResume, sendReminders } from '../../server/domains/subscriptions/subscriptions.service';
import { autoRenewDue } from '../../server/domains/subscriptions/subscriptions.billing';

/**
 * Subscriptions in test payment mode, through real HTTP: buying, the spec's status calls, the
 * free unit in quote and placement, the customer's actions across period boundaries (a fake
 * clock), jobs, and the admin's changes.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
const DAY = 86_400_000;
let t: TestApp;
let shop: Shop;
let now = new Date();
const clock: Clock = { now: () => now };

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await loadShop(t);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  now = new Date(Math.max(now.getTime(), Date.now()));
});

const json = (c: Customer, extra: Record<string, string> = {}) => ({ authorization: c.auth, 'content-type': 'application/json', ...extra });
const get = async (c: Customer, url: string) => {
  const r = await t.request({ method: 'GET', url, headers: { authorization: c.auth } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const post = (c: Customer, url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, headers: json(c, headers), payload: JSON.stringify(body) });

async function plans(): Promise<{ id: string; name: string; price: number; freeUnits: number; periodDays: number }[]> {
  const r = await t.request({ method: 'GET', url: '/api/subscription-plans' });
  return r.json().plans;
}
const planNamed = async (name: string) => (await plans()).find((p) => p.name === name)!;

/** Buys a plan in test mode and returns the subscription id. */
async function subscribe(c: Customer, planName = 'Vitality Monthly'): Promise<string> {
  const plan = await planNamed(planName);
  const created = await post(c, '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': crypto.randomUUID() });
  expect(created.statusCode, created.body).toBe(200);
  const paid = await post(c, '/api/subscription-payment/test/complete', {
    gatewayOrderId: created.json().payment.gatewayOrderId,
    outcome: 'success',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().paid).toBe(true);
  return created.json().subscription.id;
}

/** A fresh customer whose fresh token is signed at the clock's "now". */
const refreshAuth = async (c: Customer): Promise<Customer> => ({ ...c, auth: await t.bearer(c.user) });

describe('plans', () => {
  it('offers the three seeded plans with their prices, periods, allowances and perks', async () => {
    const list = await plans();
    expect(list.map((p) => [p.name, p.price, p.periodDays, p.freeUnits])).toEqual([
      ['Wellness Weekly', 69_900, 7, 3],
      ['Vitality Monthly', 239_900, 30, 12],
      ['Elite Quarterly', 649_900, 90, 40],
    ]);
    const r = await t.request({ method: 'GET', url: '/api/subscription-plans' });
    expect(
      r
        .json()
        .plans.map((p: { freeUnitRule: string; pointsMultiplier: number; subscriberSlots: boolean }) => [
          p.freeUnitRule,
          p.pointsMultiplier,
          p.subscriberSlots,
        ]),
    ).toEqual([
      ['cheapest_signature', 1, false],
      ['cheapest_priced', 2, true],
      ['cheapest_priced', 2, true],
    ]);
  });
});

describe('buying a plan (test payment mode)', () => {
  it('a guest is asked to sign in; without an idempotency key nothing is created', async () => {
    const plan = await planNamed('Vitality Monthly');
    const guest = await t.request({
      method: 'POST',
      url: '/api/subscription-payment/create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ planId: plan.id }),
    });
    expect(guest.statusCode).toBe(401);
    const c = await customer(t);
    const noKey = await post(c, '/api/subscription-payment/create', { planId: plan.id });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toMatch(/Idempotency-Key/);
  });

  it('the amount comes from the server; the same key answers the same payment; paying activates it with 12 free units', async () => {
    const c = await customer(t);
    const plan = await planNamed('Vitality Monthly');
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      post(c, '/api/subscription-payment/create', { planId: plan.id, amount: 100, price: 1 }, { 'idempotency-key': key }),
      post(c, '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().payment.gatewayOrderId).toBe(b.json().payment.gatewayOrderId);
    expect(a.json().payment).toMatchObject({ amount: 239_900, mode: 'test', currency: 'INR' });
    expect(a.json().subscription.status).toBe('pending_payment');

    let status = await get(c, '/api/user/subscription-status');
    expect(status.hasActiveSubscription).toBe(false);

    const paid = await post(c, '/api/subscription-payment/test/complete', {
      gatewayOrderId: a.json().payment.gatewayOrderId,
      outcome: 'success',
    });
    expect(paid.json().paid).toBe(true);
    status = await get(c, '/api/user/subscription-status');
    expect(status).toMatchObject({
      hasActiveSubscription: true,
      status: 'active',
      remainingFreeUnits: 12,
      plan: { name: 'Vitality Monthly' },
    });
    const usage = await get(c, '/api/user/subscription/usage');
    expect(usage).toMatchObject({ allowed: 12, used: 0, remaining: 12 });
    expect(new Date(usage.periodEnd).getTime() - new Date(usage.periodStart).getTime()).toBe(30 * DAY);
    expect(status.periodEnd).toBe(usage.periodEnd);
    const history = await get(c, '/api/user/subscriptions');
    expect(history.subscriptions).toHaveLength(1);
    // A welcome e-mail is in the outbox.
    const mail = await t.deps.db.selectFrom('mail_outbox').select(['subject']).where('to_email', '=', c.user.email).execute();
    expect(mail.map((m) => m.subject)).toContain('Welcome to Vitality Monthly');

    // Paying twice does not add a second period.
    const again = await post(c, '/api/subscription-payment/test/complete', {
      gatewayOrderId: a.json().payment.gatewayOrderId,
      outcome: 'success',
    });
    expect(again.statusCode).toBe(200);
    expect((await get(c, '/api/user/subscription/usage')).periodEnd).toBe(usage.periodEnd);
    expect((await get(c, '/api/user/subscription-status')).subscription.queuedPeriods).toBe(0);
  });

  it('a failed payment activates nothing; buying another plan while subscribed is refused with a reason', async () => {
    const c = await customer(t);
    const plan = await planNamed('Wellness Weekly');
    const created = await post(c, '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': crypto.randomUUID() });
    const failed = await post(c, '/api/subscription-payment/test/complete', {
      gatewayOrderId: created.json().payment.gatewayOrderId,
      outcome: 'failure',
    });
    expect(failed.json()).toMatchObject({ paid: false });
    expect((await get(c, '/api/user/subscription-status')).hasActiveSubscription).toBe(false);

    await subscribe(c, 'Wellness Weekly');
    const other = await post(
      c,
      '/api/subscription-payment/create',
      { planId: (await planNamed('Elite Quarterly')).id },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/already subscribe to Wellness Weekly/);
  });

  it('buying the same plan while subscribed queues the next period after the current end', async () => {
    const c = await customer(t);
    await subscribe(c, 'Wellness Weekly');
    const first = await get(c, '/api/user/subscription/usage');
    await subscribe(c, 'Wellness Weekly');
    const status = await get(c, '/api/user/subscription-status');
    expect(status.subscription.queuedPeriods).toBe(1);
    expect(new Date(status.subscription.paidThrough).getTime()).toBe(new Date(first.periodEnd).getTime() + 7 * DAY);
    // The running period is unchanged.
    expect((await get(c, '/api/user/subscription/usage')).periodEnd).toBe(first.periodEnd);
  });
});

describe('the free unit and free delivery', () => {
  it('quote and checkout free the cheapest item; placement uses a unit; cancelling the order gives it back', async () => {
    const c = await customer(t);
    await subscribe(c);
    const [a, b] = [shop.shakes[0]!, shop.shakes[1]!];
    const cheaper = a.price <= b.price ? a : b;
    const lines = [
      { id: a.id, type: 'signature', quantity: 2 },
      { id: b.id, type: 'signature', quantity: 1 },
    ];
    const quote = (await post(c, '/api/cart/quote', { lines })).json();
    expect(quote.freeItem).toMatchObject({ itemId: cheaper.id, freeUnitPrice: cheaper.price });
    expect(quote.freeUnitDiscount).toBe(cheaper.price);
    expect(quote.deliveryWaivedBy).toBe('subscription');
    expect(quote.deliveryFee).toBe(0);
    expect(quote.subscriptionPlan).toBe('Vitality Monthly');

    const placed = await place(t, c, orderBody(shop, c, { lines, date: addDays(istToday(now), 1) }));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    expect(order.breakdown.freeUnitDiscount).toBe(cheaper.price);
    expect(order.lines.filter((l: { isFreeUnit: boolean }) => l.isFreeUnit)).toHaveLength(1);
    expect((await get(c, '/api/user/subscription/usage')).remaining).toBe(11);

    const cancelled = await post(c, `/api/orders/${order.id}/cancel`, { reason: 'Changed my plans' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await get(c, '/api/user/subscription/usage')).remaining).toBe(12);
  });

  it('an online order left unpaid expires and gives its free unit back', async () => {
    const c0 = await customer(t);
    await subscribe(c0);
    const placed = await place(t, c0, orderBody(shop, c0, { date: addDays(istToday(now), 1), paymentMethod: 'razorpay' }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.breakdown.freeUnitDiscount).toBeGreaterThan(0);
    expect((await get(c0, '/api/user/subscription/usage')).remaining).toBe(11);
    now = new Date(now.getTime() + 31 * 60_000);
    expect(await expireUnpaidOrders(t.deps)).toBeGreaterThanOrEqual(1);
    const c = await refreshAuth(c0);
    expect((await get(c, '/api/user/subscription/usage')).remaining).toBe(12);
  });

  it('Wellness Weekly frees only a signature shake: a cart of custom shakes gets none', async () => {
    const c = await customer(t);
    await subscribe(c, 'Wellness Weekly');
    const ingredients = await t.deps.db.selectFrom('ingredients').select(['id', 'category']).where('in_stock', '=', true).execute();
    const base = ingredients.find((i) => i.category === 'base')!;
    const custom = { id: 'x', type: 'custom', quantity: 1, recipe: { baseId: base.id, addIns: [], size: 'regular', name: 'Mine' } };
    const q1 = (await post(c, '/api/cart/quote', { lines: [custom] })).json();
    if (q1.lines[0].available) expect(q1.freeItem).toBeNull();
    const q2 = (await post(c, '/api/cart/quote', { lines: [custom, { id: shop.shakes[0]!.id, type: 'signature', quantity: 1 }] })).json();
    expect(q2.freeItem?.itemId).toBe(shop.shakes[0]!.id);
  });

  it('a paused subscription gives no free unit and no free delivery; resumed, it does again', async () => {
    const c = await customer(t);
    const id = await subscribe(c);
    const lines = [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 1 }];
    expect((await post(c, `/api/user/subscriptions/${id}/pause`, { days: 3 })).statusCode).toBe(200);
    const q = (await post(c, '/api/cart/quote', { lines })).json();
    expect(q.freeItem).toBeNull();
    expect(q.deliveryWaivedBy).not.toBe('subscription');
    expect((await get(c, '/api/user/subscription-status')).hasActiveSubscription).toBe(false);
    expect((await post(c, `/api/user/subscriptions/${id}/resume`)).statusCode).toBe(200);
    expect((await post(c, '/api/cart/quote', { lines })).json().freeItem).not.toBeNull();
  });

  it.skipIf(!onPostgres)(
    '1 free unit left, 20 orders at once: every order is placed and exactly one has the free unit',
    { timeout: 60_000 },
    async () => {
      const c = await customer(t);
      const id = await subscribe(c);
      await t.deps.db.updateTable('subscription_periods').set({ free_units_used: 11 }).where('subscription_id', '=', id).execute();
      expect((await get(c, '/api/user/subscription/usage')).remaining).toBe(1);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => place(t, c, orderBody(shop, c, { date: addDays(istToday(now), 1) }))),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((s) => s >= 500)).toEqual([]);
      const placed = answers.filter((r) => r.statusCode === 200).map((r) => r.json().order);
      expect(placed).toHaveLength(20);
      expect(placed.filter((o) => o.breakdown.freeUnitDiscount > 0)).toHaveLength(1);
      const usage = await get(c, '/api/user/subscription/usage');
      expect(usage).toMatchObject({ used: 12, remaining: 0 });
      const rows = await t.deps.db
        .selectFrom('subscription_free_units')
        .select('order_id')
        .where(
          'order_id',
          'in',
          placed.map((o) => o.id),
        )
        .execute();
      expect(rows).toHaveLength(1);
    },
  );
});

describe('pause, resume, cancel and renew across period boundaries (fake clock)', () => {
  it('a pause moves the period end; resuming early takes the unused days back; once per period', async () => {
    const c0 = await customer(t);
    const id = await subscribe(c0);
    const start = await get(c0, '/api/user/subscription/usage');
    const end0 = new Date(start.periodEnd).getTime();

    now = new Date(now.getTime() + 2 * DAY);
    let c = await refreshAuth(c0);
    const tooLong = await post(c, `/api/user/subscriptions/${id}/pause`, { days: 15 });
    expect(tooLong.statusCode).toBe(400);
    const paused = await post(c, `/api/user/subscriptions/${id}/pause`, { days: 10 });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().status).toBe('paused');
    expect(new Date(paused.json().currentPeriod.end).getTime()).toBe(end0 + 10 * DAY);

    now = new Date(now.getTime() + 4 * DAY);
    c = await refreshAuth(c0);
    const resumed = await post(c, `/api/user/subscriptions/${id}/resume`);
    expect(resumed.json().status).toBe('active');
    // Paused 4 of the 10 days: the end moved by 4 days only.
    expect(new Date(resumed.json().currentPeriod.end).getTime()).toBe(end0 + 4 * DAY);

    const again = await post(c, `/api/user/subscriptions/${id}/pause`, { days: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already paused once this period/);
  });

  it('a pause left to run out ends by itself; the job makes it active', async () => {
    const c0 = await customer(t);
    const id = await subscribe(c0, 'Wellness Weekly');
    expect((await post(c0, `/api/user/subscriptions/${id}/pause`, { days: 2 })).statusCode).toBe(200);
    now = new Date(now.getTime() + 2 * DAY + 1000);
    const c = await refreshAuth(c0);
    expect((await get(c, '/api/user/subscription-status')).status).toBe('active');
    await expireAndResume(t.deps);
    const row = await t.deps.db.selectFrom('subscriptions').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });

  it('cancel keeps the benefits to the period end, then it expires; renewing after the end starts now', async () => {
    const c0 = await customer(t);
    const id = await subscribe(c0, 'Wellness Weekly');
    const end = new Date((await get(c0, '/api/user/subscription/usage')).periodEnd).getTime();
    const noReason = await post(c0, `/api/user/subscriptions/${id}/cancel`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const cancelled = await post(c0, `/api/user/subscriptions/${id}/cancel`, { reason: 'Travelling for a month' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Travelling for a month' });
    expect((await get(c0, '/api/user/subscription-status')).hasActiveSubscription).toBe(true);

    now = new Date(end + 1000);
    const c = await refreshAuth(c0);
    expect((await get(c, '/api/user/subscription-status')).hasActiveSubscription).toBe(false);
    await expireAndResume(t.deps);
    expect((await get(c, '/api/user/subscriptions')).subscriptions[0].status).toBe('expired');

    now = new Date(end + 3 * DAY);
    const c2 = await refreshAuth(c0);
    const renewal = await post(c2, `/api/user/subscriptions/${id}/renew`, {}, { 'idempotency-key': crypto.randomUUID() });
    expect(renewal.statusCode, renewal.body).toBe(200);
    await post(c2, '/api/subscription-payment/test/complete', {
      gatewayOrderId: renewal.json().payment.gatewayOrderId,
      outcome: 'success',
    });
    const usage = await get(c2, '/api/user/subscription/usage');
    expect(new Date(usage.periodStart).getTime()).toBe(now.getTime());
    expect(new Date(usage.periodEnd).getTime()).toBe(now.getTime() + 7 * DAY);
    expect(usage.remaining).toBe(3);
  });

  it('renewing before the end starts at the current end; the new period has a fresh allowance', async () => {
    const c0 = await customer(t);
    const id = await subscribe(c0, 'Wellness Weekly');
    const first = await get(c0, '/api/user/subscription/usage');
    const lines = [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 1 }];
    const placed = await place(t, c0, orderBody(shop, c0, { lines, date: addDays(istToday(now), 1), paymentMethod: 'free' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const renewal = await post(c0, `/api/user/subscriptions/${id}/renew`, {}, { 'idempotency-key': crypto.randomUUID() });
    await post(c0, '/api/subscription-payment/test/complete', {
      gatewayOrderId: renewal.json().payment.gatewayOrderId,
      outcome: 'success',
    });
    expect((await get(c0, '/api/user/subscription/usage')).remaining).toBe(2);

    now = new Date(new Date(first.periodEnd).getTime() + 1000);
    const c = await refreshAuth(c0);
    const second = await get(c, '/api/user/subscription/usage');
    expect(second.periodStart).toBe(first.periodEnd);
    expect(new Date(second.periodEnd).getTime()).toBe(new Date(first.periodEnd).getTime() + 7 * DAY);
    expect(second).toMatchObject({ allowed: 3, used: 0, remaining: 3 });
  });

  it('auto-renew in test mode charges at the period end once, and can be switched off', async () => {
    const c0 = await customer(t);
    const id = await subscribe(c0, 'Wellness Weekly');
    const on = await post(c0, `/api/user/subscriptions/${id}/auto-renew`, { enabled: true });
    expect(on.json().autoRenew).toBe(true);
    const end = new Date((await get(c0, '/api/user/subscription/usage')).periodEnd).getTime();
    now = new Date(end - 1000);
    await autoRenewDue(t.deps);
    await autoRenewDue(t.deps);
    const pays = await t.deps.db.selectFrom('subscription_payments').select(['kind', 'status']).where('subscription_id', '=', id).execute();
    expect(pays.filter((p) => p.kind === 'auto_renewal')).toEqual([{ kind: 'auto_renewal', status: 'paid' }]);
    now = new Date(end + 1000);
    const c = await refreshAuth(c0);
    expect((await get(c, '/api/user/subscription-status')).hasActiveSubscription).toBe(true);
    const off = await post(c, `/api/user/subscriptions/${id}/auto-renew`, { enabled: false });
    expect(off.json().autoRenew).toBe(false);
  });
});

describe('automatic renewal with UPI AutoPay in test mode', () => {
  it('a renewal the mandate took on is not charged again by the test gateway, even after its debit failed', async () => {
    const c0 = await customer(t);
    const id = await subscribe(c0, 'Wellness Weekly');
    await post(c0, `/api/user/subscriptions/${id}/auto-renew`, { enabled: true });
    const end = new Date((await get(c0, '/api/user/subscription/usage')).periodEnd).getTime();
    // The renewal's debit, as the AutoPay jobs leave it when the bank refused it (decision 290).
    now = new Date(end - 2 * DAY);
    const mandate = await t.deps.db
      .insertInto('autopay_mandates')
      .values({
        user_id: c0.user.id,
        provider: 'test',
        status: 'active',
        max_amount_paise: 1_500_000,
        expires_at: new Date(end + 365 * DAY).toISOString(),
        idempotency_key: crypto.randomUUID(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('autopay_debits')
      .values({
        user_id: c0.user.id,
        mandate_id: mandate.id,
        subscription_id: id,
        purpose: 'subscription_renewal',
        purpose_date: new Date(end).toISOString().slice(0, 10),
        amount_paise: 100,
        status: 'failed',
        notified_at: now.toISOString(),
        debit_after: new Date(end - DAY).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    now = new Date(end - 1000);
    await autoRenewDue(t.deps);
    const pays = await t.deps.db.selectFrom('subscription_payments').select('kind').where('subscription_id', '=', id).execute();
    expect(pays.filter((p) => p.kind === 'auto_renewal')).toEqual([]);
    expect(await t.deps.db.selectFrom('subscription_periods').select('id').where('subscription_id', '=', id).execute()).toHaveLength(1);
  });
});

describe('reminder e-mail', () => {
  it.skipIf(!onPostgres)('3 days before the end, once, with two server instances running the job at once', async () => {
    const c = await customer(t);
    await subscribe(c, 'Wellness Weekly');
    const end = new Date((await get(c, '/api/user/subscription/usage')).periodEnd).getTime();
    const dbh2 = await createDatabase({ databaseUrl: t.dbh.databaseUrl!, poolSize: 5 });
    const second = await buildApp({ config: testConfig(), dbh: dbh2, clock, logger: false });
    try {
      now = new Date(end - 4 * DAY);
      await Promise.all([sendReminders(t.deps), sendReminders(second.deps)]);
      const reminders = () =>
        t.deps.db
          .selectFrom('mail_outbox')
          .select('subject')
          .where('to_email', '=', c.user.email)
          .where('template', '=', 'subscription-reminder')
          .execute();
      expect(await reminders()).toHaveLength(0);
      now = new Date(end - 3 * DAY + 1000);
      await Promise.all([sendReminders(t.deps), sendReminders(second.deps), sendReminders(t.deps), sendReminders(second.deps)]);
      await Promise.all([sendReminders(t.deps), sendReminders(second.deps)]);
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toMatch(/Wellness Weekly subscription ends on/);
    } finally {
      await second.app.close();
      await dbh2.close();
    }
  });
});

describe('admin', () => {
  it('lists with filters, extends (the customer sees the new end), refunds once and writes each change to the audit log', async () => {
    const admin = await customer(t, { role: 'admin' });
    const c = await customer(t);
    const id = await subscribe(c, 'Elite Quarterly');
    const plan = await planNamed('Elite Quarterly');
    const forbidden = await t.request({ method: 'GET', url: '/api/admin/subscriptions', headers: { authorization: c.auth } });
    expect(forbidden.statusCode).toBe(403);
    const list = await get(admin, `/api/admin/subscriptions?planId=${plan.id}&status=active&q=${encodeURIComponent(c.user.email)}`);
    expect(list.subscriptions.map((s: { id: string }) => s.id)).toEqual([id]);

    const before = await get(c, '/api/user/subscription/usage');
    const ext = await post(admin, `/api/admin/subscriptions/${id}/extend`, { days: 5, note: 'Late deliveries' });
    expect(ext.statusCode, ext.body).toBe(200);
    const after = await get(c, '/api/user/subscription/usage');
    expect(new Date(after.periodEnd).getTime()).toBe(new Date(before.periodEnd).getTime() + 5 * DAY);

    const detail = await get(admin, `/api/admin/subscriptions/${id}`);
    const payment = detail.payments[0];
    const refunds = await Promise.all([
      post(admin, `/api/admin/subscriptions/${id}/refund`, { paymentId: payment.id, reason: 'Goodwill refund' }),
      post(admin, `/api/admin/subscriptions/${id}/refund`, { paymentId: payment.id, reason: 'Goodwill refund' }),
    ]);
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audit = await t.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['subscription.extend', 'subscription.refund']);
  });

  it('editing a plan changes new purchases only; a deactivated plan cannot be bought', async () => {
    const admin = await customer(t, { role: 'admin' });
    const c = await customer(t);
    await subscribe(c, 'Wellness Weekly');
    const plan = await planNamed('Wellness Weekly');
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/admin/subscription-plans/${plan.id}`,
      headers: json(admin),
      payload: JSON.stringify({ price: 79_900, freeUnits: 4 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const mine = (await get(c, '/api/user/subscription-status')).subscription;
    expect(mine).toMatchObject({ price: 69_900, freeUnits: 3 });
    expect((await get(c, '/api/user/subscription/usage')).allowed).toBe(3);

    const off = await t.request({
      method: 'PATCH',
      url: `/api/admin/subscription-plans/${plan.id}`,
      headers: json(admin),
      payload: JSON.stringify({ active: false }),
    });
    expect(off.statusCode).toBe(200);
    const other = await customer(t);
    const refused = await post(other, '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': crypto.randomUUID() });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/not offered/);
    await t.request({
      method: 'PATCH',
      url: `/api/admin/subscription-plans/${plan.id}`,
      headers: json(admin),
      payload: JSON.stringify({ active: true, price: 69_900, freeUnits: 3 }),
    });
    const audit = await t.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', plan.id).execute();
    expect(audit.map((a) => a.action)).toContain('subscription_plan.deactivate');
  });

  it('shows the plan, its state and the free units on the admin customer detail, linked to the subscriptions desk', async () => {
    const admin = await customer(t, { role: 'admin' });
    const [c, never] = await customers(t, 2);
    const id = await subscribe(c!, 'Vitality Monthly');
    const detail = async (userId: string) => {
      const res = await t.request({ method: 'GET', url: `/api/admin/customers/${userId}`, headers: json(admin) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { sections: { key: string; rows: { label: string; value: string; href?: string }[] }[] }).sections.find(
        (s) => s.key === 'subscription',
      );
    };
    const section = await detail(c!.user.id);
    expect(section?.rows).toEqual(
      expect.arrayContaining([
        { label: 'Plan', value: 'Vitality Monthly · ₹2,399 / 30 days', href: `/admin/subscriptions?id=${id}` },
        { label: 'Status', value: expect.stringMatching(/active/i) },
        { label: 'Free units', value: '0 used, 12 of 12 left' },
      ]),
    );
    expect((await detail(never!.user.id))?.rows).toEqual([{ label: 'Subscription', value: 'Never subscribed' }]);
  });

  it('counts active subscribers for the dashboard', async () => {
    const { countActiveSubscribers } = await import('../../server/domains/subscriptions/subscriptions.service');
    const before = await countActiveSubscribers(t.deps);
    const [c] = await customers(t, 1);
    await subscribe(c!, 'Wellness Weekly');
    expect(await countActiveSubscribers(t.deps)).toBe(before + 1);
  });
});

describe('subscriber-only delivery slots', () => {
  it('only a running Vitality or Elite subscriber books a subscription slot; others get a clear refusal', async () => {
    const slot = await t.deps.db
      .insertInto('delivery_slots')
      .values({ start_time: '06:00', end_time: '07:00', max_bookings: 50, plan_type: 'subscription', sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const date = addDays(istToday(now), 1);
    const body = (c: Customer, planType?: string) => orderBody(shop, c, { slotId: slot.id, date, ...(planType ? { planType } : {}) });

    const guestPlan = await customer(t);
    const refused = await place(t, guestPlan, body(guestPlan, 'subscription'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Subscriber delivery slots/);

    const weekly = await customer(t);
    await subscribe(weekly, 'Wellness Weekly');
    expect((await place(t, weekly, body(weekly, 'subscription'))).statusCode).toBe(403);

    const vitality = await customer(t);
    await subscribe(vitality, 'Vitality Monthly');
    // Without planType the order is one-time: the subscriber slot is not offered to it.
    const oneTime = await place(t, vitality, body(vitality));
    expect(oneTime.statusCode).toBe(409);
    const ok = await place(t, vitality, body(vitality, 'subscription'));
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.deps.db.selectFrom('orders').select('plan_type').where('id', '=', ok.json().order.id).executeTakeFirstOrThrow();
    expect(row.plan_type).toBe('subscription');
  });
});
