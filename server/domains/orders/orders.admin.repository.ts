import { sql, type SqlBool, type ExpressionBuilder } from 'kysely';
import { refundedOfOrder } from './orders.reports.repository';
import type { Executor } from '../../../db/database';
import type { DB } from '../../../db/schema';
import type { AdminOrdersInput } from '../../../shared/schemas/order-lifecycle';

export type AdminOrderFilter = Omit<AdminOrdersInput, 'page' | 'pageSize'>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter as one WHERE expression (list, count and CSV export share it). */
function where(f: AdminOrderFilter) {
  return (eb: ExpressionBuilder<DB & { o: DB['orders'] }, 'o'>) => {
    const all = [];
    if (f.status) all.push(eb('o.status', '=', f.status));
    if (f.paymentStatus) all.push(eb('o.payment_status', '=', f.paymentStatus));
    if (f.paymentMethod) all.push(eb('o.payment_method', '=', f.paymentMethod));
    if (f.date) all.push(eb('o.slot_date', '=', f.date));
    if (f.slotId) all.push(eb('o.slot_id', '=', f.slotId));
    const term = f.search?.trim();
    if (term) {
      const like = `%${escapeLike(term.toLowerCase())}%`;
      const digits = term.replace(/\D/g, '');
      const any = [
        eb(sql<string>`lower(o.number)`, 'like', like),
        eb(sql<string>`lower(o.contact_email)`, 'like', like),
        eb(sql<string>`lower(o.contact_name)`, 'like', like),
      ];
      // "100123" finds HS-100123; a phone number is matched on its digits.
      if (/^\d{3,6}$/.test(term)) any.push(eb('o.number', 'like', `HS-%${digits}%`));
      if (digits.length >= 4) any.push(eb(sql<string>`o.address->>'phone'`, 'like', `%${digits}%`));
      all.push(eb.or(any));
    }
    return all.length ? eb.and(all) : sql<SqlBool>`true`;
  };
}

const columns = [
  'o.id',
  'o.number',
  'o.user_id',
  'o.status',
  'o.payment_status',
  'o.payment_method',
  'o.paid_with',
  'o.cancel_reason',
  'o.subtotal_paise',
  'o.free_unit_discount_paise',
  'o.coupon_discount_paise',
  'o.points_discount_paise',
  'o.delivery_fee_paise',
  'o.gst_paise',
  'o.total_paise',
  'o.contact_email',
  'o.contact_name',
  'o.address',
  'o.pincode',
  'o.slot_id',
  'o.slot_date',
  'o.slot_start',
  'o.slot_end',
  'o.plan_type',
  'o.created_at',
] as const;

function base(db: Executor, f: AdminOrderFilter) {
  return db
    .selectFrom('orders as o')
    .where(where(f))
    .select(columns)
    .select([
      sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id)`.as('item_count'),
      sql<number>`((select coalesce(sum(r.amount_paise), 0)::int from refunds r where r.order_id = o.id and r.status <> 'failed')
        + (select coalesce(sum(w.amount_paise), 0)::int from wallet_ledger w where w.order_id = o.id and w.kind in ('release', 'order_refund')))`.as(
        'refunded_paise',
      ),
      sql<string | null>`(select i.number from order_invoices i where i.order_id = o.id)`.as('invoice_number'),
    ]);
}

export async function listOrders(db: Executor, f: AdminOrderFilter, limit: number, offset: number) {
  return base(db, f)
    .select(sql<number>`count(*) over ()`.as('total_count'))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOrders(db: Executor, f: AdminOrderFilter): Promise<number> {
  const r = await db
    .selectFrom('orders as o')
    .where(where(f))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The CSV export: every matching order (capped), with its item names and its invoice's tax figures (null until issued). */
export async function exportOrders(db: Executor, f: AdminOrderFilter, cap: number) {
  return base(db, f)
    .leftJoin('order_invoices as inv', 'inv.order_id', 'o.id')
    .select(['inv.taxable_paise as invoice_taxable_paise', 'inv.cgst_paise as invoice_cgst_paise', 'inv.sgst_paise as invoice_sgst_paise'])
    .select(
      sql<string>`(select coalesce(string_agg(l.quantity || ' x ' || l.name, '; ' order by l.position), '') from order_lines l where l.order_id = o.id)`.as(
        'items',
      ),
    )
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(cap)
    .execute();
}

export function slotsForFilter(db: Executor) {
  return db.selectFrom('delivery_slots').select(['id', 'start_time', 'end_time']).orderBy('start_time').execute();
}

/** Revenue and orders placed since `since` (not cancelled, not waiting for payment), net of refunds. */
export async function salesSince(db: Executor, since: string) {
  const r = await db
    .selectFrom('orders as o')
    .where('o.created_at', '>=', since)
    .where('o.status', 'not in', ['cancelled', 'pending_payment'])
    .select([
      sql<number>`count(*)::int`.as('orders'),
      sql<number>`coalesce(sum(o.total_paise), 0)::bigint`.as('gross'),
      sql<number>`coalesce(sum(${refundedOfOrder}), 0)::bigint`.as('refunded'),
    ])
    .executeTakeFirstOrThrow();
  return { orders: Number(r.orders), revenue: Number(r.gross) - Number(r.refunded) };
}

/** One customer's orders at a glance, for the admin customer detail. */
export async function customerOrderSummary(db: Executor, userId: string) {
  const r = await db
    .selectFrom('orders as o')
    .where('o.user_id', '=', userId)
    .select([
      sql<number>`count(*)::int`.as('orders'),
      sql<number>`count(*) filter (where o.status in ('confirmed', 'preparing', 'out_for_delivery'))::int`.as('open'),
      sql<number>`coalesce(sum(o.total_paise) filter (where o.status not in ('cancelled', 'pending_payment')), 0)::bigint`.as('spent'),
    ])
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('orders')
    .select(['number', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { orders: Number(r.orders), open: Number(r.open), spent: Number(r.spent), last };
}
