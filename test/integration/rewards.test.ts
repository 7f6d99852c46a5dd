import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { customer, expectInvariants, orderBody, place, type Customer, loadStaffedShop, type StaffedShop } from './orders-fixtures';
import type { Clock } from '../../server/lib/clock';
import { expireUnpaidOrders } from '../../server/domains/orders/orders.service';
import { settle } from '../../server/domains/payments/payments.service';
import type { TestGateway } from '../../server/lib/payments/test-gateway';
import { earnForOrder } from '../../server/domains/rewards/rewards.service';
import { balancesAgainstLedger } from '../../server/domains/rewards/rewards.repository';

/**
 * Issue 11, reward points: the quote, placement, earning on payment / COD delivery, giving back
 * and reversing on cancel, expiry and refunds, the customer's and the back office's views. On
 * PostgreSQL (DATABASE_URL) the concurrency cases run with real parallel requests.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

let t: TestApp;
let shop: StaffedShop;
let now = new Date();
const clock: Clock = { now: () => now };
let protein: string; // Protein Power, ₹329
let green: string; // Green Glow, ₹249

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await loadStaffedShop(t);
  protein = shop.shakes.find((s) => s.name === 'Protein Power')!.id;
  green = shop.shakes.find((s) => s.name === 'Green Glow')!.id;
  expect(shop.shakes.find((s) => s.id === protein)!.price).toBe(32_900);
  expect(shop.shakes.find((s) => s.id === green)!.price).toBe(24_900);
});
afterAll(async () => {
  await t?.close();
});

const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });
const twoProtein = [{ id: () => protein, quantity: 2 }];
const lines = (spec: { id: () => string; quantity: number }[]) =>
  spec.map((l) => ({ id: l.id(), type: 'signature', quantity: l.quantity }));

function quote(c: Customer | null, body: unknown) {
  return t.request({
    method: 'POST',
    url: '/api/cart/quote',
    headers: c ? json(c.auth) : { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}
async function rewardsOf(c: Customer, qs = '') {
  const r = await t.request({ method: 'GET', url: `/api/user/rewards${qs}`, headers: { authorization: c.auth } });
  expect(r.statusCode, r.body).toBe(200);
  return {
    ...(r.json() as {
      balance: number;
      redeemableNow: number;
      pointsToMinimum: number;
      entries: { kind: string; points: number; balanceAfter: number; orderNumber: string | null; note: string | null }[];
      totalCount: number;
      rules: Record<string, number>;
    }),
    header: r.headers['x-total-count'],
  };
}
function adminReq(method: 'GET' | 'POST', path: string, body?: unknown, auth = shop.admin.auth) {
  return t.request({ method, url: `/api${path}`, headers: json(auth), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
}
async function grant(c: Customer, points: number, reason = 'Welcome gift') {
  const r = await adminReq('POST', `/admin/rewards/${c.user.id}/adjust`, { points, reason });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
async function placeOrder(c: Customer, over: Record<string, unknown> = {}) {
  const res = await place(t, c, orderBody(shop, c, { ...shop.nextPlace(), lines: lines(twoProtein), ...over }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as {
    id: string;
    number: string;
    pointsToEarn: number;
    pointsRedeemed: number;
    breakdown: { total: number; pointsDiscount: number; deliveryFee: number };
  };
}
async function pay(c: Customer, orderId: string) {
  const r = await t.request({
    method: 'POST',
    url: '/api/payment/test/complete',
    headers: json(c.auth),
    payload: JSON.stringify({ orderId, outcome: 'success' }),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r;
}
async function move(id: string, status: string) {
  const res = await adminReq('POST', `/admin/orders/${id}/status`, { status, confirm: true });
  expect(res.statusCode, res.body).toBe(200);
}
async function expectLedgerMatchesBalances() {
  for (const r of await balancesAgainstLedger(t.deps.db)) {
    expect(r.balance, `customer ${r.user_id}`).toBe(r.ledger_sum);
    expect(r.balance).toBeGreaterThanOrEqual(0);
  }
}

describe('the quote', () => {
  it('tells a signed-in customer the balance, the most the order can redeem, its rupees and the points it earns', async () => {
    const c = await customer(t);
    await grant(c, 100);
    // 2 × Protein Power = ₹658: 20% is ₹131.60 → 131 points; the balance (100) is the limit. ₹658 paid earns 32 points (₹20 each).
    const q = (await quote(c, { lines: lines(twoProtein) })).json();
    expect(q.points).toEqual({
      balance: 100,
      maxRedeemable: 100,
      maxRedeemValue: 10_000,
      minRedeemPoints: 50,
      pointsToEarn: 32,
      multiplier: 1,
      refusal: null,
    });
    expect(q.pointsDiscount).toBe(0);
    const used = (await quote(c, { lines: lines(twoProtein), pointsToRedeem: 100 })).json();
    expect(used).toMatchObject({ pointsToRedeem: 100, pointsDiscount: 10_000, subtotal: 65_800, total: 55_800 });
    // ₹558 paid for the items earns 27 points.
    expect(used.points.pointsToEarn).toBe(27);
  });

  it('refuses points it cannot apply, with a reason, and grants none', async () => {
    const guest = (await quote(null, { lines: lines(twoProtein), pointsToRedeem: 50 })).json();
    expect(guest.points.refusal).toBe('Sign in to use your reward points.');
    const c = await customer(t);
    const none = (await quote(c, { lines: lines(twoProtein), pointsToRedeem: 60 })).json();
    expect(none.points.refusal).toBe('You have 0 points; you can redeem them once you have 50.');
    await grant(c, 100);
    const cases: [unknown, string][] = [
      [{ lines: lines(twoProtein), pointsToRedeem: 40 }, 'Redeem at least 50 points at a time.'],
      [{ lines: lines(twoProtein), pointsToRedeem: 150 }, 'You have 100 points, fewer than the 150 you asked to use.'],
      // ₹329: 20% is ₹65.80 → 65 points at most.
      [
        { lines: lines([{ id: () => protein, quantity: 1 }]), pointsToRedeem: 100 },
        'This order can take at most 65 points (20% of the subtotal).',
      ],
      // ₹249: 20% is ₹49.80, under the 50-point minimum; ₹250 would do.
      [
        { lines: lines([{ id: () => green, quantity: 1 }]), pointsToRedeem: 50 },
        'Points can pay up to 20% of the subtotal, at least 50 points: add ₹1 more to use them.',
      ],
    ];
    for (const [body, message] of cases) {
      const q = (await quote(c, body)).json();
      expect(q.points.refusal).toBe(message);
      expect(q.pointsDiscount).toBe(0);
      expect(q.pointsToRedeem).toBe(0);
    }
    const small = (await quote(c, { lines: lines([{ id: () => green, quantity: 1 }]) })).json();
    expect(small.points.maxRedeemable).toBe(0);
  });
});

describe('placing an order with points', () => {
  it('debits the points in the placing transaction, shows them on the order, and gives them back on cancel', async () => {
    const c = await customer(t);
    await grant(c, 120);
    const order = await placeOrder(c, { pointsToRedeem: 100 });
    expect(order.pointsRedeemed).toBe(100);
    expect(order.breakdown.pointsDiscount).toBe(10_000);
    expect(order.breakdown.total).toBe(55_800);
    expect(order.pointsToEarn).toBe(27);
    let mine = await rewardsOf(c);
    expect(mine.balance).toBe(20);
    expect(mine.entries[0]).toMatchObject({ kind: 'redeem', points: -100, balanceAfter: 20, orderNumber: order.number });
    const page = await t.request({ method: 'GET', url: `/api/orders/${order.id}`, headers: { authorization: c.auth } });
    expect(page.json()).toMatchObject({ pointsRedeemed: 100, pointsToEarn: 27, breakdown: { pointsDiscount: 10_000 } });
    const invoiceBefore = await t.request({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: { authorization: c.auth } });
    expect(invoiceBefore.statusCode).toBe(409); // not issued before delivery (COD)

    const cancelled = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: json(c.auth),
      payload: JSON.stringify({ reason: 'Changed plans' }),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    mine = await rewardsOf(c);
    expect(mine.balance).toBe(120);
    expect(mine.entries[0]).toMatchObject({ kind: 'give_back', points: 100, balanceAfter: 120 });
    await expectLedgerMatchesBalances();
  });

  it('refuses a placement whose points were refused or spent meanwhile (409 INSUFFICIENT_POINTS), writing nothing', async () => {
    const c = await customer(t);
    await grant(c, 60);
    const refused = await place(t, c, orderBody(shop, c, { ...shop.nextPlace(), lines: lines(twoProtein), pointsToRedeem: 100 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      message: 'You have 60 points, fewer than the 100 you asked to use.',
    });
    const ordersOf = await t.deps.db.selectFrom('orders').select('id').where('user_id', '=', c.user.id).execute();
    expect(ordersOf).toHaveLength(0);
    expect((await rewardsOf(c)).balance).toBe(60);
  });

  it('gives the points back when an unpaid online order expires, and takes them again if its payment arrives late', async () => {
    const c = await customer(t);
    await grant(c, 100);
    const order = await placeOrder(c, { paymentMethod: 'razorpay', pointsToRedeem: 100 });
    expect((await rewardsOf(c)).balance).toBe(0);
    const saved = now;
    now = new Date(now.getTime() + 31 * 60_000);
    try {
      expect(await expireUnpaidOrders(t.deps)).toBeGreaterThanOrEqual(1);
      expect((await rewardsOf({ ...c, auth: await t.bearer(c.user) })).balance).toBe(100);
      // The gateway's late capture (the webhook's path into orders): reinstated, so the points are taken again and it earns its own.
      const attempt = await t.deps.db
        .selectFrom('payment_attempts')
        .select('gateway_order_id')
        .where('order_id', '=', order.id)
        .where('gateway_order_id', 'is not', null)
        .executeTakeFirstOrThrow();
      const paid = await (t.deps.payments as TestGateway).complete(attempt.gateway_order_id!, 'success');
      const late = await settle(t.deps, paid, 'webhook');
      expect(late.outcome).toBe('reinstated');
    } finally {
      now = saved;
    }
    const mine = await rewardsOf(c);
    expect(mine.entries.map((e) => [e.kind, e.points])).toEqual([
      ['earn', 27],
      ['redeem', -100],
      ['give_back', 100],
      ['redeem', -100],
      ['adjust', 100],
    ]);
    expect(mine.balance).toBe(27);
    await expectLedgerMatchesBalances();
  });
});

describe('earning and reversing', () => {
  it('credits an online order when it is confirmed paid, once, even when the confirmation runs twice at the same time', async () => {
    const c = await customer(t);
    const order = await placeOrder(c, { paymentMethod: 'razorpay' });
    expect(order.pointsToEarn).toBe(32);
    expect((await rewardsOf(c)).balance).toBe(0);
    const both = await Promise.all([
      t.request({
        method: 'POST',
        url: '/api/payment/test/complete',
        headers: json(c.auth),
        payload: JSON.stringify({ orderId: order.id, outcome: 'success' }),
      }),
      t.request({
        method: 'POST',
        url: '/api/payment/test/complete',
        headers: json(c.auth),
        payload: JSON.stringify({ orderId: order.id, outcome: 'success' }),
      }),
    ]);
    expect(both.some((r) => r.statusCode === 200)).toBe(true);
    // The ledger's own guard: two transactions crediting the same order at once → one credit.
    const row = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    const direct = await Promise.all([0, 1].map(() => t.deps.db.transaction().execute((trx) => earnForOrder(t.deps, trx, row))));
    expect(direct).toEqual([0, 0]);
    const mine = await rewardsOf(c);
    expect(mine.balance).toBe(32);
    expect(mine.entries.filter((e) => e.kind === 'earn')).toHaveLength(1);
    expect(mine.header).toBe('1');
  });

  it.skipIf(!onPostgres)('two concurrent first credits of one order: exactly one lands (PostgreSQL)', async () => {
    const c = await customer(t);
    const order = await placeOrder(c);
    const row = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    const credits = await Promise.all(
      Array.from({ length: 8 }, () => t.deps.db.transaction().execute((trx) => earnForOrder(t.deps, trx, row))),
    );
    expect(credits.filter((n) => n > 0)).toEqual([32]);
    expect((await rewardsOf(c)).balance).toBe(32);
  });

  it('credits cash on delivery only when delivered', async () => {
    const c = await customer(t);
    const order = await placeOrder(c);
    await move(order.id, 'preparing');
    await move(order.id, 'out_for_delivery');
    expect((await rewardsOf(c)).balance).toBe(0);
    await move(order.id, 'delivered');
    const mine = await rewardsOf(c);
    expect(mine.balance).toBe(32);
    expect(mine.entries[0]).toMatchObject({ kind: 'earn', points: 32, orderNumber: order.number });
  });

  it('reverses what an order earned when it is cancelled, and in proportion when part of it is refunded', async () => {
    const c = await customer(t);
    const a = await placeOrder(c, { paymentMethod: 'razorpay' });
    await pay(c, a.id);
    expect((await rewardsOf(c)).balance).toBe(32);
    const cancelled = await t.request({ method: 'POST', url: `/api/orders/${a.id}/cancel`, headers: json(c.auth), payload: '{}' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await rewardsOf(c)).entries[0]).toMatchObject({ kind: 'reverse', points: -32, balanceAfter: 0 });

    const b = await placeOrder(c, { paymentMethod: 'razorpay' });
    await pay(c, b.id);
    expect((await rewardsOf(c)).balance).toBe(32);
    // A quarter of ₹658 refunded → a quarter of 32 points = 8.
    const quarter = await adminReq('POST', `/admin/orders/${b.id}/refund`, {
      amount: 16_450,
      reason: 'One shake spilt',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(quarter.statusCode, quarter.body).toBe(200);
    expect((await rewardsOf(c)).balance).toBe(24);
    // The rest refunded → every point the order earned is gone, no more.
    const rest = await adminReq('POST', `/admin/orders/${b.id}/refund`, { reason: 'Refund the rest', idempotencyKey: crypto.randomUUID() });
    expect(rest.statusCode, rest.body).toBe(200);
    const mine = await rewardsOf(c);
    expect(mine.balance).toBe(0);
    expect(mine.entries.slice(0, 2).map((e) => e.points)).toEqual([-24, -8]);
    await expectLedgerMatchesBalances();
  });

  it('never takes the balance below zero when earned points were already spent', async () => {
    const c = await customer(t);
    await grant(c, 40);
    const a = await placeOrder(c, { paymentMethod: 'razorpay' });
    await pay(c, a.id); // 40 + 32 = 72
    const b = await placeOrder(c, { pointsToRedeem: 60 }); // spends 60 → 12
    expect(b.pointsRedeemed).toBe(60);
    const cancelled = await t.request({ method: 'POST', url: `/api/orders/${a.id}/cancel`, headers: json(c.auth), payload: '{}' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mine = await rewardsOf(c);
    expect(mine.balance).toBe(0);
    expect(mine.entries[0]).toMatchObject({ kind: 'reverse', points: -12 });
    await expectLedgerMatchesBalances();
  });

  it('earns double on a plan with 2× points (Vitality Monthly)', async () => {
    const c = await customer(t);
    const plan = (await t.request({ method: 'GET', url: '/api/subscription-plans' }))
      .json()
      .plans.find((p: { name: string }) => p.name === 'Vitality Monthly');
    const created = await t.request({
      method: 'POST',
      url: '/api/subscription-payment/create',
      headers: { ...json(c.auth), 'idempotency-key': crypto.randomUUID() },
      payload: JSON.stringify({ planId: plan.id }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const paid = await t.request({
      method: 'POST',
      url: '/api/subscription-payment/test/complete',
      headers: json(c.auth),
      payload: JSON.stringify({ gatewayOrderId: created.json().payment.gatewayOrderId, outcome: 'success' }),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // 2 × ₹329 with one free (the plan's free unit): ₹329 paid → 16 points, × 2 = 32.
    const q = (await quote(c, { lines: lines(twoProtein) })).json();
    expect(q.points).toMatchObject({ multiplier: 2, pointsToEarn: 32 });
    expect(q.total).toBe(32_900);
    const mine = await rewardsOf(c);
    expect(mine.rules.multiplier).toBe(2);
  });
});

describe('GET /api/user/rewards', () => {
  it('answers the balance, what the next order can redeem, the rules and the ledger in pages with X-Total-Count', async () => {
    const c = await customer(t);
    const empty = await rewardsOf(c);
    expect(empty).toMatchObject({ balance: 0, redeemableNow: 0, pointsToMinimum: 50, entries: [], totalCount: 0, header: '0' });
    expect(empty.rules).toEqual({ rupeesPerPoint: 20, pointValue: 100, maxRedeemPercent: 20, minRedeemPoints: 50, multiplier: 1 });
    for (const n of [10, 20, 30]) await grant(c, n, `Gift ${n}`);
    const first = await rewardsOf(c, '?page=1&pageSize=2');
    expect(first).toMatchObject({ balance: 60, redeemableNow: 60, pointsToMinimum: 0, totalCount: 3, header: '3' });
    expect(first.entries.map((e) => [e.points, e.balanceAfter, e.note])).toEqual([
      [30, 60, 'Gift 30'],
      [20, 30, 'Gift 20'],
    ]);
    const second = await rewardsOf(c, '?page=2&pageSize=2');
    expect(second.entries.map((e) => e.points)).toEqual([10]);
    // A page past the end has no rows and still says how many there are (counted on its own).
    expect(await rewardsOf(c, '?page=5&pageSize=2')).toMatchObject({ entries: [], totalCount: 3, header: '3' });
    const bad = await t.request({ method: 'GET', url: '/api/user/rewards?pageSize=500', headers: { authorization: c.auth } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/pageSize is at most 50/);
    expect((await t.request({ method: 'GET', url: '/api/user/rewards' })).statusCode).toBe(401);
  });
});

describe('the back office', () => {
  it('lists balances with search, shows a customer’s ledger, adjusts with a reason (audited), never below zero', async () => {
    const c = await customer(t);
    await grant(c, 75, 'Apology for a late delivery');
    const list = await adminReq('GET', `/admin/rewards?search=${encodeURIComponent(c.user.email)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().customers).toEqual([expect.objectContaining({ userId: c.user.id, balance: 75, earned: 75, spent: 0 })]);
    expect(list.headers['x-total-count']).toBe('1');
    const all = (await adminReq('GET', '/admin/rewards?pageSize=100')).json();
    expect(
      all.customers.every((x: { balance: number }, i: number, arr: { balance: number }[]) => i === 0 || arr[i - 1]!.balance >= x.balance),
    ).toBe(true);

    const tooMuch = await adminReq('POST', `/admin/rewards/${c.user.id}/adjust`, { points: -80, reason: 'Correction' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      message: `${c.user.name} has 75 points; you can take away at most 75.`,
    });
    const taken = await adminReq('POST', `/admin/rewards/${c.user.id}/adjust`, { points: -25, reason: 'Correction' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ balance: 50, totalCount: 2 });
    expect(taken.json().entries[0]).toMatchObject({ kind: 'adjust', points: -25, note: 'Correction', label: 'Adjusted by Hydro Shakes' });

    const ledger = await adminReq('GET', `/admin/rewards/${c.user.id}`);
    expect(ledger.json()).toMatchObject({ customer: { email: c.user.email }, balance: 50, totalCount: 2 });
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'rewards.adjust')
      .where('entity_id', '=', c.user.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.actor_email, (a.before as { balance: number }).balance, (a.after as { balance: number }).balance])).toEqual([
      [shop.admin.user.email, 0, 75],
      [shop.admin.user.email, 75, 50],
    ]);
    const detail = await adminReq('GET', `/admin/customers/${c.user.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const section = detail.json().sections.find((s: { key: string }) => s.key === 'points');
    expect(section.rows[0]).toMatchObject({ label: 'Balance', value: '50 points', href: `/admin/user-rewards?user=${c.user.id}` });
  });

  it('refuses bad adjustments with field messages, unknown customers with 404, customers with 403', async () => {
    const c = await customer(t);
    const zero = await adminReq('POST', `/admin/rewards/${c.user.id}/adjust`, { points: 0, reason: 'Nothing' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/other than 0/);
    const noReason = await adminReq('POST', `/admin/rewards/${c.user.id}/adjust`, { points: 5, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Say why/);
    const fraction = await adminReq('POST', `/admin/rewards/${c.user.id}/adjust`, { points: 1.5, reason: 'Half' });
    expect(fraction.json().message).toMatch(/Use whole points/);
    const unknown = await adminReq('POST', `/admin/rewards/${crypto.randomUUID()}/adjust`, { points: 5, reason: 'Gift' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('That customer was not found.');
    const asCustomer = await adminReq('POST', `/admin/rewards/${c.user.id}/adjust`, { points: 5, reason: 'Gift' }, c.auth);
    expect(asCustomer.statusCode).toBe(403);
    expect((await rewardsOf(c)).balance).toBe(0);
  });

  it('keeps the ledger append-only in the database', async () => {
    const c = await customer(t);
    await grant(c, 10);
    await expect(sql`update reward_ledger set points = 1000 where user_id = ${c.user.id}::uuid`.execute(t.deps.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`update reward_balances set balance = -1 where user_id = ${c.user.id}::uuid`.execute(t.deps.db)).rejects.toThrow(
      /check/i,
    );
  });
});

describe.skipIf(!onPostgres)('under concurrency (PostgreSQL, real parallel requests)', () => {
  it('100 points, 20 concurrent placements redeeming 100: exactly one order, balance 0', { timeout: 60_000 }, async () => {
    const c = await customer(t);
    await grant(c, 100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => place(t, c, orderBody(shop, c, { ...shop.nextPlace(), lines: lines(twoProtein), pointsToRedeem: 100 }))),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('INSUFFICIENT_POINTS');
      expect(r.json().message).toMatch(
        /^(Your points balance changed: you have 0 points now, not the 100 this order uses\. Please review your order\.|You have 0 points; you can redeem them once you have 50\.)$/,
      );
    }
    const mine = await rewardsOf(c);
    expect(mine.balance).toBe(0);
    expect(mine.entries.filter((e) => e.kind === 'redeem')).toHaveLength(1);
    const orders = await t.deps.db.selectFrom('orders').select(['points_redeemed']).where('user_id', '=', c.user.id).execute();
    expect(orders).toEqual([{ points_redeemed: 100 }]);
    await expectLedgerMatchesBalances();
    await expectInvariants(t.deps.db);
  });
});
