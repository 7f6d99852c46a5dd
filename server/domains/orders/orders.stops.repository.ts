import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import type { FailReason } from '../../../shared/schemas/stops';

/**
 * The SQL of the last mile (PRODUCT.md §17, decision 138): the stops of a day, the rider's runs, the
 * delivery row of an order (locked with the order), and the cash riders collected. The delivery code
 * itself is never selected for staff answers: only its nonce (to derive it for the customer) and hash.
 */

/** What a stop shows; the code's nonce and hash stay out (see codeOf). */
function stopsQuery(db: Executor) {
  return db
    .selectFrom('orders as o')
    .innerJoin('delivery_slots as s', 's.id', 'o.slot_id')
    .leftJoin('order_deliveries as d', 'd.order_id', 'o.id')
    .leftJoin('users as r', 'r.id', 'd.rider_id')
    .select([
      'o.id',
      'o.number',
      'o.status',
      'o.user_id',
      'o.contact_name',
      'o.address',
      'o.pincode',
      'o.slot_id',
      'o.slot_date',
      's.start_time',
      's.end_time',
      'o.total_paise',
      'o.payment_method',
      'o.payment_status',
      'd.rider_id',
      'r.name as rider_name',
      'd.picked_up_at',
      'd.delivered_at',
      'd.failed_at',
      'd.fail_reason',
      'd.fail_note',
      'd.code_tries',
      'd.cash_collected_paise',
    ])
    .select(sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id)`.as('item_count'))
    // The customer's drop-off note (decision 295): the date's own ('' : none that day), else the placing schedule's every-day note.
    .select(
      sql<string | null>`coalesce(
        (select nullif(n.note, '') from delivery_instructions n where n.user_id = o.user_id and n.date = o.slot_date),
        case when exists (select 1 from delivery_instructions n where n.user_id = o.user_id and n.date = o.slot_date) then null
          else (select sc.drop_off_note from schedule_runs sr join schedules sc on sc.id = sr.schedule_id where sr.order_id = o.id limit 1) end
      )`.as('instructions'),
    )
    .select(sql<boolean>`exists (select 1 from delivery_photos p where p.order_id = o.id)`.as('has_photo'))
    // The kitchen's "Ready" (decision 180): when the batch the order was blended in was ready for the riders.
    .select(
      sql<Date | null>`(select b.ready_at from kitchen_batch_orders bo join kitchen_batches b on b.id = bo.batch_id where bo.order_id = o.id)`.as(
        'ready_at',
      ),
    );
}
export type StopRow = Awaited<ReturnType<typeof stopsOfDay>>[number];

/** The day's orders that are ready for a rider or past that point (not unpaid, not cancelled), by slot and PIN code. */
export function stopsOfDay(db: Executor, date: string, slotId?: string) {
  let q = stopsQuery(db)
    .where('o.slot_date', '=', date)
    .where('o.status', 'in', ['confirmed', 'preparing', 'out_for_delivery', 'delivered']);
  if (slotId) q = q.where('o.slot_id', '=', slotId);
  return q.orderBy('s.start_time').orderBy('o.pincode').orderBy('o.number').execute();
}

/** A rider's stops of a day (only theirs), in slot order then PIN code. */
export function stopsOfRider(db: Executor, riderId: string, date: string) {
  return stopsQuery(db)
    .where('d.rider_id', '=', riderId)
    .where('o.slot_date', '=', date)
    .where('o.status', '!=', 'cancelled')
    .orderBy('s.start_time')
    .orderBy('o.pincode')
    .orderBy('o.number')
    .execute();
}

/** One stop, as its rider sees it — undefined when it is not this rider's (the caller answers 404). */
export function stopOfRider(db: Executor, riderId: string, orderId: string) {
  return stopsQuery(db).where('o.id', '=', orderId).where('d.rider_id', '=', riderId).executeTakeFirst();
}

export function linesOf(db: Executor, orderIds: string[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .select(['order_id', 'name', 'quantity'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
}

export function slotsOfDay(db: Executor) {
  return db
    .selectFrom('delivery_slots')
    .select(['id', 'start_time', 'end_time'])
    .where('active', '=', true)
    .orderBy('start_time')
    .execute();
}

export function enabledRiders(db: Executor) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'mobile'])
    .where('role', '=', 'rider')
    .where('disabled', '=', false)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The delivery row of an order, locked (the order row is locked first by the caller). */
export function lockDelivery(db: Executor, orderId: string) {
  return db.selectFrom('order_deliveries').selectAll().where('order_id', '=', orderId).forUpdate().executeTakeFirst();
}

/** Assign (or re-assign) a stop: a failed attempt is cleared for the next one. */
export async function assign(db: Executor, orderId: string, riderId: string, by: string, now: string): Promise<void> {
  await db
    .insertInto('order_deliveries')
    .values({ order_id: orderId, rider_id: riderId, assigned_at: now, assigned_by: by, updated_at: now })
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet({
        rider_id: riderId,
        assigned_at: now,
        assigned_by: by,
        failed_at: null,
        fail_reason: null,
        fail_note: null,
        updated_at: now,
      }),
    )
    .execute();
}

/** Out again: the order's code (kept, or the first one) and its tries used so far stay as they are. */
export async function markPickedUp(db: Executor, orderId: string, p: { nonce: string; hash: string; now: string }): Promise<void> {
  await db
    .updateTable('order_deliveries')
    .set({ picked_up_at: p.now, code_nonce: p.nonce, code_hash: p.hash, attempts: sql`attempts + 1`, updated_at: p.now })
    .where('order_id', '=', orderId)
    .execute();
}

/** The manager's new code: the old one stops working and the tries start again. */
export async function replaceCode(db: Executor, orderId: string, p: { nonce: string; hash: string; now: string }): Promise<void> {
  await db
    .updateTable('order_deliveries')
    .set({ code_nonce: p.nonce, code_hash: p.hash, code_tries: 0, updated_at: p.now })
    .where('order_id', '=', orderId)
    .execute();
}

/** One more wrong code; answers the tries used, or undefined when the stop was already locked. */
export async function countWrongCode(db: Executor, orderId: string, max: number, now: string): Promise<number | undefined> {
  const r = await db
    .updateTable('order_deliveries')
    .set({ code_tries: sql`code_tries + 1`, updated_at: now })
    .where('order_id', '=', orderId)
    .where('code_tries', '<', max)
    .returning('code_tries')
    .executeTakeFirst();
  return r?.code_tries;
}

export async function markDelivered(db: Executor, orderId: string, p: { by: string; cash: number | null; now: string }): Promise<void> {
  await db
    .updateTable('order_deliveries')
    .set({ delivered_at: p.now, delivered_by: p.by, cash_collected_paise: p.cash, updated_at: p.now })
    .where('order_id', '=', orderId)
    .execute();
}

export async function markFailed(
  db: Executor,
  orderId: string,
  p: { reason: FailReason; note: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('order_deliveries')
    .set({
      failed_at: p.now,
      fail_reason: p.reason,
      fail_note: p.note,
      // The code and its tries belong to the order, not to the trip (decision 200): a failed trip keeps them.
      picked_up_at: null,
      updated_at: p.now,
    })
    .where('order_id', '=', orderId)
    .execute();
}

/** For the customer's order page: the rider and the code's nonce of an order on its way. */
export function customerDelivery(db: Executor, orderId: string) {
  return db
    .selectFrom('order_deliveries as d')
    .leftJoin('users as r', 'r.id', 'd.rider_id')
    .select(['d.code_nonce', 'r.name as rider_name', 'r.mobile as rider_mobile'])
    .where('d.order_id', '=', orderId)
    .where('d.picked_up_at', 'is not', null)
    .where('d.delivered_at', 'is', null)
    .executeTakeFirst();
}

/** Each rider's delivered cash-on-delivery orders of a day (IST day of the slot): count, what they came to, cash recorded. */
export function cashOfDay(db: Executor, date: string) {
  return db
    .selectFrom('order_deliveries as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .innerJoin('users as r', 'r.id', 'd.rider_id')
    .select(['r.id as rider_id', 'r.name'])
    .select(sql<number>`count(*)::int`.as('orders'))
    .select(sql<number>`coalesce(sum(o.total_paise), 0)::int`.as('due'))
    .select(sql<number>`coalesce(sum(d.cash_collected_paise), 0)::int`.as('collected'))
    .where('o.slot_date', '=', date)
    .where('o.payment_method', '=', 'cod')
    .where('o.status', '=', 'delivered')
    .where('d.delivered_at', 'is not', null)
    .groupBy(['r.id', 'r.name'])
    .orderBy('r.name')
    .execute();
}

/** The order moves to another date and slot (its place was booked by the caller); the slot's times are the order's snapshot. */
export async function moveToSlot(
  db: Executor,
  orderId: string,
  p: { slotId: string; date: string; start: string; end: string; now: string },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ slot_id: p.slotId, slot_date: p.date, slot_start: p.start, slot_end: p.end, updated_at: p.now })
    .where('id', '=', orderId)
    .execute();
}

/** A rescheduled stop starts again: no rider, no failure; the order keeps its code and its tries (decision 200). */
export async function resetStop(db: Executor, orderId: string, now: string): Promise<void> {
  await db
    .updateTable('order_deliveries')
    .set({
      rider_id: null,
      assigned_at: null,
      assigned_by: null,
      picked_up_at: null,
      failed_at: null,
      fail_reason: null,
      fail_note: null,
      updated_at: now,
    })
    .where('order_id', '=', orderId)
    .execute();
}

/** The enabled managers (a rider's failed stop is theirs to re-plan, PRODUCT.md §20). */
export async function managerIds(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'manager').where('disabled', '=', false).execute();
  return rows.map((r) => r.id);
}

// ---------- Proof of delivery (decision 296) ----------

/** The rider's photo of a delivery: a new one replaces the old. */
export async function savePhoto(
  db: Executor,
  p: { orderId: string; hash: string; bytes: Buffer; width: number; height: number; by: string; now: string },
): Promise<void> {
  const row = { hash: p.hash, bytes: p.bytes, width: p.width, height: p.height, taken_by: p.by, taken_at: p.now };
  await db
    .insertInto('delivery_photos')
    .values({ order_id: p.orderId, ...row })
    .onConflict((oc) => oc.column('order_id').doUpdateSet(row))
    .execute();
}

export function photoMeta(db: Executor, orderId: string) {
  return db.selectFrom('delivery_photos').select(['hash', 'width', 'height', 'taken_at']).where('order_id', '=', orderId).executeTakeFirst();
}

export function photoBytes(db: Executor, orderId: string) {
  return db.selectFrom('delivery_photos').select(['hash', 'bytes']).where('order_id', '=', orderId).executeTakeFirst();
}

/** An order's status with its stop's rider (no lock): a cheap check before work. */
export function stopState(db: Executor, orderId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_deliveries as d', 'd.order_id', 'o.id')
    .select(['o.number', 'o.status', 'd.rider_id', 'd.delivered_by'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}
