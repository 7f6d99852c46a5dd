import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/** Sales figures for the admin dashboard. Revenue = order totals net of refunds, for orders that were placed and not cancelled. */
const COUNTED = ['cancelled', 'pending_payment'] as const;
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
      sql<number>`coalesce(sum(o.total_paise - ${refunded}), 0)::bigint`.as('revenue'),
    ])
    .groupBy(istDay)
    .execute();
  return rows.map((r) => ({ day: r.day, orders: Number(r.orders), revenue: Number(r.revenue) }));
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
