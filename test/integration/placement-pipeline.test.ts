import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { customer, expectInvariants, loadShop, type Customer, type Shop } from './orders-fixtures';
import { placeOrder } from '../../server/domains/orders/orders.service';
import { PLACEMENT_STEP_NAMES, releasePlacement, type PlacementStepName } from '../../server/domains/orders/place-order';
import { PlaceOrderInputSchema } from '../../shared/schemas/orders';
import { addDays, istToday } from '../../shared/rules/slots';
import { withTransactionRetry } from '../../server/lib/transaction-retry';

/**
 * Issue 27: placing is a list of steps, and the undo is the same steps' release.
 * - A fault right after any step (a thrown error, or the connection killed under the transaction),
 *   over random carts (coupon, points, free unit, COD, online and wallet), leaves nothing written: every
 *   counter, ledger, outbox and cart as before, and QUALITY.md's invariants hold (SQL).
 * - Release after apply, twice, and without apply leave every counter and ledger as before the order.
 * On PostgreSQL and PGlite alike (the killed connection on PostgreSQL only).
 */
let t: TestApp;
let shop: Shop;
let plain: Customer;
let subscriber: Customer;
let places: { slotId: string; date: string }[] = [];
let turn = 0;
const COUPON = 'PIPELINE10';

beforeAll(async () => {
  t = await createTestApp();
  shop = await loadShop(t);
  [plain, subscriber] = [await customer(t), await customer(t)];
  const admin = await customer(t, { role: 'admin' });
  const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });
  for (const c of [plain, subscriber]) {
    const r = await t.request({
      method: 'POST',
      url: `/api/admin/rewards/${c.user.id}/adjust`,
      headers: json(admin.auth),
      payload: JSON.stringify({ points: 5000, reason: 'Pipeline test points' }),
    });
    expect(r.statusCode, r.body).toBe(200);
    const w = await t.request({
      method: 'POST',
      url: `/api/admin/wallets/${c.user.id}/adjust`,
      headers: json(admin.auth),
      payload: JSON.stringify({ amount: 1_000_000, reason: 'Pipeline test wallet' }),
    });
    expect(w.statusCode, w.body).toBe(200);
  }
  await subscribe(subscriber);
  await t.deps.db
    .insertInto('coupons')
    .values({ code: COUPON, kind: 'percent', value: 10, usage_limit: 10_000, description: 'Pipeline test' })
    .execute();
  const slots = await t.deps.db
    .selectFrom('delivery_slots')
    .select('id')
    .where('plan_type', '=', 'all')
    .where('active', '=', true)
    .execute();
  places = [1, 2, 3, 4, 5].flatMap((d) => slots.map((s) => ({ slotId: s.id, date: addDays(istToday(new Date()), d) })));
});
afterAll(async () => {
  await t?.close();
});

async function subscribe(c: Customer): Promise<void> {
  const headers = { authorization: c.auth, 'content-type': 'application/json' };
  const plans = (await t.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans as { id: string; name: string }[];
  const created = await t.request({
    method: 'POST',
    url: '/api/subscription-payment/create',
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    payload: JSON.stringify({ planId: plans.find((p) => p.name === 'Vitality Monthly')!.id }),
  });
  expect(created.statusCode, created.body).toBe(200);
  const paid = await t.request({
    method: 'POST',
    url: '/api/subscription-payment/test/complete',
    headers,
    payload: JSON.stringify({ gatewayOrderId: created.json().payment.gatewayOrderId, outcome: 'success' }),
  });
  expect(paid.json().paid, paid.body).toBe(true);
}

/** Everything placement writes or counts, read in one statement. */
async function state() {
  const r = await sql<Record<string, number>>`select
    (select count(*) from orders)::int as orders,
    (select count(*) from order_lines)::int as order_lines,
    (select count(*) from order_events)::int as order_events,
    (select count(*) from mail_outbox)::int as mails,
    (select coalesce(sum(booked), 0) from slot_bookings)::int as booked,
    (select count(*) from slot_holds)::int as holds,
    (select coalesce(sum(uses), 0) from coupons)::int as coupon_uses,
    (select count(*) from coupon_uses where released_at is null)::int as coupon_use_rows,
    (select coalesce(sum(balance), 0) from reward_balances)::int as points_balance,
    (select count(*) from reward_ledger)::int as ledger_rows,
    (select coalesce(sum(free_units_used), 0) from subscription_periods)::int as free_units_used,
    (select count(*) from subscription_free_units)::int as free_unit_rows,
    (select count(*) from user_cart_lines)::int as cart_lines,
    (select coalesce(sum(version), 0) from user_carts)::int as cart_versions,
    (select coalesce(sum(balance_paise), 0) from wallet_balances)::int as wallet_balance,
    (select count(*) from wallet_ledger)::int as wallet_rows,
    (select coalesce(sum(reserved), 0) from stock_levels)::int as stock_reserved,
    (select count(*) from stock_reservations)::int as stock_rows`.execute(t.deps.db);
  return r.rows[0]!;
}

/** The counters an order takes from (its own rows aside): what release must give back. */
const counters = (s: Record<string, number>) => ({
  booked: s.booked,
  holds: s.holds,
  coupon_uses: s.coupon_uses,
  coupon_use_rows: s.coupon_use_rows,
  points_balance: s.points_balance,
  free_units_used: s.free_units_used,
  free_unit_rows: s.free_unit_rows,
  wallet_balance: s.wallet_balance,
  wallet_rows: s.wallet_rows,
  stock_reserved: s.stock_reserved,
  stock_rows: s.stock_rows,
});

/** QUALITY.md beyond orders and payments: points balance = ledger ≥ 0; free units used = rows ≤ allowance, ≤ 1 per order; coupon uses ≤ limit. */
async function expectLedgerInvariants(): Promise<void> {
  await expectInvariants(t.deps.db);
  const bad = await sql<{ what: string; n: number }>`
    select 'points' as what, count(*)::int as n from reward_balances b
      where b.balance < 0 or b.balance <> coalesce((select sum(points) from reward_ledger l where l.user_id = b.user_id), 0)
    union all select 'free units', count(*)::int from subscription_periods p
      where p.free_units_used > p.free_units_allowed
         or p.free_units_used <> (select count(*) from subscription_free_units f where f.period_id = p.id)
    union all select 'coupons', count(*)::int from coupons c
      where c.uses > coalesce(c.usage_limit, c.uses)
         or c.uses <> (select count(*) from coupon_uses u where u.coupon_id = c.id and u.released_at is null)
    union all select 'holds', count(*)::int from slot_bookings b
      where b.booked <> (select count(*) from slot_holds h where h.slot_id = b.slot_id and h.date = b.date)`.execute(t.deps.db);
  expect(bad.rows).toEqual([
    { what: 'points', n: 0 },
    { what: 'free units', n: 0 },
    { what: 'coupons', n: 0 },
    { what: 'holds', n: 0 },
  ]);
}

interface Cart {
  who: 'plain' | 'subscriber';
  qty: number;
  coupon: boolean;
  points: boolean;
  pay: 'cod' | 'razorpay' | 'wallet';
}

/** The placing input for a cart, with the most points the quote allows when it spends points. */
async function inputFor(c: Customer, cart: Cart) {
  const lines = [{ id: shop.shakes[0]!.id, type: 'signature' as const, quantity: cart.qty }];
  const couponCode = cart.coupon ? COUPON : undefined;
  let pointsToRedeem: number | undefined;
  if (cart.points) {
    const q = await t.request({
      method: 'POST',
      url: '/api/cart/quote',
      headers: { authorization: c.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ lines, couponCode }),
    });
    pointsToRedeem = q.json().points.maxRedeemable || undefined;
  }
  const place = places[turn++ % places.length]!;
  // The lines are in the server cart too: placing takes them out, a fault must leave them.
  await t.request({
    method: 'PUT',
    url: '/api/user/cart',
    headers: { authorization: c.auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ lines }),
  });
  return PlaceOrderInputSchema.parse({
    lines,
    addressId: c.addressId,
    ...place,
    paymentMethod: cart.pay,
    couponCode,
    pointsToRedeem,
  });
}

// The pipeline's own list: a step added to placement is faulted here without touching this test.
const STEP_NAMES = [...PLACEMENT_STEP_NAMES];
const cartArb: fc.Arbitrary<Cart> = fc.record({
  who: fc.constantFrom('plain' as const, 'subscriber' as const),
  // Two at least: one is a subscriber's free unit, and an order of ₹0 is refused for COD and online alike.
  qty: fc.integer({ min: 2, max: 3 }),
  coupon: fc.boolean(),
  points: fc.boolean(),
  pay: fc.constantFrom('cod' as const, 'razorpay' as const, 'wallet' as const),
});

describe('placement: a fault right after any step writes nothing', () => {
  it('random carts × random fault points (thrown error or killed connection)', { timeout: 60_000 }, async () => {
    let kills = 0;
    const faulted = new Set<PlacementStepName>();
    await fc.assert(
      fc.asyncProperty(cartArb, fc.constantFrom(...STEP_NAMES), fc.integer({ min: 0, max: 4 }), async (cart, faultAt, how) => {
        const c = cart.who === 'subscriber' ? subscriber : plain;
        const input = await inputFor(c, cart);
        const before = await state();
        const reached: PlacementStepName[] = [];
        // Killing the backend is a PostgreSQL fault: PGlite's one in-process connection has no backend to lose.
        const kill = how === 0 && t.dbh.kind === 'postgres';
        const placing = placeOrder(t.deps, c.user, input, crypto.randomUUID(), {
          afterStep: async (name, trx) => {
            reached.push(name);
            if (name !== faultAt) return;
            if (kill) {
              kills++;
              await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
            }
            throw new Error(`injected fault after ${name}`);
          },
        });
        await expect(placing).rejects.toThrow(kill ? /terminat|connection/i : `injected fault after ${faultAt}`);
        // The fault point was reached: every step before it applied (a cart the steps refuse would prove nothing).
        expect(reached.at(-1)).toBe(faultAt);
        faulted.add(faultAt);
        expect(await state()).toEqual(before);
      }),
      { numRuns: t.dbh.kind === 'postgres' ? 40 : 25, seed: 2027, endOnFailure: true },
    );
    expect([...faulted].sort()).toEqual([...STEP_NAMES].sort());
    if (t.dbh.kind === 'postgres') expect(kills).toBeGreaterThan(0);
    await expectLedgerInvariants();
  });
});

describe('placement: release after apply, twice, and without apply', () => {
  const release = (order: Parameters<typeof releasePlacement>[2]) =>
    withTransactionRetry(t.deps, (trx) => releasePlacement(t.deps, trx, order));

  it('gives back exactly what the order took — once — for COD, online and wallet orders with coupon, points and free unit', async () => {
    for (const pay of ['cod', 'razorpay', 'wallet'] as const) {
      const input = await inputFor(subscriber, { who: 'subscriber', qty: 2, coupon: true, points: true, pay });
      const before = await state();
      const placed = await placeOrder(t.deps, subscriber.user, input, crypto.randomUUID());
      const order = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', placed.order.id).executeTakeFirstOrThrow();
      expect(order.coupon_code).toBe(COUPON);
      expect(order.points_redeemed).toBeGreaterThan(0);
      expect(order.free_unit_discount_paise).toBeGreaterThan(0);
      const after = await state();
      // The order took one of each: a place, a coupon use, its points, a free unit, its stock, and its
      // total from the wallet when it pays by wallet.
      const took = await sql<{ reserved: number; rows: number }>`
        select coalesce(sum(qty), 0)::int as reserved, count(*)::int as rows from stock_reservations where order_id = ${order.id}`.execute(t.deps.db);
      expect(took.rows[0]!.rows).toBeGreaterThan(0);
      expect(counters(after)).toEqual({
        wallet_balance: before.wallet_balance - (pay === 'wallet' ? order.total_paise : 0),
        wallet_rows: before.wallet_rows + (pay === 'wallet' ? 1 : 0),
        stock_reserved: before.stock_reserved + took.rows[0]!.reserved,
        stock_rows: before.stock_rows + took.rows[0]!.rows,
        booked: before.booked + 1,
        holds: before.holds + 1,
        coupon_uses: before.coupon_uses + 1,
        coupon_use_rows: before.coupon_use_rows + 1,
        points_balance: before.points_balance - order.points_redeemed,
        free_units_used: before.free_units_used + 1,
        free_unit_rows: before.free_unit_rows + 1,
      });
      // Released, the wallet order's money comes back as a ledger row of its own (the charge stays on record).
      const back = (x: Record<string, number>) => ({ ...counters(x), wallet_rows: before.wallet_rows });
      await release(order);
      expect(back(await state())).toEqual(counters(before));
      await release(order);
      expect(back(await state())).toEqual(counters(before));
      // What the caller (cancel, expiry) does beside the release, so the order no longer counts as booked.
      await t.deps.db.updateTable('orders').set({ status: 'cancelled', cancel_reason: 'admin' }).where('id', '=', order.id).execute();
    }
    await expectLedgerInvariants();
  });

  it('gives back nothing for an order that took nothing, whatever its row claims', async () => {
    const before = await state();
    await release({
      id: crypto.randomUUID(),
      user_id: subscriber.user.id,
      slot_id: shop.slotId,
      slot_date: shop.date,
      plan_type: 'one_time',
      coupon_code: COUPON,
      points_redeemed: 100,
      points_to_earn: 10,
      free_unit_discount_paise: 25_000,
    });
    expect(await state()).toEqual(before);
  });
});
