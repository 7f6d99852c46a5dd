import { sql, type Kysely } from 'kysely';

/**
 * Two reads as PL/pgSQL functions, so PostgreSQL keeps their plans per connection (decision 199):
 * through PgBouncer in transaction mode a named prepared statement is not possible (decision 175), and
 * planning the delivery calendar's statement on every call cost more than running it.
 *
 * - `pricing_inputs(shake ids, ingredient ids)`: cart's pricing read (the active shakes and ingredients
 *   named, each with its sold-out flag from the stock views, and the pricing settings) as one json value.
 *   The one pricing read: cart's quote, order placement and the calendar all call it. STABLE: it reads
 *   through the caller's statement's snapshot, as the sub-selects it replaces did.
 * - `calendar_rows(user, from, to, live statuses)`: the delivery calendar's rows (GET /api/user/deliveries,
 *   decisions 177 and 190) — the customer's schedules with slot and address, the day changes, vacations,
 *   cut-off runs and scheduled orders of the range, the standing cut-off time, whether the customer has
 *   a subscription in one of the live statuses (the subscriptions domain's list, passed in) — and
 *   `pricing_inputs` of every item of those schedules and changed days. A schedule's orders are found by a range of its
 *   idempotency keys (`schedule:<id>:<date>`, ISO dates sort as text) on orders' unique
 *   (user_id, idempotency_key), not by a generated list of keys.
 *
 * Both run with `plan_cache_mode = force_generic_plan`: PL/pgSQL plans each statement for its arguments
 * five times, then keeps a generic plan only when its estimated cost is not above the custom plans' —
 * and a custom plan for a short or empty id array always looks cheaper, so PostgreSQL planned again on
 * every call (measured on the bench's data: pricing_inputs 0.59 ms per call in `auto`, 0.21 ms generic;
 * the calendar 0.73 against 0.41 ms).
 *
 * A schedule's slot and address are looked up by their keys (scalar sub-selects): a generic plan
 * costed for "a couple of schedules" otherwise hashed the whole addresses table on every call.
 *
 * Item ids come out of stored jsonb: only well-formed uuids are cast (case-sensitive pattern with both
 * cases spelled out: `~*` compiles a far slower matcher).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function pricing_inputs(p_shake_ids uuid[], p_ingredient_ids uuid[]) returns json
    language plpgsql stable set plan_cache_mode = force_generic_plan as $$
    begin
      return json_build_object(
        'shakes', (select coalesce(json_agg(s), '[]') from (
          select id, name, image, price_paise, in_stock,
            exists (select 1 from stock_sold_out_shakes v where v.shake_id = signature_shakes.id) as sold_out
          from signature_shakes
          where active and id = any(p_shake_ids)) s),
        'ingredients', (select coalesce(json_agg(i), '[]') from (
          select id, name, category, price_paise, kcal, protein_g, carbs_g, fat_g, fibre_g, sugar_g, allergens, vegan, in_stock,
            exists (select 1 from stock_sold_out_ingredients v where v.ingredient_id = ingredients.id) as sold_out
          from ingredients where active and id = any(p_ingredient_ids)) i),
        'pricing', (select value from settings where key = 'pricing'));
    end $$`.execute(db);

  await sql`create function calendar_rows(p_user uuid, p_from date, p_to date, p_live text[]) returns json
    language plpgsql stable set plan_cache_mode = force_generic_plan as $$
    begin
      return (
        with cal_s as (
          select sc.id, sc.items, sc.created_at, json_build_object(
            'id', sc.id, 'user_id', sc.user_id, 'items', sc.items, 'days', sc.days, 'weekdays', sc.weekdays,
            'start_date', sc.start_date::text, 'end_date', sc.end_date::text, 'status', sc.status, 'created_at', sc.created_at,
            'slot', (select json_build_object('id', sl.id, 'start_time', sl.start_time, 'end_time', sl.end_time,
              'plan_type', sl.plan_type, 'active', sl.active) from delivery_slots sl where sl.id = sc.slot_id),
            'address', (select json_build_object('id', a.id, 'name', a.name, 'line1', a.line1, 'city', a.city,
              'pincode', a.pincode) from addresses a where a.id = sc.address_id)) as j
          from schedules sc
          where sc.user_id = p_user
        ),
        cal_d as (
          select d.schedule_id, d.date::text as date, d.skipped, d.items from schedule_days d
          where d.schedule_id in (select id from cal_s) and d.date between p_from and p_to
        ),
        cal_items as (
          select jsonb_array_elements(items) as e from cal_s
          union all select jsonb_array_elements(items) from cal_d where items is not null
        )
        select json_build_object(
          'schedules', (select coalesce(json_agg(j order by created_at), '[]') from cal_s),
          'days', (select coalesce(json_agg(cal_d), '[]') from cal_d),
          'vacations', (select coalesce(json_agg(json_build_object('id', v.id, 'from', v.from_date::text, 'to', v.to_date::text)
              order by v.from_date), '[]')
            from schedule_vacations v where v.user_id = p_user and v.to_date >= p_from),
          'runs', (select coalesce(json_agg(json_build_object('schedule_id', r.schedule_id, 'date', r.date::text,
              'outcome', r.outcome, 'order_id', r.order_id, 'reason_code', r.reason_code, 'reason', r.reason)), '[]')
            from schedule_runs r where r.schedule_id in (select id from cal_s) and r.date between p_from and p_to),
          'orders', (select coalesce(json_agg(json_build_object('id', o.id, 'number', o.number, 'status', o.status,
              'key', o.idempotency_key, 'subtotal_paise', o.subtotal_paise, 'free_unit_discount_paise', o.free_unit_discount_paise,
              'delivery_fee_paise', o.delivery_fee_paise, 'total_paise', o.total_paise)), '[]')
            from cal_s join orders o on o.user_id = p_user
              and o.idempotency_key between 'schedule:' || cal_s.id || ':' || p_from::text and 'schedule:' || cal_s.id || ':' || p_to::text),
          'cutoffTime', (select value->>'standingCutoffTime' from settings where key = 'slot-configuration'),
          'subscribed', exists (select 1 from subscriptions where user_id = p_user and status = any(p_live)),
          'pricing', pricing_inputs(
            array(select (e->>'id')::uuid from cal_items
              where e->>'type' = 'signature' and e->>'id' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'),
            array(select x::uuid from cal_items, lateral (
                select e->'recipe'->>'baseId' as x
                union all select a->>'ingredientId' from jsonb_array_elements(coalesce(e->'recipe'->'addIns', '[]'::jsonb)) a
              ) ids
              where e->>'type' = 'custom' and x ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$')))
      );
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function calendar_rows(uuid, date, date, text[])`.execute(db);
  await sql`drop function pricing_inputs(uuid[], uuid[])`.execute(db);
}
