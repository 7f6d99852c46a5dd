import { sql, type Kysely } from 'kysely';

/**
 * The storefront's "Sold out for now" follows the stock on every instance at once (decision 209).
 * The one place free stock moves is a `stock_levels` row (placement's reservation, a cancel's or an
 * expiry's release, a stock-take, waste, a receipt), so a trigger there sends the same cache
 * invalidation a price change broadcasts (`cache_invalidate`, prefix `catalogue:`) when the row's
 * free stock crosses the sold-out line of the views `stock_sold_out_ingredients` and
 * `stock_sold_out_shakes` — one portion of the ingredient, or one bottle of a shake using it — and
 * only then: most orders cross nothing and send nothing. NOTIFY is delivered at commit (never for a
 * rolled-back change), identical ones in a transaction are sent once, and it adds no round trip.
 * A kitchen batch moves on hand and reserved together (free unchanged): the WHEN clause skips it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function stock_levels_sold_out_notify() returns trigger language plpgsql as $$
begin
  if exists (
      select 1 from ingredients i
      where i.id = new.ingredient_id
        and (old.on_hand - old.reserved < greatest(i.portion_qty, 1)) <> (new.on_hand - new.reserved < greatest(i.portion_qty, 1))
    ) or exists (
      select 1 from shake_recipe_items r
      where r.ingredient_id = new.ingredient_id
        and (old.on_hand - old.reserved < r.qty_per_bottle) <> (new.on_hand - new.reserved < r.qty_per_bottle)
    ) then
    perform pg_notify('cache_invalidate', '{"prefix":"catalogue:"}');
  end if;
  return null;
end $$`.execute(db);
  await sql`create trigger stock_levels_sold_out_notify
    after update of on_hand, reserved on stock_levels
    for each row when (old.on_hand - old.reserved is distinct from new.on_hand - new.reserved)
    execute function stock_levels_sold_out_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger stock_levels_sold_out_notify on stock_levels`.execute(db);
  await sql`drop function stock_levels_sold_out_notify()`.execute(db);
}
