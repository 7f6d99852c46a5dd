import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { pdfText } from '../helpers/pdf-text';
import { customer, customers, expectInvariants, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { addDays, istToday } from '../../shared/rules/slots';

/**
 * Issue 11 (coupons), on PostgreSQL through real HTTP: every refusal through POST /api/coupons/validate
 * and the quote, the refusal at placement (409 with the rule's code), the limits under real parallel
 * checkouts, cancel giving the use back, and quote = placed order = order view = invoice (+ PDF) for the discount.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

let t: TestApp;
let shop: Shop;
let admin: Customer;
let bigSlot: string;
let now = new Date();

const json = (auth?: string) => ({ ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' });
const protein = () => shop.shakes.find((s) => s.price === 32_900)!;
/** ₹658: two Protein Power. */
const cart658 = () => [{ id: protein().id, type: 'signature', quantity: 2 }];
const cartOf = (paise: number) => [{ id: shop.shakes.find((s) => s.price === paise)!.id, type: 'signature', quantity: 1 }];

async function validate(code: string, lines: unknown, auth?: string) {
  const r = await t.request({
    method: 'POST',
    url: '/api/coupons/validate',
    headers: json(auth),
    payload: JSON.stringify({ code, lines }),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
async function quote(body: unknown, auth?: string) {
  const r = await t.request({ method: 'POST', url: '/api/cart/quote', headers: json(auth), payload: JSON.stringify(body) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
async function adminCreate(over: Record<string, unknown>) {
  const body = {
    code: `T${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
    description: '',
    kind: 'flat',
    value: 5000,
    minSubtotal: 0,
    maxDiscount: null,
    validFrom: null,
    validTo: null,
    usageLimit: null,
    perCustomerLimit: null,
    firstOrderOnly: false,
    appliesTo: 'all',
    active: true,
    ...over,
  };
  const r = await t.request({ method: 'POST', url: '/api/admin/coupons', headers: json(admin.auth), payload: JSON.stringify(body) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: string; code: string; uses: number; remaining: number | null };
}
const couponRow = (code: string) => t.deps.db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  shop = await loadShop(t);
  admin = await customer(t, { role: 'admin' });
  const slot = await t.deps.db
    .insertInto('delivery_slots')
    .values({ start_time: '16:00', end_time: '17:00', max_bookings: 500, plan_type: 'all', sort: 98 })
    .returning('id')
    .executeTakeFirstOrThrow();
  bigSlot = slot.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('coupon answers: every refusal has its code and message', () => {
  it('WELCOME50 on a ₹658 cart: ₹100 off, in any case, for a guest and a new customer', async () => {
    const c = await customer(t);
    for (const auth of [undefined, c.auth]) {
      expect(await validate('welcome50', cart658(), auth)).toEqual({
        code: 'WELCOME50',
        applied: true,
        discount: 10_000,
        summary: '50% off up to ₹100 on ₹199 or more',
        refusal: null,
      });
      const q = await quote({ lines: cart658(), couponCode: 'Welcome50' }, auth);
      expect(q).toMatchObject({
        subtotal: 65_800,
        couponCode: 'WELCOME50',
        couponDiscount: 10_000,
        total: 55_800,
        coupon: { applied: true, discount: 10_000 },
      });
    }
  });

  it('unknown, minimum not met (with the amount), not for these items, inactive, not yet valid, expired, used up', async () => {
    const refused = async (code: string, lines: unknown = cart658(), auth?: string) => {
      const v = await validate(code, lines, auth);
      expect(v.applied).toBe(false);
      expect(v.discount).toBe(0);
      // The quote says the same: a refused code never disappears silently.
      const q = await quote({ lines, couponCode: code }, auth);
      expect(q.coupon).toEqual(v);
      expect(q.couponCode).toBeNull();
      expect(q.couponDiscount).toBe(0);
      return v.refusal;
    };
    expect(await refused('NOSUCH1')).toEqual({
      code: 'COUPON_UNKNOWN',
      message: 'NOSUCH1 is not a coupon we know. Check the spelling and try again.',
      amountNeeded: null,
    });
    expect(await refused('FLAT75', cartOf(24_900))).toEqual({
      code: 'COUPON_MINIMUM_NOT_MET',
      message: 'Add ₹250 more to use FLAT75: it needs a subtotal of ₹499.',
      amountNeeded: 25_000,
    });
    const custom = await adminCreate({ appliesTo: 'custom' });
    expect(await refused(custom.code)).toEqual({
      code: 'COUPON_NOT_APPLICABLE',
      message: `${custom.code} applies to custom shakes only, and there are none to pay for in your cart.`,
      amountNeeded: null,
    });
    const off = await adminCreate({ active: false });
    expect(await refused(off.code)).toEqual({
      code: 'COUPON_INACTIVE',
      message: `${off.code} is no longer available.`,
      amountNeeded: null,
    });
    const today = istToday(now);
    const later = await adminCreate({ validFrom: addDays(today, 1) });
    expect((await refused(later.code)).code).toBe('COUPON_NOT_YET_VALID');
    expect((await refused(later.code)).message).toMatch(new RegExp(`^${later.code} can be used from \\d{1,2} [A-Z][a-z]+ 20\\d\\d\\.$`));
    const gone = await adminCreate({ validTo: addDays(today, -1) });
    expect((await refused(gone.code)).message).toMatch(new RegExp(`^${gone.code} expired on \\d{1,2} [A-Z][a-z]+ 20\\d\\d\\.$`));
    // Valid through today (Kolkata): accepted.
    const lastDay = await adminCreate({ validTo: today });
    expect((await validate(lastDay.code, cart658())).applied).toBe(true);
    const once = await adminCreate({ usageLimit: 1 });
    const c = await customer(t);
    expect((await place(t, c, orderBody(shop, c, { couponCode: once.code, slotId: bigSlot }))).statusCode).toBe(200);
    expect(await refused(once.code)).toEqual({
      code: 'COUPON_EXHAUSTED',
      message: `${once.code} has been used up. Try another code.`,
      amountNeeded: null,
    });
  });

  it('first order only and already used by you, and the refusal at placement is a 409 with the same code', async () => {
    const c = await customer(t);
    const first = await place(t, c, { ...orderBody(shop, c, { slotId: bigSlot }), lines: cart658(), couponCode: 'welcome50' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().order).toMatchObject({ couponCode: 'WELCOME50', breakdown: { couponDiscount: 10_000 } });

    expect((await validate('WELCOME50', cart658(), c.auth)).refusal).toEqual({
      code: 'COUPON_FIRST_ORDER_ONLY',
      message: 'WELCOME50 is for your first order only.',
      amountNeeded: null,
    });
    const again = await place(t, c, { ...orderBody(shop, c, { slotId: bigSlot }), lines: cart658(), couponCode: 'WELCOME50' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'COUPON_FIRST_ORDER_ONLY',
      message: 'WELCOME50 is for your first order only. Remove the code to place your order without it.',
    });

    const onceEach = await adminCreate({ perCustomerLimit: 1 });
    expect((await place(t, c, orderBody(shop, c, { couponCode: onceEach.code, slotId: bigSlot }))).statusCode).toBe(200);
    expect((await validate(onceEach.code, cart658(), c.auth)).refusal).toEqual({
      code: 'COUPON_ALREADY_USED',
      message: `You have already used ${onceEach.code}.`,
      amountNeeded: null,
    });
    // FLAT75 at ₹499 and above on the second order.
    const flat = await place(t, c, { ...orderBody(shop, c, { slotId: bigSlot }), lines: cart658(), couponCode: 'FLAT75' });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json().order.breakdown).toMatchObject({ subtotal: 65_800, couponDiscount: 7500, total: 58_300 });
    // Minimum not met at placement: 409 with the amount in the message.
    const small = await place(t, c, { ...orderBody(shop, c, { slotId: bigSlot }), lines: cartOf(24_900), couponCode: 'FLAT75' });
    expect(small.statusCode).toBe(409);
    expect(small.json()).toMatchObject({ code: 'COUPON_MINIMUM_NOT_MET' });
    expect(small.json().message).toContain('Add ₹250 more');
  });
});

describe.skipIf(!onPostgres)('coupon limits under real parallel checkouts (PostgreSQL)', () => {
  it(
    'a coupon limited to 1 use, 50 concurrent checkouts: exactly 1 discounted order, 49 clear 409s, no 5xx',
    { timeout: 60_000 },
    async () => {
      const one = await adminCreate({ usageLimit: 1, value: 3000 });
      const people = await customers(t, 50);
      const answers = await Promise.all(people.map((c) => place(t, c, orderBody(shop, c, { couponCode: one.code, slotId: bigSlot }))));
      const byStatus: Record<number, number> = {};
      for (const a of answers) byStatus[a.statusCode] = (byStatus[a.statusCode] ?? 0) + 1;
      expect(byStatus).toEqual({ 200: 1, 409: 49 });
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json().code).toBe('COUPON_EXHAUSTED');
        expect(a.json().message).toMatch(new RegExp(`^${one.code} has (just )?been used up`));
      }
      const ok = answers.find((a) => a.statusCode === 200)!.json().order;
      expect(ok.breakdown.couponDiscount).toBe(3000);
      expect((await couponRow(one.code)).uses).toBe(1);
      const orders = await t.deps.db.selectFrom('orders').select('id').where('coupon_code', '=', one.code).execute();
      expect(orders).toHaveLength(1);
      await expectInvariants(t.deps.db);
    },
  );

  it('a per-customer limit of 1, one customer with 10 concurrent checkouts: one discounted order', { timeout: 60_000 }, async () => {
    const each = await adminCreate({ perCustomerLimit: 1, value: 2000 });
    const c = await customer(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => place(t, c, orderBody(shop, c, { couponCode: each.code, slotId: bigSlot }))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toMatchObject({ code: 'COUPON_ALREADY_USED' });
    const uses = await t.deps.db
      .selectFrom('coupon_uses')
      .select('user_id')
      .where('released_at', 'is', null)
      .innerJoin('coupons', 'coupons.id', 'coupon_uses.coupon_id')
      .where('coupons.code', '=', each.code)
      .execute();
    expect(uses).toHaveLength(1);
  });
});

describe('cancel and expiry give the use back; the money agrees everywhere', () => {
  it('a customer cancel gives the only use back: another customer can use it', async () => {
    const one = await adminCreate({ usageLimit: 1 });
    const [a, b] = [await customer(t), await customer(t)];
    const placed = await place(t, a, orderBody(shop, a, { couponCode: one.code, slotId: bigSlot, date: addDays(istToday(now), 2) }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await validate(one.code, cart658(), b.auth)).refusal.code).toBe('COUPON_EXHAUSTED');
    const cancel = await t.request({
      method: 'POST',
      url: `/api/orders/${placed.json().order.id}/cancel`,
      headers: json(a.auth),
      payload: '{}',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await couponRow(one.code)).uses).toBe(0);
    expect((await validate(one.code, cart658(), b.auth)).applied).toBe(true);
    expect((await place(t, b, orderBody(shop, b, { couponCode: one.code, slotId: bigSlot }))).statusCode).toBe(200);
    const usage = await t.request({ method: 'GET', url: `/api/admin/coupons/${one.id}/usage`, headers: { authorization: admin.auth } });
    expect(
      usage
        .json()
        .uses.map((u: { released: boolean }) => u.released)
        .sort(),
    ).toEqual([false, true]);
  });

  it('an unpaid online order that expires gives the use back', async () => {
    const one = await adminCreate({ usageLimit: 1 });
    const a = await customer(t);
    const placed = await place(t, a, orderBody(shop, a, { couponCode: one.code, slotId: bigSlot, paymentMethod: 'razorpay' }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await couponRow(one.code)).uses).toBe(1);
    const { expireUnpaidOrders } = await import('../../server/domains/orders/orders.service');
    const was = now;
    now = new Date(now.getTime() + 31 * 60_000);
    try {
      expect(await expireUnpaidOrders(t.deps)).toBeGreaterThanOrEqual(1);
    } finally {
      now = was;
    }
    expect((await couponRow(one.code)).uses).toBe(0);
  });

  it('quote, placed order, order view, invoice and its PDF show the same coupon discount and code', async () => {
    const c = await customer(t);
    const lines = cart658();
    const q = await quote({ lines, couponCode: 'welcome50' }, c.auth);
    const placed = await place(t, c, {
      ...orderBody(shop, c, { slotId: bigSlot, paymentMethod: 'razorpay' }),
      lines,
      couponCode: 'welcome50',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    const paid = await t.request({
      method: 'POST',
      url: '/api/payment/test/complete',
      headers: json(c.auth),
      payload: JSON.stringify({ orderId: order.id, outcome: 'success' }),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const view = (await t.request({ method: 'GET', url: `/api/orders/${order.id}`, headers: { authorization: c.auth } })).json();
    const inv = await t.request({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: { authorization: c.auth } });
    expect(inv.statusCode, inv.body).toBe(200);
    const money = ['subtotal', 'couponDiscount', 'deliveryFee', 'gst', 'total'] as const;
    const pick = (o: Record<string, number>) => Object.fromEntries(money.map((k) => [k, o[k]]));
    expect(pick(order.breakdown)).toEqual(pick(q));
    expect(pick(view.breakdown)).toEqual(pick(order.breakdown));
    expect(view.couponCode).toBe('WELCOME50');
    const invoice = inv.json();
    expect(invoice.adjustments).toContainEqual({ label: 'Coupon WELCOME50', amount: -q.couponDiscount });
    expect(invoice.total).toBe(q.total);
    // The invoice's own lines add up to its total: subtotal + adjustments.
    expect(invoice.subtotal + invoice.adjustments.reduce((n: number, a: { amount: number }) => n + a.amount, 0)).toBe(invoice.total);
    const pdf = await t.request({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers: { authorization: c.auth } });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).pages.join('\n');
    expect(text).toContain('Coupon WELCOME50');
    expect((await couponRow('WELCOME50')).uses).toBeGreaterThanOrEqual(1);
  });
});

describe('/api/admin/coupons', () => {
  it('lists with uses and remaining, edits, deactivates (audited); customers are refused', async () => {
    const c = await customer(t);
    expect((await t.request({ method: 'GET', url: '/api/admin/coupons', headers: { authorization: c.auth } })).statusCode).toBe(403);
    const made = await adminCreate({
      usageLimit: 5,
      kind: 'percent',
      value: 15,
      maxDiscount: 5000,
      code: `edit${crypto.randomBytes(3).toString('hex')}`,
    });
    expect(made.code).toMatch(/^EDIT[0-9A-F]{6}$/);
    const list = (await t.request({ method: 'GET', url: '/api/admin/coupons', headers: { authorization: admin.auth } })).json();
    expect(list.coupons.map((x: { code: string }) => x.code)).toEqual(
      expect.arrayContaining(['WELCOME50', 'FLAT75', 'GREEN10', made.code]),
    );
    expect(list.coupons.find((x: { code: string }) => x.code === made.code)).toMatchObject({
      uses: 0,
      remaining: 5,
      summary: '15% off up to ₹50',
    });
    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/coupons/${made.id}`,
      headers: json(admin.auth),
      payload: JSON.stringify({
        coupon: { ...list.coupons.find((x: { code: string }) => x.code === made.code), usageLimit: 7, minSubtotal: 10_000 },
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ remaining: 7, minSubtotal: 10_000 });
    const bad = await adminCreate({}).then(() =>
      t.request({
        method: 'POST',
        url: '/api/admin/coupons',
        headers: json(admin.auth),
        payload: JSON.stringify({ code: 'A1', kind: 'percent', value: 150 }),
      }),
    );
    expect(bad.statusCode).toBe(400);
    const off = await t.request({
      method: 'POST',
      url: `/api/admin/coupons/${made.id}/deactivate`,
      headers: json(admin.auth),
      payload: '{}',
    });
    expect(off.json()).toMatchObject({ active: false });
    expect((await validate(made.code, cart658())).refusal.code).toBe('COUPON_INACTIVE');
    const audit = await t.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', made.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.deactivate']);
  });
});
