import { sql, type Kysely } from 'kysely';

/**
 * The kitchen's Undo (issue 41, decision 264).
 *
 * - `stock_movements` gains the kind `returned`: a batch undone gives back what its orders used, as
 *   its own ledger row (delta > 0) pointing at the `used` row it reverses (`reverses`, unique: a use
 *   is given back once), so on hand stays the sum of the ledger and the history keeps both rows.
 * - `use_round`: the n-th time an order used an ingredient (1, then 2 after an undo and a new start).
 *   The guard "an order uses each ingredient once" becomes "once per round": unique
 *   (order, ingredient, round) among `used` rows; a round starts only after the last one was returned.
 * - `kitchen_batches` gains `undone_at` / `undone_by` / `undone_orders`: an undone batch stays on
 *   record with how many orders it held (its labels are void); its orders leave
 *   `kitchen_batch_orders` so that a new batch can take them (an order is in one batch at most).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table stock_movements
    add column reverses bigint references stock_movements (id),
    add column use_round smallint check (use_round is null or use_round >= 1)`.execute(db);
  // The ledger is append-only (a trigger refuses UPDATE): the existing usage is round 1, written once here.
  await sql`alter table stock_movements disable trigger stock_movements_append_only`.execute(db);
  await sql`update stock_movements set use_round = 1 where kind = 'used'`.execute(db);
  await sql`alter table stock_movements enable trigger stock_movements_append_only`.execute(db);
  await sql`alter table stock_movements drop constraint stock_movements_kind_check`.execute(db);
  await sql`alter table stock_movements
    add constraint stock_movements_kind_check check (kind in ('received', 'used', 'wasted', 'counted', 'returned')),
    add constraint stock_movements_returned_check check (kind <> 'returned' or (delta > 0 and reverses is not null and order_id is not null)),
    add constraint stock_movements_reverses_check check (reverses is null or kind = 'returned'),
    add constraint stock_movements_round_check check ((kind in ('used', 'returned')) = (use_round is not null))`.execute(db);
  await sql`drop index stock_movements_used_once`.execute(db);
  await sql`create unique index stock_movements_used_once on stock_movements (order_id, ingredient_id, use_round) where kind = 'used'`.execute(
    db,
  );
  await sql`create unique index stock_movements_returned_once on stock_movements (reverses) where kind = 'returned'`.execute(db);

  await sql`alter table kitchen_batches
    add column undone_at timestamptz,
    add column undone_by uuid references users (id) on delete set null,
    add column undone_orders integer check (undone_orders >= 0),
    add constraint kitchen_batches_undone_check check ((undone_at is null) = (undone_orders is null) and (undone_at is null or (ready_at is null and undone_at >= started_at)))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table kitchen_batches drop constraint kitchen_batches_undone_check, drop column undone_orders, drop column undone_by, drop column undone_at`.execute(
    db,
  );
  await sql`drop index stock_movements_returned_once`.execute(db);
  await sql`drop index stock_movements_used_once`.execute(db);
  await sql`alter table stock_movements
    drop constraint stock_movements_round_check,
    drop constraint stock_movements_reverses_check,
    drop constraint stock_movements_returned_check,
    drop constraint stock_movements_kind_check`.execute(db);
  await sql`alter table stock_movements add constraint stock_movements_kind_check check (kind in ('received', 'used', 'wasted', 'counted'))`.execute(
    db,
  );
  await sql`create unique index stock_movements_used_once on stock_movements (order_id, ingredient_id) where kind = 'used'`.execute(db);
  await sql`alter table stock_movements drop column use_round, drop column reverses`.execute(db);
}
