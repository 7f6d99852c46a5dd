import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/database';
import type { SlotPlanType, SlotConfig } from '../../../shared/rules/slots';

export const SLOT_CONFIG_KEY = 'slot-configuration';

export interface SlotRow {
  id: string;
  start_time: string;
  end_time: string;
  max_bookings: number;
  plan_type: SlotPlanType;
  active: boolean;
  sort: number;
}

const slotColumns = ['id', 'start_time', 'end_time', 'max_bookings', 'plan_type', 'active', 'sort'] as const;

// ---------- PIN codes ----------

export function findPincode(db: Executor, pincode: string) {
  return db
    .selectFrom('serviceable_pincodes')
    .select(['pincode', 'area', 'city', 'active', 'updated_at'])
    .where('pincode', '=', pincode)
    .executeTakeFirst();
}

/**
 * The served area of a PIN code as a scalar subquery (null when we don't deliver
 * there), for another domain's statement to embed: checkout reads the address and
 * its serviceability in one round trip.
 */
export function servedAreaSql(pincode: Expression<string>): RawBuilder<string | null> {
  return sql<string | null>`(select sp.area from serviceable_pincodes sp where sp.pincode = ${pincode} and sp.active)`;
}

export function activePincodesIn(db: Executor, pincodes: string[]) {
  if (pincodes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('serviceable_pincodes')
    .select(['pincode', 'area'])
    .where('pincode', 'in', pincodes)
    .where('active', '=', true)
    .execute();
}

export function listPincodes(db: Executor) {
  return db.selectFrom('serviceable_pincodes').select(['pincode', 'area', 'city', 'active', 'updated_at']).orderBy('pincode').execute();
}

export function insertPincode(db: Executor, v: { pincode: string; area: string; city: string; active: boolean }) {
  return db
    .insertInto('serviceable_pincodes')
    .values(v)
    .onConflict((oc) => oc.column('pincode').doNothing())
    .returning(['pincode', 'area', 'city', 'active', 'updated_at'])
    .executeTakeFirst();
}

export function updatePincode(db: Executor, pincode: string, patch: { area?: string; city?: string; active?: boolean }) {
  return db
    .updateTable('serviceable_pincodes')
    .set({ ...patch, updated_at: sql`now()` })
    .where('pincode', '=', pincode)
    .returning(['pincode', 'area', 'city', 'active', 'updated_at'])
    .executeTakeFirst();
}

export function deletePincode(db: Executor, pincode: string) {
  return db
    .deleteFrom('serviceable_pincodes')
    .where('pincode', '=', pincode)
    .returning(['pincode', 'area', 'city', 'active'])
    .executeTakeFirst();
}

// ---------- Configuration ----------

export async function readSlotConfigValue(db: Executor): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SLOT_CONFIG_KEY).executeTakeFirst();
  return row?.value;
}

/** Locks the row so two admins saving at once write their audit "before" correctly. */
export async function readSlotConfigForUpdate(db: Executor): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SLOT_CONFIG_KEY).forUpdate().executeTakeFirst();
  return row?.value;
}

export function writeSlotConfig(db: Executor, config: SlotConfig) {
  return db
    .insertInto('settings')
    .values({ key: SLOT_CONFIG_KEY, value: JSON.stringify(config) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(config), updated_at: sql`now()` }))
    .execute();
}

// ---------- The kitchen's pin (decision 288) ----------

export const KITCHEN_LOCATION_KEY = 'kitchen_location';

export async function readKitchenLocationValue(db: Executor, lock = false): Promise<unknown> {
  let q = db.selectFrom('settings').select('value').where('key', '=', KITCHEN_LOCATION_KEY);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst())?.value;
}

export function writeKitchenLocation(db: Executor, value: { latitude: number; longitude: number }) {
  return db
    .insertInto('settings')
    .values({ key: KITCHEN_LOCATION_KEY, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: sql`now()` }))
    .execute();
}

// ---------- Slots ----------

export function listSlots(db: Executor, opts: { activeOnly: boolean; planTypes?: SlotPlanType[] }): Promise<SlotRow[]> {
  let q = db.selectFrom('delivery_slots').select(slotColumns).orderBy('sort').orderBy('start_time');
  if (opts.activeOnly) q = q.where('active', '=', true);
  if (opts.planTypes) q = q.where('plan_type', 'in', opts.planTypes);
  return q.execute();
}

export function findSlotForUpdate(db: Executor, id: string): Promise<SlotRow | undefined> {
  return db.selectFrom('delivery_slots').select(slotColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertSlot(
  db: Executor,
  v: { start_time: string; end_time: string; max_bookings: number; plan_type: SlotPlanType; active: boolean; sort: number },
): Promise<SlotRow> {
  return db.insertInto('delivery_slots').values(v).returning(slotColumns).executeTakeFirstOrThrow();
}

export function updateSlot(
  db: Executor,
  id: string,
  patch: Partial<Pick<SlotRow, 'start_time' | 'end_time' | 'max_bookings' | 'plan_type' | 'active' | 'sort'>>,
): Promise<SlotRow | undefined> {
  return db
    .updateTable('delivery_slots')
    .set({ ...patch, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(slotColumns)
    .executeTakeFirst();
}

export async function nextSlotSort(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('delivery_slots')
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  return (r?.m ?? -1) + 1;
}

/**
 * Follows an admin's new capacity on counter rows from `fromDate` on. Rows already
 * holding more bookings keep them (capacity = booked), so the CHECK holds and no new
 * booking fits until enough are released.
 */
export function resizeBookingRows(db: Executor, slotId: string, fromDate: string, maxBookings: number) {
  return db
    .updateTable('slot_bookings')
    .set({ capacity: sql`greatest(booked, ${maxBookings}::int)`, updated_at: sql`now()` })
    .where('slot_id', '=', slotId)
    .where('date', '>=', fromDate)
    .execute();
}

export function bookingsBetween(db: Executor, from: string, to: string) {
  return db.selectFrom('slot_bookings').select(['slot_id', 'date', 'booked']).where('date', '>=', from).where('date', '<=', to).execute();
}

export async function bookingsOnDates(db: Executor, dates: string[]): Promise<{ date: string; booked: number }[]> {
  if (dates.length === 0) return [];
  return db
    .selectFrom('slot_bookings')
    .select((eb) => ['date', eb.fn.coalesce(eb.fn.sum<number>('booked'), sql<number>`0`).as('booked')])
    .where('date', 'in', dates)
    .groupBy('date')
    .execute();
}

export interface BookAttemptRow {
  id: string | null;
  start_time: string | null;
  end_time: string | null;
  max_bookings: number | null;
  plan_type: SlotPlanType | null;
  active: boolean | null;
  horizon_days: number;
  cutoff_minutes: number;
  blackout_reason: string | null;
  booked_now: number | null;
}

/**
 * Books one place in ONE statement (one round trip): the slot, the configuration and
 * the blackout check are read and the counter is upserted conditionally, so no other
 * transaction can slip between the check and the increment. Concurrent bookings of
 * the same slot and date queue on the counter row's lock; ON CONFLICT re-reads the
 * latest committed `booked` before its WHERE, so capacity holds across any number of
 * connections and server instances. `booked_now` is null when nothing was booked;
 * the caller reads the other columns to say why.
 *
 * `nowIst` is the wall-clock time in Asia/Kolkata ("YYYY-MM-DD HH:MM:SS.mmm"), so
 * the cut-off is plain timestamp arithmetic with no time-zone database involved.
 */
export async function tryBookSlot(db: Executor, p: BookSlotParams): Promise<BookAttemptRow> {
  const q = bookSlotSql(p);
  return (await runBooking(db, q.ctes, q.result)) as BookAttemptRow;
}

/** Runs bookSlotSql's parts as a statement of their own; returns the json value. */
export async function runBooking(db: Executor, ctes: RawBuilder<unknown>, result: RawBuilder<unknown>): Promise<unknown> {
  const { rows } = await sql<{ v: unknown }>`with ${ctes} select ${result} as v`.execute(db);
  return rows[0]!.v;
}

/**
 * tryBookSlot as parts of a caller's statement (order placement books in the statement
 * that also prices the cart and reads the address): `ctes` go into its WITH clause (the
 * booking insert must be a top-level CTE), `result` is the BookAttemptRow as one json value.
 * CTE names start with bk_ so they cannot clash with the caller's.
 */
/** What a booking needs: plain values (the service works them out from the request and the clock). */
export interface BookSlotParams {
  slotId: string;
  date: string;
  planTypes: SlotPlanType[];
  today: string;
  nowIst: string;
  defaults: SlotConfig;
  /** The order the place is for: its hold row is written with the booking (what releaseHold gives back). */
  orderId?: string;
}

export function bookSlotSql(p: BookSlotParams): { ctes: RawBuilder<unknown>; result: RawBuilder<unknown> } {
  const ctes = sql`
    bk_cfg as (
      select
        coalesce((select (value->>'horizonDays')::int from settings where key = ${SLOT_CONFIG_KEY}), ${p.defaults.horizonDays}::int) as horizon_days,
        coalesce((select (value->>'cutoffMinutes')::int from settings where key = ${SLOT_CONFIG_KEY}), ${p.defaults.cutoffMinutes}::int) as cutoff_minutes
    ),
    bk_slot as (
      select id, start_time, end_time, max_bookings, plan_type, active from delivery_slots where id = ${p.slotId}::uuid
    ),
    bk_blackout as (
      select reason from blackout_dates where date = ${p.date}::date
    ),
    bk_booked as (
      insert into slot_bookings as b (slot_id, date, booked, capacity)
      select bk_slot.id, ${p.date}::date, 1, bk_slot.max_bookings
      from bk_slot, bk_cfg
      where bk_slot.active
        and bk_slot.plan_type = any(${p.planTypes}::text[])
        and bk_slot.max_bookings > 0
        and ${p.date}::date >= ${p.today}::date
        and ${p.date}::date <= ${p.today}::date + bk_cfg.horizon_days
        and not exists (select 1 from bk_blackout)
        and (${p.date}::date + bk_slot.start_time::time) - make_interval(mins => bk_cfg.cutoff_minutes) > ${p.nowIst}::timestamp
        -- Full as last committed: refused without touching the counter row. ON CONFLICT DO UPDATE locks
        -- the row even when its WHERE refuses, so every refusal of a full slot queued on it behind the
        -- orders still placing (500 shoppers for 10 places: 490 lock waits, 503s on a loaded machine).
        and not exists (
          select 1 from slot_bookings f
          where f.slot_id = bk_slot.id and f.date = ${p.date}::date and f.booked >= bk_slot.max_bookings
        )
      on conflict (slot_id, date) do update
        set booked = b.booked + 1, capacity = excluded.capacity, updated_at = now()
        where b.booked < excluded.capacity
      returning b.booked
    )${
      p.orderId
        ? sql`,
    bk_hold as (
      insert into slot_holds (order_id, slot_id, date)
      select ${p.orderId}::uuid, ${p.slotId}::uuid, ${p.date}::date from bk_booked
    )`
        : sql``
    }`;
  const result = sql`(select json_build_object(
      'id', bk_slot.id, 'start_time', bk_slot.start_time, 'end_time', bk_slot.end_time,
      'max_bookings', bk_slot.max_bookings, 'plan_type', bk_slot.plan_type, 'active', bk_slot.active,
      'horizon_days', bk_cfg.horizon_days, 'cutoff_minutes', bk_cfg.cutoff_minutes,
      'blackout_reason', (select reason from bk_blackout),
      'booked_now', (select booked from bk_booked))
    from bk_cfg left join bk_slot on true)`;
  return { ctes, result };
}

/** Gives one place back; never below zero. Returns the new count, or null when there was nothing to release. */
export async function releaseOne(db: Executor, slotId: string, date: string): Promise<number | null> {
  const r = await db
    .updateTable('slot_bookings')
    .set({ booked: sql`booked - 1`, updated_at: sql`now()` })
    .where('slot_id', '=', slotId)
    .where('date', '=', date)
    .where('booked', '>', 0)
    .returning('booked')
    .executeTakeFirst();
  return r ? r.booked : null;
}

/**
 * Gives back the place an order holds, in one statement: its hold row goes and the counter drops
 * with it, so a second call (or one for an order holding nothing) changes nothing. Returns whether a
 * place was given back.
 */
export async function releaseHold(db: Executor, orderId: string): Promise<boolean> {
  const r = await sql<{ booked: number }>`
    with h as (delete from slot_holds where order_id = ${orderId}::uuid returning slot_id, date)
    update slot_bookings b set booked = b.booked - 1, updated_at = now()
    from h where b.slot_id = h.slot_id and b.date = h.date and b.booked > 0
    returning b.booked`.execute(db);
  return r.rows.length > 0;
}

// ---------- Blackout dates ----------

export function blackoutsBetween(db: Executor, from: string, to: string) {
  return db
    .selectFrom('blackout_dates')
    .select(['date', 'reason', 'created_at'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
}

export function blackoutsFrom(db: Executor, from: string) {
  return db
    .selectFrom('blackout_dates')
    .select(['date', 'reason', 'created_at'])
    .where('date', '>=', from)
    .orderBy('date')
    .limit(366)
    .execute();
}

export function findBlackout(db: Executor, date: string) {
  return db.selectFrom('blackout_dates').select(['date', 'reason', 'created_at']).where('date', '=', date).forUpdate().executeTakeFirst();
}

export function upsertBlackout(db: Executor, v: { date: string; reason: string; created_by: string }) {
  return db
    .insertInto('blackout_dates')
    .values(v)
    .onConflict((oc) => oc.column('date').doUpdateSet({ reason: v.reason }))
    .returning(['date', 'reason', 'created_at'])
    .executeTakeFirstOrThrow();
}

export function deleteBlackout(db: Executor, date: string) {
  return db.deleteFrom('blackout_dates').where('date', '=', date).returning(['date', 'reason']).executeTakeFirst();
}

/**
 * Slot fill per day for [from, to] (admin dashboard): places booked against places offered by the
 * active slots (a day's booking row keeps the capacity it was opened with); blackout days offer none.
 */
export async function slotFillBetween(db: Executor, from: string, to: string) {
  const r = await sql<{ date: string; booked: number; capacity: number; blackout: boolean }>`
    select d::date::text as date,
      coalesce((select sum(b.booked) from slot_bookings b where b.date = d::date), 0)::int as booked,
      case when exists (select 1 from blackout_dates x where x.date = d::date) then 0
        else coalesce((select sum(coalesce(b.capacity, s.max_bookings)) from delivery_slots s
          left join slot_bookings b on b.slot_id = s.id and b.date = d::date where s.active), 0) end::int as capacity,
      exists (select 1 from blackout_dates x where x.date = d::date) as blackout
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    order by d`.execute(db);
  return r.rows.map((x) => ({ date: x.date, booked: Number(x.booked), capacity: Number(x.capacity), blackout: !!x.blackout }));
}
