import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Free stock in shards (decision 240). Every order used to lock the same hot balance rows
 * (spinach, banana…) from its write until its commit, so orders queued behind each other's commit.
 * Now an ingredient's free stock (on hand − reserved) lives in 16 rows, `stock_shards`; every gram is
 * in exactly one of them and a shard never goes below zero, so the last unit stays exact:
 *
 * - `stock_balances` (the table that was `stock_levels`) keeps on hand and the par level; nothing on
 *   the placing path writes it any more.
 * - `stock_levels` is now a view with the same columns as before: reserved = on hand − the shards'
 *   sum (the stock ledger's invariant: on hand = free + reserved), so every reader is unchanged.
 * - `stock_take(order, needs, refuse)`: an order's reservation. The fast way takes each ingredient's
 *   need from ONE shard (the first round the ring from a place picked by the order's id that keeps at
 *   least the sold-out line after the take and that no other placement holds: skip locked) and locks
 *   only that row, never waiting; the slow way
 *   (`stock_spread`: every shard of the ingredient locked in shard order, the sum taken, the rest
 *   spread evenly) when no shard can. Near the edge every order goes the slow way, serialised and
 *   exact, as before. The fast takes are one statement that never waits. (Two orders each near the
 *   edge of a different ingredient the other took the fast way can deadlock on the slow way;
 *   PostgreSQL picks one and the placement goes again, server/lib/transaction-retry.ts.)
 * - `stock_spread(ingredient, delta)`: the one way every other change of free stock is made
 *   (release, receipt, waste, stock-take): all shards locked, changed, spread evenly over as many
 *   shards as hold 8 sold-out lines each; false when the free stock would go below zero. It owns the storefront's sold-out signal (decision 209): it knows
 *   the free stock before and after, and sends the cache invalidation when a sold-out line is crossed.
 *   The fast way never crosses one (it keeps its shard at or above every line), so nothing is missed.
 */
const SHARDS = 16;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger stock_levels_sold_out_notify on stock_levels`.execute(db);
  await sql`drop function stock_levels_sold_out_notify()`.execute(db);
  await sql`alter table stock_levels rename to stock_balances`.execute(db);
  await sql`alter table stock_balances rename constraint stock_levels_pkey to stock_balances_pkey`.execute(db);

  // A reservation's ingredient was checked against its balance row by a foreign key: every order's
  // insert took a key-share lock on the same hot balance rows, and many lockers of one row make
  // PostgreSQL write a new multixact into it for each — the queue the shards remove, back again. Only
  // stock_take writes reservations, for tracked ingredients (it reads them through the balance rows),
  // and a balance row is never deleted; the stock invariants test checks every reservation's balance.
  await sql`alter table stock_reservations drop constraint stock_reservations_ingredient_id_fkey`.execute(db);
  await sql`create table stock_shards (
    ingredient_id uuid not null references stock_balances (ingredient_id) on delete cascade,
    shard smallint not null check (shard >= 0 and shard < ${sql.raw(String(SHARDS))}),
    free integer not null check (free >= 0),
    primary key (ingredient_id, shard)
  )`.execute(db);
  await sql`insert into stock_shards (ingredient_id, shard, free)
    select b.ingredient_id, s, (b.on_hand - b.reserved) / ${sql.raw(String(SHARDS))} + (case when s < (b.on_hand - b.reserved) % ${sql.raw(String(SHARDS))} then 1 else 0 end)
    from stock_balances b cross join generate_series(0, ${sql.raw(String(SHARDS - 1))}) s`.execute(db);

  // The sold-out views read the shards' sum (the same lines as before).
  await sql`create or replace view stock_sold_out_ingredients as
    select i.id as ingredient_id from ingredients i join stock_balances b on b.ingredient_id = i.id
    where (select coalesce(sum(s.free), 0) from stock_shards s where s.ingredient_id = i.id) < greatest(i.portion_qty, 1)`.execute(db);
  await sql`create or replace view stock_sold_out_shakes as
    select distinct r.shake_id from shake_recipe_items r join stock_balances b on b.ingredient_id = r.ingredient_id
    where (select coalesce(sum(s.free), 0) from stock_shards s where s.ingredient_id = r.ingredient_id) < r.qty_per_bottle`.execute(db);
  await sql`alter table stock_balances drop constraint stock_levels_reserved_le_on_hand, drop column reserved`.execute(db);
  await sql`create view stock_levels as
    select b.ingredient_id, b.on_hand, b.on_hand - f.free as reserved, b.par_level, b.updated_at
    from stock_balances b
    cross join lateral (select coalesce(sum(s.free), 0)::int as free from stock_shards s where s.ingredient_id = b.ingredient_id) f`.execute(db);

  // The highest sold-out line of an ingredient: one portion (the builder) or one bottle of any shake using it.
  await sql`create function stock_line(p_ingredient uuid) returns integer language sql stable as $$
    select greatest(coalesce((select max(r.qty_per_bottle) from shake_recipe_items r where r.ingredient_id = p_ingredient), 0),
      coalesce((select i.portion_qty from ingredients i where i.id = p_ingredient), 0), 1) $$`.execute(db);

  await sql`create function stock_spread(p_ingredient uuid, p_delta integer) returns boolean language plpgsql as $$
declare
  v_before integer;
  v_after integer;
  v_n integer;
begin
  perform 1 from stock_shards where ingredient_id = p_ingredient order by shard for update;
  select coalesce(sum(free), 0), count(*) into v_before, v_n from stock_shards where ingredient_id = p_ingredient;
  v_after := v_before + p_delta;
  if v_n = 0 or v_after < 0 then
    return false;
  end if;
  -- Spread over as many shards as hold 8 sold-out lines each (all 16 when stock is healthy; one near
  -- the edge, so that the last bottles still go the fast way, one row locked, until the line).
  v_n := greatest(1, least(v_n, v_after / (8 * stock_line(p_ingredient))));
  update stock_shards set free = case when shard < v_n then v_after / v_n + (case when shard < v_after % v_n then 1 else 0 end) else 0 end
    where ingredient_id = p_ingredient;
  if exists (
      select 1 from ingredients i where i.id = p_ingredient
        and (v_before < greatest(i.portion_qty, 1)) <> (v_after < greatest(i.portion_qty, 1))
    ) or exists (
      select 1 from shake_recipe_items r where r.ingredient_id = p_ingredient
        and (v_before < r.qty_per_bottle) <> (v_after < r.qty_per_bottle)
    ) then
    perform pg_notify('cache_invalidate', '{"prefix":"catalogue:"}');
  end if;
  return true;
end $$`.execute(db);

  await stockTakeFunction(RING_SORT_PICK).execute(db);

  // A new balance row (the first receipt, count or par level of an ingredient, or the seed) gets its
  // shards; all its stock is free (nothing can be reserved on a row that did not exist).
  await sql`create function stock_balances_shards() returns trigger language plpgsql as $$
begin
  insert into stock_shards (ingredient_id, shard, free)
  select new.ingredient_id, s, new.on_hand / ${sql.raw(String(SHARDS))} + (case when s < new.on_hand % ${sql.raw(String(SHARDS))} then 1 else 0 end)
  from generate_series(0, ${sql.raw(String(SHARDS - 1))}) s;
  perform pg_notify('cache_invalidate', '{"prefix":"catalogue:"}');
  return null;
end $$`.execute(db);
  await sql`create trigger stock_balances_shards after insert on stock_balances
    for each row execute function stock_balances_shards()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger stock_balances_shards on stock_balances`.execute(db);
  await sql`drop function stock_balances_shards()`.execute(db);
  await sql`drop function stock_take(uuid, jsonb, boolean)`.execute(db);
  await sql`drop function stock_spread(uuid, integer)`.execute(db);
  await sql`drop function stock_line(uuid)`.execute(db);
  await sql`drop view stock_levels`.execute(db);
  await sql`alter table stock_balances add column reserved integer not null default 0 check (reserved >= 0)`.execute(db);
  await sql`update stock_balances b set reserved = b.on_hand - (select coalesce(sum(s.free), 0) from stock_shards s where s.ingredient_id = b.ingredient_id)`.execute(db);
  await sql`create or replace view stock_sold_out_ingredients as
    select i.id as ingredient_id from ingredients i join stock_balances l on l.ingredient_id = i.id
    where l.on_hand - l.reserved < greatest(i.portion_qty, 1)`.execute(db);
  await sql`create or replace view stock_sold_out_shakes as
    select distinct r.shake_id from shake_recipe_items r join stock_balances l on l.ingredient_id = r.ingredient_id
    where l.on_hand - l.reserved < r.qty_per_bottle`.execute(db);
  await sql`drop table stock_shards`.execute(db);
  await sql`alter table stock_reservations add constraint stock_reservations_ingredient_id_fkey
    foreign key (ingredient_id) references stock_balances (ingredient_id)`.execute(db);
  await sql`alter table stock_balances add constraint stock_levels_reserved_le_on_hand check (reserved <= on_hand)`.execute(db);
  await sql`alter table stock_balances rename constraint stock_balances_pkey to stock_levels_pkey`.execute(db);
  await sql`alter table stock_balances rename to stock_levels`.execute(db);
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

/**
 * stock_take's text (below), with the shard pick of the fast way given: this migration's pick, read
 * through every shard in ring order, and decision 247's, which walks the index from the order's place.
 */
export function stockTakeFunction(pick: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`create or replace function stock_take(p_order uuid, p_needs jsonb, p_refuse boolean)
    returns table (ingredient_id uuid, qty integer) language plpgsql as $$
declare
  r record;
  v_start integer := abs(hashtext(p_order::text)) % ${sql.raw(String(SHARDS))};
  v_ids uuid[];
  v_qty integer[];
  v_short text[] := '{}';
begin
  -- The fast way, one statement for every ingredient one shard can give: the first shard round the
  -- ring from the order's own place (its id's hash) that can give the need and keep at least the
  -- ingredient's highest sold-out line, and that no other placement holds right now (skip locked): an
  -- order never waits for another's commit on this way, and never waits at all, so it cannot deadlock.
  with need as (
    select n.ingredient_id as id, n.need,
      greatest(coalesce((select max(ri.qty_per_bottle) from shake_recipe_items ri where ri.ingredient_id = n.ingredient_id), 0),
        (select i.portion_qty from ingredients i where i.id = n.ingredient_id), 1) as line
    from jsonb_to_recordset(p_needs) as n(ingredient_id uuid, need integer)
  ),
  pick as (
    select need.id, need.need, need.line, p.shard
    from need cross join lateral (
${pick}
    ) p
  ),
  taken as (
    update stock_shards s set free = s.free - p.need
    from pick p
    where s.ingredient_id = p.id and s.shard = p.shard and s.free - p.need >= p.line
    returning s.ingredient_id, p.need
  )
  select array_agg(t.ingredient_id), array_agg(t.need) into v_ids, v_qty from taken t;
  return query select u.id, u.q from unnest(v_ids, v_qty) as u(id, q);
  -- The slow way (near the edge, or every shard that could give it held by other placements): every
  -- shard of the ingredient, locked in shard order.
  for r in
    select n.ingredient_id as id, n.need, i.name
    from jsonb_to_recordset(p_needs) as n(ingredient_id uuid, need integer)
    join ingredients i on i.id = n.ingredient_id
    where v_ids is null or n.ingredient_id <> all(v_ids)
    order by n.ingredient_id
  loop
    if stock_spread(r.id, -r.need) then
      ingredient_id := r.id;
      qty := r.need;
      return next;
    else
      v_short := v_short || r.name;
    end if;
  end loop;
  if p_refuse and cardinality(v_short) > 0 then
    perform stock_refuse(array_to_string(array(select unnest(v_short) order by 1), ', '));
  end if;
end $$`;
}

/** The first fast-way pick (decision 240): every shard of the ingredient read and sorted in ring order. */
export const RING_SORT_PICK = sql`      select s.shard from stock_shards s
      where s.ingredient_id = need.id and s.free - need.need >= need.line
      order by (s.shard - v_start + ${sql.raw(String(SHARDS))}) % ${sql.raw(String(SHARDS))}
      limit 1 for update of s skip locked`;
