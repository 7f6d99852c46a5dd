import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { createCustomers, createUser, insertOrder } from '../helpers/factories';
import { creditWallets, insertSchedules } from './schedules-fixtures';
import { addDays } from '../../shared/rules/slots';
import type { AuthUser } from '../../server/trpc/context';
import { countStock } from './orders-fixtures';
import { parseCsv } from '../helpers/csv';
import { pdfText } from '../helpers/pdf-text';
import { formatQuantity } from '../../shared/rules/stock';
import { formatDay } from '../../shared/rules/dates';

/**
 * The owner's morning (PRODUCT.md §23): a month of orders and standing deliveries seeded straight into
 * the database, and every figure of the dashboard's day and forecast computed again by the test's own SQL.
 */
const TODAY = '2026-12-10';
const now = new Date(`${TODAY}T09:00:00+05:30`);
const clock = { now: () => now };
const TOMORROW = addDays(TODAY, 1);

let t: TestApp;
let owner: AuthUser;
let auth: { authorization: string };
let slots: { id: string }[];
let shakes: { id: string; price: number }[];

/** A small deterministic generator: the same month every run. */
function rng(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  owner = await createUser(db, { role: 'admin', name: 'Neha Owner' });
  auth = { authorization: await t.bearer(owner) };
  slots = await db.selectFrom('delivery_slots').select('id').where('active', '=', true).orderBy('start_time').limit(2).execute();
  shakes = await db.selectFrom('signature_shakes').select(['id', 'price_paise as price']).where('active', '=', true).orderBy('sort_order').limit(4).execute();
  const people = await createCustomers(db, 12, 'morning');
  const riders = [await createUser(db, { role: 'rider', name: 'Arjun Rider' }), await createUser(db, { role: 'rider', name: 'Bala Rider' })];
  const r = rng(41);

  // Five weeks of one-off orders, some by cash on delivery, some cancelled, a few custom shakes.
  for (let back = 35; back >= 1; back--) {
    const date = addDays(TODAY, -back);
    for (const slot of slots) {
      for (let k = r(4); k > 0; k--) {
        const shake = shakes[r(shakes.length)]!;
        const status = (['delivered', 'delivered', 'delivered', 'cancelled'] as const)[r(4)]!;
        await insertOrder(db, {
          userId: people[r(people.length)]!.id,
          slotId: slot.id,
          slotDate: date,
          createdAt: new Date(`${addDays(date, -1)}T1${r(9)}:00:00+05:30`).toISOString(),
          status,
          paymentMethod: r(2) ? 'cod' : 'razorpay',
          lines: [
            { id: shake.id, type: 'signature', quantity: 1 + r(3), unitPrice: shake.price },
            ...(r(3) === 0 ? [{ id: `custom:${r(5)}`, type: 'custom' as const, quantity: 1, unitPrice: 30_000 + r(5) * 1_000 }] : []),
          ],
        });
      }
    }
  }
  // Orders the schedules placed in the past are standing deliveries, not one-off history.
  const [s0] = await insertSchedules(db, [
    { userId: people[11]!.id, addressId: people[11]!.addressId, slotId: slots[0]!.id, items: [{ id: shakes[0]!.id, type: 'signature', quantity: 5 }], startDate: addDays(TODAY, -40), endDate: addDays(TODAY, -1) },
  ]);
  for (let back = 7; back <= 28; back += 7) {
    await insertOrder(db, {
      userId: people[11]!.id,
      slotId: slots[0]!.id,
      slotDate: addDays(TOMORROW, -back),
      createdAt: new Date(`${addDays(TOMORROW, -back - 1)}T21:30:00+05:30`).toISOString(),
      status: 'delivered',
      paymentMethod: 'wallet',
      scheduleId: s0,
      lines: [{ id: shakes[0]!.id, type: 'signature', quantity: 5, unitPrice: shakes[0]!.price }],
    });
  }
  // Tomorrow: two one-off orders already booked in the first slot.
  for (const c of [people[0]!, people[1]!]) {
    await insertOrder(db, {
      userId: c.id,
      slotId: slots[0]!.id,
      slotDate: TOMORROW,
      createdAt: new Date(`${TODAY}T08:0${c === people[0] ? 1 : 2}:00+05:30`).toISOString(),
      status: 'confirmed',
      paymentMethod: 'razorpay',
      lines: [{ id: shakes[1]!.id, type: 'signature', quantity: 6, unitPrice: shakes[1]!.price }],
    });
  }
  // Today's run: Arjun delivered one (cash), has one out and one failed; Bala delivered one paid online and has one to go; one stop unassigned.
  const todays = [
    { rider: riders[0]!, method: 'cod', delivery: { delivered: true, cash: 0 }, status: 'delivered' },
    { rider: riders[0]!, method: 'cod', delivery: { pickedUp: true }, status: 'out_for_delivery' },
    { rider: riders[0]!, method: 'cod', delivery: { failed: true }, status: 'preparing' },
    { rider: riders[1]!, method: 'razorpay', delivery: { delivered: true }, status: 'delivered' },
    { rider: riders[1]!, method: 'cod', delivery: {}, status: 'preparing' },
    { rider: null, method: 'razorpay', delivery: null, status: 'confirmed' },
    { rider: riders[1]!, method: 'cod', delivery: {}, status: 'cancelled' },
  ] as const;
  for (const [i, o] of todays.entries()) {
    const shake = shakes[i % shakes.length]!;
    const id = await insertOrder(db, {
      userId: people[i]!.id,
      slotId: slots[i % 2]!.id,
      slotDate: TODAY,
      createdAt: new Date(`${TODAY}T06:0${i}:00+05:30`).toISOString(),
      status: o.status,
      paymentMethod: o.method,
      lines: [{ id: shake.id, type: 'signature', quantity: 2, unitPrice: shake.price }],
      ...(o.rider ? { delivery: { riderId: o.rider.id, ...o.delivery } } : {}),
    });
    // The delivered cash order: the rider records what the order came to.
    if (o.method === 'cod' && 'delivered' in o.delivery && o.delivery.delivered) {
      await db.updateTable('order_deliveries').set({ cash_collected_paise: shake.price * 2 }).where('order_id', '=', id).execute();
    }
  }

  // Standing deliveries: six active (one skips tomorrow, one is on vacation), one paused, one ended.
  const standing = people.slice(2, 10);
  const ids = await insertSchedules(
    db,
    standing.map((c, i) => ({
      userId: c.id,
      addressId: c.addressId,
      slotId: slots[i % 2]!.id,
      items: [{ id: shakes[i % shakes.length]!.id, type: 'signature' as const, quantity: 1 + (i % 3) }],
      startDate: addDays(TODAY, -20),
      endDate: i === 7 ? addDays(TODAY, -2) : null,
    })),
  );
  await db.updateTable('schedules').set({ status: 'paused' }).where('id', '=', ids[6]!).execute();
  await db.insertInto('schedule_days').values({ schedule_id: ids[4]!, date: TOMORROW, skipped: true }).execute();
  await db.insertInto('schedule_vacations').values({ user_id: standing[5]!.id, from_date: TOMORROW, to_date: addDays(TOMORROW, 3) }).execute();
  // Today's day of one schedule was refused at last night's cut-off.
  await db
    .insertInto('schedule_runs')
    .values({ schedule_id: ids[3]!, date: TODAY, user_id: standing[3]!.id, outcome: 'not_placed', reason_code: 'WALLET_SHORT', reason: 'Your wallet was ₹120 short.' })
    .execute();
  // Wallets: half of the standing customers hold enough; the others nothing.
  await creditWallets(db, standing.filter((_, i) => i % 2 === 0).map((c) => c.id), 1_000_000);
  await creditWallets(db, [people[0]!.id], 25_000);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.request({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

type Figures = { orders: number; bottles: number; revenue: number };

/** The test's own forecast of a date: standing by the schedules' tables, one-off by the weekly median. */
async function expectedForecast(date: string) {
  const { rows: standing } = await sql<{ slot_id: string } & Figures>`
    select sc.slot_id, count(distinct sc.id)::int as orders, sum((i->>'quantity')::int)::int as bottles,
      sum((i->>'quantity')::int * s.price_paise)::int as revenue
    from schedules sc
    cross join lateral jsonb_array_elements(sc.items::jsonb) i
    join signature_shakes s on s.id = (i->>'id')::uuid
    where sc.status = 'active' and sc.start_date <= ${date}::date and coalesce(sc.end_date, ${date}::date) >= ${date}::date
      and not exists (select 1 from schedule_days d where d.schedule_id = sc.id and d.date = ${date}::date and d.skipped)
      and not exists (select 1 from schedule_vacations v where v.user_id = sc.user_id and ${date}::date between v.from_date and v.to_date)
      and not exists (select 1 from schedule_runs r where r.schedule_id = sc.id and r.date = ${date}::date)
    group by sc.slot_id`.execute(t.deps.db);
  const { rows: oneOff } = await sql<{ slot_id: string } & Figures>`
    with weeks as (select (${date}::date - 7 * k) as d from generate_series(1, 4) k),
    per as (
      select sl.id as slot_id, w.d,
        count(o.id) as orders,
        coalesce(sum((select sum(quantity) from order_lines l where l.order_id = o.id)), 0) as bottles,
        coalesce(sum(o.total_paise), 0) as revenue
      from delivery_slots sl cross join weeks w
      left join orders o on o.slot_id = sl.id and o.slot_date = w.d and o.status not in ('cancelled', 'pending_payment')
        and o.idempotency_key not like 'schedule:%'
      where sl.active
      group by sl.id, w.d),
    booked as (
      select o.slot_id, count(*) as orders, sum((select sum(quantity) from order_lines l where l.order_id = o.id)) as bottles, sum(o.total_paise) as revenue
      from orders o where o.slot_date = ${date}::date and o.status not in ('cancelled', 'pending_payment') and o.idempotency_key not like 'schedule:%'
      group by o.slot_id)
    select per.slot_id,
      greatest(coalesce(max(b.orders), 0), round(percentile_cont(0.5) within group (order by per.orders)::numeric))::int as orders,
      greatest(coalesce(max(b.bottles), 0), round(percentile_cont(0.5) within group (order by per.bottles)::numeric))::int as bottles,
      greatest(coalesce(max(b.revenue), 0), round(percentile_cont(0.5) within group (order by per.revenue)::numeric))::int as revenue
    from per left join booked b on b.slot_id = per.slot_id
    group by per.slot_id`.execute(t.deps.db);
  return { standing: new Map(standing.map((r) => [r.slot_id, r])), oneOff: new Map(oneOff.map((r) => [r.slot_id, r])) };
}

const pick = (r: Figures | undefined): Figures => ({ orders: r?.orders ?? 0, bottles: r?.bottles ?? 0, revenue: r?.revenue ?? 0 });

describe("the owner's morning", () => {
  it("tomorrow's forecast per slot: standing deliveries plus the weekday's median of one-off orders", async () => {
    const day = await get('/api/admin/dashboard/day');
    expect(day.date).toBe(TODAY);
    expect(day.forecast.date).toBe(TOMORROW);
    expect(day.rule).toContain('median of the same weekday over the last 4 weeks');
    const want = await expectedForecast(TOMORROW);
    for (const s of day.forecast.slots) {
      expect(s.standing, `standing ${s.startTime}`).toEqual(pick(want.standing.get(s.slotId)));
      expect(s.oneOff, `one-off ${s.startTime}`).toEqual(pick(want.oneOff.get(s.slotId)));
      expect(s.total.bottles).toBe(s.standing.bottles + s.oneOff.bottles);
    }
    // Something is really forecast: four standing deliveries, and the booked orders lift the first slot.
    expect(day.forecast.slots.reduce((n: number, s: { standing: Figures }) => n + s.standing.orders, 0)).toBe(4);
    expect(day.forecast.slots.find((s: { slotId: string }) => s.slotId === slots[0]!.id).oneOffBooked).toEqual({
      orders: 2,
      bottles: 12,
      revenue: 12 * shakes[1]!.price,
    });

    const week = await get('/api/admin/forecast?days=7');
    expect(week.days.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(TOMORROW, i)));
    expect(week.days[0].slots).toEqual(day.forecast.slots);
    const third = week.days[2];
    const want3 = await expectedForecast(third.date);
    for (const s of third.slots) expect(s.oneOff).toEqual(pick(want3.oneOff.get(s.slotId)));
    const bad = await t.request({ method: 'GET', url: '/api/admin/forecast?days=40', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('at most 14 days');
  });

  it("today's run per rider, the standing deliveries, the wallet liability and revenue with cash counted once delivered", async () => {
    const day = await get(`/api/admin/dashboard/day?date=${TODAY}`);
    const { rows: run } = await sql<{ rider: string | null; assigned: number; out: number; delivered: number; failed: number; due: number; collected: number }>`
      select r.name as rider,
        (select count(*) from orders o2 left join order_deliveries d2 on d2.order_id = o2.id
          where o2.slot_date = ${TODAY}::date and o2.status not in ('cancelled', 'pending_payment') and d2.rider_id is not distinct from r.id)::int as assigned,
        (select count(*) from order_deliveries d2 join orders o2 on o2.id = d2.order_id
          where d2.rider_id = r.id and o2.slot_date = ${TODAY}::date and o2.status = 'out_for_delivery')::int as out,
        (select count(*) from order_deliveries d2 join orders o2 on o2.id = d2.order_id
          where d2.rider_id = r.id and o2.slot_date = ${TODAY}::date and o2.status = 'delivered')::int as delivered,
        (select count(*) from order_deliveries d2 join orders o2 on o2.id = d2.order_id
          where d2.rider_id = r.id and o2.slot_date = ${TODAY}::date and d2.fail_reason is not null and o2.status <> 'cancelled')::int as failed,
        (select coalesce(sum(o2.total_paise), 0) from order_deliveries d2 join orders o2 on o2.id = d2.order_id
          where d2.rider_id = r.id and o2.slot_date = ${TODAY}::date and o2.payment_method = 'cod' and d2.failed_at is null and o2.status <> 'cancelled')::int as due,
        (select coalesce(sum(d2.cash_collected_paise), 0) from order_deliveries d2 join orders o2 on o2.id = d2.order_id
          where d2.rider_id = r.id and o2.slot_date = ${TODAY}::date and o2.status <> 'cancelled')::int as collected
      from users r where r.role = 'rider' order by r.name`.execute(t.deps.db);
    const riders = day.run.filter((x: { riderId: string | null }) => x.riderId);
    expect(riders.map((x: { name: string }) => x.name)).toEqual(run.map((x) => x.rider));
    for (const [i, x] of riders.entries()) {
      const w = run[i]!;
      expect(x).toMatchObject({ assigned: w.assigned, out: w.out, delivered: w.delivered, failed: w.failed, cashDue: w.due, cashCollected: w.collected });
    }
    expect(riders[0]).toMatchObject({ name: 'Arjun Rider', assigned: 3, out: 1, delivered: 1, failed: 1 });
    expect(day.run.at(-1)).toMatchObject({ riderId: null, name: 'Not assigned yet', assigned: 1 });

    // Standing deliveries.
    const { rows: facts } = await sql<{ active: number; customers: number }>`
      select count(*)::int as active, count(distinct user_id)::int as customers from schedules
      where status = 'active' and start_date <= ${TOMORROW}::date and (end_date is null or end_date >= ${TOMORROW}::date)`.execute(t.deps.db);
    expect(day.standing).toMatchObject({ activeSchedules: facts[0]!.active, activeCustomers: facts[0]!.customers });
    expect(day.standing.notPlaced).toEqual([
      expect.objectContaining({ date: TODAY, reasonCode: 'WALLET_SHORT', reason: 'Your wallet was ₹120 short.' }),
    ]);
    // Short for tomorrow: a standing delivery tomorrow and a wallet that holds less than it costs.
    const { rows: short } = await sql<{ user_id: string }>`
      select sc.user_id from schedules sc
      left join wallet_balances wb on wb.user_id = sc.user_id
      where sc.status = 'active' and sc.start_date <= ${TOMORROW}::date and coalesce(sc.end_date, ${TOMORROW}::date) >= ${TOMORROW}::date
        and not exists (select 1 from schedule_days d where d.schedule_id = sc.id and d.date = ${TOMORROW}::date and d.skipped)
        and not exists (select 1 from schedule_vacations v where v.user_id = sc.user_id and ${TOMORROW}::date between v.from_date and v.to_date)
        and coalesce(wb.balance_paise, 0) < 100000
      order by sc.user_id`.execute(t.deps.db);
    expect(day.standing.short.map((s: { customerId: string }) => s.customerId).sort()).toEqual(short.map((s) => s.user_id).sort());
    expect(short.length).toBeGreaterThan(0);

    // The wallet liability: every balance.
    const { rows: wl } = await sql<{ total: number }>`select coalesce(sum(balance_paise), 0)::int as total from wallet_balances`.execute(t.deps.db);
    expect(day.wallet.liability).toBe(wl[0]!.total);
    expect(day.wallet.liability).toBeGreaterThanOrEqual(4 * 1_000_000 + 25_000);

    // Revenue of the day: orders placed today, cash on delivery only once delivered.
    const start = new Date(`${TODAY}T00:00:00+05:30`).toISOString();
    const end = new Date(`${TOMORROW}T00:00:00+05:30`).toISOString();
    const { rows: rev } = await sql<{ counted: number; awaiting: number }>`
      select
        (select coalesce(sum(total_paise), 0) from orders where created_at >= ${start} and created_at < ${end}
          and status not in ('cancelled', 'pending_payment') and (payment_method <> 'cod' or status = 'delivered'))::int as counted,
        (select coalesce(sum(total_paise), 0) from orders where created_at >= ${start} and created_at < ${end}
          and payment_method = 'cod' and status not in ('cancelled', 'pending_payment', 'delivered'))::int as awaiting`.execute(t.deps.db);
    expect(day.revenue.counted).toBe(rev[0]!.counted);
    expect(day.revenue.cashAwaiting).toBe(rev[0]!.awaiting);
    expect(day.revenue.cashAwaiting).toBeGreaterThan(0);

    // The 30-day report counts cash the same way.
    const report = await get('/api/admin/dashboard/report?range=today');
    expect(report.totals.orderRevenue).toBe(rev[0]!.counted);
  });

  it("the schedules' forecast shows the refused days with their reasons", async () => {
    const f = await get(`/api/admin/schedules/forecast?date=${TODAY}`);
    expect(f.notPlaced).toEqual([expect.objectContaining({ reasonCode: 'WALLET_SHORT', reason: 'Your wallet was ₹120 short.' })]);
  });

  it('retention: weekly cohorts by first order, kept at 4, 8 and 12 weeks, and the cancel reasons', async () => {
    // Three customers who started 13 weeks ago; one of them still orders in weeks 4, 8 and 12.
    const db = t.deps.db;
    const early = await createCustomers(db, 3, 'cohort');
    const monday = addDays(TODAY, -3 - 13 * 7);
    for (const [i, c] of early.entries()) {
      for (const week of i === 0 ? [0, 4, 8, 12] : [0]) {
        await insertOrder(db, {
          userId: c.id,
          slotId: slots[0]!.id,
          slotDate: addDays(monday, 7 * week + 1),
          createdAt: new Date(`${addDays(monday, 7 * week)}T10:00:00+05:30`).toISOString(),
          status: 'delivered',
          paymentMethod: 'razorpay',
          lines: [{ id: shakes[0]!.id, type: 'signature', quantity: 1, unitPrice: shakes[0]!.price }],
        });
      }
    }
    const r = await get('/api/admin/retention?weeks=16');
    expect(r.to).toBe(addDays(TODAY, -3));
    const { rows } = await sql<{ week: string; customers: number; w4: number; w8: number; w12: number }>`
      with firsts as (
        select distinct on (user_id) user_id, slot_date - (extract(isodow from slot_date)::int - 1) as week
        from orders where status not in ('cancelled', 'pending_payment') order by user_id, slot_date)
      select f.week::text as week, count(*)::int as customers,
        count(*) filter (where exists (select 1 from orders o where o.user_id = f.user_id and o.status not in ('cancelled', 'pending_payment')
          and o.slot_date - f.week between 28 and 34))::int as w4,
        count(*) filter (where exists (select 1 from orders o where o.user_id = f.user_id and o.status not in ('cancelled', 'pending_payment')
          and o.slot_date - f.week between 56 and 62))::int as w8,
        count(*) filter (where exists (select 1 from orders o where o.user_id = f.user_id and o.status not in ('cancelled', 'pending_payment')
          and o.slot_date - f.week between 84 and 90))::int as w12
      from firsts f where f.week >= ${r.from}::date group by f.week order by f.week`.execute(db);
    expect(r.cohorts.map((c: { week: string }) => c.week)).toEqual(rows.map((x) => x.week));
    for (const [i, c] of r.cohorts.entries()) {
      const want = rows[i]!;
      expect(c.customers).toBe(want.customers);
      for (const [k, n] of [4, 8, 12].entries()) {
        const over = addDays(c.week, 7 * n + 6) < TODAY;
        const kept = [want.w4, want.w8, want.w12][k]!;
        expect(c.retained[k], `${c.week} week ${n}`).toEqual({
          week: n,
          customers: over ? kept : null,
          percent: over ? Math.round((kept / want.customers) * 1000) / 10 : null,
        });
      }
    }
    const oldest = r.cohorts.find((c: { week: string }) => c.week === monday);
    expect(oldest.customers).toBe(3);
    expect(oldest.retained.map((x: { customers: number | null }) => x.customers)).toEqual([1, 1, 1]);

    const { rows: reasons } = await sql<{ reason: string; n: number }>`
      select cancel_reason as reason, count(*)::int as n from orders
      where status = 'cancelled' and slot_date between ${r.from}::date and ${TODAY}::date group by cancel_reason`.execute(db);
    expect(r.cancelReasons.filter((x: { source: string }) => x.source === 'order').map((x: { reason: string; count: number }) => [x.reason, x.count])).toEqual(
      reasons.map((x) => [x.reason, x.n]),
    );
    expect(reasons[0]!.n).toBeGreaterThan(0);
  });

  it('the purchase plan: each ingredient\'s need per day by recipe × forecast, against the stock, per source; the CSV and PDF agree', async () => {
    const db = t.deps.db;
    const dates = Array.from({ length: 7 }, (_, i) => addDays(TOMORROW, i));
    // One-off history for the third day's weekday: three of the last four weeks, 4 bottles each (median 4).
    const [regular] = await createCustomers(db, 1, 'plan');
    for (const k of [1, 2, 3]) {
      await insertOrder(db, {
        userId: regular!.id,
        slotId: slots[1]!.id,
        slotDate: addDays(dates[2]!, -7 * k),
        createdAt: new Date(`${addDays(dates[2]!, -7 * k - 1)}T10:00:00+05:30`).toISOString(),
        status: 'delivered',
        paymentMethod: 'razorpay',
        lines: [{ id: shakes[2]!.id, type: 'signature', quantity: 4, unitPrice: shakes[2]!.price }],
      });
    }
    // The test's own need per (date, ingredient): standing deliveries by the schedules' tables, one-off
    // orders by the weekday's median of the 4 most recent complete weeks (or what is booked when more).
    const { rows } = await sql<{ date: string; ingredient_id: string; need: number }>`
      with days as (select d::date as date from unnest(${dates}::date[]) d),
      standing as (
        select days.date, r.ingredient_id, sum((i->>'quantity')::int * r.qty_per_bottle) as need
        from days join schedules sc on sc.status = 'active' and sc.start_date <= days.date and coalesce(sc.end_date, days.date) >= days.date
        cross join lateral jsonb_array_elements(sc.items::jsonb) i
        join shake_recipe_items r on r.shake_id = (i->>'id')::uuid
        where not exists (select 1 from schedule_days d where d.schedule_id = sc.id and d.date = days.date and d.skipped)
          and not exists (select 1 from schedule_vacations v where v.user_id = sc.user_id and days.date between v.from_date and v.to_date)
          and not exists (select 1 from schedule_runs x where x.schedule_id = sc.id and x.date = days.date)
        group by days.date, r.ingredient_id),
      used as (
        select o.slot_date as date, r.ingredient_id, sum(l.quantity * r.qty_per_bottle) as need
        from orders o join order_lines l on l.order_id = o.id join shake_recipe_items r on l.item_type = 'signature' and r.shake_id::text = l.item_id
        where o.status not in ('cancelled', 'pending_payment') and o.idempotency_key not like 'schedule:%'
        group by o.slot_date, r.ingredient_id),
      weeks as (
        select days.date, w.back from days cross join lateral (
          select days.date - 7 * k as back from generate_series(1, 6) k where days.date - 7 * k < ${TODAY}::date order by k limit 4) w),
      oneoff as (
        select w.date, ing.id as ingredient_id,
          greatest(coalesce(max(b.need), 0), round(percentile_cont(0.5) within group (order by coalesce(u.need, 0))::numeric)) as need
        from weeks w cross join ingredients ing
        left join used u on u.date = w.back and u.ingredient_id = ing.id
        left join used b on b.date = w.date and b.ingredient_id = ing.id
        group by w.date, ing.id)
      select x.date::text as date, x.ingredient_id::text as ingredient_id, sum(x.need)::int as need
      from (select * from standing union all select * from oneoff) x group by x.date, x.ingredient_id having sum(x.need) > 0`.execute(db);
    const want = new Map(rows.map((r) => [`${r.date}|${r.ingredient_id}`, r.need]));
    // The ingredient needed most runs short: on hand is its par plus the first day and half the second.
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(r.ingredient_id, (totals.get(r.ingredient_id) ?? 0) + r.need);
    const [shortId] = [...totals].sort((a, b) => b[1] - a[1])[0]!;
    const par = (await sql<{ par_level: number }>`select par_level from stock_balances where ingredient_id = ${shortId}`.execute(db)).rows[0]!.par_level;
    const need = (d: string, id: string) => want.get(`${d}|${id}`) ?? 0;
    await countStock(db, shortId, par + need(dates[0]!, shortId) + Math.floor(need(dates[1]!, shortId) / 2), 'The plan test');

    const plan = await get('/api/admin/purchase-plan?days=7');
    expect(plan.dates).toEqual(dates);
    const { rows: levels } = await sql<{ id: string; on_hand: number; par_level: number; hydroponic: boolean; supplier: string | null }>`
      select i.id::text as id, b.on_hand, b.par_level, i.hydroponic, i.supplier
      from ingredients i join stock_balances b on b.ingredient_id = i.id where i.active`.execute(db);
    type Item = { ingredientId: string; name: string; unit: string; available: number; parLevel: number; days: { date: string; need: number; left: number }[]; toGet: number; by: string | null };
    const items: Item[] = plan.groups.flatMap((g: { items: Item[] }) => g.items);
    expect(items.map((i) => i.ingredientId).sort()).toEqual(levels.map((l) => l.id).sort());
    let checked = 0;
    for (const l of levels) {
      const item = items.find((i) => i.ingredientId === l.id)!;
      expect(item.days.map((d) => d.need), item.name).toEqual(dates.map((d) => need(d, l.id)));
      // No order before tomorrow holds stock in this month (the fixture's orders reserve nothing): available is on hand.
      expect(item.available).toBe(l.on_hand);
      const lefts = dates.map((_, k) => l.on_hand - dates.slice(0, k + 1).reduce((n, d) => n + need(d, l.id), 0));
      expect(item.days.map((d) => d.left)).toEqual(lefts);
      expect(item.toGet).toBe(Math.max(0, l.par_level - Math.min(l.on_hand, ...lefts)));
      checked += item.days.some((d) => d.need > 0) ? 1 : 0;
    }
    expect(checked).toBeGreaterThan(5);
    const short = items.find((i) => i.ingredientId === shortId)!;
    expect(short.toGet).toBeGreaterThan(0);
    // Under par during the second day: have it by the first day of the plan (the day before).
    expect(short.by).toBe(TOMORROW);
    // The farm's list holds the hydroponic ingredients; each supplier its own.
    for (const g of plan.groups as { source: string; name: string; items: Item[] }[]) {
      for (const i of g.items) {
        const l = levels.find((x) => x.id === i.ingredientId)!;
        expect(g.source).toBe(l.hydroponic ? 'farm' : 'supplier');
        if (!l.hydroponic) expect(g.name).toBe(l.supplier ?? 'No supplier set');
      }
    }
    expect(plan.groups.map((g: { source: string }) => g.source)).toContain('farm');
    expect(plan.groups.filter((g: { source: string }) => g.source === 'supplier').length).toBeGreaterThan(1);

    // The CSV: one row per ingredient with the same figures.
    const csvRes = await t.request({ method: 'GET', url: '/api/admin/purchase-plan.csv?days=7', headers: auth });
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [head, ...body] = parseCsv(csvRes.body).filter((r) => r.length > 1);
    const col = (name: string) => head!.indexOf(name);
    expect(body).toHaveLength(items.length);
    for (const row of body) {
      const item = items.find((i) => i.name === row[col('Ingredient')])!;
      expect(dates.map((d) => Number(row[col(`Need ${d}`)]))).toEqual(item.days.map((d) => d.need));
      expect(Number(row[col('To harvest or buy')])).toBe(item.toGet);
      expect(row[col('By')]).toBe(item.by ?? '');
    }
    // The PDF: the short ingredient's line reads what to get and by when.
    const pdfRes = await t.request({ method: 'GET', url: '/api/admin/purchase-plan.pdf?days=7', headers: auth });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(new Uint8Array(pdfRes.rawPayload))).pages.join('\n');
    expect(text).toContain('Harvest and purchase plan');
    const line = text.split('\n').find((x) => x.includes(short.name));
    expect(line).toContain(formatQuantity(short.toGet, short.unit));
    expect(line).toContain(formatDay(short.by!, 'weekdayDate'));
    for (const i of items.filter((x) => x.toGet > 0)) expect(text).toContain(formatQuantity(i.toGet, i.unit));

    // Days are 1–14; a rider may not read it.
    const bad = await t.request({ method: 'GET', url: '/api/admin/purchase-plan?days=15', headers: auth });
    expect(bad.statusCode).toBe(400);
    const rider = await createUser(db, { role: 'rider' });
    const no = await t.request({ method: 'GET', url: '/api/admin/purchase-plan.csv', headers: { authorization: await t.bearer(rider) } });
    expect(no.statusCode).toBe(403);
  });

  it('best-before: a lot that passes its best-before before the need does not count that day, and the plan asks for more', async () => {
    const db = t.deps.db;
    const dates = Array.from({ length: 7 }, (_, i) => addDays(TOMORROW, i));
    type Item = {
      ingredientId: string;
      name: string;
      unit: string;
      parLevel: number;
      expiring: { bestBefore: string; qty: number }[];
      days: { date: string; need: number; usable: number; expired: number; left: number }[];
      toGet: number;
      by: string | null;
    };
    const items = async (): Promise<Item[]> =>
      (await get('/api/admin/purchase-plan?days=7')).groups.flatMap((g: { items: Item[] }) => g.items);
    // An ingredient the third day needs (its need per day was checked against the test's own SQL above).
    const pick = (await items()).filter((i) => i.days[2]!.need > 0 && i.parLevel > 0).sort((a, b) => b.days[2]!.need - a.days[2]!.need)[0]!;
    expect(pick, 'an ingredient needed on the third day').toBeDefined();
    const id = pick.ingredientId;
    const [n1, n2] = [pick.days[0]!.need, pick.days[1]!.need];
    const par = pick.parLevel;
    // The shelf: emptied at a count, then an older receipt good until the second day (what the first
    // two days need and 1,200 more), then a newer one without a best-before (the par).
    const R = 1200;
    const A = n1 + n2 + R;
    const B = par;
    await countStock(db, id, 0, 'The best-before test');
    for (const [quantity, bestBefore, batch] of [
      [A, dates[1], 'OLD-1'],
      [B, undefined, 'NEW-2'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/stock/movements',
        headers: auth,
        payload: { kind: 'received', ingredientId: id, quantity, batch, ...(bestBefore ? { bestBefore } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // The lots on hand, first in first out, by the test's own SQL: what all uses took is taken from the oldest receipts.
    const { rows: lots } = await sql<{ best_before: string | null; qty: number }>`
      with inflow as (
        select id, delta as qty, best_before from stock_movements
        where ingredient_id = ${id} and (kind = 'received' or (kind = 'counted' and delta > 0))),
      taken as (select (select sum(qty) from inflow) - (select on_hand from stock_balances where ingredient_id = ${id}) as n)
      select best_before::text, greatest(0, least(qty, sum(qty) over (order by id) - taken.n))::int as qty
      from inflow, taken order by id`.execute(db);
    expect(lots.filter((l) => l.qty > 0)).toEqual([
      { best_before: dates[1], qty: A },
      { best_before: null, qty: B },
    ]);

    const item = (await items()).find((i) => i.ingredientId === id)!;
    const needs = item.days.map((d) => d.need);
    expect(needs.slice(0, 2)).toEqual([n1, n2]);
    // Days 1–2 use the old lot; on day 3 what is left of it (R) has passed its best-before and counts for nothing.
    const later = (k: number) => needs.slice(2, k + 1).reduce((n, x) => n + x, 0);
    const lefts = [A + B - n1, A + B - n1 - n2, ...dates.slice(2).map((_, j) => B - later(j + 2))];
    expect(item.days.map((d) => d.left)).toEqual(lefts);
    expect(item.days.map((d) => d.expired)).toEqual([0, 0, R, 0, 0, 0, 0]);
    expect(item.days[2]!.usable).toBe(B);
    expect(item.expiring).toEqual([{ bestBefore: dates[1], qty: R }]);
    const toGet = Math.max(0, par - Math.min(A + B, ...lefts));
    expect(item.toGet).toBe(toGet);
    // Counting the whole shelf whatever its date would ask for R less.
    const naive = Math.max(0, par - Math.min(A + B, ...needs.map((_, k) => A + B - needs.slice(0, k + 1).reduce((n, x) => n + x, 0))));
    expect(item.toGet).toBeGreaterThan(naive);
    expect(item.toGet - naive).toBe(Math.min(R, toGet));
    // Under par on the third day: have it by the second.
    expect(item.by).toBe(dates[1]);

    // The CSV and the PDF say the same.
    const csvRes = await t.request({ method: 'GET', url: '/api/admin/purchase-plan.csv?days=7', headers: auth });
    const [head, ...body] = parseCsv(csvRes.body).filter((r) => r.length > 1);
    const row = body.find((r) => r[head!.indexOf('Ingredient')] === item.name)!;
    expect(Number(row[head!.indexOf('Expires unused')])).toBe(R);
    expect(Number(row[head!.indexOf('To harvest or buy')])).toBe(toGet);
    const pdfRes = await t.request({ method: 'GET', url: '/api/admin/purchase-plan.pdf?days=7', headers: auth });
    const text = (await pdfText(new Uint8Array(pdfRes.rawPayload))).pages.join('\n');
    expect(text).toContain(
      `${formatQuantity(R, item.unit)} ${item.name.toLowerCase()} passes its best-before on ${formatDay(dates[1]!, 'weekdayDate')}`,
    );
  });

  it('is for staff who may read the dashboard', async () => {
    const kitchen = await createUser(t.deps.db, { role: 'kitchen' });
    const res = await t.request({ method: 'GET', url: '/api/admin/dashboard/day', headers: { authorization: await t.bearer(kitchen) } });
    expect(res.statusCode).toBe(403);
  });
});
