import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import { AppError, notFound } from '../../lib/errors';
import {
  addDays,
  DEFAULT_SLOT_CONFIG,
  isSlotDate,
  istToday,
  istWallClock,
  planTypesFor,
  SLOT_FULL_MESSAGE,
  slotAvailability,
  slotMatchesPlan,
  slotRefusalMessage,
  type OrderPlanType,
  type SlotConfig,
} from '../../../shared/rules/slots';
import { isPincode, notServiceableMessage } from '../../../shared/rules/india';
import {
  KitchenLocationInputSchema,
  SlotConfigSchema,
  type AvailableSlots,
  type DeliverySlot,
  type KitchenLocation,
  type PincodeLookup,
} from '../../../shared/schemas/slots';
import { DEFAULT_KITCHEN } from '../../../shared/rules/route-order';
import * as repo from './slots.repository';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------- PIN codes ----------

export async function lookupPincode(deps: Pick<AppDeps, 'db'>, pincode: string): Promise<PincodeLookup> {
  const row = await repo.findPincode(deps.db, pincode);
  return row?.active ? { pincode, serviceable: true, area: row.area } : { pincode, serviceable: false };
}

/**
 * For checkout, inside its transaction: refuses a PIN code we don't deliver to with
 * NOT_SERVICEABLE ("We don't deliver to 110001 yet"). Returns the area name.
 */
export async function assertServiceable(executor: Executor, pincode: string): Promise<{ pincode: string; area: string }> {
  const row = isPincode(pincode) ? await repo.findPincode(executor, pincode) : undefined;
  if (!row?.active) throw notServiceable(pincode);
  return { pincode, area: row.area };
}

/** The refusal for a PIN code we don't deliver to (one wording wherever it is checked). */
export function notServiceable(pincode: string): AppError {
  return new AppError('NOT_SERVICEABLE', notServiceableMessage(String(pincode).slice(0, 12)), { details: { pincode } });
}

/** PIN code → area for those we serve (addresses use this to flag each saved address). */
export async function serviceablePincodes(executor: Executor, pincodes: string[]): Promise<Map<string, string>> {
  const rows = await repo.activePincodesIn(executor, [...new Set(pincodes.filter(isPincode))]);
  return new Map(rows.map((r) => [r.pincode, r.area]));
}

// ---------- Configuration ----------

export function parseSlotConfig(value: unknown): SlotConfig {
  const parsed = SlotConfigSchema.safeParse(value);
  return parsed.success ? parsed.data : { ...DEFAULT_SLOT_CONFIG };
}

export async function getSlotConfig(deps: Pick<AppDeps, 'db'>, executor: Executor = deps.db): Promise<SlotConfig> {
  return parseSlotConfig(await repo.readSlotConfigValue(executor));
}

/**
 * Where every run starts (decision 288): the owner's setting, or the demo's farm at the edge of
 * Bengaluru until one is saved (a value that no longer reads as a pin in India counts as unset).
 */
export async function kitchenLocation(executor: Executor): Promise<KitchenLocation> {
  const parsed = KitchenLocationInputSchema.safeParse(await repo.readKitchenLocationValue(executor));
  return parsed.success ? { ...parsed.data, isDefault: false } : { ...DEFAULT_KITCHEN, isDefault: true };
}

// ---------- Listing ----------

function toDto(
  slot: repo.SlotRow,
  date: string,
  booked: number,
  ctx: { now: Date; config: SlotConfig; blackout: string | null },
): DeliverySlot {
  const a = slotAvailability({
    date,
    startTime: slot.start_time,
    maxBookings: slot.max_bookings,
    booked,
    blackout: ctx.blackout,
    now: ctx.now,
    config: ctx.config,
  });
  return {
    id: slot.id,
    start_time: slot.start_time,
    end_time: slot.end_time,
    max_bookings: slot.max_bookings,
    current_bookings: { [date]: booked },
    plan_type: slot.plan_type,
    available: a.available,
    remaining: a.remaining,
    ...(a.reason ? { reason: a.reason } : {}),
  };
}

/** Spec §7: the active slots an order of this kind may use on a date, with what is left. */
export async function slotsForDate(deps: Deps, input: { date: string; planType: OrderPlanType }): Promise<DeliverySlot[]> {
  const days = await slotsForDates(deps, [input.date], input.planType);
  return days[0].slots;
}

/** `days` dates from `from` (default today), each with its slots and whether anything is left. */
export async function availableSlots(deps: Deps, input: { from?: string; days: number; planType: OrderPlanType }): Promise<AvailableSlots> {
  const now = deps.clock.now();
  const today = istToday(now);
  const from = input.from ?? today;
  const dates = Array.from({ length: input.days }, (_, i) => addDays(from, i));
  const [config, days] = await Promise.all([getSlotConfig(deps), slotsForDates(deps, dates, input.planType, now)]);
  return {
    today,
    config,
    days: days.map((d) => ({
      date: d.date,
      available: d.slots.some((s) => s.available),
      ...(d.blackout ? { blackoutReason: d.blackout } : {}),
      slots: d.slots,
    })),
  };
}

async function slotsForDates(deps: Deps, dates: string[], planType: OrderPlanType, now = deps.clock.now()) {
  const from = dates[0];
  const to = dates[dates.length - 1];
  // Sequential on purpose: PGlite has one connection, and these are four indexed reads.
  const slots = await repo.listSlots(deps.db, { activeOnly: true, planTypes: planTypesFor(planType) });
  const bookings = await repo.bookingsBetween(deps.db, from, to);
  const blackouts = await repo.blackoutsBetween(deps.db, from, to);
  const config = await getSlotConfig(deps);
  const booked = new Map(bookings.map((b) => [`${b.slot_id}|${b.date}`, b.booked]));
  const blackoutOf = new Map(blackouts.map((b) => [b.date, b.reason]));
  return dates.map((date) => {
    const blackout = blackoutOf.get(date) ?? null;
    return {
      date,
      blackout,
      slots: slots.map((s) => toDto(s, date, booked.get(`${s.id}|${date}`) ?? 0, { now, config, blackout })),
    };
  });
}

// ---------- The booking contract (used by order placement) ----------

export interface BookSlotInput {
  slotId: string;
  /** YYYY-MM-DD, Asia/Kolkata */
  date: string;
  planType: OrderPlanType;
  /** The order the place is for: the booking writes its hold, which releaseHeldPlace gives back. */
  orderId?: string;
}
export interface BookedSlot {
  slotId: string;
  date: string;
  /** 'HH:MM' */
  startTime: string;
  endTime: string;
}

/**
 * Books one place in a slot on a date, inside the caller's transaction (one SQL
 * statement, one round trip). Throws:
 * - NOT_FOUND when the slot does not exist,
 * - SLOT_CLOSED (409) when it is disabled, not for this plan type, the date is past,
 *   beyond the horizon or a blackout day, or the cut-off has passed (the message says which),
 * - SLOT_FULL (409) when no place is left,
 * - BAD_REQUEST for a malformed date.
 * Rolling back the caller's transaction gives the place back; after commit use releaseSlot.
 */
export async function bookSlot(deps: Pick<AppDeps, 'clock'>, trx: Trx | Executor, input: BookSlotInput): Promise<BookedSlot> {
  const request = slotBookingRequest(deps, input);
  if ('refusal' in request) throw request.refusal;
  return slotBookingOutcome(deps, input, await repo.tryBookSlot(trx, request.params));
}

/**
 * bookSlot in two halves, as plain values, for a caller that books inside a statement of its own
 * (order placement: one statement prices the cart, reads the address and books —
 * server/statements/placement.repository.ts): the parameters of the booking (or the refusal of a
 * malformed request, before any SQL), then `slotBookingOutcome` turns the booking's row into the
 * booked slot or throws exactly what bookSlot throws. Run it inside the transaction that writes the order.
 */
export function slotBookingRequest(
  deps: Pick<AppDeps, 'clock'>,
  input: BookSlotInput,
): { params: repo.BookSlotParams } | { refusal: AppError } {
  const { slotId, date, planType } = input;
  const refusal = !isSlotDate(String(date))
    ? new AppError('BAD_REQUEST', 'Use a delivery date like 2026-01-31.')
    : !UUID_RE.test(String(slotId))
      ? notFound('That delivery slot')
      : planType !== 'one_time' && planType !== 'subscription'
        ? new AppError('BAD_REQUEST', "planType is 'one_time' or 'subscription'.")
        : null;
  if (refusal) return { refusal };
  const now = deps.clock.now();
  return {
    params: {
      slotId,
      date,
      planTypes: planTypesFor(planType),
      today: istToday(now),
      nowIst: istWallClock(now),
      defaults: DEFAULT_SLOT_CONFIG,
      ...(input.orderId ? { orderId: input.orderId } : {}),
    },
  };
}

/** The booked slot from the booking's row, or the reason it was refused (SLOT_FULL, SLOT_CLOSED, NOT_FOUND). */
export function slotBookingOutcome(deps: Pick<AppDeps, 'clock'>, input: BookSlotInput, row: repo.BookAttemptRow | null): BookedSlot {
  return bookingOutcome(row, input, deps.clock.now());
}

function bookingOutcome(row: repo.BookAttemptRow | null, input: BookSlotInput, now: Date): BookedSlot {
  const { slotId, date, planType } = input;
  if (!row?.id) throw notFound('That delivery slot');
  const slot = { start_time: row.start_time!, end_time: row.end_time!, max_bookings: row.max_bookings!, plan_type: row.plan_type! };
  if (row.booked_now !== null && row.booked_now !== undefined) {
    return { slotId: row.id, date, startTime: slot.start_time, endTime: slot.end_time };
  }

  // Nothing booked: find the reason with the same rules the listing uses.
  const config: SlotConfig = { ...DEFAULT_SLOT_CONFIG, horizonDays: row.horizon_days, cutoffMinutes: row.cutoff_minutes };
  const details = { slotId, date };
  if (!row.active)
    throw new AppError('SLOT_CLOSED', slotRefusalMessage('inactive', { date }), { details: { ...details, reason: 'inactive' } });
  if (!slotMatchesPlan(slot.plan_type, planType)) {
    throw new AppError('SLOT_CLOSED', slotRefusalMessage('plan', { date, planType }), { details: { ...details, reason: 'plan' } });
  }
  const verdict = slotAvailability({
    date,
    startTime: slot.start_time,
    maxBookings: slot.max_bookings,
    booked: slot.max_bookings, // if nothing else closes it, it was full
    blackout: row.blackout_reason,
    now,
    config,
  });
  const reason = verdict.reason ?? 'full';
  if (reason === 'full') throw new AppError('SLOT_FULL', SLOT_FULL_MESSAGE, { details: { ...details, reason } });
  const pastDay = reason === 'closed' && date < istToday(now);
  throw new AppError(
    'SLOT_CLOSED',
    slotRefusalMessage(reason, { date, startTime: pastDay ? undefined : slot.start_time, config, blackout: row.blackout_reason }),
    { details: { ...details, reason } },
  );
}

/**
 * Gives back one place (order cancelled, payment expired), inside the caller's
 * transaction. Never goes below zero. Returns true when a place was released.
 */
export async function releaseSlot(
  _deps: Pick<AppDeps, 'clock'>,
  trx: Trx | Executor,
  input: { slotId: string; date: string },
): Promise<boolean> {
  if (!UUID_RE.test(String(input.slotId)) || !isSlotDate(String(input.date))) return false;
  const left = await repo.releaseOne(trx, input.slotId, input.date);
  return left !== null;
}

/**
 * Gives back the place an order holds (its booking's hold row), inside the caller's transaction.
 * Idempotent: a second call, or a call for an order that holds no place, gives nothing back.
 */
export function releaseHeldPlace(trx: Trx | Executor, orderId: string): Promise<boolean> {
  return repo.releaseHold(trx, orderId);
}

/** Admin dashboard: booked and offered places per day for [from, to] (IST dates). */
export function slotFill(deps: Pick<AppDeps, 'db'>, from: string, to: string) {
  return repo.slotFillBetween(deps.db, from, to);
}

/** Every active slot with its times, in the day's order (the owner's forecast lists each). */
export async function activeSlotTimes(deps: Pick<AppDeps, 'db'>): Promise<Array<{ id: string; start_time: string; end_time: string }>> {
  const rows = await repo.listSlots(deps.db, { activeOnly: true });
  return rows.map((r) => ({ id: r.id, start_time: r.start_time, end_time: r.end_time })).sort((a, b) => a.start_time.localeCompare(b.start_time));
}
