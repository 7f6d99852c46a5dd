import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import * as cartRepo from '../domains/cart/cart.repository';
import * as subscriptionsRepo from '../domains/subscriptions/subscriptions.repository';
import type { ScheduleLine } from '../../shared/schemas/schedules';
import type { ScheduleDayKind, ScheduleStatus } from '../../shared/rules/schedules';

/**
 * The delivery calendar (GET /api/user/deliveries, decision 177) in ONE statement: the customer's
 * schedules with their slot and address, the day changes, vacations, cut-off runs and scheduled
 * orders of the range, the standing cut-off time, and the catalogue rows every item of those
 * schedules and days is priced from (cart's own pricing read, with the ids taken from the rows).
 * Here rather than in the schedules domain because it composes cart's SQL (decision 046).
 */
/** Row shapes of standing deliveries (the schedules repository uses and re-exports them). */
export interface ScheduleRow {
  id: string;
  user_id: string;
  items: ScheduleLine[];
  days: ScheduleDayKind;
  weekdays: number[];
  start_date: string;
  end_date: string | null;
  status: ScheduleStatus;
  created_at: string;
  slot: { id: string; start_time: string; end_time: string; plan_type: 'all' | 'one_time' | 'subscription'; active: boolean } | null;
  address: { id: string; name: string; line1: string; city: string; pincode: string } | null;
}
export interface DayChangeRow {
  schedule_id: string;
  date: string;
  skipped: boolean;
  items: ScheduleLine[] | null;
}
export interface VacationRow {
  id: string;
  from: string;
  to: string;
}
export interface RunRow {
  schedule_id: string;
  date: string;
  /** pending: claimed by an instance's cut-off run, not finished yet. */
  outcome: 'pending' | 'placed' | 'not_placed';
  order_id: string | null;
  reason_code: string | null;
  reason: string | null;
}
export interface ScheduledOrderRow {
  id: string;
  number: string;
  status: string;
  key: string;
  subtotal_paise: number;
  free_unit_discount_paise: number;
  delivery_fee_paise: number;
  total_paise: number;
}
export interface ScheduleRowsRead {
  schedules: ScheduleRow[];
  days: DayChangeRow[];
  vacations: VacationRow[];
  runs: RunRow[];
  orders: ScheduledOrderRow[];
  /** The standing cut-off from the slot configuration; null: the default. */
  cutoffTime: string | null;
}

export interface CalendarRead extends ScheduleRowsRead {
  pricing: cartRepo.PricingInputs;
  /** A live subscription: only then is the plan (free unit, free delivery) worth a read of its own. */
  subscribed: boolean;
}

// Case-sensitive with both cases spelled out: `~*` compiles a far slower matcher (5 ms of the statement's 6, measured).
const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** A schedule row as json (the same shape as schedules.repository's ScheduleRow). */
const SCHEDULE_JSON = sql`json_build_object(
  'id', sc.id, 'user_id', sc.user_id, 'items', sc.items, 'days', sc.days, 'weekdays', sc.weekdays,
  'start_date', sc.start_date::text, 'end_date', sc.end_date::text, 'status', sc.status, 'created_at', sc.created_at,
  'slot', case when sl.id is null then null else json_build_object('id', sl.id, 'start_time', sl.start_time, 'end_time', sl.end_time, 'plan_type', sl.plan_type, 'active', sl.active) end,
  'address', case when a.id is null then null else json_build_object('id', a.id, 'name', a.name, 'line1', a.line1, 'city', a.city, 'pincode', a.pincode) end)`;

export async function readCalendar(db: Executor, userId: string, from: string, to: string): Promise<CalendarRead> {
  const { ctes, result } = calendarRowsSql(userId, from, to);
  const pricing = cartRepo.pricingInputsOfSql(
    sql`array(select (e->>'id')::uuid from cal_items where e->>'type' = 'signature' and e->>'id' ~ ${UUID_PATTERN})`,
    sql`array(
      select x::uuid from cal_items, lateral (
        select e->'recipe'->>'baseId' as x
        union all select a->>'ingredientId' from jsonb_array_elements(coalesce(e->'recipe'->'addIns', '[]'::jsonb)) a
      ) ids
      where e->>'type' = 'custom' and x ~ ${UUID_PATTERN})`,
  );
  const { rows } = await sql<{ v: ScheduleRowsRead; price: unknown; subscribed: boolean }>`with ${ctes}
    select ${result} as v, ${pricing} as price, ${subscriptionsRepo.hasLiveSql(userId)} as subscribed`.execute(db);
  const row = rows[0]!;
  return { ...row.v, pricing: cartRepo.decodePricingInputs(row.price), subscribed: row.subscribed };
}

/** The calendar's rows as CTEs (cal_*) and one json result; `cal_items` is every item of the schedules and of the changed days. */
function calendarRowsSql(userId: string, from: string, to: string): { ctes: ReturnType<typeof sql>; result: ReturnType<typeof sql> } {
  const ctes = sql`
    cal_s as (
      select sc.id, sc.items, ${SCHEDULE_JSON} as j
      from schedules sc
      left join delivery_slots sl on sl.id = sc.slot_id
      left join addresses a on a.id = sc.address_id
      where sc.user_id = ${userId}::uuid
    ),
    cal_d as (
      select schedule_id, date::text as date, skipped, items from schedule_days
      where schedule_id in (select id from cal_s) and date between ${from}::date and ${to}::date
    ),
    cal_items as (
      select jsonb_array_elements(items) as e from cal_s
      union all select jsonb_array_elements(items) from cal_d where items is not null
    )`;
  const result = sql`json_build_object(
    'schedules', (select coalesce(json_agg(j order by (j->>'created_at')), '[]') from cal_s),
    'days', (select coalesce(json_agg(cal_d), '[]') from cal_d),
    'vacations', (select coalesce(json_agg(json_build_object('id', v.id, 'from', v.from_date::text, 'to', v.to_date::text) order by v.from_date), '[]')
      from schedule_vacations v where v.user_id = ${userId}::uuid and v.to_date >= ${from}::date),
    'runs', (select coalesce(json_agg(json_build_object('schedule_id', r.schedule_id, 'date', r.date::text, 'outcome', r.outcome,
        'order_id', r.order_id, 'reason_code', r.reason_code, 'reason', r.reason)), '[]')
      from schedule_runs r where r.schedule_id in (select id from cal_s) and r.date between ${from}::date and ${to}::date),
    'orders', (select coalesce(json_agg(json_build_object('id', o.id, 'number', o.number, 'status', o.status, 'key', o.idempotency_key,
        'subtotal_paise', o.subtotal_paise, 'free_unit_discount_paise', o.free_unit_discount_paise,
        'delivery_fee_paise', o.delivery_fee_paise, 'total_paise', o.total_paise)), '[]')
      from orders o
      where o.user_id = ${userId}::uuid
        and o.idempotency_key in (
          select 'schedule:' || cal_s.id || ':' || g::date::text
          from cal_s, generate_series(${from}::date, ${to}::date, interval '1 day') g)),
    'cutoffTime', (select value->>'standingCutoffTime' from settings where key = 'slot-configuration'))`;
  return { ctes, result };
}


