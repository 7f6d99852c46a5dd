import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import * as stockRepo from '../domains/stock/stock.repository';
import { KITCHEN_STATUSES } from '../../shared/rules/kitchen';

/**
 * The kitchen's read of a day (PRODUCT.md §16, decision 180), in ONE statement whatever the number
 * of orders: the day's slots, orders by slot and status, signature shakes × bottles, custom recipes
 * with what each bottle takes, ingredient totals, the same for the forecast lines (standing
 * deliveries not yet ordered, passed in as JSON), the balance of every ingredient involved, and the
 * batches. Ingredient quantities come from the stock domain's one formula (stockRepo.lineNeedsSql),
 * the one the reservation uses.
 */

export interface ForecastLineRow {
  slot_id: string;
  key: string;
  item_type: 'signature' | 'custom';
  item_id: string;
  quantity: number;
  recipe: unknown;
}

export interface KitchenRead {
  slots: { id: string; start_time: string; end_time: string }[];
  statuses: { slot_id: string; status: string; orders: number }[];
  /** Signature bottles per slot and shake (forecast: true for the forecast's). */
  shakes: { slot_id: string; shake_id: string; name: string; bottles: number; forecast: boolean }[];
  /** Identical custom recipes per slot: recipe without its name, bottles, a name, and what all their bottles need (qty: total). */
  customs: {
    slot_id: string;
    recipe: { size?: string; baseId?: string; addIns?: { ingredientId: string; portions: number }[] };
    name: string;
    bottles: number;
    /** What all of the recipe's bottles need (divide by bottles for one). */
    per_bottle: { ingredient_id: string; qty: number }[];
    forecast: boolean;
  }[];
  needs: { slot_id: string; ingredient_id: string; qty: number; forecast: boolean }[];
  /** Per slot, what its confirmed orders (what "Start batch" takes) need: bottles and ingredients. */
  to_start: { slot_id: string; bottles: number; needs: { ingredient_id: string; qty: number }[] }[];
  /** What one bottle of each signature shake of the day takes (the prep sheet's per-bottle lines). */
  recipes: { shake_id: string; ingredient_id: string; qty: number }[];
  ingredients: {
    id: string;
    name: string;
    stock_unit: 'g' | 'ml' | 'pc';
    sort_order: number;
    tracked: boolean;
    on_hand: number;
    reserved: number;
  }[];
  batches: {
    id: string;
    slot_id: string;
    started_at: string;
    started_by: string | null;
    ready_at: string | null;
    ready_by: string | null;
    undone_at: string | null;
    undone_by: string | null;
    order_count: number;
  }[];
}

export async function readKitchenDay(db: Executor, date: string, forecast: readonly ForecastLineRow[]): Promise<KitchenRead> {
  const fjson = JSON.stringify(forecast);
  const { rows } = await sql<{ v: KitchenRead }>`
    with
    ords as (
      select o.id, o.slot_id, o.status from orders o
      where o.slot_date = ${date}::date and o.status = any(${[...KITCHEN_STATUSES]}::text[])
    ),
    lines as (
      select l.id::text as key, o.slot_id, l.item_type, l.item_id, l.quantity, l.recipe, l.name, false as forecast,
        o.status = 'confirmed' as to_start
      from order_lines l join ords o on o.id = l.order_id
    ),
    flines as (
      select x.key, x.slot_id, x.item_type, x.item_id, x.quantity, x.recipe,
        coalesce(x.recipe->>'name', s.name, '') as name, true as forecast, false as to_start
      from jsonb_to_recordset(${fjson}::jsonb) as x(key text, slot_id uuid, item_type text, item_id text, quantity int, recipe jsonb)
      left join signature_shakes s on x.item_type = 'signature' and s.id::text = x.item_id
    ),
    alllines as (select * from lines union all select * from flines),
    needs as (${stockRepo.lineNeedsSql(sql.raw('alllines'), sql.raw('l.key'))}),
    lineneeds as (
      select a.slot_id, a.forecast, a.to_start, a.key, a.item_type, a.recipe, a.quantity, n.ingredient_id, n.need
      from needs n join alllines a on a.key = n.line_key
    ),
    custper as (
      select slot_id, forecast, rk, json_agg(json_build_object('ingredient_id', ingredient_id, 'qty', need)) as per
      from (select slot_id, forecast, recipe - 'name' as rk, ingredient_id, sum(need)::int as need
            from lineneeds where item_type = 'custom' group by 1, 2, 3, 4) x
      group by slot_id, forecast, rk
    ),
    cust as (
      select a.slot_id, a.forecast, a.recipe - 'name' as recipe, min(a.name) as name, sum(a.quantity)::int as bottles
      from alllines a where a.item_type = 'custom'
      group by a.slot_id, a.forecast, a.recipe - 'name'
    ),
    used_ings as (select distinct ingredient_id from lineneeds)
    select json_build_object(
      'slots', (select coalesce(json_agg(json_build_object('id', d.id, 'start_time', d.start_time, 'end_time', d.end_time)
                  order by d.start_time, d.id), '[]')
                from delivery_slots d where d.active or d.id in (select slot_id from ords) or d.id in (select slot_id from flines)),
      'statuses', (select coalesce(json_agg(s), '[]') from (
                  -- A preparing order whose batch is ready waits for its rider: the slot's chip says so.
                  select o.slot_id, case when o.status = 'preparing' and exists (
                      select 1 from kitchen_batch_orders bo join kitchen_batches b on b.id = bo.batch_id
                      where bo.order_id = o.id and b.ready_at is not null) then 'ready' else o.status end as status,
                    count(*)::int as orders
                  from ords o group by 1, 2) s),
      'shakes', (select coalesce(json_agg(s), '[]') from (
                  select a.slot_id, a.item_id as shake_id, min(a.name) as name, sum(a.quantity)::int as bottles, a.forecast
                  from alllines a where a.item_type = 'signature' group by a.slot_id, a.forecast, a.item_id) s),
      'recipes', (select coalesce(json_agg(json_build_object('shake_id', r.shake_id, 'ingredient_id', r.ingredient_id, 'qty', r.qty_per_bottle)), '[]')
                  from shake_recipe_items r where r.shake_id::text in (select a.item_id from alllines a where a.item_type = 'signature')),
      'customs', (select coalesce(json_agg(json_build_object(
                  'slot_id', c.slot_id, 'recipe', c.recipe, 'name', c.name, 'bottles', c.bottles, 'forecast', c.forecast,
                  'per_bottle', coalesce(p.per, '[]')
                  )), '[]') from cust c
                  left join custper p on p.slot_id = c.slot_id and p.forecast = c.forecast and p.rk = c.recipe),
      'needs', (select coalesce(json_agg(s), '[]') from (
                  select slot_id, ingredient_id, sum(need)::int as qty, forecast from lineneeds group by slot_id, forecast, ingredient_id) s),
      -- What "Start batch" would take now: the slot's confirmed orders, bottles and ingredients.
      'to_start', (select coalesce(json_agg(s), '[]') from (
                  select a.slot_id, sum(a.quantity)::int as bottles,                     (select coalesce(json_agg(json_build_object('ingredient_id', n.ingredient_id, 'qty', n.qty)), '[]') from (
                      select ln.ingredient_id, sum(ln.need)::int as qty from lineneeds ln
                      where ln.to_start and ln.slot_id = a.slot_id group by ln.ingredient_id) n) as needs
                  from alllines a where a.to_start group by a.slot_id) s),
      'ingredients', (select coalesce(json_agg(json_build_object(
                  'id', i.id, 'name', i.name, 'stock_unit', i.stock_unit, 'sort_order', i.sort_order,
                  'tracked', l.ingredient_id is not null, 'on_hand', coalesce(l.on_hand, 0), 'reserved', coalesce(l.reserved, 0))), '[]')
                from ingredients i left join stock_levels l on l.ingredient_id = i.id where i.id in (select ingredient_id from used_ings)),
      'batches', (select coalesce(json_agg(json_build_object(
                  'id', b.id, 'slot_id', b.slot_id, 'started_at', b.started_at, 'ready_at', b.ready_at,
                  'started_by', (select coalesce(nullif(u.name, ''), u.email) from users u where u.id = b.started_by),
                  'ready_by', (select coalesce(nullif(u.name, ''), u.email) from users u where u.id = b.ready_by),
                  'undone_at', b.undone_at,
                  'undone_by', (select coalesce(nullif(u.name, ''), u.email) from users u where u.id = b.undone_by),
                  'order_count', coalesce(b.undone_orders, (select count(*)::int from kitchen_batch_orders bo where bo.batch_id = b.id))) order by b.started_at), '[]')
                from kitchen_batches b where b.slot_date = ${date}::date)
    ) as v`.execute(db);
  return rows[0]!.v;
}
