import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createInstances, type Instances } from '../helpers/instances';
import { customers, expectInvariants, loadShop, type Shop } from './orders-fixtures';
import { creditWallets, insertSchedules, newSlot } from './schedules-fixtures';
import { runCutoff } from '../../server/domains/schedules/schedules.cutoff';

/**
 * Two app instances (own pools) run the cut-off job at the same moment over 1,000 schedules
 * (decision 177): 1,000 orders, no (schedule, date) twice, no slot past its capacity — the unique
 * key decides, not luck.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
let now = new Date('2026-12-01T10:00:00+05:30');
const clock = { now: () => now };

describe.skipIf(!onPostgres)('the cut-off on two instances', () => {
  let x: Instances;
  let shop: Shop;
  beforeAll(async () => {
    x = await createInstances({ clock });
    shop = await loadShop(x.t);
  }, 60_000);
  afterAll(async () => {
    await x?.close();
  });

  it('1,000 schedules → 1,000 orders, 0 duplicates, capacity never exceeded', { timeout: 120_000 }, async () => {
    const db = x.t.deps.db;
    const slots = [await newSlot(db, 400, '06:00', 90), await newSlot(db, 600, '07:00', 91)];
    const people = await customers(x.t, 1000);
    await creditWallets(
      db,
      people.map((p) => p.user.id),
      500_000,
    );
    await insertSchedules(
      db,
      people.map((p, i) => ({
        userId: p.user.id,
        addressId: p.addressId,
        slotId: i < 400 ? slots[0]! : slots[1]!,
        items: [{ id: shop.shakes[i % shop.shakes.length]!.id, type: 'signature', quantity: 1 }],
        startDate: '2026-12-02',
      })),
    );
    now = new Date('2026-12-01T21:01:00+05:30');
    const started = performance.now();
    const [a, b] = await Promise.all([runCutoff(x.a.deps), runCutoff(x.b.deps)]);
    const ms = performance.now() - started;
    console.log(`[cutoff×2] A placed ${a.placed}, B placed ${b.placed} in ${ms.toFixed(0)} ms; not placed ${a.notPlaced + b.notPlaced}`);
    const reasons = await sql<{ reason_code: string; reason: string; n: number }>`select reason_code, reason, count(*)::int as n from schedule_runs where outcome = 'not_placed' group by 1, 2`.execute(db);
    expect(reasons.rows).toEqual([]);
    expect(a.notPlaced + b.notPlaced).toBe(0);
    expect(a.placed + b.placed).toBe(1000);

    const { rows } = await sql<{ n: number; keys: number }>`
      select count(*)::int as n, count(distinct idempotency_key)::int as keys from orders
      where slot_date = '2026-12-02' and idempotency_key like 'schedule:%' and slot_id = any(${slots}::uuid[])`.execute(db);
    expect(rows[0]).toEqual({ n: 1000, keys: 1000 });
    const booked = await db.selectFrom('slot_bookings').select(['slot_id', 'booked', 'capacity']).where('slot_id', 'in', slots).execute();
    for (const bk of booked) expect(bk.booked).toBeLessThanOrEqual(bk.capacity);
    expect(booked.reduce((n, bk) => n + bk.booked, 0)).toBe(1000);
    const runs = await db.selectFrom('schedule_runs').select(({ fn }) => fn.countAll<number>().as('n')).where('date', '=', '2026-12-02').executeTakeFirstOrThrow();
    expect(Number(runs.n)).toBe(1000);
    // Once more on both: nothing new.
    const again = await Promise.all([runCutoff(x.a.deps), runCutoff(x.b.deps)]);
    expect(again.map((r) => r.placed + r.notPlaced)).toEqual([0, 0]);
    await expectInvariants(db);
  });
});
