import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/**
 * Sales figures for the admin dashboard. Revenue = order totals net of refunds, for orders that were
 * placed and not cancelled; cash on delivery only once delivered (until then it is a promise).
 */
const COUNTED = ['cancelled', 'pending_payment'] as const;
const earned = sql<boolean>`(o.payment_method <> 'cod' or o.status = 'delivered')`;
const istDay = sql<string>`((o.created_at at time zone 'Asia/Kolkata')::date)::text`;
/**
 * What an order gave back: refunds to the payment it was paid with (not failed), and refunds of a
 * wallet-paid order, which go back to the wallet as its ledger's `order_refund` rows (decision 165).
 * A cancelled order's wallet release is not here: cancelled orders are not counted at all.
 */
export const refundedOfOrder = sql<number>`((select coalesce(sum(r.amount_paise), 0) from refunds r where r.order_id = o.id and r.status <> 'failed')
  + (select coalesce(sum(w.amount_paise), 0) from wallet_ledger w where w.order_id = o.id and w.kind = 'order_refund'))`;
const refunded = refundedOfOrder;

export async function salesByDay(db: Executor, fromIso: string, toIso: string) {
  const rows = await db
    .selectFrom('orders as o')
    .where('o.created_at', '>=', fromIso)
    .where('o.created_at', '<', toIso)
    .where('o.status', 'not in', COUNTED)
    .select([
      istDay.as('day'),
      sql<number>`count(*)::int`.as('orders'),
      sql<number>`count(*) filter (where ${earned})::int`.as('earned'),
      sql<number>`coalesce(sum(o.total_paise - ${refunded}) filter (where ${earned}), 0)::bigint`.as('revenue'),
    ])
    .groupBy(istDay)
    .execute();
  return rows.map((r) => ({ day: r.day, orders: Number(r.orders), earned: Number(r.earned), revenue: Number(r.revenue) }));
}

export async function ordersByStatus(db: Executor, fromIso: string, toIso: string) {
  const rows = await db
    .selectFrom('orders as o')
    .where('o.created_at', '>=', fromIso)
    .where('o.created_at', '<', toIso)
    .select(['o.status', sql<number>`count(*)::int`.as('n')])
    .groupBy('o.status')
    .execute();
  return rows.map((r) => ({ status: r.status as string, count: Number(r.n) }));
}

export async function topShakes(db: Executor, fromIso: string, toIso: string, limit: number) {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .where('o.created_at', '>=', fromIso)
    .where('o.created_at', '<', toIso)
    .where('o.status', 'not in', COUNTED)
    .where('l.item_type', '=', 'signature')
    .select([
      'l.item_id',
      sql<string>`max(l.name)`.as('name'),
      sql<number>`sum(l.quantity)::int`.as('quantity'),
      sql<number>`sum(l.line_total_paise)::bigint`.as('revenue'),
    ])
    .groupBy('l.item_id')
    .orderBy(sql`sum(l.quantity)`, 'desc')
    .orderBy(sql`sum(l.line_total_paise)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.item_id, name: r.name, quantity: Number(r.quantity), revenue: Number(r.revenue) }));
}

/** A customer's latest orders, newest first (admin customer detail). */
export function recentForCustomer(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('orders as o')
    .where('o.user_id', '=', userId)
    .select(['o.id', 'o.number', 'o.status', 'o.total_paise', 'o.created_at'])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/** What a customer paid for orders (placed, not cancelled), net of refunds: the orders part of "Spent". */
export async function customerOrderSpend(db: Executor, userId: string): Promise<number> {
  const r = await db
    .selectFrom('orders as o')
    .where('o.user_id', '=', userId)
    .where('o.status', 'not in', COUNTED)
    .select(sql<number>`coalesce(sum(o.total_paise - ${refunded}), 0)::bigint`.as('spent'))
    .executeTakeFirstOrThrow();
  return Number(r.spent);
}

/** Cash-on-delivery orders placed in the range, not cancelled and not delivered yet: not revenue until they are. */
export async function cashAwaiting(db: Executor, fromIso: string, toIso: string): Promise<{ orders: number; total: number }> {
  const r = await db
    .selectFrom('orders as o')
    .where('o.created_at', '>=', fromIso)
    .where('o.created_at', '<', toIso)
    .where('o.payment_method', '=', 'cod')
    .where('o.status', 'not in', [...COUNTED, 'delivered'])
    .select([sql<number>`count(*)::int`.as('orders'), sql<number>`coalesce(sum(o.total_paise), 0)::bigint`.as('total')])
    .executeTakeFirstOrThrow();
  return { orders: Number(r.orders), total: Number(r.total) };
}

/** An order a schedule placed carries its key (schedules.repository#scheduleOrderKey); the rest are one-off. */
const oneOff = sql<boolean>`o.idempotency_key not like 'schedule:%'`;

/** One-off orders per delivery date and slot (placed, not cancelled): orders, bottles, revenue net of refunds. */
export async function oneOffBySlot(db: Executor, dates: string[]) {
  if (!dates.length) return [];
  const { rows } = await sql<{ date: string; slot_id: string; orders: number; bottles: number; revenue: number }>`
    select o.slot_date::text as date, o.slot_id, count(*)::int as orders,
      coalesce(sum((select sum(l.quantity) from order_lines l where l.order_id = o.id)), 0)::int as bottles,
      coalesce(sum(o.total_paise - ${refunded}), 0)::bigint as revenue
    from orders o
    where o.slot_date = any(${dates}::date[]) and o.status not in ('cancelled', 'pending_payment') and ${oneOff}
    group by o.slot_date, o.slot_id`.execute(db);
  return rows.map((r) => ({ date: r.date, slotId: r.slot_id, orders: Number(r.orders), bottles: Number(r.bottles), revenue: Number(r.revenue) }));
}

/** What a custom bottle sold for on average over the delivery dates [from, to] (paise, rounded; 0 when none sold). */
export async function customBottlePrice(db: Executor, from: string, to: string): Promise<number> {
  const { rows } = await sql<{ price: number | null }>`
    select round(sum(l.line_total_paise)::numeric / nullif(sum(l.quantity), 0))::int as price
    from order_lines l join orders o on o.id = l.order_id
    where l.item_type = 'custom' and not l.is_free_unit and o.slot_date between ${from}::date and ${to}::date
      and o.status not in ('cancelled', 'pending_payment')`.execute(db);
  return Number(rows[0]?.price ?? 0);
}

/** The day's run per rider (null: stops no rider has): the date's orders that are placed and not cancelled. */
export async function runOfDay(db: Executor, date: string) {
  const { rows } = await sql<{
    rider_id: string | null;
    name: string | null;
    assigned: number;
    out: number;
    delivered: number;
    failed: number;
    cash_due: number;
    cash_collected: number;
  }>`
    select d.rider_id, max(r.name) as name,
      count(*)::int as assigned,
      count(*) filter (where d.picked_up_at is not null and d.delivered_at is null and d.failed_at is null)::int as out,
      count(*) filter (where d.delivered_at is not null)::int as delivered,
      count(*) filter (where d.failed_at is not null and d.delivered_at is null)::int as failed,
      coalesce(sum(o.total_paise) filter (where o.payment_method = 'cod' and (d.failed_at is null or d.delivered_at is not null)), 0)::bigint as cash_due,
      coalesce(sum(d.cash_collected_paise), 0)::bigint as cash_collected
    from orders o
    left join order_deliveries d on d.order_id = o.id
    left join users r on r.id = d.rider_id
    where o.slot_date = ${date}::date and o.status not in ('cancelled', 'pending_payment')
    group by d.rider_id
    order by (d.rider_id is null), max(r.name), d.rider_id`.execute(db);
  return rows.map((r) => ({
    riderId: r.rider_id,
    name: r.name ?? '',
    assigned: Number(r.assigned),
    out: Number(r.out),
    delivered: Number(r.delivered),
    failed: Number(r.failed),
    cashDue: Number(r.cash_due),
    cashCollected: Number(r.cash_collected),
  }));
}

/**
 * Weekly cohorts by first order (decision 261): each customer's first placed order's delivery date
 * puts them in the week (Monday, IST calendar) it falls in; retained at N weeks = an order delivered in
 * the cohort's week N (the 7 days from its Monday + 7N). Cohorts whose Monday is in [from, to].
 */
export async function weeklyCohorts(db: Executor, from: string, to: string, weeks: readonly number[]) {
  const { rows } = await sql<{ week: string; customers: number; retained: number[] }>`
    with placed as (
      select o.user_id, o.slot_date from orders o where o.status not in ('cancelled', 'pending_payment')),
    firsts as (
      select user_id, date_trunc('week', min(slot_date))::date as week from placed group by user_id)
    select f.week::text as week, count(*)::int as customers,
      array(select (select count(*) from firsts f2
              where f2.week = f.week and exists (select 1 from placed p where p.user_id = f2.user_id
                and p.slot_date >= f.week + 7 * n and p.slot_date < f.week + 7 * n + 7))::int
            from unnest(${[...weeks]}::int[]) with ordinality as w(n, i) order by i) as retained
    from firsts f
    where f.week between ${from}::date and ${to}::date
    group by f.week
    order by f.week`.execute(db);
  return rows.map((r) => ({ week: r.week, customers: Number(r.customers), retained: r.retained.map(Number) }));
}

/** Why orders delivered in [from, to] were cancelled, most frequent first. */
export async function orderCancelReasons(db: Executor, from: string, to: string) {
  const rows = await db
    .selectFrom('orders as o')
    .where('o.status', '=', 'cancelled')
    .where('o.slot_date', '>=', from)
    .where('o.slot_date', '<=', to)
    .select([sql<string>`coalesce(o.cancel_reason, '')`.as('reason'), sql<number>`count(*)::int`.as('n')])
    .groupBy('o.cancel_reason')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('o.cancel_reason')
    .execute();
  return rows.map((r) => ({ reason: r.reason, count: Number(r.n) }));
}

/** The lines of one-off orders per delivery date (placed, not cancelled), as the purchase plan reads them. */
export async function oneOffLines(db: Executor, dates: string[]) {
  if (!dates.length) return [];
  const { rows } = await sql<{ date: string; item_type: 'signature' | 'custom'; item_id: string; quantity: number; recipe: unknown }>`
    select o.slot_date::text as date, l.item_type, l.item_id, l.quantity, l.recipe
    from orders o join order_lines l on l.order_id = o.id
    where o.slot_date = any(${dates}::date[]) and o.status not in ('cancelled', 'pending_payment') and ${oneOff}`.execute(db);
  return rows;
}
