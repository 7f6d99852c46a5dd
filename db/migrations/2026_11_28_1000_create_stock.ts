import { sql, type Kysely } from 'kysely';

/**
 * The kitchen's stock (PRODUCT.md §16, decision 160).
 *
 * - ingredients gain their stock unit (g, ml, pc) and the size of one portion in that unit.
 * - `shake_recipe_items`: what one bottle of a signature shake takes of each ingredient.
 * - `stock_levels`: one balance row per tracked ingredient: on hand (= the ledger's sum) and reserved
 *   (= what open orders hold, the sum of stock_reservations). CHECKs are the last guard: never below
 *   zero, never more reserved than on hand; the services change them by conditional statements.
 * - `stock_movements`: the append-only ledger (received / used / wasted / counted), each row with
 *   who and why; a trigger refuses UPDATE and DELETE. The balance row changes in the same statement.
 * - `stock_reservations`: what each order holds of each ingredient (written by the placing statement,
 *   deleted in the statement that gives it back or uses it): release twice gives back once.
 * - `stock_alerts`: one low-stock e-mail per ingredient and day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ingredients
    add column stock_unit text not null default 'g' check (stock_unit in ('g', 'ml', 'pc')),
    add column portion_qty integer not null default 0 check (portion_qty >= 0 and portion_qty <= 100000)`.execute(db);

  await sql`create table shake_recipe_items (
    shake_id uuid not null references signature_shakes (id) on delete cascade,
    ingredient_id uuid not null references ingredients (id),
    qty_per_bottle integer not null check (qty_per_bottle > 0 and qty_per_bottle <= 100000),
    primary key (shake_id, ingredient_id)
  )`.execute(db);
  await sql`create index shake_recipe_items_ingredient_idx on shake_recipe_items (ingredient_id)`.execute(db);

  await sql`create table stock_levels (
    ingredient_id uuid primary key references ingredients (id),
    on_hand integer not null default 0 check (on_hand >= 0),
    reserved integer not null default 0 check (reserved >= 0),
    par_level integer not null default 0 check (par_level >= 0),
    updated_at timestamptz not null default now(),
    constraint stock_levels_reserved_le_on_hand check (reserved <= on_hand)
  )`.execute(db);

  await sql`create table stock_movements (
    id bigserial primary key,
    ingredient_id uuid not null references ingredients (id),
    kind text not null check (kind in ('received', 'used', 'wasted', 'counted')),
    delta integer not null,
    on_hand_after integer not null check (on_hand_after >= 0),
    batch text,
    best_before date,
    reason text,
    order_id uuid,
    actor_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    check (kind <> 'received' or delta > 0),
    check (kind not in ('used', 'wasted') or delta < 0)
  )`.execute(db);
  await sql`create index stock_movements_ingredient_idx on stock_movements (ingredient_id, id)`.execute(db);
  await sql`create unique index stock_movements_used_once on stock_movements (order_id, ingredient_id) where kind = 'used'`.execute(db);
  await sql`create function stock_movements_append_only() returns trigger language plpgsql as $$
    begin raise exception 'stock_movements is append-only'; end $$`.execute(db);
  await sql`create trigger stock_movements_append_only before update or delete on stock_movements
    for each row execute function stock_movements_append_only()`.execute(db);

  await sql`create table stock_reservations (
    order_id uuid not null references orders (id) on delete cascade deferrable initially deferred,
    ingredient_id uuid not null references stock_levels (ingredient_id),
    qty integer not null check (qty > 0),
    primary key (order_id, ingredient_id)
  )`.execute(db);
  await sql`create index stock_reservations_ingredient_idx on stock_reservations (ingredient_id)`.execute(db);

  // What the shop cannot make one more bottle of (decision 160): an ingredient whose free stock is
  // under one portion, a shake one of whose recipe items is under one bottle's quantity. Views, so
  // the catalogue, the quote and the placing statement read the one rule without importing stock's SQL.
  await sql`create view stock_sold_out_ingredients as
    select i.id as ingredient_id from ingredients i join stock_levels l on l.ingredient_id = i.id
    where l.on_hand - l.reserved < greatest(i.portion_qty, 1)`.execute(db);
  await sql`create view stock_sold_out_shakes as
    select distinct r.shake_id from shake_recipe_items r join stock_levels l on l.ingredient_id = r.ingredient_id
    where l.on_hand - l.reserved < r.qty_per_bottle`.execute(db);

  await sql`create table stock_alerts (
    ingredient_id uuid not null references ingredients (id),
    day date not null,
    created_at timestamptz not null default now(),
    primary key (ingredient_id, day)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table stock_alerts`.execute(db);
  await sql`drop view stock_sold_out_shakes`.execute(db);
  await sql`drop view stock_sold_out_ingredients`.execute(db);
  await sql`drop table stock_reservations`.execute(db);
  await sql`drop trigger stock_movements_append_only on stock_movements`.execute(db);
  await sql`drop table stock_movements`.execute(db);
  await sql`drop function stock_movements_append_only()`.execute(db);
  await sql`drop table stock_levels`.execute(db);
  await sql`drop table shake_recipe_items`.execute(db);
  await sql`alter table ingredients drop column portion_qty, drop column stock_unit`.execute(db);
}
