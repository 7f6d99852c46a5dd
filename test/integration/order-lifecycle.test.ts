import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { counts, customer, expectInvariants, orderBody, place, type Customer, loadStaffedShop, type StaffedShop } from './orders-fixtures';
import type { Clock } from '../../server/lib/clock';
import { slotStartInstant } from '../../shared/rules/slots';
import { formatInvoiceAmount } from '../../shared/rules/gst-invoice';
import { pdfText } from '../helpers/pdf-text';

/**
 * Issue 6: what happens to an order after checkout — history, active orders,
 * the live feed, customer cancel with refund, reorder, GST invoices, and the
 * admin orders desk (status path, cancel, refund, COD paid, CSV, audit log).
 */
let t: TestApp;
let shop: StaffedShop;
let now = new Date();
const clock: Clock = { now: () => now };

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await loadStaffedShop(t);
});
afterAll(async () => {
  await t?.close();
});

const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });

async function codOrder(c: Customer, over: Record<string, unknown> = {}) {
  const res = await place(t, c, orderBody(shop, c, { ...shop.nextPlace(), ...over }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { id: string; number: string; breakdown: { total: number; gst: number } };
}

async function paidOnlineOrder(c: Customer) {
  const placed = await place(t, c, orderBody(shop, c, { ...shop.nextPlace(), paymentMethod: 'razorpay' }));
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().order.id as string;
  const paid = await t.request({
    method: 'POST',
    url: '/api/payment/test/complete',
    headers: json(c.auth),
    payload: JSON.stringify({ orderId: id, outcome: 'success' }),
  });
  expect(paid.json().order.paymentStatus).toBe('paid');
  return paid.json().order as { id: string; number: string; breakdown: { total: number }; invoiceNumber: string | null };
}

function adminPost(path: string, body: unknown) {
  return t.request({ method: 'POST', url: `/api${path}`, headers: json(shop.admin.auth), payload: JSON.stringify(body) });
}
/** One step along the desk; the orders are for tomorrow on, so "delivered" is confirmed (the desk asks first: PRODUCT.md §17). */
async function move(id: string, status: string) {
  const res = await adminPost(`/admin/orders/${id}/status`, { status, confirm: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('another customer gets 404 on every order route', () => {
  it('reads and writes, including the invoice, the PDF, reorder and the live feed', async () => {
    const owner = await customer(t);
    const order = await codOrder(owner);
    await move(order.id, 'preparing');
    await move(order.id, 'out_for_delivery');
    await move(order.id, 'delivered');
    const other = await customer(t);
    const id = order.id;
    const reads = [`/api/orders/${id}`, `/api/orders/${id}/invoice`, `/api/orders/${id}/invoice.pdf`, `/api/orders/${id}/reorder`];
    for (const url of reads) {
      expect((await t.request({ method: 'GET', url, headers: { authorization: owner.auth } })).statusCode, `owner ${url}`).toBe(200);
      const res = await t.request({ method: 'GET', url, headers: { authorization: other.auth } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'That order was not found.' });
      expect((await t.request({ method: 'GET', url })).statusCode, `guest ${url}`).toBe(401);
    }
    for (const url of [`/api/orders/${id}/cancel`, `/api/orders/${id}/payment`]) {
      const res = await t.request({ method: 'POST', url, headers: json(other.auth), payload: '{}' });
      expect(res.statusCode, url).toBe(404);
    }
    // The live feed answers the same 404 as an error event of the stream.
    const sse = await t.request({
      method: 'GET',
      url: `/trpc/orders.live?input=${encodeURIComponent(JSON.stringify({ id }))}`,
      headers: { authorization: other.auth, accept: 'text/event-stream' },
    });
    expect(sse.headers['content-type']).toMatch(/text\/event-stream/);
    const err = /event: serialized-error\ndata: (.*)\n/.exec(sse.body);
    expect(err, sse.body).not.toBeNull();
    expect(JSON.parse(err![1]!)).toMatchObject({ data: { code: 'NOT_FOUND', httpStatus: 404 } });
    // Admin routes are for admins.
    expect((await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, headers: { authorization: other.auth } })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/orders/export.csv', headers: { authorization: other.auth } })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/orders/export.csv' })).statusCode).toBe(401);
    // Nothing changed for the owner.
    expect((await t.request({ method: 'GET', url: `/api/orders/${id}`, headers: { authorization: owner.auth } })).json().status).toBe(
      'delivered',
    );
  });
});

describe('order history (spec §7)', () => {
  it('pages 12 orders as 10 + 2 with totalCount and X-Total-Count 12', async () => {
    const c = await customer(t);
    for (let i = 0; i < 12; i++) {
      now = new Date(now.getTime() + 1000);
      await codOrder(c, { lines: [{ id: shop.shakes[i % shop.shakes.length]!.id, type: 'signature', quantity: 1 + (i % 3) }] });
    }
    const p1 = await t.request({ method: 'GET', url: '/api/user/orders?page=1&pageSize=10', headers: { authorization: c.auth } });
    expect(p1.headers['x-total-count']).toBe('12');
    expect(p1.json().totalCount).toBe(12);
    expect(p1.json().orders).toHaveLength(10);
    const p2 = await t.request({ method: 'GET', url: '/api/user/orders?page=2&pageSize=10', headers: { authorization: c.auth } });
    expect(p2.headers['x-total-count']).toBe('12');
    expect(p2.json().orders).toHaveLength(2);
    const all = [...p1.json().orders, ...p2.json().orders];
    expect(new Set(all.map((o: { id: string }) => o.id)).size).toBe(12);
    expect(all[0]).toMatchObject({ status: 'confirmed', labels: { paymentStatus: 'Payment Pending', paymentMethod: 'Cash on Delivery' } });
  });
});

describe('active orders (GET /api/orders/active)', () => {
  it('lists the orders still to come and drops delivered and cancelled ones', async () => {
    const c = await customer(t);
    const a = await codOrder(c);
    const b = await codOrder(c);
    const d = await codOrder(c);
    await move(b.id, 'preparing');
    await move(b.id, 'out_for_delivery');
    await move(d.id, 'preparing');
    await move(d.id, 'out_for_delivery');
    await move(d.id, 'delivered');
    const res = await t.request({ method: 'GET', url: '/api/orders/active', headers: { authorization: c.auth } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const ids = res.json().orders.map((o: { id: string }) => o.id);
    expect(ids.sort()).toEqual([a.id, b.id].sort());
    expect(res.json().orders.find((o: { id: string }) => o.id === b.id)).toMatchObject({
      status: 'out_for_delivery',
      labels: { status: 'Out for delivery' },
    });
    // Someone else's are not there.
    const other = await customer(t);
    expect((await t.request({ method: 'GET', url: '/api/orders/active', headers: { authorization: other.auth } })).json().orders).toEqual(
      [],
    );
  });
});

describe('customer cancel (POST /api/orders/{id}/cancel)', () => {
  it('cancels a confirmed COD order: slot released, reason on the timeline, e-mail, no refund', async () => {
    const c = await customer(t);
    const order = await codOrder(c);
    const before = await counts(t.deps.db);
    const res = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: json(c.auth),
      payload: JSON.stringify({ reason: 'Plans changed, sorry' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      status: 'cancelled',
      cancelReason: 'customer_request',
      // Issue 15: an unpaid cancelled order owes nothing; it no longer reads "Payment Pending".
      labels: { cancelReason: 'Cancelled at your request', paymentStatus: 'Not charged' },
      cancel: { allowed: false },
    });
    const listed = (
      await t.request({ method: 'GET', url: '/api/user/orders?page=1&pageSize=10', headers: { authorization: c.auth } })
    ).json();
    expect(listed.orders.find((x: { id: string }) => x.id === order.id).labels.paymentStatus).toBe('Not charged');
    expect(o.timeline.at(-1)).toMatchObject({ status: 'cancelled', actor: 'customer', note: 'Cancelled by you: Plans changed, sorry' });
    const after = await counts(t.deps.db);
    expect(after.booked - before.booked).toBe(-1);
    expect(after.refunds - before.refunds).toBe(0);
    const mail = await t.deps.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_email: c.user.email, template: 'order-cancelled' });
    // A second cancel says why not.
    const again = await t.request({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: json(c.auth), payload: '{}' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVALID_STATE', message: 'This order is already cancelled.' });
    await expectInvariants(t.deps.db);
  });

  it('refunds an online payment in full through the gateway, with an idempotency key', async () => {
    const c = await customer(t);
    const order = await paidOnlineOrder(c);
    expect(order.invoiceNumber).toMatch(/^HS\/\d{4}-\d{2}\/\d{6}$/);
    const res = await t.request({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: json(c.auth), payload: '{}' });
    expect(res.statusCode, res.body).toBe(200);
    const refunds = await t.deps.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount_paise: order.breakdown.total, status: 'processed' });
    expect(refunds[0]!.idempotency_key).toMatch(new RegExp(`^cancel:${order.id}:`));
    const o = (await t.request({ method: 'GET', url: `/api/orders/${order.id}`, headers: { authorization: c.auth } })).json();
    expect(o).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refund: { processed: order.breakdown.total, pending: 0 } });
    expect(o.timeline.at(-1).note).toMatch(/Refund of ₹[\d,]+ started/);
    await expectInvariants(t.deps.db);
  });

  it('is refused from 2 hours before the slot, and once the order is being prepared', async () => {
    const c = await customer(t);
    const order = await codOrder(c);
    const saved = now;
    try {
      const slot = (await t.request({ method: 'GET', url: `/api/orders/${order.id}`, headers: { authorization: c.auth } })).json().slot;
      now = new Date(slotStartInstant(slot.date, slot.startTime).getTime() - 119 * 60_000);
      const late = await t.request({
        method: 'POST',
        url: `/api/orders/${order.id}/cancel`,
        headers: json(await t.bearer(c.user)),
        payload: '{}',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/until 2 hours before the delivery slot/);
    } finally {
      now = saved;
    }
    await move(order.id, 'preparing');
    const preparing = await t.request({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: json(c.auth), payload: '{}' });
    expect(preparing.statusCode).toBe(409);
    expect(preparing.json().message).toMatch(/started preparing/);
    const o = (await t.request({ method: 'GET', url: `/api/orders/${order.id}`, headers: { authorization: c.auth } })).json();
    expect(o.status).toBe('preparing');
  });
});

describe('reorder (GET /api/orders/{id}/reorder)', () => {
  it('prices the items today and reports what can no longer be bought', async () => {
    const c = await customer(t);
    const order = await codOrder(c);
    const [a, b] = shop.shakes;
    await t.deps.db
      .updateTable('signature_shakes')
      .set({ price_paise: a!.price + 1000 })
      .where('id', '=', a!.id)
      .execute();
    await t.deps.db.updateTable('signature_shakes').set({ in_stock: false }).where('id', '=', b!.id).execute();
    try {
      const res = await t.request({ method: 'GET', url: `/api/orders/${order.id}/reorder`, headers: { authorization: c.auth } });
      expect(res.statusCode).toBe(200);
      const [la, lb] = res.json().lines;
      expect(la).toMatchObject({
        id: a!.id,
        type: 'signature',
        available: true,
        unitPrice: a!.price + 1000,
        orderedUnitPrice: a!.price,
        quantity: 1,
      });
      expect(lb).toMatchObject({ id: b!.id, available: false, unitPrice: 0 });
      expect(lb.reason).toMatch(/out of stock/);
    } finally {
      await t.deps.db.updateTable('signature_shakes').set({ price_paise: a!.price }).where('id', '=', a!.id).execute();
      await t.deps.db.updateTable('signature_shakes').set({ in_stock: true }).where('id', '=', b!.id).execute();
    }
  });
});

describe('the admin desk: status path, e-mails, audit', () => {
  it('moves only along confirmed → preparing → out_for_delivery → delivered, recording the admin', async () => {
    const c = await customer(t);
    const order = await codOrder(c);
    // Skipping steps, or delivering before the slot's day, is refused until confirmed.
    for (const [to, why] of [
      ['out_for_delivery', /^This skips Preparing\. Confirm the change to go ahead\.$/],
      ['delivered', /^This skips Preparing and Out for delivery\. Its delivery is for \w{3}, \d+ \w{3}, not today\. Confirm/],
    ] as const) {
      const res = await adminPost(`/admin/orders/${order.id}/status`, { status: to });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INVALID_STATE' });
      expect(res.json().message).toMatch(why);
    }
    expect((await adminPost(`/admin/orders/${order.id}/status`, { status: 'confirmed' })).statusCode).toBe(400);
    expect((await adminPost(`/admin/orders/${order.id}/status`, { status: 'cancelled' })).statusCode).toBe(400);
    const mails = await counts(t.deps.db);
    await move(order.id, 'preparing');
    expect((await adminPost(`/admin/orders/${order.id}/status`, { status: 'preparing' })).statusCode).toBe(409);
    const d1 = await move(order.id, 'out_for_delivery');
    expect(d1.order.status).toBe('out_for_delivery');
    const d2 = await move(order.id, 'delivered');
    expect(d2.order).toMatchObject({ status: 'delivered', invoiceNumber: expect.stringMatching(/^HS\//) });
    expect((await adminPost(`/admin/orders/${order.id}/status`, { status: 'delivered' })).statusCode).toBe(409);
    expect((await adminPost(`/admin/orders/${order.id}/cancel`, { reason: 'Too late now' })).json().message).toMatch(
      /delivered order cannot be cancelled/,
    );
    // Timeline with the admin, e-mails when it left and when it arrived.
    expect(d2.order.timeline.map((e: { status: string; actor: string }) => `${e.status}/${e.actor}`)).toEqual([
      'confirmed/customer',
      'preparing/admin',
      'out_for_delivery/admin',
      'delivered/admin',
    ]);
    const sent = await t.deps.db
      .selectFrom('mail_outbox')
      .select(['template', 'subject'])
      .where('to_email', '=', c.user.email)
      .orderBy('id')
      .execute();
    expect(sent.map((m) => m.template)).toEqual(['order-confirmed', 'order-out-for-delivery', 'order-delivered']);
    expect((await counts(t.deps.db)).mails - mails.mails).toBe(2);
    // Every move is in the audit log: who, what, before and after.
    const audit = await t.request({
      method: 'GET',
      url: `/api/admin/audit-log?entity=order&entityId=${order.id}`,
      headers: { authorization: shop.admin.auth },
    });
    expect(audit.headers['x-total-count']).toBe('3');
    expect(
      audit
        .json()
        .entries.map((e: { action: string; before: { status: string }; after: { status: string } }) => [
          e.action,
          e.before.status,
          e.after.status,
        ]),
    ).toEqual([
      ['order.status', 'out_for_delivery', 'delivered'],
      ['order.status', 'preparing', 'out_for_delivery'],
      ['order.status', 'confirmed', 'preparing'],
    ]);
    expect(audit.json().entries[0]).toMatchObject({ actorId: shop.admin.user.id, actorEmail: shop.admin.user.email, entity: 'order' });
    expect(audit.json().entities).toContain('order');
  });

  it('skips steps only when confirmed; on the delivery day "delivered" needs no confirmation', async () => {
    const c = await customer(t);
    const skipped = await codOrder(c);
    const res = await adminPost(`/admin/orders/${skipped.id}/status`, { status: 'delivered', confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.timeline.map((e: { status: string }) => e.status)).toEqual(['confirmed', 'delivered']);
    expect(res.json().order.invoiceNumber).toMatch(/^HS\//);

    const onTheDay = await codOrder(c);
    const slotDate = (await t.deps.db.selectFrom('orders').select('slot_date').where('id', '=', onTheDay.id).executeTakeFirstOrThrow())
      .slot_date;
    await move(onTheDay.id, 'preparing');
    await move(onTheDay.id, 'out_for_delivery');
    const saved = now;
    try {
      // 06:00 IST on the delivery day (00:30 UTC), before the slot: a rider early within the day is normal.
      now = new Date(`${slotDate}T00:30:00Z`);
      const owner = await customer(t, { role: 'admin' }); // a session of that day
      const res2 = await t.request({
        method: 'POST',
        url: `/api/admin/orders/${onTheDay.id}/status`,
        headers: json(owner.auth),
        payload: JSON.stringify({ status: 'delivered' }),
      });
      expect(res2.statusCode, res2.body).toBe(200);
    } finally {
      now = saved;
    }
  });

  it('marks a COD order paid once, on delivery, and refuses it before', async () => {
    const c = await customer(t);
    const order = await codOrder(c);
    expect((await adminPost(`/admin/orders/${order.id}/mark-paid`, {})).json().message).toMatch(/collected on delivery/);
    await move(order.id, 'preparing');
    await move(order.id, 'out_for_delivery');
    const paid = await adminPost(`/admin/orders/${order.id}/mark-paid`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({
      paymentStatus: 'paid',
      paidWith: 'cod',
      labels: { paymentStatus: 'Payment Successful', paymentMethod: 'Cash on Delivery' },
    });
    const invoice = paid.json().order.invoiceNumber;
    expect(invoice).toMatch(/^HS\//);
    expect((await adminPost(`/admin/orders/${order.id}/mark-paid`, {})).statusCode).toBe(409);
    // Delivering afterwards keeps the same invoice.
    expect((await move(order.id, 'delivered')).order.invoiceNumber).toBe(invoice);
    const online = await paidOnlineOrder(c);
    expect((await adminPost(`/admin/orders/${online.id}/mark-paid`, {})).json().message).toMatch(/not a cash-on-delivery order/);
  });

  it('cancels with a reason, refunding an online payment in full; audited', async () => {
    const c = await customer(t);
    const order = await paidOnlineOrder(c);
    await move(order.id, 'preparing');
    expect((await adminPost(`/admin/orders/${order.id}/cancel`, {})).statusCode).toBe(400);
    const res = await adminPost(`/admin/orders/${order.id}/cancel`, { reason: 'Ran out of spinach' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'cancelled', cancelReason: 'admin', paymentStatus: 'refunded' });
    expect(res.json().refundable).toBe(0);
    expect(res.json().refunds).toEqual([expect.objectContaining({ amount: order.breakdown.total, status: 'processed' })]);
    const entry = (
      await t.request({
        method: 'GET',
        url: `/api/admin/audit-log?entityId=${order.id}&action=order.cancel`,
        headers: { authorization: shop.admin.auth },
      })
    ).json().entries[0];
    expect(entry).toMatchObject({
      action: 'order.cancel',
      before: { status: 'preparing' },
      after: { status: 'cancelled', reason: 'Ran out of spinach', refundPaise: order.breakdown.total },
    });
    await expectInvariants(t.deps.db);
  });

  it('refunds part of a payment, a repeated click is the same refund, and never more than captured', async () => {
    const c = await customer(t);
    const order = await paidOnlineOrder(c);
    const key = crypto.randomUUID();
    const first = await adminPost(`/admin/orders/${order.id}/refund`, {
      amount: 10_000,
      reason: 'One shake was warm',
      idempotencyKey: key,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await adminPost(`/admin/orders/${order.id}/refund`, {
      amount: 10_000,
      reason: 'One shake was warm',
      idempotencyKey: key,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().refunds).toHaveLength(1);
    expect(again.json().refundable).toBe(order.breakdown.total - 10_000);
    expect(again.json().order).toMatchObject({ paymentStatus: 'paid', refund: { processed: 10_000 } });
    const tooMuch = await adminPost(`/admin/orders/${order.id}/refund`, {
      amount: order.breakdown.total,
      reason: 'Everything',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/cannot be more than what was paid/);
    const rest = await adminPost(`/admin/orders/${order.id}/refund`, { reason: 'The rest', idempotencyKey: crypto.randomUUID() });
    expect(rest.json()).toMatchObject({ refundable: 0, order: { paymentStatus: 'refunded' } });
    const cod = await codOrder(c);
    expect(
      (await adminPost(`/admin/orders/${cod.id}/refund`, { reason: 'x'.repeat(5), idempotencyKey: crypto.randomUUID() })).json().message,
    ).toMatch(/refund it outside the shop/);
    await expectInvariants(t.deps.db);
  });

  it.skipIf(!process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)(
    '20 concurrent refund requests never exceed the captured amount (PostgreSQL)',
    async () => {
      const c = await customer(t);
      const order = await paidOnlineOrder(c);
      const each = 10_000;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          adminPost(`/admin/orders/${order.id}/refund`, { amount: each, reason: 'Concurrent refund', idempotencyKey: crypto.randomUUID() }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(
        codes.every((s) => s === 200 || s === 409),
        codes.join(','),
      ).toBe(true);
      const ok = codes.filter((s) => s === 200).length;
      expect(ok).toBe(Math.floor(order.breakdown.total / each));
      const pay = await t.deps.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
      const refunds = await t.deps.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
      const total = refunds.reduce((n, r) => n + r.amount_paise, 0);
      expect(total).toBe(ok * each);
      expect(total).toBeLessThanOrEqual(pay.amount_paise);
      expect(pay.refunded_paise).toBe(total);
      await expectInvariants(t.deps.db);
    },
  );
});

describe('GST tax invoices', () => {
  it('is issued once the order is paid or delivered, with CGST and SGST halves that add up', async () => {
    const c = await customer(t);
    const order = await codOrder(c);
    const early = await t.request({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: { authorization: c.auth } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/issued when the order is delivered/);
    await move(order.id, 'preparing');
    await move(order.id, 'out_for_delivery');
    await move(order.id, 'delivered');
    const res = await t.request({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: { authorization: c.auth } });
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json();
    expect(inv).toMatchObject({
      number: expect.stringMatching(/^HS\/\d{4}-\d{2}\/\d{6}$/),
      orderNumber: order.number,
      seller: { legalName: 'Hydro Shakes Farms Pvt Ltd', gstin: '29ABCDE1234F1Z5', state: 'Karnataka' },
      buyer: { name: 'Asha Rao', email: c.user.email },
      total: order.breakdown.total,
      tax: { ratePercent: 5, cgstRatePercent: 2.5, sgstRatePercent: 2.5 },
    });
    // One GST figure: the invoice's CGST + SGST is the GST the order was placed with, in equal halves.
    expect(inv.tax.cgst + inv.tax.sgst).toBe(order.breakdown.gst);
    expect(inv.tax.cgst).toBe(inv.tax.sgst);
    expect(inv.tax.taxable + inv.tax.cgst + inv.tax.sgst).toBe(inv.total);
    expect(inv.subtotal + inv.adjustments.reduce((n: number, a: { amount: number }) => n + a.amount, 0)).toBe(inv.total);
    expect(inv.seller.fssai).toMatch(/^\d{14}$/);
    // The PDF: what a viewer shows (read back with PDF.js) has ₹ and the invoice's own figures.
    const pdf = await t.request({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers: { authorization: c.auth } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/attachment; filename="Hydro-Shakes-invoice-HS-\d{4}-\d{2}-\d{6}\.pdf"/);
    const text = (await pdfText(pdf.rawPayload)).pages.join('\n');
    expect(text).not.toContain('Rs.');
    expect(text).toContain(inv.number);
    const fig = (p: number) => formatInvoiceAmount(p).replace(/[.$()]/g, '\\$&');
    expect(text).toMatch(new RegExp(`Invoice total \\(incl\\. GST\\) *${fig(inv.total)}`));
    expect(text).toMatch(new RegExp(`${fig(inv.tax.taxable)} +${fig(inv.tax.cgst)} +${fig(inv.tax.sgst)} +${fig(order.breakdown.gst)}`));
    // An admin can open it too; a malformed id is a 404.
    expect(
      (await t.request({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: { authorization: shop.admin.auth } })).json()
        .number,
    ).toBe(inv.number);
    expect(
      (await t.request({ method: 'GET', url: '/api/orders/not-a-uuid/invoice.pdf', headers: { authorization: c.auth } })).statusCode,
    ).toBe(404);
  });

  it('numbers invoices consecutively within the financial year', async () => {
    const c = await customer(t);
    const a = await paidOnlineOrder(c);
    const b = await paidOnlineOrder(c);
    const seq = (n: string) => Number(n.split('/')[2]);
    expect(seq(b.invoiceNumber!)).toBe(seq(a.invoiceNumber!) + 1);
    expect(a.invoiceNumber!.split('/')[1]).toMatch(/^\d{4}-\d{2}$/);
  });

  it.skipIf(!process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)(
    'stay unique and consecutive with concurrent deliveries and payments (PostgreSQL)',
    async () => {
      const c = await customer(t);
      const cod: string[] = [];
      for (let i = 0; i < 24; i++) {
        const o = await codOrder(c);
        await move(o.id, 'preparing');
        await move(o.id, 'out_for_delivery');
        cod.push(o.id);
      }
      const online: string[] = [];
      for (let i = 0; i < 6; i++) {
        const placed = await place(t, c, orderBody(shop, c, { ...shop.nextPlace(), paymentMethod: 'razorpay' }));
        online.push(placed.json().order.id);
      }
      const before = await t.deps.db
        .selectFrom('order_invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const results = await Promise.all([
        ...cod.map((id) => adminPost(`/admin/orders/${id}/status`, { status: 'delivered', confirm: true })),
        // The same order delivered twice at once still gets one invoice.
        adminPost(`/admin/orders/${cod[0]}/status`, { status: 'delivered', confirm: true }),
        ...online.map((orderId) =>
          t.request({
            method: 'POST',
            url: '/api/payment/test/complete',
            headers: json(c.auth),
            payload: JSON.stringify({ orderId, outcome: 'success' }),
          }),
        ),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((s) => s === 200)).toHaveLength(cod.length + online.length);
      expect(codes.filter((s) => s !== 200)).toEqual([409]);
      const rows = await t.deps.db
        .selectFrom('order_invoices')
        .selectAll()
        .where('order_id', 'in', [...cod, ...online])
        .execute();
      expect(rows).toHaveLength(cod.length + online.length);
      expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
      // No gaps anywhere in the year: 1 … n.
      const fy = rows[0]!.fy;
      const year = await t.deps.db.selectFrom('order_invoices').select('seq').where('fy', '=', fy).orderBy('seq').execute();
      expect(year.map((r) => r.seq)).toEqual(Array.from({ length: year.length }, (_, i) => i + 1));
      expect(year.length).toBe(Number(before.n) + rows.length);
      await expectInvariants(t.deps.db);
    },
  );
});

describe('the admin list and CSV export', () => {
  it('filters, searches by number, e-mail and phone, pages with the total, and exports properly escaped CSV', async () => {
    const tag = crypto.randomBytes(4).toString('hex');
    const c = await customer(t);
    const orders: Awaited<ReturnType<typeof codOrder>>[] = [];
    for (let i = 0; i < 3; i++) orders.push(await codOrder(c));
    // A name with a comma and quotes, as people type them.
    await t.deps.db
      .updateTable('orders')
      .set({ contact_name: `Rao, "Asha" ${tag}` })
      .where('user_id', '=', c.user.id)
      .execute();
    await move(orders[0]!.id, 'preparing');
    const auth = { authorization: shop.admin.auth };
    const byEmail = await t.request({
      method: 'GET',
      url: `/api/admin/orders?search=${encodeURIComponent(c.user.email)}&pageSize=2`,
      headers: auth,
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.headers['x-total-count']).toBe('3');
    expect(byEmail.json().orders).toHaveLength(2);
    expect(byEmail.json().slots.length).toBeGreaterThan(0);
    const p2 = await t.request({
      method: 'GET',
      url: `/api/admin/orders?search=${encodeURIComponent(c.user.email)}&pageSize=2&page=2`,
      headers: auth,
    });
    expect(p2.json().orders).toHaveLength(1);
    const byNumber = (await t.request({ method: 'GET', url: `/api/admin/orders?search=${orders[1]!.number}`, headers: auth })).json();
    expect(byNumber.orders.map((o: { id: string }) => o.id)).toEqual([orders[1]!.id]);
    const filtered = (await t.request({ method: 'GET', url: `/api/admin/orders?search=${tag}&status=preparing`, headers: auth })).json();
    expect(filtered.totalCount).toBe(1);
    expect(filtered.orders[0]).toMatchObject({
      id: orders[0]!.id,
      customerName: `Rao, "Asha" ${tag}`,
      phone: '+919876543210',
      labels: { paymentStatus: 'Payment Pending' },
    });
    const byPhone = (
      await t.request({ method: 'GET', url: `/api/admin/orders?search=98765%2043210&paymentMethod=cod`, headers: auth })
    ).json();
    expect(byPhone.totalCount).toBeGreaterThanOrEqual(3);
    expect((await t.request({ method: 'GET', url: '/api/admin/orders?status=lost', headers: auth })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/admin/orders?search=${'x'.repeat(101)}`, headers: auth })).statusCode).toBe(400);
    // LIKE wildcards are literal.
    expect((await t.request({ method: 'GET', url: '/api/admin/orders?search=%25', headers: auth })).json().totalCount).toBe(0);

    const csv = await t.request({ method: 'GET', url: `/api/admin/orders/export.csv?search=${tag}&_t=123`, headers: auth });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="hydro-shakes-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Order number,Placed at \(IST\),Status,Payment status,Payment method,Customer,E-mail,Phone/);
    expect(lines).toHaveLength(4);
    for (const o of orders) expect(lines.some((l) => l.startsWith(`${o.number},`))).toBe(true);
    expect(lines[1]).toContain(`"Rao, ""Asha"" ${tag}"`);
    expect(lines[1]).toContain("'+919876543210");
    const total = (orders[0]!.breakdown.total / 100).toFixed(2);
    expect(lines.find((l) => l.startsWith(orders[0]!.number))).toContain(`,${total},0.00,`);
    expect((await t.request({ method: 'GET', url: '/api/admin/orders/export.csv?status=nope', headers: auth })).statusCode).toBe(400);
  });

  it('shows the customer contact, payments and what can be refunded in the detail', async () => {
    const c = await customer(t);
    const order = await paidOnlineOrder(c);
    const d = (
      await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: { authorization: shop.admin.auth } })
    ).json();
    expect(d).toMatchObject({
      customer: { id: c.user.id, email: c.user.email, phone: '+919876543210', mobile: '+919876543210' },
      refundable: order.breakdown.total,
      nextStatus: 'preparing',
      canCancel: true,
      canMarkPaid: false,
    });
    expect(d.payments).toEqual([expect.objectContaining({ amount: order.breakdown.total, status: 'captured', refunded: 0 })]);
    // The customer record on /admin/customers shows their orders too.
    const cust = (
      await t.request({ method: 'GET', url: `/api/admin/customers/${c.user.id}`, headers: { authorization: shop.admin.auth } })
    ).json();
    const section = cust.sections.find((x: { key: string }) => x.key === 'orders');
    expect(section.rows).toEqual([
      { label: 'Orders', value: '1 (1 on the way)' },
      { label: order.number, value: expect.stringContaining(' · Confirmed · '), href: `/admin/orders?id=${order.id}` },
    ]);
    // "Spent" (orders and plans together) has its own section since issue 20, item 12.
    const spent = cust.sections.find((x: { key: string }) => x.key === 'spending');
    expect(spent.rows[0]).toEqual({ label: 'Spent', value: `₹${(order.breakdown.total / 100).toLocaleString('en-IN')}` });
  });

  it('adds revenue, orders and average order value to the dashboard', async () => {
    const d = (await t.request({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: shop.admin.auth } })).json();
    const m = (k: string) => d.metrics.find((x: { key: string }) => x.key === k);
    for (const w of ['today', '7d', '30d']) {
      expect(m(`orders.revenue.${w}`)).toMatchObject({ format: 'paise' });
      expect(m(`orders.count.${w}`).value).toBeGreaterThan(0);
      expect(m(`orders.aov.${w}`).value).toBe(Math.round(m(`orders.revenue.${w}`).value / m(`orders.count.${w}`).value));
    }
  });
});

describe('the live order feed (tRPC subscription over SSE)', () => {
  it('streams the order, then every change, through compression, to the owner only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const c = await customer(t);
    const order = await codOrder(c);
    const ac = new AbortController();
    const res = await fetch(`${base}/trpc/orders.live?input=${encodeURIComponent(JSON.stringify({ id: order.id }))}`, {
      headers: { authorization: c.auth, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
      signal: ac.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Compression would buffer the events; the event stream is sent as it is written.
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    const nextData = async (): Promise<{ status: string; timeline: unknown[] }> => {
      for (;;) {
        const m = /(?:^|\n)(?:id: [^\n]*\n)?data: ([^\n]*)\n\n/.exec(buf);
        const ev = /(^|\n\n)event: [^\n]*\ndata: [^\n]*\n\n/.exec(buf);
        if (ev && (!m || ev.index < m.index)) {
          buf = buf.slice(ev.index + ev[0].length);
          continue;
        }
        if (m) {
          buf = buf.slice(m.index + m[0].length);
          return JSON.parse(m[1]!);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buf += decoder.decode(value, { stream: true });
      }
    };
    const first = await nextData();
    expect(first.status).toBe('confirmed');
    const started = performance.now();
    await move(order.id, 'preparing');
    const second = await nextData();
    const ms = performance.now() - started;
    expect(second.status).toBe('preparing');
    expect(second.timeline).toHaveLength(2);
    // Someone else's order changing sends nothing here.
    const other = await codOrder(await customer(t));
    await move(other.id, 'preparing');
    await move(order.id, 'out_for_delivery');
    expect((await nextData()).status).toBe('out_for_delivery');
    ac.abort();
    await reader.cancel().catch(() => {});
    console.log(`[live] admin change → subscriber event: ${ms.toFixed(0)} ms`);
  });
});
