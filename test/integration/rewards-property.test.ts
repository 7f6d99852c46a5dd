import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { customer, expectInvariants, orderBody, place, type Customer, loadStaffedShop, type StaffedShop } from './orders-fixtures';
import { balancesAgainstLedger } from '../../server/domains/rewards/rewards.repository';

/**
 * Property (issue 11): whatever mix of orders (with and without points, COD and online), payments,
 * deliveries, cancels and partial refunds — several at once — every customer's points balance is
 * the sum of their ledger and never negative, no (order, reason) appears twice, and no order earns
 * more than it was placed to earn. Fixed seed, so a failure replays.
 */
let t: TestApp;
let shop: StaffedShop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await loadStaffedShop(t);
});
afterAll(async () => {
  await t?.close();
});

const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });
const post = (auth: string, url: string, body: unknown) =>
  t.request({ method: 'POST', url, headers: json(auth), payload: JSON.stringify(body) });

type Op =
  | { kind: 'place'; who: number; qty: number; online: boolean; usePoints: boolean }
  | { kind: 'pay'; pick: number }
  | { kind: 'deliver'; pick: number }
  | { kind: 'cancel'; pick: number; byAdmin: boolean }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'adjust'; who: number; points: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      who: fc.nat(2),
      qty: fc.integer({ min: 1, max: 4 }),
      online: fc.boolean(),
      usePoints: fc.integer({ min: 0, max: 2 }).map((n) => n > 0),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), byAdmin: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      who: fc.nat(2),
      points: fc.integer({ min: -80, max: 150 }).filter((n) => n !== 0),
    }),
  },
);

describe('reward points under a random mix of orders, cancels and refunds', () => {
  it('keeps ledger sum = balance ≥ 0 for every customer', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 3, maxLength: 7 }), async (batches) => {
        const people = await Promise.all([0, 1, 2].map(() => customer(t)));
        // Each starts with some points, so orders can spend them from the first batch.
        for (const c of people)
          await post(shop.admin.auth, `/api/admin/rewards/${c.user.id}/adjust`, { points: 120, reason: 'Starting points' });
        const placed: { id: string; c: Customer; online: boolean; total: number; paid?: boolean }[] = [];
        const run = async (op: Op): Promise<number> => {
          if (op.kind === 'place') {
            const c = people[op.who]!;
            const line = [{ id: shop.shakes[op.qty % shop.shakes.length]!.id, type: 'signature', quantity: op.qty }];
            let points = 0;
            if (op.usePoints) {
              const q = await post(c.auth, '/api/cart/quote', { lines: line });
              points = q.json().points.maxRedeemable;
            }
            const r = await place(
              t,
              c,
              orderBody(shop, c, {
                ...shop.nextPlace(),
                lines: line,
                paymentMethod: op.online ? 'razorpay' : 'cod',
                ...(points ? { pointsToRedeem: points } : {}),
              }),
            );
            if (r.statusCode === 200) placed.push({ id: r.json().order.id, c, online: op.online, total: r.json().order.breakdown.total });
            return r.statusCode;
          }
          if (op.kind === 'adjust') {
            return (
              await post(shop.admin.auth, `/api/admin/rewards/${people[op.who]!.user.id}/adjust`, {
                points: op.points,
                reason: 'Property test',
              })
            ).statusCode;
          }
          if (!placed.length) return 200;
          const o = placed[op.pick % placed.length]!;
          if (op.kind === 'pay') {
            if (!o.online) return 200;
            const code = (await post(o.c.auth, '/api/payment/test/complete', { orderId: o.id, outcome: 'success' })).statusCode;
            if (code === 200) o.paid = true;
            return code;
          }
          // The customer's cancel is of an order they have (COD, or paid): an unpaid online order they may
          // also give up (issue 20, item 9), but then most orders never live to be paid and refunded, and the
          // mix stops reaching reversals. The admin's cancel still takes unpaid orders (give-backs).
          if (op.kind === 'cancel' && !op.byAdmin && o.online && !o.paid) return 200;
          if (op.kind === 'cancel')
            return op.byAdmin
              ? (await post(shop.admin.auth, `/api/admin/orders/${o.id}/cancel`, { reason: 'Property test' })).statusCode
              : (await post(o.c.auth, `/api/orders/${o.id}/cancel`, {})).statusCode;
          if (op.kind === 'refund') {
            const amount = Math.max(100, Math.floor((o.total * op.share) / 100));
            return (
              await post(shop.admin.auth, `/api/admin/orders/${o.id}/refund`, {
                amount,
                reason: 'Property test',
                idempotencyKey: crypto.randomUUID(),
              })
            ).statusCode;
          }
          // deliver: walk the order along as far as it goes
          let last = 200;
          for (const status of ['preparing', 'out_for_delivery', 'delivered'])
            last = (await post(shop.admin.auth, `/api/admin/orders/${o.id}/status`, { status, confirm: true })).statusCode;
          return last;
        };
        for (const batch of batches) {
          const codes = await Promise.all(batch.map(run));
          // Refusals are fine (409 stale state, 400 too-small refund…); a 5xx never is.
          for (const code of codes) expect(code).toBeLessThan(500);
        }
        for (const r of await balancesAgainstLedger(t.deps.db)) {
          expect(r.balance, `customer ${r.user_id}`).toBe(r.ledger_sum);
          expect(r.balance).toBeGreaterThanOrEqual(0);
        }
        const overEarned = await sql<{ n: number }>`
          select count(*)::int as n from orders o
          where (select coalesce(sum(points), 0) from reward_ledger l where l.order_id = o.id and l.kind = 'earn') > o.points_to_earn
             or (select coalesce(-sum(points), 0) from reward_ledger l where l.order_id = o.id and l.kind = 'reverse')
                > (select coalesce(sum(points), 0) from reward_ledger l where l.order_id = o.id and l.kind = 'earn')`.execute(t.deps.db);
        expect(overEarned.rows[0]!.n).toBe(0);
      }),
      { seed: 20261125, numRuns: 15, endOnFailure: true },
    );
    // The mix really exercised every kind of ledger row (a property over nothing would prove nothing).
    const kinds = await sql<{
      kind: string;
      n: number;
    }>`select kind, count(*)::int as n from reward_ledger group by kind order by kind`.execute(t.deps.db);
    expect(kinds.rows.map((k) => k.kind)).toEqual(['adjust', 'earn', 'give_back', 'redeem', 'reverse']);
    expect(kinds.rows.every((k) => k.n >= 2)).toBe(true);
    await expectInvariants(t.deps.db);
  });
});
