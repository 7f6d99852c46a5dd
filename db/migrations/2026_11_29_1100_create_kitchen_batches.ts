import { sql, type Kysely } from 'kysely';

/**
 * The kitchen (PRODUCT.md §16, decision 180).
 *
 * - `kitchen_batches`: one row per "Start batch" of a delivery slot and day — who started it and
 *   when (the labels' "made at"), and when it was marked ready for the riders (and by whom). A slot
 *   may see a second batch when orders are confirmed after the first one started.
 * - `kitchen_batch_orders`: which batch an order was blended in; an order is in one batch at most
 *   (the primary key), so starting a batch twice moves each order once.
 * - `stock_alerts` gains its kind: the under-par e-mail and the forecast e-mail ("tomorrow's
 *   standing deliveries need more than is free") are each sent once per ingredient and day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table kitchen_batches (
    id uuid primary key default gen_random_uuid(),
    slot_id uuid not null references delivery_slots (id),
    slot_date date not null,
    started_at timestamptz not null,
    started_by uuid references users (id) on delete set null,
    ready_at timestamptz,
    ready_by uuid references users (id) on delete set null,
    check (ready_at is null or ready_at >= started_at)
  )`.execute(db);
  await sql`create index kitchen_batches_day_idx on kitchen_batches (slot_date, slot_id)`.execute(db);
  await sql`create table kitchen_batch_orders (
    order_id uuid primary key references orders (id) on delete cascade,
    batch_id uuid not null references kitchen_batches (id) on delete cascade
  )`.execute(db);
  await sql`create index kitchen_batch_orders_batch_idx on kitchen_batch_orders (batch_id)`.execute(db);

  await sql`alter table stock_alerts add column kind text not null default 'under_par' check (kind in ('under_par', 'forecast'))`.execute(
    db,
  );
  await sql`alter table stock_alerts drop constraint stock_alerts_pkey, add primary key (ingredient_id, day, kind)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from stock_alerts where kind <> 'under_par'`.execute(db);
  await sql`alter table stock_alerts drop constraint stock_alerts_pkey, add primary key (ingredient_id, day)`.execute(db);
  await sql`alter table stock_alerts drop column kind`.execute(db);
  await sql`drop table kitchen_batch_orders`.execute(db);
  await sql`drop table kitchen_batches`.execute(db);
}
