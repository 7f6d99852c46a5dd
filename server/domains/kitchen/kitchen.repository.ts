import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/**
 * The kitchen's own SQL (decision 180): batches and the orders blended in them, and the bottles a
 * slot's labels print. The day's read spans several domains and lives in server/statements.
 */

export interface BatchRow {
  id: string;
  slot_id: string;
  slot_date: string;
  started_at: Date;
  started_by: string | null;
  ready_at: Date | null;
  ready_by: string | null;
  undone_at: Date | null;
  undone_by: string | null;
  order_count: number;
}

const batchColumns = sql`b.id, b.slot_id, b.slot_date, b.started_at, b.ready_at, b.undone_at,
  (select coalesce(nullif(u.name, ''), u.email) from users u where u.id = b.started_by) as started_by,
  (select coalesce(nullif(u.name, ''), u.email) from users u where u.id = b.ready_by) as ready_by,
  (select coalesce(nullif(u.name, ''), u.email) from users u where u.id = b.undone_by) as undone_by,
  coalesce(b.undone_orders, (select count(*)::int from kitchen_batch_orders bo where bo.batch_id = b.id)) as order_count`;

/** The slot's confirmed orders not yet in a batch, locked in id order (two starts queue; the second finds them preparing). */
export async function lockConfirmedOrders(db: Executor, date: string, slotId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select o.id from orders o
    where o.slot_date = ${date}::date and o.slot_id = ${slotId}::uuid and o.status = 'confirmed'
      and not exists (select 1 from kitchen_batch_orders bo where bo.order_id = o.id)
    order by o.id for update`.execute(db);
  return rows.map((r) => r.id);
}

export async function slotExists(db: Executor, slotId: string): Promise<boolean> {
  const { rows } = await sql`select 1 from delivery_slots where id = ${slotId}::uuid`.execute(db);
  return rows.length > 0;
}

/** A new batch with its orders, in one statement. */
export async function insertBatch(
  db: Executor,
  b: { slotId: string; date: string; at: string; by: string; orderIds: readonly string[] },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    with b as (
      insert into kitchen_batches (slot_id, slot_date, started_at, started_by)
      values (${b.slotId}::uuid, ${b.date}::date, ${b.at}::timestamptz, ${b.by}::uuid) returning id
    ),
    o as (insert into kitchen_batch_orders (order_id, batch_id) select unnest(${[...b.orderIds]}::uuid[]), b.id from b)
    select id from b`.execute(db);
  return rows[0]!.id;
}

export async function batchById(db: Executor, id: string): Promise<BatchRow | undefined> {
  const { rows } = await sql<BatchRow>`select ${batchColumns} from kitchen_batches b where b.id = ${id}::uuid`.execute(db);
  return rows[0];
}

/** The slot's latest batch (a repeated "Start batch" answers it). */
export async function latestBatch(db: Executor, date: string, slotId: string): Promise<BatchRow | undefined> {
  const { rows } = await sql<BatchRow>`select ${batchColumns} from kitchen_batches b
    where b.slot_date = ${date}::date and b.slot_id = ${slotId}::uuid and b.undone_at is null order by b.started_at desc, b.id desc limit 1`.execute(
    db,
  );
  return rows[0];
}

/** The batch row, locked (Ready and Undo queue on it): its ready and undone times. */
export async function lockBatch(
  db: Executor,
  id: string,
): Promise<{ ready_at: Date | null; undone_at: Date | null; started_at: Date } | undefined> {
  const { rows } = await sql<{ ready_at: Date | null; undone_at: Date | null; started_at: Date }>`
    select ready_at, undone_at, started_at from kitchen_batches where id = ${id}::uuid for update`.execute(db);
  return rows[0];
}

/** The batch's orders, in id order (the order rows are locked in that order by the caller). */
export async function batchOrderIds(db: Executor, id: string): Promise<string[]> {
  const { rows } = await sql<{ order_id: string }>`
    select order_id from kitchen_batch_orders where batch_id = ${id}::uuid order by order_id`.execute(db);
  return rows.map((r) => r.order_id);
}

/** The batch undone: its orders leave it (a new batch may take them), the batch keeps who undid it and how many it held. */
export async function markUndone(db: Executor, id: string, at: string, by: string): Promise<void> {
  await sql`
    with gone as (delete from kitchen_batch_orders where batch_id = ${id}::uuid returning 1)
    update kitchen_batches set undone_at = ${at}::timestamptz, undone_by = ${by}::uuid, undone_orders = (select count(*) from gone)
    where id = ${id}::uuid and undone_at is null and ready_at is null`.execute(db);
}

export async function markReady(db: Executor, id: string, at: string, by: string): Promise<void> {
  await sql`update kitchen_batches set ready_at = ${at}::timestamptz, ready_by = ${by}::uuid
    where id = ${id}::uuid and ready_at is null`.execute(db);
}

export interface BottleRow {
  order_id: string;
  number: string;
  contact_name: string;
  address_name: string | null;
  item_type: 'signature' | 'custom';
  name: string;
  quantity: number;
  recipe: unknown;
  allergens: string[] | null;
  vegan: boolean | null;
  started_at: Date | null;
}

/** The slot's order lines to label (one label per bottle: quantity of each), by order number and line. */
export async function bottlesOfSlot(db: Executor, date: string, slotId: string, statuses: readonly string[]): Promise<BottleRow[]> {
  const { rows } = await sql<BottleRow>`
    select o.id as order_id, o.number, o.contact_name, o.address->>'name' as address_name,
      l.item_type, l.name, l.quantity, l.recipe, s.allergens, s.vegan,
      (select b.started_at from kitchen_batch_orders bo join kitchen_batches b on b.id = bo.batch_id where bo.order_id = o.id) as started_at
    from orders o join order_lines l on l.order_id = o.id
    left join signature_shakes s on l.item_type = 'signature' and s.id::text = l.item_id
    where o.slot_date = ${date}::date and o.slot_id = ${slotId}::uuid and o.status = any(${[...statuses]}::text[])
    order by o.number, l.position`.execute(db);
  return rows;
}
