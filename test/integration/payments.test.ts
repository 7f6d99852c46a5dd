import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { startFakeRazorpay, type FakeRazorpay } from '../fakes/razorpay-server';
import { counts, countStock, customer, expectInvariants, loadShop, orderBody, place, stockLevel, type Customer, type Shop } from './orders-fixtures';
import { expireUnpaidOrders } from '../../server/domains/orders/orders.service';
import { processPendingRefunds, reconcilePendingPayments } from '../../server/domains/payments/payments.service';
import type { Clock } from '../../server/lib/clock';

/**
 * Razorpay mode end to end: the real adapter and SDK against the local fake
 * Razorpay, verify / webhook / reconciler racing and repeating.
 */
let t: TestApp;
let fake: FakeRazorpay;
let shop: Shop;
let now = new Date();
const clock: Clock = { now: () => now };

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({
    clock,
    config: {
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_URL: fake.url,
    },
  });
  shop = await loadShop(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const json = (c: Customer) => ({ authorization: c.auth, 'content-type': 'application/json' });
const getOrder = async (c: Customer, id: string) =>
  (await t.request({ method: 'GET', url: `/api/orders/${id}`, headers: { authorization: c.auth } })).json();
const verify = (c: Customer, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/payment/verify', headers: json(c), payload: JSON.stringify(body) });
const webhook = (w: { body: string; headers: Record<string, string> }) =>
  t.request({ method: 'POST', url: '/api/payment/webhook', headers: w.headers, payload: w.body });

async function onlineOrder(c?: Customer, over: Record<string, unknown> = {}) {
  c ??= await customer(t);
  const res = await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay', ...over }));
  expect(res.statusCode).toBe(200);
  const { order, payment } = res.json();
  return { c, order, payment };
}

async function confirmedEvents(orderId: string) {
  return t.deps.db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).where('status', '=', 'confirmed').execute();
}

beforeEach(async () => {
  // Fresh tokens for every test (the clock moves in some of them).
  now = new Date(Math.max(now.getTime(), Date.now()));
});

describe('creating the Razorpay order', () => {
  it('sends the server total and the order number to Razorpay, whatever the client sent', async () => {
    const c = await customer(t);
    const res = await place(t, c, {
      ...orderBody(shop, c, { paymentMethod: 'razorpay' }),
      lines: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 3, price: 100, unitPrice: 100 }],
      amount: 100,
      total: 100,
    });
    expect(res.statusCode).toBe(200);
    const { order, payment } = res.json();
    const expected = 3 * shop.shakes[0]!.price + (3 * shop.shakes[0]!.price >= 49_900 ? 0 : 4_900);
    expect(order.breakdown.total).toBe(expected);
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders').at(-1)!;
    expect(sent.body).toMatchObject({ amount: expected, currency: 'INR', receipt: order.number });
    expect(fake.orders.get(payment.gatewayOrderId)!.amount).toBe(expected);
    expect(payment).toMatchObject({ mode: 'razorpay', keyId: fake.keyId, amount: expected, currency: 'INR', orderNumber: order.number });
    expect(payment.prefill).toMatchObject({ email: c.user.email, contact: '+919876543210' });
  });

  it('a repeat with the same key reuses the Razorpay order instead of creating another', async () => {
    const c = await customer(t);
    const key = crypto.randomUUID();
    const a = (await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }), key)).json();
    const b = (await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }), key)).json();
    expect(b.payment.gatewayOrderId).toBe(a.payment.gatewayOrderId);
  });

  it('keeps the order when Razorpay is unreachable and lets the same request create the payment later', async () => {
    const c = await customer(t);
    const key = crypto.randomUUID();
    fake.failNext(1, 'network');
    const down = await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }), key);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'GATEWAY_ERROR', message: expect.stringMatching(/HS-\d{6} is saved/) });
    const again = await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.gatewayOrderId).toMatch(/^order_/);
    // The refusal names the saved order (its number); the repeat answers that same order.
    expect(down.json().message).toContain(`${again.json().order.number} is saved`);
  });
});

describe('POST /api/payment/verify', () => {
  it('confirms the order on a valid signature, once: paid, method label, timeline, one e-mail', async () => {
    const { c, order, payment } = await onlineOrder();
    const paid = fake.pay(payment.gatewayOrderId, { method: 'upi' });
    const mailsBefore = (await counts(t.deps.db)).mails;
    const res = await verify(c, {
      orderId: order.id,
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      paidWith: 'upi',
      canPay: false,
      labels: { status: 'Confirmed', paymentStatus: 'Payment Successful', paymentMethod: 'UPI' },
    });
    const again = await verify(c, {
      orderId: order.id,
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    });
    expect(again.statusCode).toBe(200);
    expect(await confirmedEvents(order.id)).toHaveLength(1);
    expect((await counts(t.deps.db)).mails - mailsBefore).toBe(1);
    await expectInvariants(t.deps.db);
  });

  it('refuses bad signatures with 400 INVALID_SIGNATURE and writes nothing', async () => {
    const { c, order, payment } = await onlineOrder();
    const paid = fake.pay(payment.gatewayOrderId);
    // A cheap order the attacker really paid: its genuine signature must not confirm this one.
    const cheap = await onlineOrder(c, { lines: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 1 }] });
    const cheapPaid = fake.pay(cheap.payment.gatewayOrderId);
    const before = await counts(t.deps.db);
    for (const body of [
      { razorpay_payment_id: paid.razorpay_payment_id, razorpay_signature: 'f'.repeat(64) },
      { razorpay_payment_id: paid.razorpay_payment_id, razorpay_signature: paid.razorpay_signature.slice(0, 40) },
      { razorpay_payment_id: `${paid.razorpay_payment_id}x`, razorpay_signature: paid.razorpay_signature },
      {
        razorpay_order_id: cheapPaid.razorpay_order_id,
        razorpay_payment_id: cheapPaid.razorpay_payment_id,
        razorpay_signature: cheapPaid.razorpay_signature,
      },
    ]) {
      const res = await verify(c, { orderId: order.id, razorpay_order_id: paid.razorpay_order_id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_SIGNATURE', message: expect.stringContaining('could not verify') });
    }
    expect(await counts(t.deps.db)).toEqual(before);
    expect((await getOrder(c, order.id)).paymentStatus).toBe('pending');
  });

  it('answers 404 for someone else’s order and 400 for malformed input, never 5xx', async () => {
    const { order, payment } = await onlineOrder();
    const paid = fake.pay(payment.gatewayOrderId);
    const other = await customer(t);
    const res = await verify(other, {
      orderId: order.id,
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    });
    expect(res.statusCode).toBe(404);
    const bad = await verify(other, { orderId: 'nope', razorpay_signature: 'x'.repeat(300) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/payment/webhook', () => {
  it('confirms on payment.captured, de-duplicates by event id, and answers 2xx', async () => {
    const { c, order, payment } = await onlineOrder();
    const paid = fake.pay(payment.gatewayOrderId, { method: 'card', cardType: 'debit' });
    const w = fake.webhook('payment.captured', paid.razorpay_payment_id);
    const first = await webhook(w);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, outcome: 'confirmed' });
    const repeat = await webhook(w);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().outcome).toBe('duplicate');
    const sameFactNewId = await webhook(fake.webhook('order.paid', paid.razorpay_payment_id));
    expect(sameFactNewId.json().outcome).toBe('already_paid');
    const o = await getOrder(c, order.id);
    expect(o).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', labels: { paymentMethod: 'Debit Card' } });
    expect(await confirmedEvents(order.id)).toHaveLength(1);
    const events = await t.deps.db
      .selectFrom('payment_webhook_events')
      .select(['event_id', 'outcome'])
      .where('event_id', '=', w.eventId)
      .execute();
    expect(events).toEqual([{ event_id: w.eventId, outcome: 'confirmed' }]);
  });

  it('refuses a tampered body, a wrong secret or no signature with 400 and writes nothing', async () => {
    const { order, payment } = await onlineOrder();
    const paid = fake.pay(payment.gatewayOrderId);
    const w = fake.webhook('payment.captured', paid.razorpay_payment_id);
    const before = await counts(t.deps.db);
    const tampered = { ...w, body: w.body.replace(`"amount":${order.breakdown.total}`, `"amount":${order.breakdown.total + 1}`) };
    expect(tampered.body).not.toBe(w.body);
    const spaced = { ...w, body: `${w.body} ` };
    const wrongSecret = fake.webhook('payment.captured', paid.razorpay_payment_id, { secret: 'not-the-secret' });
    const unsigned = { body: w.body, headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_unsigned' } };
    for (const bad of [tampered, spaced, wrongSecret, unsigned]) {
      const res = await webhook(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    }
    const garbage = await t.request({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'text/plain', 'x-razorpay-signature': 'abc' },
      payload: 'hello',
    });
    expect(garbage.statusCode).toBe(400);
    expect(await counts(t.deps.db)).toEqual({ ...before });
    expect(
      Number(
        (
          await t.deps.db
            .selectFrom('payment_webhook_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('event_id', 'in', [w.eventId, wrongSecret.eventId, 'evt_unsigned'])
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it('handles events in any order and never moves an order back from paid', async () => {
    const { c, order, payment } = await onlineOrder();
    const paid = fake.pay(payment.gatewayOrderId, { method: 'netbanking' });
    // captured arrives before authorized; then a (stale) failure for the same payment.
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('confirmed');
    expect((await webhook(fake.webhook('payment.authorized', paid.razorpay_payment_id))).json().outcome).toBe('already_paid');
    expect((await webhook(fake.webhook('payment.failed', paid.razorpay_payment_id))).json().outcome).toBe('already_paid');
    const o = await getOrder(c, order.id);
    expect(o).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', labels: { paymentMethod: 'Net Banking' } });
    const row = await t.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('gateway_payment_id', '=', paid.razorpay_payment_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('captured');
    await expectInvariants(t.deps.db);
  });

  it('acknowledges events it does not handle and payments that are not ours', async () => {
    const { payment } = await onlineOrder();
    const paid = fake.pay(payment.gatewayOrderId);
    const w = fake.webhook('payment.captured', paid.razorpay_payment_id);
    const foreign = JSON.parse(w.body);
    foreign.payload.payment.entity.order_id = 'order_NotOurs0000000';
    const body = JSON.stringify(foreign);
    const sig = crypto.createHmac('sha256', fake.webhookSecret).update(body).digest('hex');
    const res = await webhook({ body, headers: { ...w.headers, 'x-razorpay-signature': sig, 'x-razorpay-event-id': 'evt_foreign_1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('unknown_order');
    const other = JSON.stringify({ event: 'settlement.processed', payload: {} });
    const res2 = await webhook({
      body: other,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': crypto.createHmac('sha256', fake.webhookSecret).update(other).digest('hex'),
      },
    });
    expect(res2.statusCode).toBe(200);
    expect(res2.json().outcome).toBe('ignored');
  });
});

describe('failures, retries, races and the reconciler', () => {
  it('a failed payment leaves the order payable; a retry opens a new Razorpay order and can succeed', async () => {
    const { c, order, payment } = await onlineOrder();
    const failed = fake.pay(payment.gatewayOrderId, { outcome: 'failed' });
    expect((await webhook(fake.webhook('payment.failed', failed.razorpay_payment_id))).json().outcome).toBe('failed');
    const afterFail = await getOrder(c, order.id);
    expect(afterFail).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'failed',
      canPay: true,
      labels: { paymentStatus: 'Payment Failed' },
    });
    const retry = await t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, headers: json(c), payload: '{}' });
    expect(retry.statusCode).toBe(200);
    const next = retry.json().payment;
    expect(next.gatewayOrderId).not.toBe(payment.gatewayOrderId);
    expect(next.amount).toBe(order.breakdown.total);
    const ok = fake.pay(next.gatewayOrderId);
    const res = await verify(c, {
      orderId: order.id,
      razorpay_order_id: ok.razorpay_order_id,
      razorpay_payment_id: ok.razorpay_payment_id,
      razorpay_signature: ok.razorpay_signature,
    });
    expect(res.json().order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const again = await t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, headers: json(c), payload: '{}' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already paid/);
    await expectInvariants(t.deps.db);
  });

  it('the browser callback racing the webhook changes the order once', async () => {
    for (let i = 0; i < 5; i++) {
      const { c, order, payment } = await onlineOrder();
      const paid = fake.pay(payment.gatewayOrderId);
      const mailsBefore = (await counts(t.deps.db)).mails;
      const [v, w1, w2] = await Promise.all([
        verify(c, {
          orderId: order.id,
          razorpay_order_id: paid.razorpay_order_id,
          razorpay_payment_id: paid.razorpay_payment_id,
          razorpay_signature: paid.razorpay_signature,
        }),
        webhook(fake.webhook('payment.captured', paid.razorpay_payment_id)),
        webhook(fake.webhook('order.paid', paid.razorpay_payment_id)),
      ]);
      expect([v.statusCode, w1.statusCode, w2.statusCode]).toEqual([200, 200, 200]);
      expect(await confirmedEvents(order.id)).toHaveLength(1);
      expect((await counts(t.deps.db)).mails - mailsBefore).toBe(1);
      expect((await getOrder(c, order.id)).paymentStatus).toBe('paid');
    }
    await expectInvariants(t.deps.db);
  });

  it('the reconciler settles an order paid in Razorpay whose browser closed before verifying', async () => {
    const { c, order, payment } = await onlineOrder();
    fake.pay(payment.gatewayOrderId, { outcome: 'failed' });
    fake.pay(payment.gatewayOrderId, { method: 'wallet' });
    expect(await reconcilePendingPayments(t.deps)).toBe(0); // too recent: the browser may still be verifying
    now = new Date(now.getTime() + 3 * 60_000);
    expect(await reconcilePendingPayments(t.deps)).toBeGreaterThanOrEqual(1);
    c.auth = await t.bearer(c.user);
    expect(await getOrder(c, order.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      paidWith: 'wallet',
      labels: { paymentMethod: 'Wallet' },
    });
    // Leased: an immediate second run does not ask Razorpay about it again.
    const asked = fake.requests.length;
    await reconcilePendingPayments(t.deps);
    expect(fake.requests.filter((r, i) => i >= asked && r.path.includes(payment.gatewayOrderId))).toHaveLength(0);
    await expectInvariants(t.deps.db);
  });

  it('a late payment after expiry reinstates the order when its slot is still free', async () => {
    const { c, order, payment } = await onlineOrder();
    now = new Date(now.getTime() + 31 * 60_000);
    await expireUnpaidOrders(t.deps);
    c.auth = await t.bearer(c.user);
    expect((await getOrder(c, order.id)).status).toBe('cancelled');
    const paid = fake.pay(payment.gatewayOrderId);
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('reinstated');
    const o = await getOrder(c, order.id);
    expect(o).toMatchObject({ status: 'confirmed', cancelReason: null, paymentStatus: 'paid' });
    expect(o.timeline.map((e: { status: string }) => e.status)).toEqual(['pending_payment', 'cancelled', 'confirmed']);
    await expectInvariants(t.deps.db);
  });

  it('a late payment whose slot was taken meanwhile is refunded in full', async () => {
    const slot = await t.deps.db
      .insertInto('delivery_slots')
      .values({ start_time: '20:00', end_time: '21:00', max_bookings: 1, plan_type: 'all', sort: 97 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { c, order, payment } = await onlineOrder(undefined, { slotId: slot.id });
    now = new Date(now.getTime() + 31 * 60_000);
    await expireUnpaidOrders(t.deps);
    const taker = await customer(t);
    expect((await place(t, taker, orderBody(shop, taker, { slotId: slot.id }))).statusCode).toBe(200);
    const paid = fake.pay(payment.gatewayOrderId);
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('late_refunded');
    // The refund is sent after the answer (or by the refund job): wait for it to reach Razorpay.
    await expect
      .poll(
        async () => {
          await processPendingRefunds(t.deps);
          return fake.payments.get(paid.razorpay_payment_id)!.amount_refunded;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(order.breakdown.total);
    c.auth = await t.bearer(c.user);
    const o = await getOrder(c, order.id);
    expect(o.status).toBe('cancelled');
    expect(o.timeline.at(-1).note).toMatch(/refunded in full/);
    const row = await t.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('gateway_payment_id', '=', paid.razorpay_payment_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refunded', refunded_paise: order.breakdown.total });
    await expectInvariants(t.deps.db);
  });

  it('a late payment whose stock ran out meanwhile is refunded in full, and the order holds no place or stock', async () => {
    const { c, order, payment } = await onlineOrder();
    const held = await t.deps.db.selectFrom('stock_reservations').select(['ingredient_id', 'qty']).where('order_id', '=', order.id).execute();
    expect(held.length).toBeGreaterThan(0);
    now = new Date(now.getTime() + 31 * 60_000);
    await expireUnpaidOrders(t.deps);
    // One of its ingredients is all held by other orders now: nothing of it is free.
    const gone = held[held.length - 1]!.ingredient_id;
    const before = await stockLevel(t.deps.db, gone);
    const booked = async () =>
      (
        await t.deps.db
          .selectFrom('slot_bookings')
          .select('booked')
          .where('slot_id', '=', order.slot.id)
          .where('date', '=', order.slot.date)
          .executeTakeFirstOrThrow()
      ).booked;
    const bookedAfterExpiry = await booked();
    await countStock(t.deps.db, gone, before.reserved, 'test: the rest of it went to other orders');
    try {
      const paid = fake.pay(payment.gatewayOrderId);
      expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('late_refunded');
      c.auth = await t.bearer(c.user);
      const o = await getOrder(c, order.id);
      expect(o.status).toBe('cancelled');
      expect(o.timeline.at(-1).note).toMatch(/slot or stock was taken meanwhile; it is being refunded in full/);
      // The slot place and the ingredients the retake had taken before the shortage are given back.
      expect(await booked()).toBe(bookedAfterExpiry);
      expect(await t.deps.db.selectFrom('stock_reservations').select('qty').where('order_id', '=', order.id).execute()).toEqual([]);
      await expectInvariants(t.deps.db);
    } finally {
      await countStock(t.deps.db, gone, before.on_hand, 'test: stock back');
    }
  });

  it('a second successful payment for one order is refunded; the order keeps exactly one', async () => {
    const { c, order, payment } = await onlineOrder();
    const retry = (await t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, headers: json(c), payload: '{}' })).json()
      .payment;
    const one = fake.pay(payment.gatewayOrderId);
    const two = fake.pay(retry.gatewayOrderId);
    await webhook(fake.webhook('payment.captured', one.razorpay_payment_id));
    expect((await webhook(fake.webhook('payment.captured', two.razorpay_payment_id))).json().outcome).toBe('duplicate_refunded');
    await expect
      .poll(
        async () => {
          await processPendingRefunds(t.deps);
          return fake.payments.get(two.razorpay_payment_id)!.amount_refunded;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(order.breakdown.total);
    expect(fake.payments.get(one.razorpay_payment_id)!.amount_refunded).toBe(0);
    expect((await getOrder(c, order.id)).paymentStatus).toBe('paid');
    // Razorpay then reports the refund: nothing more happens.
    expect((await webhook(fake.webhook('refund.processed', two.razorpay_payment_id))).json().outcome).toBe('refund_processed');
    expect(fake.refunds.size).toBeGreaterThan(0);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === two.razorpay_payment_id)).toHaveLength(1);
    await expectInvariants(t.deps.db);
  });

  it('a refund made in the Razorpay dashboard moves a paid order to refunded (the one move back from paid)', async () => {
    const { c, order, payment } = await onlineOrder();
    const paid = fake.pay(payment.gatewayOrderId);
    await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id));
    await t.deps.payments.refund({
      paymentId: paid.razorpay_payment_id,
      amountPaise: order.breakdown.total,
      idempotencyKey: 'dashboard-1',
    });
    expect((await webhook(fake.webhook('refund.processed', paid.razorpay_payment_id))).json().outcome).toBe('refund_processed');
    const o = await getOrder(c, order.id);
    expect(o).toMatchObject({ paymentStatus: 'refunded', labels: { paymentStatus: 'Refunded' } });
    // A late "captured" for the same payment never moves it back.
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('already_paid');
    expect((await getOrder(c, order.id)).paymentStatus).toBe('refunded');
    await expectInvariants(t.deps.db);
  });

  it('test-mode completion does not exist in Razorpay mode', async () => {
    const { c, order } = await onlineOrder();
    const res = await t.request({
      method: 'POST',
      url: '/api/payment/test/complete',
      headers: json(c),
      payload: JSON.stringify({ orderId: order.id, outcome: 'success' }),
    });
    expect(res.statusCode).toBe(404);
    expect((await getOrder(c, order.id)).paymentStatus).toBe('pending');
  });
});
