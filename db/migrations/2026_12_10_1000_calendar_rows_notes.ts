import { sql, type Kysely } from 'kysely';
import { up as withoutNotes } from './2026_12_06_1200_calendar_rows_wallet';

/**
 * The delivery calendar's read (`calendar_rows`, decisions 199, 202 and 220) also answers the drop-off
 * notes (decision 295): each date's own note in the range and each schedule's every-day note, which the
 * calendar read in two statements of their own beside it (4 round trips per calendar with the session's
 * read; now 2). One statement also reads them in the same snapshot as the rest of the calendar
 * (decision 300).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function calendar_rows(p_user uuid, p_from date, p_to date, p_live text[]) returns json
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
              'outcome', r.outcome, 'order_id', r.order_id, 'reason_code', r.reason_code, 'reason', r.reason, 'plan', r.plan)), '[]')
            from schedule_runs r where r.schedule_id in (select id from cal_s) and r.date between p_from and p_to),
          'orders', (select coalesce(json_agg(json_build_object('id', o.id, 'number', o.number, 'status', o.status,
              'key', o.idempotency_key, 'subtotal_paise', o.subtotal_paise, 'free_unit_discount_paise', o.free_unit_discount_paise,
              'delivery_fee_paise', o.delivery_fee_paise, 'total_paise', o.total_paise)), '[]')
            from cal_s join orders o on o.user_id = p_user
              and o.idempotency_key between 'schedule:' || cal_s.id || ':' || p_from::text and 'schedule:' || cal_s.id || ':' || p_to::text),
          'cutoffTime', (select value->>'standingCutoffTime' from settings where key = 'slot-configuration'),
          'subscribed', exists (select 1 from subscriptions where user_id = p_user and status = any(p_live)),
          'walletBalance', coalesce((select balance_paise from wallet_balances where user_id = p_user), 0),
          'dayNotes', (select coalesce(json_agg(json_build_object('date', i.date::text, 'note', i.note)), '[]')
            from delivery_instructions i where i.user_id = p_user and i.date between p_from and p_to),
          'scheduleNotes', (select coalesce(json_agg(json_build_object('id', sc.id, 'note', sc.drop_off_note)), '[]')
            from schedules sc where sc.user_id = p_user and sc.drop_off_note is not null),
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

/** Back to the function of 2026_12_06_1200 (the notes read again by the server). */
export async function down(db: Kysely<any>): Promise<void> {
  await withoutNotes(db);
}
