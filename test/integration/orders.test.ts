import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { counts, customer, expectInvariants, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { expireUnpaidOrders } from '../../server/domains/orders/orders.service';
import type { Clock } from '../../server/lib/clock';

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

describe('placing an order (POST /api/orders)', () => {
  it('places a cash-on-delivery order in one go: repriced, slot booked, breakdown, timeline, confirmation e-mail', async () => {
    const c = await customer(t);
    const before = await counts(t.deps.db);
    const res = await place(t, c, orderBody(shop, c));
    expect(res.statusCode).toBe(200);
    const { order, payment, replayed } = res.json();
    expect(replayed).toBe(false);
    expect(payment).toBeNull();
    expect(order.number).toMatch(/^HS-\d{6}$/);
    expect(order).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      labels: { status: 'Confirmed', paymentStatus: 'Payment Pending', paymentMethod: 'Cash on Delivery' },
      slot: { id: shop.slotId, date: shop.date },
      address: { pincode: '560038', city: 'Bengaluru' },
      canPay: false,
    });
    const [a, b] = shop.shakes;
    const subtotal = a!.price + b!.price;
    expect(order.lines.map((l: { name: string; unitPrice: number }) => [l.name, l.unitPrice])).toEqual([
      [a!.name, a!.price],
      [b!.name, b!.price],
    ]);
    expect(order.breakdown.subtotal).toBe(subtotal);
    expect(order.breakdown.deliveryFee).toBe(subtotal >= 49_900 ? 0 : 4_900);
    expect(order.breakdown.total).toBe(subtotal + order.breakdown.deliveryFee);
    // The GST inside the total: two equal halves (CGST, SGST), within a paisa of the exact 5/105 share.
    expect(order.breakdown.gst % 2).toBe(0);
    expect(Math.abs(order.breakdown.gst - (order.breakdown.total * 5) / 105)).toBeLessThanOrEqual(1);
    expect(order.timeline).toEqual([expect.objectContaining({ status: 'confirmed', actor: 'customer' })]);
    const after = await counts(t.deps.db);
    expect(after.orders - before.orders).toBe(1);
    expect(after.booked - before.booked).toBe(1);
    expect(after.mails - before.mails).toBe(1);
    const mail = await t.deps.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_email: c.user.email, template: 'order-confirmed' });
    expect(mail.subject).toContain(order.number);
    await expectInvariants(t.deps.db);
  });

  it('answers a repeat with the same key with the same order, and a different cart under that key with 409', async () => {
    const c = await customer(t);
    const key = crypto.randomUUID();
    const first = await place(t, c, orderBody(shop, c), key);
    const again = await place(t, c, orderBody(shop, c), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(again.json().replayed).toBe(true);
    const other = await place(t, c, orderBody(shop, c, { lines: [{ id: shop.shakes[2]!.id, type: 'signature', quantity: 3 }] }), key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', message: expect.stringContaining('different order') });
    // The same key is the customer's own: another customer may use it.
    const d = await customer(t);
    const theirs = await place(t, d, orderBody(shop, d), key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().order.id).not.toBe(first.json().order.id);
  });

  it('takes the key from the body for tRPC callers, and refuses a missing or malformed key', async () => {
    const c = await customer(t);
    const viaTrpc = await t
      .caller(c.user)
      .orders.place({ ...orderBody(shop, c), paymentMethod: 'cod', idempotencyKey: 'trpc-key-0001' } as never);
    expect(viaTrpc.order.status).toBe('confirmed');
    const repeat = await t
      .caller(c.user)
      .orders.place({ ...orderBody(shop, c), paymentMethod: 'cod', idempotencyKey: 'trpc-key-0001' } as never);
    expect(repeat.order.id).toBe(viaTrpc.order.id);
    const none = await place(t, c, orderBody(shop, c), null);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Idempotency-Key/);
    const bad = await place(t, c, orderBody(shop, c), 'short');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses guests with 401', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      payload: '{}',
    });
    expect(res.statusCode).toBe(401);
  });

  it('reprices on the server: prices, names and totals a client sends are ignored', async () => {
    const c = await customer(t);
    const tampered = orderBody(shop, c, {
      lines: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 2, price: 1, name: 'Free shake', isFreeUnit: true }],
      total: 100,
      paymentStatus: 'paid',
      status: 'delivered',
    });
    const res = await place(t, c, tampered);
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order.lines[0]).toMatchObject({ name: shop.shakes[0]!.name, unitPrice: shop.shakes[0]!.price, quantity: 2, isFreeUnit: false });
    expect(order.breakdown.subtotal).toBe(2 * shop.shakes[0]!.price);
    expect(order.paymentStatus).toBe('pending');
    expect(order.status).toBe('confirmed');
  });

  it('refuses a price the shopper did not see (409 PRICE_CHANGED) and writes nothing', async () => {
    const c = await customer(t);
    const before = await counts(t.deps.db);
    const res = await place(
      t,
      c,
      orderBody(shop, c, { lines: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 1, shownPrice: shop.shakes[0]!.price - 5000 }] }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRICE_CHANGED', message: expect.stringContaining(shop.shakes[0]!.name) });
    expect(await counts(t.deps.db)).toEqual(before);
  });

  it('refuses what cannot be bought, with a sentence, and writes nothing', async () => {
    const c = await customer(t);
    const before = await counts(t.deps.db);
    const gone = await place(t, c, orderBody(shop, c, { lines: [{ id: crypto.randomUUID(), type: 'signature', quantity: 1 }] }));
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('OUT_OF_STOCK');
    const empty = await place(t, c, orderBody(shop, c, { lines: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/cart is empty/);
    const far = await customer(t, { pincode: '110001' });
    const delhi = await place(t, far, orderBody(shop, far));
    expect(delhi.statusCode).toBe(400);
    expect(delhi.json()).toMatchObject({ code: 'NOT_SERVICEABLE', message: "We don't deliver to 110001 yet" });
    const past = await place(t, c, orderBody(shop, c, { date: '2020-01-01' }));
    expect(past.statusCode).toBe(409);
    expect(past.json().code).toBe('SLOT_CLOSED');
    const free = await place(t, c, orderBody(shop, c, { paymentMethod: 'free' }));
    expect(free.statusCode).toBe(400);
    expect(free.json()).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: 'Complimentary checkout is only for orders with nothing to pay.',
    });
    const big = await place(t, c, orderBody(shop, c, { lines: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 20 }] }));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Cash on delivery is available for orders up to ₹1,500.');
    const strangers = await place(t, c, orderBody(shop, c, { addressId: (await customer(t)).addressId }));
    expect(strangers.statusCode).toBe(404);
    expect(await counts(t.deps.db)).toEqual(before);
  });

  it('validates input with field errors, never a 5xx', async () => {
    const c = await customer(t);
    for (const body of [
      {},
      orderBody(shop, c, { paymentMethod: 'bitcoin' }),
      orderBody(shop, c, { date: '2026-02-30' }),
      orderBody(shop, c, { slotId: 'x' }),
      orderBody(shop, c, { lines: Array.from({ length: 21 }, () => ({ id: crypto.randomUUID(), type: 'signature', quantity: 1 })) }),
      orderBody(shop, c, { lines: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 0 }] }),
    ]) {
      const res = await place(t, c, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('reading orders', () => {
  let owner: Customer;
  let orderId: string;
  beforeAll(async () => {
    owner = await customer(t);
    orderId = (await place(t, owner, orderBody(shop, owner))).json().order.id;
  });

  it('shows an order to its owner and to an admin, and 404s to anyone else', async () => {
    expect((await t.request({ method: 'GET', url: `/api/orders/${orderId}`, headers: { authorization: owner.auth } })).statusCode).toBe(
      200,
    );
    const admin = await customer(t, { role: 'admin' });
    expect((await t.request({ method: 'GET', url: `/api/orders/${orderId}`, headers: { authorization: admin.auth } })).json().id).toBe(
      orderId,
    );
    const other = await customer(t);
    const res = await t.request({ method: 'GET', url: `/api/orders/${orderId}`, headers: { authorization: other.auth } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'That order was not found.' });
    expect(
      (await t.request({ method: 'GET', url: `/api/orders/${crypto.randomUUID()}`, headers: { authorization: owner.auth } })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/orders/${orderId}` })).statusCode).toBe(401);
  });

  it('pages the history: orders and totalCount, plus X-Total-Count (spec §7)', async () => {
    const c = await customer(t);
    for (let i = 0; i < 3; i++) {
      now = new Date(now.getTime() + 1000);
      await place(t, c, orderBody(shop, c));
    }
    const first = await t.request({ method: 'GET', url: '/api/user/orders?page=1&pageSize=2', headers: { authorization: c.auth } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    const body = first.json();
    expect(body.totalCount).toBe(3);
    expect(body.orders).toHaveLength(2);
    expect(body.orders[0].placedAt >= body.orders[1].placedAt).toBe(true);
    expect(body.orders[0]).toMatchObject({
      itemCount: 2,
      itemNames: [shop.shakes[0]!.name, shop.shakes[1]!.name],
      labels: { paymentMethod: 'Cash on Delivery' },
    });
    const last = (await t.request({ method: 'GET', url: '/api/user/orders?page=2&pageSize=2', headers: { authorization: c.auth } })).json();
    expect(last.orders).toHaveLength(1);
    const beyond = await t.request({ method: 'GET', url: '/api/user/orders?page=9', headers: { authorization: c.auth } });
    expect(beyond.json()).toEqual({ orders: [], totalCount: 3 });
    expect(beyond.headers['x-total-count']).toBe('3');
    const defaults = (await t.request({ method: 'GET', url: '/api/user/orders', headers: { authorization: c.auth } })).json();
    expect(defaults.orders).toHaveLength(3);
    const tooBig = await t.request({ method: 'GET', url: '/api/user/orders?pageSize=51', headers: { authorization: c.auth } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toMatch(/at most 50/);
  });
});

describe('unpaid online orders expire after 30 minutes', () => {
  it('cancels them once, releases the slot, and never touches paid or COD orders', async () => {
    const c = await customer(t);
    const online = (await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }))).json();
    expect(online.order).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending', canPay: true });
    expect(online.payment).toMatchObject({ mode: 'test', amount: online.order.breakdown.total, orderNumber: online.order.number });
    const cod = (await place(t, c, orderBody(shop, c))).json();
    const bookedBefore = (await counts(t.deps.db)).booked;

    now = new Date(now.getTime() + 29 * 60_000);
    expect(await expireUnpaidOrders(t.deps)).toBe(0);
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await expireUnpaidOrders(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await expireUnpaidOrders(t.deps)).toBe(0);
    c.auth = await t.bearer(c.user); // half an hour later: a fresh access token

    const expired = (await t.request({ method: 'GET', url: `/api/orders/${online.order.id}`, headers: { authorization: c.auth } })).json();
    expect(expired).toMatchObject({ status: 'cancelled', cancelReason: 'payment_timeout', canPay: false, labels: { status: 'Cancelled' } });
    expect(expired.timeline.at(-1)).toMatchObject({ status: 'cancelled', actor: 'system' });
    expect((await counts(t.deps.db)).booked).toBe(bookedBefore - 1);
    const codNow = (await t.request({ method: 'GET', url: `/api/orders/${cod.order.id}`, headers: { authorization: c.auth } })).json();
    expect(codNow.status).toBe('confirmed');
    const retry = await t.request({
      method: 'POST',
      url: `/api/orders/${online.order.id}/payment`,
      headers: { authorization: c.auth, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toMatch(/cancelled/);
    await expectInvariants(t.deps.db);
  });
});
