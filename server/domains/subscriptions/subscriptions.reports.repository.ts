import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/**
 * Subscription sales for the admin dashboard and customer detail: what customers paid for plans
 * (purchases and renewals), net of what was refunded, by the IST day it was paid.
 */
const istDay = sql<string>`((p.paid_at at time zone 'Asia/Kolkata')::date)::text`;
const net = sql<number>`coalesce(sum(p.amount_paise - p.refunded_paise), 0)::bigint`;

export async function subscriptionSalesByDay(db: Executor, fromIso: string, toIso: string) {
  const rows = await db
    .selectFrom('subscription_payments as p')
    .where('p.status', 'in', ['paid', 'refunded'])
    .where('p.paid_at', '>=', fromIso)
    .where('p.paid_at', '<', toIso)
    .select([istDay.as('day'), sql<number>`count(*)::int`.as('payments'), net.as('revenue')])
    .groupBy(istDay)
    .execute();
  return rows.map((r) => ({ day: r.day, payments: Number(r.payments), revenue: Number(r.revenue) }));
}

export async function customerSubscriptionSpend(db: Executor, userId: string): Promise<number> {
  const r = await db
    .selectFrom('subscription_payments as p')
    .where('p.user_id', '=', userId)
    .where('p.status', 'in', ['paid', 'refunded'])
    .select(net.as('spent'))
    .executeTakeFirstOrThrow();
  return Number(r.spent);
}

/** Why plans were cancelled in [fromIso, toIso), most frequent first. */
export async function cancelReasons(db: Executor, fromIso: string, toIso: string) {
  const rows = await db
    .selectFrom('subscriptions as s')
    .where('s.cancelled_at', '>=', fromIso)
    .where('s.cancelled_at', '<', toIso)
    .select([sql<string>`coalesce(s.cancel_reason, '')`.as('reason'), sql<number>`count(*)::int`.as('n')])
    .groupBy('s.cancel_reason')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('s.cancel_reason')
    .execute();
  return rows.map((r) => ({ reason: r.reason, count: Number(r.n) }));
}
