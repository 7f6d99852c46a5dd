import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import type { ScheduleLine } from '../../../shared/schemas/schedules';
import type { ScheduleDayKind, ScheduleStatus } from '../../../shared/rules/schedules';

/** Standing deliveries' SQL (decision 177). Plain functions taking db | trx first. */

const SLOT_CONFIG_KEY = 'slot-configuration';

export type { ScheduleRow, VacationRow } from '../../statements/calendar.repository';
import type { ScheduleRow, VacationRow } from '../../statements/calendar.repository';

/** The idempotency key of the order a schedule places on a date: unique per customer (orders_user_idempotency_key). */
export function scheduleOrderKey(scheduleId: string, date: string): string {
  return `schedule:${scheduleId}:${date}`;
}

const scheduleJson = sql`json_build_object(
  'id', sc.id, 'user_id', sc.user_id, 'items', sc.items, 'days', sc.days, 'weekdays', sc.weekdays,
  'start_date', sc.start_date::text, 'end_date', sc.end_date::text, 'status', sc.status, 'created_at', sc.created_at,
  'slot', case when sl.id is null then null else json_build_object('id', sl.id, 'start_time', sl.start_time, 'end_time', sl.end_time, 'plan_type', sl.plan_type, 'active', sl.active) end,
  'address', case when a.id is null then null else json_build_object('id', a.id, 'name', a.name, 'line1', a.line1, 'city', a.city, 'pincode', a.pincode) end)`;

/** The customer's schedules (no range): the list, and what a write checks against. */
export async function listOfUser(db: Executor, userId: string, opts: { share?: boolean } = {}): Promise<ScheduleRow[]> {
  const { rows } = await sql<{ j: ScheduleRow }>`
    select ${scheduleJson} as j from schedules sc
    left join delivery_slots sl on sl.id = sc.slot_id
    left join addresses a on a.id = sc.address_id
    where sc.user_id = ${userId}::uuid order by sc.created_at ${opts.share ? sql`for share of sc` : sql``}`.execute(db);
  return rows.map((r) => r.j);
}

export async function findOfUser(db: Executor, userId: string, id: string, opts: { lock?: boolean } = {}): Promise<ScheduleRow | undefined> {
  const { rows } = await sql<{ j: ScheduleRow }>`
    select ${scheduleJson} as j from schedules sc
    left join delivery_slots sl on sl.id = sc.slot_id
    left join addresses a on a.id = sc.address_id
    where sc.user_id = ${userId}::uuid and sc.id = ${id}::uuid ${opts.lock ? sql`for update of sc` : sql``}`.execute(db);
  return rows[0]?.j;
}

/** What a schedule write must check, in one statement: the slot, the customer's address, the shakes and their saved recipes. */
export interface WriteFacts {
  slot: { id: string; active: boolean; plan_type: string } | null;
  address: { id: string } | null;
  shakes: string[];
  recipes: { recipe_key: string; recipe: unknown }[];
  cutoffTime: string | null;
}
export async function readWriteFacts(
  db: Executor,
  userId: string,
  p: { slotId: string | null; addressId: string | null; shakeIds: string[]; recipeKeys: string[] },
): Promise<WriteFacts> {
  const { rows } = await sql<{ v: WriteFacts }>`select json_build_object(
    'slot', (select json_build_object('id', id, 'active', active, 'plan_type', plan_type) from delivery_slots where id = ${p.slotId}::uuid),
    'address', (select json_build_object('id', id) from addresses where id = ${p.addressId}::uuid and user_id = ${userId}::uuid),
    'shakes', (select coalesce(json_agg(id), '[]') from signature_shakes where active and id = any(${p.shakeIds}::uuid[])),
    'recipes', (select coalesce(json_agg(json_build_object('recipe_key', recipe_key, 'recipe', recipe)), '[]')
      from saved_shakes where user_id = ${userId}::uuid and recipe_key = any(${p.recipeKeys}::text[])),
    'cutoffTime', (select value->>'standingCutoffTime' from settings where key = ${SLOT_CONFIG_KEY})) as v`.execute(db);
  return rows[0]!.v;
}

export async function readCutoffTime(db: Executor): Promise<string | null> {
  const { rows } = await sql<{ t: string | null }>`select (select value->>'standingCutoffTime' from settings where key = ${SLOT_CONFIG_KEY}) as t`.execute(db);
  return rows[0]?.t ?? null;
}

export interface NewSchedule {
  user_id: string;
  items: ScheduleLine[];
  days: ScheduleDayKind;
  weekdays: number[];
  slot_id: string;
  address_id: string;
  start_date: string;
  end_date: string | null;
}
export async function insertSchedule(db: Executor, s: NewSchedule): Promise<string> {
  const row = await db
    .insertInto('schedules')
    .values({ ...s, items: JSON.stringify(s.items), weekdays: sql`${s.weekdays}::smallint[]` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSchedule(
  db: Executor,
  userId: string,
  id: string,
  patch: Partial<Omit<NewSchedule, 'user_id'>> & { status?: ScheduleStatus },
  now: string,
): Promise<boolean> {
  const { items, weekdays, ...rest } = patch;
  const res = await db
    .updateTable('schedules')
    .set({
      ...rest,
      ...(items ? { items: JSON.stringify(items) } : {}),
      ...(weekdays ? { weekdays: sql`${weekdays}::smallint[]` } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteSchedule(db: Executor, userId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('schedules').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** A day's change: skipped, or that day's items. */
export async function upsertDay(db: Executor, scheduleIds: string[], date: string, change: { skipped: true } | { items: ScheduleLine[] }, now: string): Promise<void> {
  if (!scheduleIds.length) return;
  const skipped = 'skipped' in change;
  const items = skipped ? null : JSON.stringify(change.items);
  await sql`insert into schedule_days (schedule_id, date, skipped, items, updated_at)
    select id, ${date}::date, ${skipped}, ${items}::jsonb, ${now}::timestamptz from unnest(${scheduleIds}::uuid[]) id
    on conflict (schedule_id, date) do update set skipped = excluded.skipped, items = excluded.items, updated_at = excluded.updated_at`.execute(db);
}

/** Takes back a skip (skipped only: changed items stay) or a day's items (kind 'items'). */
export async function clearDay(db: Executor, scheduleIds: string[], date: string, kind: 'skip' | 'items'): Promise<number> {
  if (!scheduleIds.length) return 0;
  const res = await db
    .deleteFrom('schedule_days')
    .where('schedule_id', 'in', scheduleIds)
    .where('date', '=', date)
    .where('skipped', '=', kind === 'skip')
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function insertVacation(db: Executor, userId: string, from: string, to: string): Promise<VacationRow> {
  const { rows } = await sql<VacationRow>`insert into schedule_vacations (user_id, from_date, to_date) values (${userId}::uuid, ${from}::date, ${to}::date)
    returning id, from_date::text as "from", to_date::text as "to"`.execute(db);
  return rows[0]!;
}

export async function findVacation(db: Executor, userId: string, id: string): Promise<VacationRow | undefined> {
  const { rows } = await sql<VacationRow>`select id, from_date::text as "from", to_date::text as "to" from schedule_vacations
    where id = ${id}::uuid and user_id = ${userId}::uuid for update`.execute(db);
  return rows[0];
}

export async function deleteVacation(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('schedule_vacations').where('id', '=', id).execute();
}

export async function shortenVacation(db: Executor, id: string, to: string): Promise<void> {
  await db.updateTable('schedule_vacations').set({ to_date: to }).where('id', '=', id).execute();
}

// ---------- The cut-off job ----------

/** A schedule that may deliver on the date: active, in its dates, not yet run, no order under its key. */
export interface DueRow {
  schedule: ScheduleRow;
  user: { id: string; email: string | null; name: string; role: string };
  change: { skipped: boolean; items: ScheduleLine[] | null } | null;
  on_vacation: boolean;
}

const dueColumns = sql`${scheduleJson} as schedule,
      json_build_object('id', u.id, 'email', u.email, 'name', u.name, 'role', u.role) as "user"`;
const dayFacts = (date: string) => sql`
      (select json_build_object('skipped', d.skipped, 'items', d.items) from schedule_days d where d.schedule_id = sc.id and d.date = ${date}::date) as change,
      exists (select 1 from schedule_vacations v where v.user_id = sc.user_id and ${date}::date between v.from_date and v.to_date) as on_vacation`;
/** The day has a run (claimed, placed or not placed) or an order under its key: it is settled, whatever the schedule says now. */
const settled = (date: string) => sql`(exists (select 1 from schedule_runs r where r.schedule_id = sc.id and r.date = ${date}::date)
      or exists (select 1 from orders o where o.user_id = sc.user_id and o.idempotency_key = 'schedule:' || sc.id || ':' || ${date}))`;

/** Active schedules in their dates whose day is not settled yet: what the cut-off claims from the schedules themselves. */
export async function dueOn(db: Executor, date: string): Promise<DueRow[]> {
  const { rows } = await sql<DueRow>`
    select ${dueColumns}, ${dayFacts(date)}
    from schedules sc
    join users u on u.id = sc.user_id
    left join delivery_slots sl on sl.id = sc.slot_id
    left join addresses a on a.id = sc.address_id
    where sc.status = 'active' and sc.start_date <= ${date}::date and (sc.end_date is null or sc.end_date >= ${date}::date)
      and not ${settled(date)}
    order by sc.id`.execute(db);
  return rows;
}

/** One schedule's day as it stands (whatever its status), and whether it is settled: what a schedule change pins first. */
export async function dayOfSchedule(db: Executor, scheduleId: string, date: string): Promise<(DueRow & { settled: boolean }) | undefined> {
  const { rows } = await sql<DueRow & { settled: boolean }>`
    select ${dueColumns}, ${dayFacts(date)}, ${settled(date)} as settled
    from schedules sc
    join users u on u.id = sc.user_id
    left join delivery_slots sl on sl.id = sc.slot_id
    left join addresses a on a.id = sc.address_id
    where sc.id = ${scheduleId}::uuid`.execute(db);
  return rows[0];
}

/** What a claim places: the day as it was when it was fixed (decision 202). */
export interface DayPlan {
  lines: ScheduleLine[];
  slotId: string | null;
  addressId: string | null;
}

/** A claimed day ready to place: its plan with the slot and address it names, as they are now. */
export interface ClaimedDay {
  scheduleId: string;
  date: string;
  attempts: number;
  user: { id: string; email: string | null; name: string; role: string };
  lines: ScheduleLine[];
  slot: { id: string; plan_type: string } | null;
  address: { id: string } | null;
}

/**
 * Claims new (schedule, date) rows for this run, with their plans, in one statement; a day another
 * instance (or a schedule change) claimed already is left to the takeover. Answers the ids this call claimed.
 * Rows go in by schedule id: two instances' batches that overlap (each starts at its own place in the
 * list) then wait for each other's keys in one order, never in a cycle (a deadlock seen in CI).
 */
export async function claim(
  db: Executor,
  date: string,
  rows: { scheduleId: string; userId: string; plan: DayPlan }[],
  now: string,
  leaseSeconds: number,
): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const { rows: got } = await sql<{ schedule_id: string }>`insert into schedule_runs (schedule_id, date, user_id, outcome, claimed_at, free_at, plan)
    select s, ${date}::date, u, 'pending', ${now}::timestamptz, ${now}::timestamptz + make_interval(secs => ${leaseSeconds}), p
    from unnest(${rows.map((r) => r.scheduleId)}::uuid[], ${rows.map((r) => r.userId)}::uuid[], ${rows.map((r) => JSON.stringify(r.plan))}::jsonb[]) as t(s, u, p)
    order by s
    on conflict (schedule_id, date) do nothing
    returning schedule_id`.execute(db);
  return new Set(got.map((r) => r.schedule_id));
}

/** A schedule change made after the date's cut-off claims the day with its plan before the change applies; the next run takes it at once. */
export async function pinClaim(db: Executor, r: { scheduleId: string; userId: string; date: string; plan: DayPlan; now: string }): Promise<void> {
  await sql`insert into schedule_runs (schedule_id, date, user_id, outcome, claimed_at, free_at, plan)
    values (${r.scheduleId}::uuid, ${r.date}::date, ${r.userId}::uuid, 'pending', ${r.now}::timestamptz, '-infinity', ${JSON.stringify(r.plan)}::jsonb)
    on conflict (schedule_id, date) do nothing`.execute(db);
}

/**
 * Takes up to `limit` pending claims of the date that are free (a change's claim, a claim given back after
 * a fault, a claim whose instance stopped), for this run's lease, in one statement; another instance
 * skips the rows this one locks.
 */
export async function takeOver(db: Executor, date: string, now: string, leaseSeconds: number, limit: number): Promise<ClaimedDay[]> {
  const { rows } = await sql<ClaimedDay>`
    with taken as (
      update schedule_runs r set claimed_at = ${now}::timestamptz, free_at = ${now}::timestamptz + make_interval(secs => ${leaseSeconds})
      where (r.schedule_id, r.date) in (
        select schedule_id, date from schedule_runs
        where date = ${date}::date and outcome = 'pending' and free_at <= ${now}::timestamptz
        order by free_at limit ${limit} for update skip locked)
      returning r.schedule_id, r.user_id, r.plan, r.attempts)
    select t.schedule_id as "scheduleId", ${date}::text as date, t.attempts, t.plan->'lines' as lines,
      json_build_object('id', u.id, 'email', u.email, 'name', u.name, 'role', u.role) as "user",
      case when sl.id is null then null else json_build_object('id', sl.id, 'plan_type', sl.plan_type) end as slot,
      case when a.id is null then null else json_build_object('id', a.id) end as address
    from taken t
    join users u on u.id = t.user_id
    left join delivery_slots sl on sl.id = (t.plan->>'slotId')::uuid
    left join addresses a on a.id = (t.plan->>'addressId')::uuid and a.user_id = t.user_id`.execute(db);
  return rows;
}

/**
 * Placed days, recorded in one statement per batch (the order itself is the guarantee; this row is the
 * record). Without an order id (its order was found under the key: an earlier attempt placed it) the
 * order is looked up by the key.
 */
export async function recordPlaced(db: Executor, date: string, placed: { scheduleId: string; orderId: string | null }[]): Promise<void> {
  if (!placed.length) return;
  await sql`update schedule_runs r set outcome = 'placed', free_at = null,
      order_id = coalesce(t.o, (select o.id from orders o where o.user_id = r.user_id and o.idempotency_key = 'schedule:' || r.schedule_id || ':' || ${date}))
    from unnest(${placed.map((p) => p.scheduleId)}::uuid[], ${placed.map((p) => p.orderId)}::uuid[]) as t(s, o)
    where r.schedule_id = t.s and r.date = ${date}::date and r.outcome = 'pending'`.execute(db);
}

/** Claims a fault interrupted: given back (one more attempt counted when the day's own placement failed), free again after `retrySeconds`. */
export async function releaseClaims(db: Executor, date: string, days: { scheduleId: string; counts: boolean }[], now: string, retrySeconds: number): Promise<void> {
  if (!days.length) return;
  await sql`update schedule_runs r set attempts = r.attempts + t.n, free_at = ${now}::timestamptz + make_interval(secs => ${retrySeconds})
    from unnest(${days.map((d) => d.scheduleId)}::uuid[], ${days.map((d) => (d.counts ? 1 : 0))}::int[]) as t(s, n)
    where r.schedule_id = t.s and r.date = ${date}::date and r.outcome = 'pending'`.execute(db);
}

/**
 * A day not placed, once: 'recorded' when this call recorded it (the caller tells the customer then);
 * 'placed' when an order is under its key after all (an attempt whose answer was lost placed it);
 * 'settled' when it was recorded before.
 */
export async function recordNotPlaced(
  db: Executor,
  r: { scheduleId: string; userId: string; date: string; code: string; reason: string; now: string },
): Promise<'recorded' | 'placed' | 'settled'> {
  const key = scheduleOrderKey(r.scheduleId, r.date);
  const { rows } = await sql<{ placed: boolean }>`
    with placed as (select 1 from orders where user_id = ${r.userId}::uuid and idempotency_key = ${key})
    insert into schedule_runs (schedule_id, date, user_id, outcome, reason_code, reason, notified_at)
    select ${r.scheduleId}::uuid, ${r.date}::date, ${r.userId}::uuid, 'not_placed', ${r.code}, ${r.reason}, ${r.now}::timestamptz
    where not exists (select 1 from placed)
    on conflict (schedule_id, date) do update
      set outcome = 'not_placed', reason_code = excluded.reason_code, reason = excluded.reason, notified_at = excluded.notified_at, free_at = null
      where schedule_runs.outcome = 'pending'
    returning false as placed`.execute(db);
  if (rows.length) return 'recorded';
  const { rows: had } = await sql`select 1 from orders where user_id = ${r.userId}::uuid and idempotency_key = ${key}`.execute(db);
  return had.length ? 'placed' : 'settled';
}

/** What claims hold for a date (pending ones, and placed ones for the back office's "placed or places"), for the forecast. */
export async function claimedPlans(db: Executor, date: string, outcomes: ('pending' | 'placed')[]): Promise<DayPlan[]> {
  const { rows } = await sql<{ plan: DayPlan }>`select plan from schedule_runs
    where date = ${date}::date and outcome = any(${outcomes}::text[]) and plan is not null`.execute(db);
  return rows.map((r) => r.plan);
}

/** The 18:00 reminder, once per customer and date: true when this call took it. */
export async function takeReminder(db: Executor, userId: string, date: string): Promise<boolean> {
  const { rows } = await sql`insert into schedule_reminders (user_id, date) values (${userId}::uuid, ${date}::date)
    on conflict do nothing returning 1`.execute(db);
  return rows.length > 0;
}

/** Customers with an active schedule on the date and no reminder yet, with their wallet balance. */
export interface RemindRow {
  user_id: string;
  email: string | null;
  name: string;
  role: string;
  balance_paise: number;
}
export async function remindCandidates(db: Executor, date: string): Promise<RemindRow[]> {
  const { rows } = await sql<RemindRow>`
    select distinct sc.user_id, u.email, u.name, u.role, coalesce(wb.balance_paise, 0) as balance_paise
    from schedules sc
    join users u on u.id = sc.user_id
    left join wallet_balances wb on wb.user_id = sc.user_id
    where sc.status = 'active' and sc.start_date <= ${date}::date and (sc.end_date is null or sc.end_date >= ${date}::date)
      and not exists (select 1 from schedule_reminders r where r.user_id = sc.user_id and r.date = ${date}::date)`.execute(db);
  return rows;
}

// ---------- Admin ----------

export interface AdminRow {
  schedule: ScheduleRow;
  customer: { id: string; name: string; email: string | null };
}
export async function adminList(
  db: Executor,
  f: { status?: ScheduleStatus; slotId?: string; search?: string; limit: number; offset: number },
): Promise<{ rows: AdminRow[]; totalCount: number }> {
  const search = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await sql<AdminRow & { total: number }>`
    select ${scheduleJson} as schedule, json_build_object('id', u.id, 'name', u.name, 'email', u.email) as customer, count(*) over () as total
    from schedules sc
    join users u on u.id = sc.user_id
    left join delivery_slots sl on sl.id = sc.slot_id
    left join addresses a on a.id = sc.address_id
    where (${f.status ?? null}::text is null or sc.status = ${f.status ?? null})
      and (${f.slotId ?? null}::uuid is null or sc.slot_id = ${f.slotId ?? null}::uuid)
      and (${search}::text is null or u.email ilike ${search} or u.name ilike ${search})
    order by sc.created_at desc, sc.id
    limit ${f.limit} offset ${f.offset}`.execute(db);
  return { rows, totalCount: Number(rows[0]?.total ?? 0) };
}

/** Shake names for the forecast's lines. */
export async function shakeNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('signature_shakes').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function slotTimes(db: Executor, ids: string[]): Promise<Map<string, { start_time: string; end_time: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('delivery_slots').select(['id', 'start_time', 'end_time']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

// ---------- The owner's morning (decision 260) ----------

/** Days the cut-off recorded as not placed, with the customer and the reason they were told. */
export interface NotPlacedRow {
  date: string;
  schedule_id: string;
  user_id: string;
  customer: string;
  slot_id: string | null;
  reason_code: string;
  reason: string;
}
export async function notPlacedOn(db: Executor, dates: string[]): Promise<NotPlacedRow[]> {
  if (!dates.length) return [];
  const { rows } = await sql<NotPlacedRow>`
    select r.date::text as date, r.schedule_id, r.user_id, u.name as customer, sc.slot_id,
      coalesce(r.reason_code, '') as reason_code, coalesce(r.reason, '') as reason
    from schedule_runs r
    join users u on u.id = r.user_id
    left join schedules sc on sc.id = r.schedule_id
    where r.date = any(${dates}::date[]) and r.outcome = 'not_placed'
    order by r.date, u.name, r.schedule_id`.execute(db);
  return rows;
}

/** Active schedules in their dates on the date, and how many customers hold them. */
export async function activeOn(db: Executor, date: string): Promise<{ schedules: number; customers: number }> {
  const { rows } = await sql<{ schedules: number; customers: number }>`
    select count(*)::int as schedules, count(distinct sc.user_id)::int as customers
    from schedules sc
    where sc.status = 'active' and sc.start_date <= ${date}::date and (sc.end_date is null or sc.end_date >= ${date}::date)`.execute(db);
  return { schedules: Number(rows[0]?.schedules ?? 0), customers: Number(rows[0]?.customers ?? 0) };
}

/** Customers with an active schedule on the date, with their wallet balance (reminded or not). */
export async function customersOn(db: Executor, date: string): Promise<RemindRow[]> {
  const { rows } = await sql<RemindRow>`
    select distinct sc.user_id, u.email, u.name, u.role, coalesce(wb.balance_paise, 0) as balance_paise
    from schedules sc
    join users u on u.id = sc.user_id
    left join wallet_balances wb on wb.user_id = sc.user_id
    where sc.status = 'active' and sc.start_date <= ${date}::date and (sc.end_date is null or sc.end_date >= ${date}::date)`.execute(db);
  return rows.map((r) => ({ ...r, balance_paise: Number(r.balance_paise) }));
}

/** Menu prices of signature shakes (paise). */
export async function shakePrices(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('signature_shakes').select(['id', 'price_paise']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.price_paise]));
}

// ---------- Drop-off instructions (decision 295) ----------

// A range's notes are read with the calendar (`calendar_rows`, server/statements/calendar.repository.ts).

/** A date's own note ('' : none that day, over a schedule's every-day note). */
export async function putDayNote(db: Executor, userId: string, date: string, note: string, now: string): Promise<void> {
  await db
    .insertInto('delivery_instructions')
    .values({ user_id: userId, date, note, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'date']).doUpdateSet({ note, updated_at: now }))
    .execute();
}

/** A fixed date keeps the note it was fixed with: pinned unless the date has its own already. */
export async function pinDayNote(db: Executor, userId: string, date: string, note: string, now: string): Promise<void> {
  await db
    .insertInto('delivery_instructions')
    .values({ user_id: userId, date, note, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'date']).doNothing())
    .execute();
}

export async function clearDayNote(db: Executor, userId: string, date: string): Promise<void> {
  await db.deleteFrom('delivery_instructions').where('user_id', '=', userId).where('date', '=', date).execute();
}

export async function dropOffNoteOf(db: Executor, scheduleId: string): Promise<string | null> {
  const r = await db.selectFrom('schedules').select('drop_off_note').where('id', '=', scheduleId).executeTakeFirst();
  return r?.drop_off_note ?? null;
}

export async function setDropOffNote(db: Executor, scheduleId: string, note: string | null, now: string): Promise<void> {
  await db.updateTable('schedules').set({ drop_off_note: note, updated_at: now }).where('id', '=', scheduleId).execute();
}

/** The customer has an order (not cancelled) for the date: a note for it is taken without a schedule. */
export async function hasOrderOn(db: Executor, userId: string, date: string): Promise<boolean> {
  const r = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('slot_date', '=', date)
    .where('status', 'not in', ['cancelled', 'pending_payment'])
    .executeTakeFirst();
  return !!r;
}
