import type { Executor } from '../../../db/database';
import type { OrderStatusColumn } from '../../../db/column-types';
import { ORDER_SUMMARY_COLUMNS, itemCount } from './orders.repository';

/** The customer's orders still to come: confirmed to out for delivery, and online orders still inside their payment window. */
export async function listActive(db: Executor, userId: string, now: string) {
  return db
    .selectFrom('orders as o')
    .select([...ORDER_SUMMARY_COLUMNS, 'o.expires_at', itemCount()])
    .where('o.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('o.status', 'in', ['confirmed', 'preparing', 'out_for_delivery']),
        eb.and([eb('o.status', '=', 'pending_payment'), eb('o.expires_at', '>', now)]),
      ]),
    )
    .orderBy('o.slot_date')
    .orderBy('o.slot_start')
    .orderBy('o.created_at')
    .limit(20)
    .execute();
}

/** from → cancelled, only if the order is still in `from` (the caller holds the row lock; the condition is the last guard). */
export function markCancelled(db: Executor, id: string, p: { from: OrderStatusColumn; reason: string; now: string }) {
  return db
    .updateTable('orders')
    .set({ status: 'cancelled', cancel_reason: p.reason, cancelled_at: p.now, expires_at: null, updated_at: p.now })
    .where('id', '=', id)
    .where('status', '=', p.from)
    .returningAll()
    .executeTakeFirst();
}

/** One step along the delivery path, only from the status the caller saw. */
export function moveStatus(db: Executor, id: string, p: { from: OrderStatusColumn; to: OrderStatusColumn; now: string }) {
  return db
    .updateTable('orders')
    .set({ status: p.to, updated_at: p.now })
    .where('id', '=', id)
    .where('status', '=', p.from)
    .returningAll()
    .executeTakeFirst();
}

/** Cash collected for a cash-on-delivery order (never a gateway payment: paid_with is 'cod'). */
export function markCodPaid(db: Executor, id: string, now: string) {
  return db
    .updateTable('orders')
    .set({ payment_status: 'paid', paid_with: 'cod', paid_at: now, updated_at: now })
    .where('id', '=', id)
    .where('payment_method', '=', 'cod')
    .where('payment_status', '=', 'pending')
    .where('status', 'in', ['out_for_delivery', 'delivered'])
    .returningAll()
    .executeTakeFirst();
}
