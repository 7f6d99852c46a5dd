import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testConfig, type TestApp } from '../helpers/app';
import { startFakeRazorpay, type FakeRazorpay } from '../fakes/razorpay-server';
import { counts, customer, expectInvariants, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { buildApp } from '../../server/app';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { expireUnpaidOrders } from '../../server/domains/orders/orders.service';
import { webhookSignature } from '../../server/lib/payments/signatures';
import type { Config } from '../../server/config';
import type { Clock } from '../../server/lib/clock';

/**
 * Issue 13, payments: one gateway order per idempotency key (and per "pay again" double click)
 * on two app instances sharing one database, against the fake Razorpay answering after 300 ms;
 * correctly signed webhooks that cannot be applied are acknowledged and change nothing; test
 * payment mode completes on the other instance; the expiry asks the gateway before cancelling.
 */
let fake: FakeRazorpay;
let a: TestApp;
let b: TestApp;
let shop: Shop;
let now = new Date();
const clock: Clock = { now: () => now };

/** A second instance of the app (its own deps, pool, bus and gateway adapter) on the first one's database. */
async function secondInstance(first: TestApp, config: Partial<Config>): Promise<TestApp> {
  const own: DatabaseHandle | null =
    first.dbh.kind === 'postgres' && first.dbh.databaseUrl
      ? await createDatabase({ databaseUrl: first.dbh.databaseUrl, poolSize: 10 })
      : null;
  const dbh = own ?? first.dbh; // the embedded database is one process's: both instances share its handle
  const { app, deps } = await buildApp({ config: testConfig(config), dbh, clock, logger: false });
  await app.ready();
  return {
    ...first,
    app,
    deps,
    dbh,
    request: (o) => app.inject(o),
    close: async () => {
      await app.close();
      await own?.close();
    },
  };
}

const razorpayConfig = () => ({
  RAZORPAY_KEY_ID: fake.keyId,
  RAZORPAY_KEY_SECRET: fake.keySecret,
  RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
  RAZORPAY_API_URL: fake.url,
});

beforeAll(async () => {
  fake = await startFakeRazorpay();
  a = await createTestApp({ clock, config: razorpayConfig() });
  b = await secondInstance(a, razorpayConfig());
  shop = await loadShop(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await fake?.close();
});
beforeEach(() => {
  now = new Date(Math.max(now.getTime(), Date.now()));
  fake.setDelay(0);
});

const gatewayOrdersCreated = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders').length;
const json = (c: Customer) => ({ authorization: c.auth, 'content-type': 'application/json' });
const payAgain = (t: TestApp, c: Customer, orderId: string) =>
  t.request({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers: json(c), payload: '{}' });
const getOrder = async (c: Customer, id: string) =>
  (await a.request({ method: 'GET', url: `/api/orders/${id}`, headers: { authorization: c.auth } })).json();
const attemptsOf = (orderId: string) =>
  a.deps.db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
/** What a shopper sees of a placement answer: status, the order and how to pay it. */
const seen = (r: LightMyRequestResponse) => {
  const body = r.json();
  return { status: r.statusCode, order: body.order, payment: body.payment, code: body.code };
};

describe('one idempotency key, one gateway order, on two instances', () => {
  it('10 concurrent submits with one key (gateway answering after 300 ms) make one order, one Razorpay order and ten identical answers', async () => {
    const c = await customer(a);
    const key = crypto.randomUUID();
    const body = orderBody(shop, c, { paymentMethod: 'razorpay' });
    const before = gatewayOrdersCreated();
    fake.setDelay(300);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => place(i % 2 ? b : a, c, body, key)));
    fake.setDelay(0);

    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const first = seen(answers[0]!);
    for (const r of answers) expect(seen(r)).toEqual(first);
    // Exactly one answer is the original, nine are repeats of it (the API says so in `replayed`).
    expect(answers.filter((r) => r.json().replayed === false)).toHaveLength(1);
    expect(gatewayOrdersCreated() - before).toBe(1);
    expect(fake.orders.get(first.payment.gatewayOrderId)!.amount).toBe(first.order.breakdown.total);
    const orders = await a.deps.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute();
    expect(orders).toEqual([{ id: first.order.id }]);
    expect((await attemptsOf(first.order.id)).map((x) => [x.status, x.gateway_order_id])).toEqual([
      ['created', first.payment.gatewayOrderId],
    ]);
    // The shopper pays that one Razorpay order: one charge, the order confirmed.
    const paid = fake.pay(first.payment.gatewayOrderId);
    const v = await b.request({
      method: 'POST',
      url: '/api/payment/verify',
      headers: json(c),
      payload: JSON.stringify({ orderId: first.order.id, ...paid, payment: undefined }),
    });
    expect(v.json().order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    await expectInvariants(a.deps.db);
  });

  it('a second click while the first waits for Razorpay, one on each instance, gets the same Razorpay order', async () => {
    const c = await customer(a);
    const key = crypto.randomUUID();
    const body = orderBody(shop, c, { paymentMethod: 'razorpay' });
    const before = gatewayOrdersCreated();
    fake.setDelay(300);
    // The second click lands while the first is still waiting for Razorpay: its attempt is reserved.
    const creating = async () =>
      Number(
        (
          await a.deps.db
            .selectFrom('payment_attempts')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'creating')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const reserved = await creating();
    const one = place(a, c, body, key);
    await expect.poll(creating, { timeout: 10_000, interval: 10 }).toBe(reserved + 1);
    const two = place(b, c, body, key);
    const [x, y] = await Promise.all([one, two]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(seen(y)).toEqual(seen(x));
    expect(gatewayOrdersCreated() - before).toBe(1);
  });

  it('"pay again" clicked twice (both instances) after a failed payment opens one new Razorpay order', async () => {
    const c = await customer(a);
    const placed = (await place(a, c, orderBody(shop, c, { paymentMethod: 'razorpay' }))).json();
    const failed = fake.pay(placed.payment.gatewayOrderId, { outcome: 'failed' });
    const w = fake.webhook('payment.failed', failed.razorpay_payment_id);
    expect((await a.request({ method: 'POST', url: '/api/payment/webhook', headers: w.headers, payload: w.body })).json().outcome).toBe(
      'failed',
    );
    const before = gatewayOrdersCreated();
    fake.setDelay(300);
    const [x, y] = await Promise.all([payAgain(a, c, placed.order.id), payAgain(b, c, placed.order.id)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(y.json().payment).toEqual(x.json().payment);
    expect(x.json().payment.gatewayOrderId).not.toBe(placed.payment.gatewayOrderId);
    expect(gatewayOrdersCreated() - before).toBe(1);
    // A third click later (Checkout closed without paying) reopens that same Razorpay order.
    const z = await payAgain(b, c, placed.order.id);
    expect(z.json().payment.gatewayOrderId).toBe(x.json().payment.gatewayOrderId);
    expect(gatewayOrdersCreated() - before).toBe(1);
  });

  it('when Razorpay fails, every concurrent repeat gets the same 502 from one gateway call, and a later repeat succeeds', async () => {
    const c = await customer(a);
    const key = crypto.randomUUID();
    const body = orderBody(shop, c, { paymentMethod: 'razorpay' });
    const before = gatewayOrdersCreated();
    const calls = fake.requests.length;
    fake.setDelay(300);
    fake.failNext(1, 500);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => place(i % 2 ? b : a, c, body, key)));
    fake.setDelay(0);
    // Repeats waiting on the failed call answer its 502; one arriving after it failed (a loaded
    // machine spreads the six out) makes the next attempt. Never two Razorpay orders for the key.
    const failedAnswers = answers.filter((r) => r.statusCode === 502);
    const okAnswers = answers.filter((r) => r.statusCode === 200);
    expect(failedAnswers.length + okAnswers.length).toBe(6);
    expect(failedAnswers.length).toBeGreaterThanOrEqual(1);
    expect(new Set(failedAnswers.map((r) => JSON.stringify({ ...r.json(), requestId: null }))).size).toBe(1);
    expect(failedAnswers[0]!.json()).toMatchObject({ code: 'GATEWAY_ERROR', message: expect.stringMatching(/is saved/) });
    expect(new Set(okAnswers.map((r) => r.json().payment.gatewayOrderId)).size).toBeLessThanOrEqual(1);
    // The razorpay SDK does not retry: one call per attempt reached the gateway, the failed one created nothing.
    expect(fake.requests.length - calls).toBe(okAnswers.length ? 2 : 1);
    const again = await place(b, c, body, key);
    expect(again.statusCode).toBe(200);
    expect(fake.orders.has(again.json().payment.gatewayOrderId)).toBe(true);
    if (okAnswers.length) expect(again.json().payment).toEqual(okAnswers[0]!.json().payment);
    expect(gatewayOrdersCreated() - before).toBe(2);
  });
});

describe('correctly signed webhooks that cannot be applied', () => {
  const send = (t: TestApp, payload: unknown, eventId = `evt_${crypto.randomUUID()}`) => {
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return t.request({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(raw, fake.webhookSecret),
        'x-razorpay-event-id': eventId,
      },
      payload: raw,
    });
  };
  const paymentEvent = (entity: unknown, event = 'payment.captured') => ({ entity: 'event', event, payload: { payment: { entity } } });

  it('are answered 2xx with the reason, recorded, and change nothing', async () => {
    const c = await customer(a);
    const placed = (await place(a, c, orderBody(shop, c, { paymentMethod: 'razorpay' }))).json();
    const gatewayOrderId = placed.payment.gatewayOrderId;
    const entity = (over: Record<string, unknown>) => ({
      id: `pay_${crypto.randomBytes(7).toString('hex')}`,
      entity: 'payment',
      order_id: gatewayOrderId,
      amount: placed.order.breakdown.total,
      currency: 'INR',
      status: 'captured',
      method: 'upi',
      ...over,
    });
    const cases: [string, unknown, string][] = [
      ['amount 0', paymentEvent(entity({ amount: 0 })), 'invalid_amount'],
      ['negative amount', paymentEvent(entity({ amount: -54_900 })), 'invalid_amount'],
      ['fractional amount', paymentEvent(entity({ amount: 549.5 })), 'invalid_amount'],
      ['10^12 paise', paymentEvent(entity({ amount: 1e12 })), 'invalid_amount'],
      ['amount as text', paymentEvent(entity({ amount: '54900' })), 'invalid_amount'],
      ['failed payment of 10^12 paise', paymentEvent(entity({ amount: 1e12, status: 'failed' }), 'payment.failed'), 'invalid_amount'],
      ['wrong currency', paymentEvent(entity({ currency: 'USD' })), 'wrong_currency'],
      ['unknown order', paymentEvent(entity({ order_id: 'order_NotOurs000000' })), 'unknown_order'],
      ['no order id', paymentEvent(entity({ order_id: undefined })), 'malformed'],
      ['entity a string', paymentEvent('pay_x'), 'malformed'],
      ['entity null', paymentEvent(null), 'malformed'],
      ['payload an array', { event: 'payment.captured', payload: [1, 2] }, 'malformed'],
      ['body an array', [{ event: 'payment.captured' }], 'malformed'],
      ['body null', 'null', 'malformed'],
      ['NUL and a lone surrogate in text', paymentEvent(entity({ amount: 0, error_description: 'a\u0000b\ud800' })), 'invalid_amount'],
      [
        'refund of an unknown payment',
        {
          event: 'refund.processed',
          payload: { refund: { entity: { id: 'rfnd_Unknown000000', payment_id: 'pay_Unknown000000', amount: 100 } } },
        },
        'unknown_payment',
      ],
      [
        'refund of 10^12 paise',
        {
          event: 'refund.processed',
          payload: { refund: { entity: { id: 'rfnd_Huge00000000', payment_id: 'pay_Unknown000000', amount: 1e12 } } },
        },
        'invalid_amount',
      ],
      [
        'subscription charge of -1 paise',
        {
          event: 'subscription.charged',
          payload: { subscription: { entity: { id: 'sub_x' } }, payment: { entity: { id: 'pay_y', amount: -1 } } },
        },
        'invalid_amount',
      ],
    ];
    const before = await counts(a.deps.db);
    const recorded = async () => (await a.deps.db.selectFrom('payment_webhook_events').select('event_id').execute()).length;
    const eventsBefore = await recorded();
    for (const [name, payload, outcome] of cases) {
      const eventId = `evt_${crypto.randomUUID()}`;
      const res = await send(name.length % 2 ? a : b, payload, eventId);
      expect({ name, status: res.statusCode, outcome: res.json().outcome }).toEqual({ name, status: 200, outcome });
      const row = await a.deps.db
        .selectFrom('payment_webhook_events')
        .selectAll()
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      expect(row.outcome).toBe(outcome);
      // Razorpay's retry of the same event is acknowledged as a duplicate.
      expect((await send(a, payload, eventId)).json().outcome).toBe('duplicate');
    }
    const after = await counts(a.deps.db);
    expect(after).toEqual(before);
    expect((await recorded()) - eventsBefore).toBe(cases.length);
    expect(await getOrder(c, placed.order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending', canPay: true });
    // The real payment still settles the order afterwards.
    const paid = fake.pay(gatewayOrderId);
    const w = fake.webhook('payment.captured', paid.razorpay_payment_id);
    expect((await b.request({ method: 'POST', url: '/api/payment/webhook', headers: w.headers, payload: w.body })).json().outcome).toBe(
      'confirmed',
    );
    await expectInvariants(a.deps.db);
  });
});

describe('the 30-minute expiry asks the gateway first', () => {
  async function oneSeatSlot(sort: number) {
    const slot = await a.deps.db
      .insertInto('delivery_slots')
      .values({ start_time: '21:00', end_time: '22:00', max_bookings: 1, plan_type: 'all', sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    return slot.id;
  }

  it('an order paid at Razorpay near the deadline, webhook late, is confirmed — never cancelled, never refunded', async () => {
    const slotId = await oneSeatSlot(91);
    const c = await customer(a);
    const { order, payment } = (await place(a, c, orderBody(shop, c, { paymentMethod: 'razorpay', slotId }))).json();
    const unpaid = await customer(a);
    const other = (await place(a, unpaid, orderBody(shop, unpaid, { paymentMethod: 'razorpay' }))).json();
    // 29½ minutes in, the shopper pays; the webhook does not come and the browser never verifies.
    now = new Date(now.getTime() + 29.5 * 60_000);
    const paid = fake.pay(payment.gatewayOrderId);
    now = new Date(now.getTime() + 1.5 * 60_000);
    expect(await expireUnpaidOrders(b.deps)).toBeGreaterThanOrEqual(1);
    c.auth = await a.bearer(c.user);
    unpaid.auth = await a.bearer(unpaid.user);
    const o = await getOrder(c, order.id);
    expect(o).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', cancelReason: null });
    expect(o.timeline.map((e: { status: string }) => e.status)).toEqual(['pending_payment', 'confirmed']);
    // The order that was not paid at the gateway is cancelled by the same run.
    expect((await getOrder(unpaid, other.order.id)).status).toBe('cancelled');
    // The seat stays the paying shopper's: a newcomer cannot take it.
    const taker = await customer(a);
    const refused = await place(b, taker, orderBody(shop, taker, { slotId }));
    expect(refused.statusCode).toBe(409);
    // The late webhook changes nothing and refunds nothing.
    const w = fake.webhook('payment.captured', paid.razorpay_payment_id);
    expect((await a.request({ method: 'POST', url: '/api/payment/webhook', headers: w.headers, payload: w.body })).json().outcome).toBe(
      'already_paid',
    );
    expect(await a.deps.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute()).toEqual([]);
    expect(fake.payments.get(paid.razorpay_payment_id)!.amount_refunded).toBe(0);
    expect((await getOrder(c, order.id)).timeline.map((e: { status: string }) => e.status)).toEqual(['pending_payment', 'confirmed']);
    await expectInvariants(a.deps.db);
  });

  it('while Razorpay cannot answer the order waits; once it answers "unpaid" the order is cancelled', async () => {
    const c = await customer(a);
    const { order } = (await place(a, c, orderBody(shop, c, { paymentMethod: 'razorpay' }))).json();
    now = new Date(now.getTime() + 31 * 60_000);
    c.auth = await a.bearer(c.user);
    fake.failNext(1_000, 503);
    await expireUnpaidOrders(a.deps);
    expect((await getOrder(c, order.id)).status).toBe('pending_payment');
    fake.failNext(0, 503);
    await expireUnpaidOrders(a.deps);
    expect(await getOrder(c, order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'payment_timeout' });
    await expectInvariants(a.deps.db);
  });
});

describe('test payment mode on two instances', () => {
  let ta: TestApp;
  let tb: TestApp;
  beforeAll(async () => {
    ta = await createTestApp({ clock });
    tb = await secondInstance(ta, {});
  });
  afterAll(async () => {
    await tb?.close();
    await ta?.close();
  });

  it('a payment started on one instance is completed on the other', async () => {
    const tshop = await loadShop(ta);
    const c = await customer(ta);
    const placed = await place(ta, c, orderBody(tshop, c, { paymentMethod: 'razorpay' }));
    expect(placed.json().payment).toMatchObject({ mode: 'test', gatewayOrderId: expect.stringMatching(/^test_order_/) });
    const orderId = placed.json().order.id;
    const complete = (t: TestApp, outcome: string) =>
      t.request({ method: 'POST', url: '/api/payment/test/complete', headers: json(c), payload: JSON.stringify({ orderId, outcome }) });
    const failed = await complete(tb, 'failure');
    expect(failed.statusCode).toBe(200);
    expect(failed.json().order).toMatchObject({ status: 'pending_payment', paymentStatus: 'failed' });
    const ok = await complete(tb, 'success');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const fromA = await ta.request({ method: 'GET', url: `/api/orders/${orderId}`, headers: { authorization: c.auth } });
    expect(fromA.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const payments = await ta.deps.db
      .selectFrom('payments')
      .select(['status', 'amount_paise'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
    expect(payments).toEqual([
      { status: 'failed', amount_paise: placed.json().order.breakdown.total },
      { status: 'captured', amount_paise: placed.json().order.breakdown.total },
    ]);
  });
});
