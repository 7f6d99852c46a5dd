import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createInstances, type Instances } from '../helpers/instances';
import { customers, expectInvariants, loadShop, type Customer, type Shop } from './orders-fixtures';
import { creditWallets, insertSchedules, newSlot } from './schedules-fixtures';
import { runCutoff } from '../../server/domains/schedules/schedules.cutoff';
import * as kitchen from '../../server/domains/kitchen/kitchen.service';
import { standingCutoffInstant, weekdayOf } from '../../shared/rules/schedules';
import { addDays } from '../../shared/rules/slots';

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

  /**
   * Decision 202: a schedule-level change after a date's cut-off applies from the first open date; the
   * fixed day keeps what it was fixed as. Each change (items 2 → 5 bottles, slot, address, days, pause,
   * end, delete; REST on A or tRPC on B over real ports, each door every other time) is fired 1.5 s
   * and 0.5 s before the cut-off, 0.5 s and 1.5 s after it, and a minute after it at the same moment as
   * the job on both instances:
   * the kitchen's count for the fixed day, read at the cut-off, never moves, and each fixed day's order
   * is what the schedule said at the cut-off.
   */
  it('a schedule change around the cut-off never moves the fixed day', { timeout: 120_000 }, async () => {
    const db = x.t.deps.db;
    // The kitchen counts every schedule of a date: the earlier test's end.
    await db.updateTable('schedules').set({ status: 'ended' }).execute();
    const [slotA, slotB] = [await newSlot(db, 100, '08:00', 92), await newSlot(db, 100, '09:00', 93)];
    const [baseA, baseB] = [await x.a.listen(), await x.b.listen()];
    const kinds = ['items', 'slot', 'address', 'days', 'pause', 'end', 'delete'] as const;
    type Kind = (typeof kinds)[number];
    const shake = shop.shakes[0]!.id;
    const bottles = async (date: string) => {
      const k = await kitchen.day(x.a.deps, { date });
      return k.day.bottles + k.day.forecastBottles;
    };
    const headers = (c: Customer, base: string) => ({
      authorization: c.auth,
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
      origin: x.t.deps.config.PUBLIC_URL,
      connection: 'keep-alive',
      referer: base,
    });
    /** The change of `kind`, REST on A or tRPC on B; answers the date it applies from. */
    async function change(kind: Kind, c: Customer, id: string, date: string, otherAddress: string, rest: boolean): Promise<string> {
      const patch: Record<string, unknown> =
        kind === 'items'
          ? { items: [{ id: shake, type: 'signature', quantity: 5 }] }
          : kind === 'slot'
            ? { slotId: slotB }
            : kind === 'address'
              ? { addressId: otherAddress }
              : kind === 'days'
                ? { days: 'chosen', weekdays: [(weekdayOf(date) + 1) % 7] }
                : kind === 'pause'
                  ? { status: 'paused' }
                  : kind === 'end'
                    ? { status: 'ended' }
                    : {};
      const del = kind === 'delete';
      const res = rest
        ? await fetch(`${baseA}/api/user/schedules/${id}`, {
            method: del ? 'DELETE' : 'PATCH',
            headers: headers(c, baseA),
            ...(del ? {} : { body: JSON.stringify(patch) }),
          })
        : await fetch(`${baseB}/trpc/schedules.${del ? 'remove' : 'update'}`, {
            method: 'POST',
            headers: headers(c, baseB),
            body: JSON.stringify({ id, ...patch }),
          });
      const body = (await res.json()) as { effectiveFrom?: string; result?: { data: { effectiveFrom: string } } };
      expect(res.status, `${kind}: ${JSON.stringify(body)}`).toBe(200);
      return (rest ? body.effectiveFrom : body.result?.data.effectiveFrom) ?? 'none';
    }

    const offsets = [-1500, -500, 500, 1500, 61_000];
    let date = '2026-12-10';
    for (const [n, offset] of offsets.entries()) {
      date = addDays(date, 2);
      const cutoff = standingCutoffInstant(date);
      now = new Date(cutoff.getTime() - 3_600_000);
      const people = await customers(x.t, kinds.length);
      await creditWallets(db, people.map((p) => p.user.id), 500_000);
      const { rows: others } = await sql<{ id: string }>`insert into addresses (user_id, name, phone, line1, city, state, pincode, is_default)
        select user_id, 'Office', phone, '3rd floor, 80 Feet Road', city, state, pincode, false from addresses
        where id = any(${people.map((p) => p.addressId)}::uuid[]) order by array_position(${people.map((p) => p.addressId)}::uuid[], id) returning id`.execute(db);
      const ids = await insertSchedules(
        db,
        people.map((p) => ({ userId: p.user.id, addressId: p.addressId, slotId: slotA, items: [{ id: shake, type: 'signature', quantity: 2 }], startDate: date, endDate: date })),
      );
      const fire = async () => {
        for (const p of people) p.auth = await x.t.bearer(p.user);
        return Promise.all(kinds.map((k, i) => change(k, people[i]!, ids[i]!, date, others[i]!.id, (i + n) % 2 === 0)));
      };
      const jobs = () => Promise.all([runCutoff(x.a.deps), runCutoff(x.b.deps)]);
      let atCutoff: number;
      if (offset < 0) {
        now = new Date(cutoff.getTime() + offset);
        expect(await fire()).toEqual(kinds.map(() => date));
        now = cutoff;
        atCutoff = await bottles(date);
        expect(atCutoff).toBe(5 + 2 + 2); // items 2 → 5; slot and address still deliver; days, pause, end, delete take the day off
      } else {
        now = cutoff;
        atCutoff = await bottles(date);
        expect(atCutoff).toBe(2 * kinds.length);
        now = new Date(cutoff.getTime() + offset);
        const [answers] = await Promise.all([fire(), ...(offset > 60_000 ? [jobs()] : [])]);
        expect(answers, `${offset} ms after the cut-off`).toEqual(kinds.map(() => addDays(date, 1)));
        expect(await bottles(date), `${offset} ms after the cut-off`).toBe(atCutoff);
        // The customer's calendar shows the fixed day as it will come: 2 bottles, also when paused.
        for (const k of offset < 60_000 ? (['items', 'pause'] as const) : []) {
          const c = people[kinds.indexOf(k)]!;
          const res = await fetch(`${baseA}/api/user/deliveries?from=${date}&days=1`, { headers: headers(c, baseA) });
          const cal = (await res.json()) as { schedules: { id: string; items: { quantity: number }[] }[]; days: { entries: { scheduleId: string; state: string; items?: { quantity: number }[] }[] }[] };
          const e = cal.days[0]!.entries.find((x) => x.scheduleId === ids[kinds.indexOf(k)]);
          const items = e?.items ?? cal.schedules.find((x) => x.id === e?.scheduleId)?.items;
          expect({ k, state: e?.state, quantity: items?.[0]?.quantity }).toEqual({ k, state: 'fixed', quantity: 2 });
        }
      }
      now = new Date(cutoff.getTime() + 61_000);
      await jobs();
      await jobs();
      expect(await bottles(date), `${offset} ms: after the job`).toBe(atCutoff);
      const placed = await db
        .selectFrom('orders')
        .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .select(['orders.user_id', 'orders.slot_id', 'orders.address_id', 'order_lines.quantity'])
        .where('orders.slot_date', '=', date)
        .where('orders.user_id', 'in', people.map((p) => p.user.id))
        .execute();
      const got = Object.fromEntries(placed.map((o) => [kinds[people.findIndex((p) => p.user.id === o.user_id)]!, o]));
      if (offset < 0) {
        expect(Object.keys(got).sort(), 'changed before the cut-off').toEqual(['address', 'items', 'slot']);
        expect(got.items!.quantity).toBe(5);
        expect(got.slot!.slot_id).toBe(slotB);
      } else {
        expect(Object.keys(got).sort(), `${offset} ms after the cut-off`).toEqual([...kinds].sort());
        for (const [k, o] of Object.entries(got)) {
          expect({ k, quantity: o.quantity, slot: o.slot_id }).toEqual({ k, quantity: 2, slot: slotA });
          expect(o.address_id).toBe(people[kinds.indexOf(k as Kind)]!.addressId);
        }
      }
      const pending = await db.selectFrom('schedule_runs').select('schedule_id').where('date', '=', date).where('outcome', '=', 'pending').execute();
      expect(pending).toEqual([]);
    }
    await expectInvariants(db);
  });
});

/**
 * Decision 203: every claimed day ends placed, or not placed with its reason and the customer told,
 * whatever happens to one placement. Faults are injected at the database (a trigger on the order's
 * insert raising the SQLSTATE PostgreSQL would: lock timeout, statement timeout, serialization failure;
 * a trigger failing the record of placed days, as an instance dying between the order and its record)
 * and by the cut-off's own hook (instance B stops right after its first claim). Both instances run the
 * job every minute of the evening, one run each at the same moment.
 */
describe.skipIf(!onPostgres)('the cut-off under faults on two instances', () => {
  let x: Instances;
  let shop: Shop;
  beforeAll(async () => {
    now = new Date('2026-12-20T10:00:00+05:30');
    x = await createInstances({ clock });
    shop = await loadShop(x.t);
  }, 60_000);
  afterAll(async () => {
    await x?.close();
  });

  it('no day is lost: placed once, or not placed with its reason and one message', { timeout: 120_000 }, async () => {
    const db = x.t.deps.db;
    const slot = await newSlot(db, 200, '06:00', 95);
    const people = await customers(x.t, 60);
    await creditWallets(db, people.map((p) => p.user.id), 500_000);
    const ids = await insertSchedules(
      db,
      people.map((p, i) => ({ userId: p.user.id, addressId: p.addressId, slotId: slot, items: [{ id: shop.shakes[i % shop.shakes.length]!.id, type: 'signature', quantity: 1 }], startDate: '2026-12-21' })),
    );
    // Groups of six: lock timeout all evening, statement timeout and serialization failure for the first
    // two runs, the record of placed days failing in the first run.
    const group = (g: number) => people.slice(g * 6, g * 6 + 6).map((p) => p.user.id);
    const [lockedAllEvening, slowTwice, serialTwice, recordLost] = [group(0), group(1), group(2), group(3)];
    await sql`create table test_faults (user_id uuid, code text, what text)`.execute(db);
    await sql`create function test_fault_order() returns trigger language plpgsql as $$
      declare c text; begin
        select code into c from test_faults where user_id = new.user_id and what = 'order';
        if c is not null then raise exception 'injected fault %', c using errcode = c; end if;
        return new; end $$`.execute(db);
    await sql`create trigger test_fault_order before insert on orders for each row execute function test_fault_order()`.execute(db);
    await sql`create function test_fault_record() returns trigger language plpgsql as $$
      begin
        if new.outcome = 'placed' and exists (select 1 from test_faults where user_id = new.user_id and what = 'record') then
          raise exception 'injected fault: the instance died before the record' using errcode = '57P01';
        end if;
        return new; end $$`.execute(db);
    await sql`create trigger test_fault_record before update on schedule_runs for each row execute function test_fault_record()`.execute(db);
    const fault = (users: string[], code: string, what: 'order' | 'record') =>
      sql`insert into test_faults select u, ${code}, ${what} from unnest(${users}::uuid[]) u`.execute(db);
    await fault(lockedAllEvening, '55P03', 'order');
    await fault(slowTwice, '57014', 'order');
    await fault(serialTwice, '40001', 'order');
    await fault(recordLost, '', 'record');

    const cutoff = new Date('2026-12-20T21:01:00+05:30').getTime();
    // Instance B runs first and stops right after its claim: every day stays pending until the claims'
    // ten-minute lease ends; then both instances take them over, meeting the faults.
    now = new Date(cutoff);
    let stopped = false;
    const crash = {
      afterClaim: async (_date: string, claimed: number) => {
        stopped = claimed === ids.length;
        throw new Error('instance B stopped');
      },
    };
    await expect(runCutoff(x.b.deps, { faults: crash })).rejects.toThrow('instance B stopped');
    // Every minute for twenty-two minutes, both instances at once; a run a fault breaks is the job's next tick's.
    for (let minute = 0; minute < 22; minute++) {
      now = new Date(cutoff + minute * 61_000);
      await Promise.allSettled([runCutoff(x.a.deps), runCutoff(x.b.deps)]);
      if (minute === 10) await sql`delete from test_faults where what = 'record'`.execute(db);
      if (minute === 11) await sql`delete from test_faults where code in ('57014', '40001')`.execute(db);
    }
    expect(stopped).toBe(true);

    const runs = await db.selectFrom('schedule_runs').select(['schedule_id', 'user_id', 'outcome', 'reason_code', 'reason', 'order_id']).where('date', '=', '2026-12-21').execute();
    const orders = await db.selectFrom('orders').select(['id', 'user_id', 'idempotency_key']).where('slot_date', '=', '2026-12-21').execute();
    const mails = await db.selectFrom('mail_outbox').select('to_email').where('template', '=', 'delivery-not-placed').execute();
    const byUser = new Map(runs.map((r) => [r.user_id, r]));
    // Every schedule's day is settled: none pending, none missing.
    expect(runs.filter((r) => r.outcome === 'pending')).toEqual([]);
    expect(runs.length).toBe(ids.length);
    // One order per schedule and date, its run pointing at it.
    expect(new Set(orders.map((o) => o.idempotency_key)).size).toBe(orders.length);
    const placed = runs.filter((r) => r.outcome === 'placed');
    expect(placed.length).toBe(orders.length);
    for (const r of placed) expect(orders.find((o) => o.id === r.order_id)?.user_id).toBe(r.user_id);
    // The lock held all evening: not placed, with the reason, each customer told once, nothing charged.
    const notPlaced = runs.filter((r) => r.outcome === 'not_placed');
    expect(notPlaced.map((r) => r.user_id).sort()).toEqual([...lockedAllEvening].sort());
    for (const r of notPlaced) expect(r).toMatchObject({ reason_code: 'UNAVAILABLE', reason: expect.stringMatching(/You were not charged/) });
    const emails = new Set(people.filter((p) => lockedAllEvening.includes(p.user.id)).map((p) => p.user.email));
    expect(mails.filter((m) => emails.has(m.to_email)).length).toBe(lockedAllEvening.length);
    expect(mails.length).toBe(lockedAllEvening.length);
    for (const u of [...slowTwice, ...serialTwice, ...recordLost]) expect(byUser.get(u)?.outcome, u).toBe('placed');
    const balances = await db.selectFrom('wallet_balances').select(['user_id', 'balance_paise']).where('user_id', 'in', lockedAllEvening).execute();
    for (const b of balances) expect(b.balance_paise).toBe(500_000);
    await sql`drop trigger test_fault_order on orders; drop trigger test_fault_record on schedule_runs`.execute(db);
    await expectInvariants(db);
  });
});
