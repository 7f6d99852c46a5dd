import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/database';

/**
 * The stock ledger's SQL (decisions 160 and 240). On hand is a balance row
 * (stock_balances); free stock is in its 16 shards (stock_shards), changed by stock_take (an order's
 * reservation) and stock_spread (everything else); the view stock_levels reads on hand, reserved
 * (on hand − free) and par level as one row. Every change is one conditional statement that also
 * writes its ledger row (stock_movements) or its reservation rows (stock_reservations); the CHECKs on
 * the balance and shard rows are the last guard.
 */

/** One line of an order as stock reads it: signature lines by shake id, custom lines by their recipe. */
export interface StockLine {
  item_type: 'signature' | 'custom';
  item_id: string;
  quantity: number;
  recipe: unknown;
}

/**
 * What each line needs of each ingredient, one row per (line, ingredient) — the one formula of the
 * shop (decision 160): a signature line takes its recipe's quantity per bottle × quantity; a custom
 * line one portion of its base and each add-in's portions, × 1.4 for a Large, rounded up, × quantity
 * (the SQL twin of shared/rules/stock.ts#customQuantity). `lines` names a relation with item_type,
 * item_id, quantity and recipe; `key` is an expression over its alias `l` carried through as line_key.
 * The reservation, the kitchen's read and the forecast all read it (no second formula).
 */
export function lineNeedsSql(lines: RawBuilder<unknown>, key: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
        select ${key} as line_key, r.ingredient_id, r.qty_per_bottle * l.quantity as need
        from ${lines} l join shake_recipe_items r on l.item_type = 'signature' and r.shake_id::text = l.item_id
        union all
        select ${key}, i.id, ceil(i.portion_qty * c.portions * (case when l.recipe->>'size' = 'large' then 1.4 else 1 end))::int * l.quantity
        from ${lines} l
        cross join lateral (
          select l.recipe->>'baseId' as ingredient_id, 1 as portions
          union all
          select a->>'ingredientId', (a->>'portions')::int from jsonb_array_elements(coalesce(l.recipe->'addIns', '[]'::jsonb)) a
        ) c
        join ingredients i on i.id::text = c.ingredient_id
        where l.item_type = 'custom' and jsonb_typeof(l.recipe) = 'object'`;
}

/**
 * CTEs (names st_*) that work out what the lines in `st_lines` need per tracked ingredient, and
 * reserve it for the order: `stock_take` (decision 240) takes each ingredient's need from its free
 * stock's shards — one shard row locked when one can give it, every shard in order near the edge —
 * and `st_hold` writes one reservation row per (order, ingredient) taken. With `refuse` a shortage
 * raises (OUT_OF_STOCK:, the names) and the statement fails; without it, what was not taken is simply
 * missing from `st_hold` (the shortages are read from `st_need`).
 */
function reserveCtes(
  linesSource: RawBuilder<unknown>,
  orderId: string,
  refuse: boolean,
  when: RawBuilder<unknown> = sql`select 1`,
): RawBuilder<unknown> {
  return sql`
    st_lines as (select * from (${linesSource}) src where exists (${when})),
    st_need as (
      select n.ingredient_id, sum(n.need)::int as need from (${lineNeedsSql(sql.raw('st_lines'), sql.raw('null'))}
      ) n
      join stock_balances tracked on tracked.ingredient_id = n.ingredient_id
      group by n.ingredient_id
      having sum(n.need) > 0
    ),
    st_hold as (
      insert into stock_reservations (order_id, ingredient_id, qty)
      select o.order_id, t.ingredient_id, t.qty
      from (select ${orderId}::uuid as order_id) o
      cross join lateral stock_take(o.order_id,
        (select coalesce(jsonb_agg(jsonb_build_object('ingredient_id', ingredient_id, 'need', need)), '[]'::jsonb) from st_need),
        ${sql.raw(refuse ? 'true' : 'false')}) t
      returning ingredient_id
    )`;
}

/**
 * Locks the balance rows of `ids` in ingredient order (decision 160). Referenced as an uncorrelated
 * scalar subquery in the UPDATE's WHERE, it runs (an InitPlan) before the UPDATE locks any row, so two
 * batches sharing ingredients always queue in the same order and never deadlock on each other.
 */
function lockInOrder(ids: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select ingredient_id from stock_balances where ingredient_id in (${ids}) order by ingredient_id for update`;
}

/** What could not be reserved, as one json value: [{ id, name, need, free, unit }] (empty: all of it was). */
const shortageResult = sql`(select coalesce(json_agg(json_build_object(
      'id', n.ingredient_id, 'name', i.name, 'need', n.need, 'free', l.on_hand - l.reserved, 'unit', i.stock_unit) order by i.name), '[]')
    from st_need n join stock_levels l on l.ingredient_id = n.ingredient_id join ingredients i on i.id = n.ingredient_id
    where n.ingredient_id not in (select ingredient_id from st_hold))`;

export interface Shortage {
  id: string;
  name: string;
  need: number;
  free: number;
  unit: string;
}

/** The message prefix of the error the order-writing statement raises when stock ran short (stock_refuse). */
export const SHORTAGE_PREFIX = 'OUT_OF_STOCK:';

/**
 * Reservation as CTEs of the order-writing statement (orders.repository.insertOrderGraph's `also`),
 * the last statement before commit, so the shard rows stay locked for about one round trip
 * (decisions 160, 240). They run only when the order was written (`when`). When an ingredient is
 * short, the statement raises (SQLSTATE P0001, message `OUT_OF_STOCK:` + the names) and the
 * transaction rolls back. The text is the same for every call: its parameters are the lines' JSON,
 * then the order id.
 */
export function reserveInOrderWrite(
  orderId: string,
  lines: readonly StockLine[],
): { shape: string; ctes: (when: RawBuilder<unknown>) => RawBuilder<unknown>; params: readonly unknown[] } {
  const json = JSON.stringify(lines);
  const source = sql`select * from jsonb_to_recordset(${json}::jsonb) as x(item_type text, item_id text, quantity int, recipe jsonb)`;
  return {
    shape: 'stock',
    ctes: (when) => reserveCtes(source, orderId, true, when),
    params: [json, orderId],
  };
}

/** Reserves again what a placed order's stored lines need (the late-paid order reinstated); returns the shortages. */
export async function reserveForOrder(db: Executor, orderId: string): Promise<Shortage[]> {
  const source = sql`select item_type, item_id, quantity, recipe from order_lines where order_id = ${orderId}::uuid`;
  const { rows } = await sql<{ v: Shortage[] }>`with ${reserveCtes(source, orderId, false)} select ${shortageResult} as v`.execute(db);
  return rows[0]!.v;
}

/**
 * Gives back everything the order holds, in one statement: its reservation rows go, and each
 * ingredient's free stock rises by them (stock_spread, in ingredient order). Twice gives back once.
 */
export async function releaseOrder(db: Executor, orderId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with gone as (delete from stock_reservations where order_id = ${orderId}::uuid returning ingredient_id, qty),
    back as (select stock_spread(g.ingredient_id, g.qty) as ok from (select * from gone order by ingredient_id) g)
    select count(*) filter (where ok)::int as n from back`.execute(db);
  return rows[0]!.n;
}

/**
 * The orders' reservations become usage (a batch started): reservation rows go, on hand drops by them
 * (free stock does not change: what was reserved is what is used), and one \`used\` ledger row per
 * order and ingredient, in one statement.
 */
export async function useReservations(db: Executor, orderIds: readonly string[], actorId: string | null, reason: string): Promise<number> {
  if (!orderIds.length) return 0;
  const { rows } = await sql<{ n: number }>`
    with gone as (
      delete from stock_reservations where order_id = any(${[...orderIds]}::uuid[]) returning order_id, ingredient_id, qty
    ),
    per as (select ingredient_id, sum(qty)::int as qty from gone group by ingredient_id),
    lk as (${lockInOrder(sql`select ingredient_id from per`)}),
    lv as (
      update stock_balances l set on_hand = l.on_hand - per.qty, updated_at = now()
      from per where l.ingredient_id = per.ingredient_id and (select count(*) from lk) >= 0 returning l.ingredient_id, l.on_hand
    ),
    ledger as (
      insert into stock_movements (ingredient_id, kind, delta, on_hand_after, order_id, actor_id, reason, use_round)
      select g.ingredient_id, 'used', -g.qty,
        lv.on_hand + coalesce(sum(g.qty) over (partition by g.ingredient_id order by g.order_id rows between 1 following and unbounded following), 0),
        g.order_id, ${actorId}::uuid, ${reason},
        -- After an undo (decision 264) the order uses the ingredient again: the next round.
        1 + (select count(*) from stock_movements r
             where r.kind = 'returned' and r.order_id = g.order_id and r.ingredient_id = g.ingredient_id)::int
      from gone g join lv on lv.ingredient_id = g.ingredient_id
      order by g.ingredient_id, g.order_id
      returning 1
    )
    select count(*)::int as n from ledger`.execute(db);
  return rows[0]!.n;
}

/**
 * A batch undone (decision 264): what the orders used and have not yet been given back returns to
 * the ledger, in one statement — one `returned` row per `used` row (delta +qty, `reverses` it, the
 * same round), on hand rises by it. The orders in `holdFor` (back to confirmed) hold it again as
 * their reservation (free stock unchanged: on hand and reserved rise together); what the others used
 * (cancelled meanwhile) becomes free stock (stock_spread). Twice gives back once: a used row already
 * reversed is skipped, and `stock_movements_returned_once` is the last guard.
 */
export async function returnUsage(
  db: Executor,
  orderIds: readonly string[],
  holdFor: readonly string[],
  actorId: string | null,
  reason: string,
): Promise<{ order_id: string; ingredient_id: string; qty: number }[]> {
  if (!orderIds.length) return [];
  const { rows } = await sql<{ order_id: string; ingredient_id: string; qty: number; spread: boolean | null }>`
    with u as (
      select m.id, m.order_id, m.ingredient_id, -m.delta as qty, m.use_round from stock_movements m
      where m.kind = 'used' and m.order_id = any(${[...orderIds]}::uuid[])
        and not exists (select 1 from stock_movements r where r.kind = 'returned' and r.reverses = m.id)
    ),
    per as (select ingredient_id, sum(qty)::int as qty from u group by ingredient_id),
    lk as (${lockInOrder(sql`select ingredient_id from per`)}),
    lv as (
      update stock_balances l set on_hand = l.on_hand + per.qty, updated_at = now()
      from per where l.ingredient_id = per.ingredient_id and (select count(*) from lk) >= 0 returning l.ingredient_id, l.on_hand
    ),
    ledger as (
      insert into stock_movements (ingredient_id, kind, delta, on_hand_after, order_id, actor_id, reason, reverses, use_round)
      select u.ingredient_id, 'returned', u.qty,
        lv.on_hand - coalesce(sum(u.qty) over (partition by u.ingredient_id order by u.order_id, u.id rows between 1 following and unbounded following), 0),
        u.order_id, ${actorId}::uuid, ${reason}, u.id, u.use_round
      from u join lv on lv.ingredient_id = u.ingredient_id
      order by u.ingredient_id, u.order_id, u.id
      returning order_id, ingredient_id, delta
    ),
    held as (
      insert into stock_reservations (order_id, ingredient_id, qty)
      select order_id, ingredient_id, sum(delta)::int from ledger where order_id = any(${[...holdFor]}::uuid[])
      group by order_id, ingredient_id
      returning 1
    ),
    freed as (
      select f.ingredient_id, stock_spread(f.ingredient_id, f.qty) as ok
      from (select ingredient_id, sum(delta)::int as qty from ledger where order_id <> all(${[...holdFor]}::uuid[])
            group by ingredient_id order by ingredient_id) f
    )
    select l.order_id::text, l.ingredient_id::text, l.delta as qty,
      (select bool_and(ok) from freed) as spread, (select count(*) from held) >= 0 as h
    from ledger l`.execute(db);
  return rows.map((r) => ({ order_id: r.order_id, ingredient_id: r.ingredient_id, qty: Number(r.qty) }));
}

export interface MovementRow {
  id: string;
  ingredient_id: string;
  kind: 'received' | 'used' | 'wasted' | 'counted' | 'returned';
  delta: number;
  on_hand_after: number;
  batch: string | null;
  best_before: string | null;
  reason: string | null;
  order_id: string | null;
  actor_id: string | null;
  actor_email: string | null;
  created_at: Date;
}

interface MovementExtra {
  actorId: string | null;
  batch?: string | null;
  bestBefore?: string | null;
  reason?: string | null;
}

const movementColumns = sql`id::text, ingredient_id, kind, delta, on_hand_after, batch, best_before::text, reason, order_id, actor_id,
  (select email from users u where u.id = actor_id) as actor_email, created_at`;

/** The ingredient's balance row, made when it has none (its 16 shards come with it, by trigger; decision 240). */
export async function ensureBalance(db: Executor, ingredientId: string): Promise<void> {
  await sql`insert into stock_balances (ingredient_id) values (${ingredientId}::uuid) on conflict do nothing`.execute(db);
}

/**
 * Changes on hand by `delta` and the free stock by the same amount (stock_spread: every shard locked,
 * spread evenly), with the ledger row, in one statement. Nothing is written when free stock would go
 * below zero, or (`expect`) when on hand is no longer what the caller read.
 */
function moveSql(
  ingredientId: string,
  delta: number,
  kind: 'received' | 'wasted' | 'counted',
  x: MovementExtra,
  opts: { expect?: number } = {},
): RawBuilder<MovementRow> {
  return sql<MovementRow>`
    with b as (select on_hand from stock_balances where ingredient_id = ${ingredientId}::uuid for update),
    ok as (
      select stock_spread(${ingredientId}::uuid, ${delta}::int) as ok from b
      where ${opts.expect === undefined ? sql`true` : sql`b.on_hand = ${opts.expect}::int`}
    ),
    nb as (
      update stock_balances set on_hand = on_hand + ${delta}::int, updated_at = now()
      where ingredient_id = ${ingredientId}::uuid and (select ok from ok)
      returning on_hand
    ),
    m as (
      insert into stock_movements (ingredient_id, kind, delta, on_hand_after, batch, best_before, reason, actor_id)
      select ${ingredientId}::uuid, ${kind}, ${delta}::int, nb.on_hand, ${x.batch ?? null}, ${x.bestBefore ?? null}::date, ${x.reason ?? null}, ${x.actorId}::uuid
      from nb returning *
    )
    select ${movementColumns} from m`;
}

/** Stock received: on hand and free stock rise by `qty` (the balance row is made on the first receipt), with its ledger row. */
export async function receive(db: Executor, ingredientId: string, qty: number, x: MovementExtra): Promise<MovementRow> {
  await ensureBalance(db, ingredientId);
  const { rows } = await moveSql(ingredientId, qty, 'received', x).execute(db);
  return rows[0]!;
}

/** Stock wasted: on hand drops by `qty` only when that much is free (not held by open orders); undefined otherwise. */
export async function waste(db: Executor, ingredientId: string, qty: number, x: MovementExtra): Promise<MovementRow | undefined> {
  const { rows } = await moveSql(ingredientId, -qty, 'wasted', x).execute(db);
  return rows[0];
}

/** The balance row, locked (a stock-take reads the figure it replaces), with what open orders hold. */
export async function lockLevel(db: Executor, ingredientId: string): Promise<{ on_hand: number; reserved: number } | undefined> {
  const { rows } = await sql<{ on_hand: number; reserved: number }>`
    select b.on_hand, b.on_hand - (select coalesce(sum(s.free), 0) from stock_shards s where s.ingredient_id = b.ingredient_id)::int as reserved
    from stock_balances b where b.ingredient_id = ${ingredientId}::uuid for update of b`.execute(db);
  return rows[0];
}

/** A stock-take: on hand becomes `counted` (never under what open orders hold); the ledger records the difference. */
export async function count(
  db: Executor,
  ingredientId: string,
  counted: number,
  before: number,
  x: MovementExtra,
): Promise<MovementRow | undefined> {
  await ensureBalance(db, ingredientId);
  const { rows } = await moveSql(ingredientId, counted - before, 'counted', x, { expect: before }).execute(db);
  return rows[0];
}

export async function setParLevel(db: Executor, ingredientId: string, parLevel: number): Promise<void> {
  await sql`insert into stock_balances as l (ingredient_id, par_level) values (${ingredientId}::uuid, ${parLevel})
    on conflict (ingredient_id) do update set par_level = excluded.par_level, updated_at = now()`.execute(db);
}

export interface LevelRow {
  id: string;
  name: string;
  category: string;
  stock_unit: 'g' | 'ml' | 'pc';
  portion_qty: number;
  active: boolean;
  tracked: boolean;
  on_hand: number;
  reserved: number;
  par_level: number;
  used_recent: number;
  sold_out: boolean;
  next_best_before: string | null;
}

/** Every ingredient with its balance, recent use (since `since`) and sold-out state, in one statement. */
export async function listLevels(db: Executor, since: string, ingredientId?: string): Promise<LevelRow[]> {
  const { rows } = await sql<LevelRow>`
    select i.id, i.name, i.category, i.stock_unit, i.portion_qty, i.active,
      l.ingredient_id is not null as tracked,
      coalesce(l.on_hand, 0) as on_hand, coalesce(l.reserved, 0) as reserved, coalesce(l.par_level, 0) as par_level,
      coalesce((select -sum(m.delta) from stock_movements m
        where m.ingredient_id = i.id and m.kind in ('used', 'returned') and m.created_at >= ${since}::timestamptz), 0)::int as used_recent,
      exists (select 1 from stock_sold_out_ingredients v where v.ingredient_id = i.id) as sold_out,
      (select min(m.best_before)::text from stock_movements m
        where m.ingredient_id = i.id and m.kind = 'received' and m.best_before >= current_date) as next_best_before
    from ingredients i left join stock_levels l on l.ingredient_id = i.id
    where ${ingredientId ? sql`i.id = ${ingredientId}::uuid` : sql`true`}
    order by i.sort_order, i.name`.execute(db);
  return rows;
}

export async function ingredientExists(db: Executor, id: string): Promise<{ name: string; stock_unit: string } | undefined> {
  const { rows } = await sql<{ name: string; stock_unit: string }>`select name, stock_unit from ingredients where id = ${id}::uuid`.execute(
    db,
  );
  return rows[0];
}

/** One ingredient's ledger, newest first, with the total count. */
export async function listMovements(
  db: Executor,
  ingredientId: string,
  limit: number,
  offset: number,
): Promise<{ rows: MovementRow[]; total: number }> {
  const { rows } = await sql<MovementRow & { total: string }>`
    select ${movementColumns}, count(*) over () as total from stock_movements
    where ingredient_id = ${ingredientId}::uuid order by stock_movements.id desc limit ${limit} offset ${offset}`.execute(db);
  const total = rows.length
    ? Number(rows[0]!.total)
    : Number(
        (await sql<{ n: string }>`select count(*) as n from stock_movements where ingredient_id = ${ingredientId}::uuid`.execute(db))
          .rows[0]!.n,
      );
  return { rows, total };
}

export interface RecipeItemRow {
  ingredient_id: string;
  name: string;
  stock_unit: 'g' | 'ml' | 'pc';
  qty_per_bottle: number;
}

export async function readRecipe(db: Executor, shakeId: string): Promise<RecipeItemRow[]> {
  const { rows } = await sql<RecipeItemRow>`
    select r.ingredient_id, i.name, i.stock_unit, r.qty_per_bottle
    from shake_recipe_items r join ingredients i on i.id = r.ingredient_id
    where r.shake_id = ${shakeId}::uuid order by i.sort_order, i.name`.execute(db);
  return rows;
}

export async function shakeName(db: Executor, shakeId: string): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`select name from signature_shakes where id = ${shakeId}::uuid for update`.execute(db);
  return rows[0]?.name;
}

/**
 * Replaces a shake's recipe with `items` (ids already checked to exist), in one statement: the rows
 * not in `items` go, the others are written or updated. (Deleting every row and inserting again in
 * one statement failed on the primary key for any ingredient kept: both parts see the same snapshot.)
 */
export async function replaceRecipe(db: Executor, shakeId: string, items: readonly { ingredientId: string; qty: number }[]): Promise<void> {
  await sql`
    with items as (
      select x.ingredient_id, x.qty
      from jsonb_to_recordset(${JSON.stringify(items.map((i) => ({ ingredient_id: i.ingredientId, qty: i.qty })))}::jsonb) as x(ingredient_id uuid, qty int)
    ),
    gone as (delete from shake_recipe_items where shake_id = ${shakeId}::uuid and ingredient_id not in (select ingredient_id from items))
    insert into shake_recipe_items (shake_id, ingredient_id, qty_per_bottle)
    select ${shakeId}::uuid, ingredient_id, qty from items
    on conflict (shake_id, ingredient_id) do update set qty_per_bottle = excluded.qty_per_bottle`.execute(db);
}

export async function existingIngredientIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ id: string }>`select id from ingredients where id = any(${[...ids]}::uuid[])`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/** Ingredients under par (free < par) or sold out, not yet alerted today: claims today's alert for each (one e-mail per ingredient and day). */
export async function claimLowStockAlerts(
  db: Executor,
  day: string,
): Promise<{ id: string; name: string; free: number; par_level: number; stock_unit: string }[]> {
  const { rows } = await sql<{ id: string; name: string; free: number; par_level: number; stock_unit: string }>`
    with low as (
      select i.id, i.name, l.on_hand - l.reserved as free, l.par_level, i.stock_unit
      from stock_levels l join ingredients i on i.id = l.ingredient_id
      where i.active and l.par_level > 0 and l.on_hand - l.reserved < l.par_level
    ),
    claimed as (
      insert into stock_alerts (ingredient_id, day) select id, ${day}::date from low
      on conflict do nothing returning ingredient_id
    )
    select low.* from low join claimed on claimed.ingredient_id = low.id order by low.name`.execute(db);
  return rows;
}

/**
 * Ingredients the forecast lines (tomorrow's standing deliveries) need more of than is free, not yet
 * alerted today: claims today's forecast alert for each (one e-mail per ingredient and day). Needs by
 * the one formula (lineNeedsSql), as the reservation will take them.
 */
export async function claimForecastAlerts(
  db: Executor,
  day: string,
  lines: readonly StockLine[],
): Promise<{ id: string; name: string; need: number; free: number; stock_unit: string }[]> {
  const json = JSON.stringify(lines);
  const { rows } = await sql<{ id: string; name: string; need: number; free: number; stock_unit: string }>`
    with fl as (select * from jsonb_to_recordset(${json}::jsonb) as x(item_type text, item_id text, quantity int, recipe jsonb)),
    need as (select n.ingredient_id, sum(n.need)::int as need from (${lineNeedsSql(sql.raw('fl'), sql.raw('null'))}) n group by n.ingredient_id),
    short as (
      select i.id, i.name, need.need, l.on_hand - l.reserved as free, i.stock_unit
      from need join stock_levels l on l.ingredient_id = need.ingredient_id join ingredients i on i.id = need.ingredient_id
      where i.active and need.need > l.on_hand - l.reserved
    ),
    claimed as (
      insert into stock_alerts (ingredient_id, day, kind) select id, ${day}::date, 'forecast' from short
      on conflict do nothing returning ingredient_id
    )
    select short.* from short join claimed on claimed.ingredient_id = short.id order by short.name`.execute(db);
  return rows;
}

/** Where low-stock e-mails go: the owners (enabled, role admin) and the configured admin addresses. */
export async function ownerEmails(db: Executor, configured: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ email: string }>`select email from users where role = 'admin' and not disabled order by email`.execute(db);
  return [...new Set([...rows.map((r) => r.email.toLowerCase()), ...configured.map((e) => e.toLowerCase())])];
}

/** Who hears of stock: the enabled owners (admin), managers and kitchen staff. */
export function stockStaff(db: Executor) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', 'in', ['admin', 'manager', 'kitchen'])
    .where('disabled', '=', false)
    .orderBy('id')
    .execute();
}

/** What keyed lines need per ingredient, by the one formula (lineNeedsSql): one row per (key, ingredient). */
export async function needsByKey(db: Executor, lines: readonly (StockLine & { key: string })[]): Promise<{ key: string; ingredient_id: string; need: number }[]> {
  if (!lines.length) return [];
  const { rows } = await sql<{ key: string; ingredient_id: string; need: number }>`
    with pl as (select * from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(key text, item_type text, item_id text, quantity int, recipe jsonb))
    select n.line_key as key, n.ingredient_id::text as ingredient_id, sum(n.need)::int as need
    from (${lineNeedsSql(sql.raw('pl'), sql`l.key`)}) n
    group by n.line_key, n.ingredient_id`.execute(db);
  return rows.map((r) => ({ ...r, need: Number(r.need) }));
}

export interface PlanLevelRow {
  id: string;
  name: string;
  stock_unit: 'g' | 'ml' | 'pc';
  hydroponic: boolean;
  supplier: string | null;
  on_hand: number;
  reserved: number;
  reserved_before: number;
  par_level: number;
  next_best_before: string | null;
}

/**
 * The tracked, active ingredients as the purchase plan reads them: on hand, reserved, par, the
 * earliest best-before of what was received, where they come from, and how much of the reserved stock
 * is held for orders delivered before `from` (outside the plan's days).
 */
export async function planLevels(db: Executor, from: string): Promise<PlanLevelRow[]> {
  const { rows } = await sql<PlanLevelRow>`
    select i.id, i.name, i.stock_unit, i.hydroponic, i.supplier,
      l.on_hand, l.reserved, l.par_level,
      coalesce((select sum(r.qty) from stock_reservations r join orders o on o.id = r.order_id
        where r.ingredient_id = i.id and o.slot_date < ${from}::date), 0)::int as reserved_before,
      (select min(m.best_before)::text from stock_movements m
        where m.ingredient_id = i.id and m.kind = 'received' and m.best_before >= current_date) as next_best_before
    from ingredients i join stock_levels l on l.ingredient_id = i.id
    where i.active
    order by i.sort_order, i.name`.execute(db);
  return rows.map((r) => ({ ...r, on_hand: Number(r.on_hand), reserved: Number(r.reserved), reserved_before: Number(r.reserved_before), par_level: Number(r.par_level) }));
}

/**
 * What is on hand, lot by lot (decision 265), first in first out: every inflow — a receipt with its
 * best-before, or stock found at a count (none) — joins the back of the queue; uses, waste and counts
 * down take from the front, so what remains is the newest inflows adding up to on hand (the oldest of
 * them in part). A `returned` row and the `used` row it reverses cancel out and move nothing.
 * Oldest first per ingredient; the one place lots are worked out (stock.lots.ts plays them forward).
 */
export async function lotsOnHand(db: Executor): Promise<Map<string, { bestBefore: string | null; qty: number }[]>> {
  const { rows } = await sql<{ ingredient_id: string; best_before: string | null; qty: number }>`
    with inflow as (
      select m.ingredient_id, m.id, m.best_before, m.delta as qty,
        sum(m.delta) over (partition by m.ingredient_id order by m.id desc) as newer
      from stock_movements m
      where m.kind = 'received' or (m.kind = 'counted' and m.delta > 0)
    )
    select f.ingredient_id::text as ingredient_id, f.best_before::text as best_before,
      least(f.qty, b.on_hand - (f.newer - f.qty))::int as qty
    from inflow f join stock_balances b on b.ingredient_id = f.ingredient_id
    where f.newer - f.qty < b.on_hand
    order by f.ingredient_id, f.id`.execute(db);
  const out = new Map<string, { bestBefore: string | null; qty: number }[]>();
  for (const r of rows) out.set(r.ingredient_id, [...(out.get(r.ingredient_id) ?? []), { bestBefore: r.best_before, qty: Number(r.qty) }]);
  return out;
}
