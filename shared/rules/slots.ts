/**
 * Delivery-slot rules shared by the server (listing and booking) and the browser
 * (labels, messages). Slot dates are calendar dates in Asia/Kolkata; India has no
 * daylight saving, so IST is a fixed UTC+05:30 and plain arithmetic is exact.
 */
import { formatDay } from './dates';

export const SLOT_PLAN_TYPES = ['all', 'one_time', 'subscription'] as const;
export type SlotPlanType = (typeof SLOT_PLAN_TYPES)[number];
export const ORDER_PLAN_TYPES = ['one_time', 'subscription'] as const;
export type OrderPlanType = (typeof ORDER_PLAN_TYPES)[number];

export const SLOT_REASONS = ['full', 'closed', 'blackout', 'past_horizon'] as const;
export type SlotReason = (typeof SLOT_REASONS)[number];

export interface SlotConfig {
  /** Customers book from today up to this many days ahead (7 → today … today + 7). */
  horizonDays: number;
  /** A slot stops taking orders this many minutes before it starts. */
  cutoffMinutes: number;
  /**
   * Standing deliveries (PRODUCT.md §15): the evening before a date, at this Asia/Kolkata time
   * ("HH:MM"), that date's scheduled deliveries are fixed and placed (21:00 unless configured).
   */
  standingCutoffTime: string;
}
export const DEFAULT_SLOT_CONFIG: SlotConfig = { horizonDays: 7, cutoffMinutes: 90, standingCutoffTime: '21:00' };
export const SLOT_CONFIG_LIMITS = { horizonDays: { min: 0, max: 30 }, cutoffMinutes: { min: 0, max: 720 } } as const;

export const IST_OFFSET_MINUTES = 330;
const DAY_MS = 86_400_000;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isSlotTime(v: string): boolean {
  return TIME_RE.test(v);
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A calendar date the shop can book or store: 2000-01-01 … 2099-12-31. */
export function isSlotDate(v: string): boolean {
  return isCalendarDate(v) && v >= '2000-01-01' && v <= '2099-12-31';
}

/** Today's date in Asia/Kolkata. */
export function istToday(now: Date): string {
  return dateOfDay(Math.floor((now.getTime() + IST_OFFSET_MINUTES * 60_000) / DAY_MS));
}

/** "YYYY-MM-DD HH:MM:SS.mmm" wall-clock time in Asia/Kolkata (for SQL `timestamp` comparisons). */
export function istWallClock(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 23).replace('T', ' ');
}

/** Days since 1970-01-01 of a "YYYY-MM-DD" date (NaN when it is not one). */
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

const twoDigits = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
/** The same text through a Date: the fallback outside what the arithmetic writes. */
const isoDateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * "YYYY-MM-DD" of a day number (days since 1970-01-01), by integer arithmetic (the proleptic
 * Gregorian civil-from-days conversion): the text `Date#toISOString` gives, at about a seventh of its
 * cost (the calendar writes 30+ dates per request, decision 199). Outside the years 1000–9999, and
 * for a day that is not a whole number (NaN throws RangeError as before), through `toISOString` itself.
 */
export function dateOfDay(day: number): string {
  if (!Number.isInteger(day)) return isoDateOfDay(day);
  const z = day + 719_468; // days since 0000-03-01
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097; // day of the 400-year era, 0 … 146096
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // from March 1st
  const mp = Math.floor((5 * doy + 2) / 153); // month from March, 0 … 11
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 1000 || y > 9999) return isoDateOfDay(day);
  return `${y}-${twoDigits(m)}-${twoDigits(d)}`;
}

export function addDays(date: string, n: number): string {
  return dateOfDay(dayNumber(date) + n);
}

/** `days` consecutive calendar dates from `from`, each with its weekday (0 = Sunday … 6 = Saturday). */
export function datesFrom(from: string, days: number): { date: string; weekday: number }[] {
  const start = dayNumber(from);
  const out: { date: string; weekday: number }[] = [];
  for (let i = 0; i < days; i++) {
    const day = start + i;
    // 1970-01-01 was a Thursday (4).
    out.push({ date: dateOfDay(day), weekday: (((day + 4) % 7) + 7) % 7 });
  }
  return out;
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round(dayNumber(b) - dayNumber(a));
}

/**
 * The instant of a wall-clock time ("HH:MM") on a date, `dayOffset` days later, in Asia/Kolkata: by
 * arithmetic on the day number (IST is a fixed UTC+05:30), the instant `new Date("…T HH:MM:00+05:30")`
 * reads; anything not a date and a time takes that path itself (an Invalid Date, or addDays' RangeError).
 */
export function istInstant(date: string, time: string, dayOffset = 0): Date {
  const day = dayNumber(date) + dayOffset;
  if (!Number.isInteger(day) || !DATE_RE.test(date) || !TIME_RE.test(time)) {
    return new Date(`${dayOffset ? addDays(date, dayOffset) : date}T${time}:00+05:30`);
  }
  const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) - IST_OFFSET_MINUTES;
  return new Date(day * DAY_MS + minutes * 60_000);
}

/** The instant a slot starts: its date and start time read in Asia/Kolkata. */
export function slotStartInstant(date: string, startTime: string): Date {
  return istInstant(date, startTime);
}

/** The instant a slot stops taking orders. */
export function slotCutoffInstant(date: string, startTime: string, cutoffMinutes: number): Date {
  return new Date(slotStartInstant(date, startTime).getTime() - cutoffMinutes * 60_000);
}

/** Slot plan types an order of this kind may use. */
export function planTypesFor(planType: OrderPlanType): SlotPlanType[] {
  return ['all', planType];
}

export function slotMatchesPlan(slotPlan: SlotPlanType, orderPlan: OrderPlanType): boolean {
  return slotPlan === 'all' || slotPlan === orderPlan;
}

/**
 * The plan type an order is placed with, from the slot it books: a subscriber-only slot
 * needs 'subscription' (the server then checks the running plan includes subscriber slots);
 * an 'all' slot books the same capacity either way, so it stays 'one_time' and never
 * depends on the subscription still running when the order is placed.
 */
export function orderPlanTypeForSlot(slotPlan: SlotPlanType): OrderPlanType {
  return slotPlan === 'subscription' ? 'subscription' : 'one_time';
}

/** Dates customers may book right now: today … today + horizonDays. */
export function bookableDates(now: Date, config: SlotConfig): string[] {
  const today = istToday(now);
  return Array.from({ length: config.horizonDays + 1 }, (_, i) => addDays(today, i));
}

/** Why a whole date is not bookable (past, or beyond the horizon), or null. */
export function dateWindowReason(date: string, now: Date, config: SlotConfig): 'closed' | 'past_horizon' | null {
  const ahead = daysBetween(istToday(now), date);
  if (ahead < 0) return 'closed';
  if (ahead > config.horizonDays) return 'past_horizon';
  return null;
}

export interface SlotAvailabilityInput {
  date: string;
  startTime: string;
  maxBookings: number;
  booked: number;
  /** Reason text when the date is a blackout date, else null/undefined. */
  blackout?: string | null;
  now: Date;
  config: SlotConfig;
}
export interface SlotAvailability {
  available: boolean;
  remaining: number;
  reason?: SlotReason;
}

/**
 * Whether a slot can take one more order on a date. The order of the checks is the
 * order a shopper would want to hear about: a closed day before a full slot.
 */
export function slotAvailability(i: SlotAvailabilityInput): SlotAvailability {
  const remaining = Math.max(0, i.maxBookings - i.booked);
  const windowReason = dateWindowReason(i.date, i.now, i.config);
  if (windowReason) return { available: false, remaining, reason: windowReason };
  if (i.blackout != null) return { available: false, remaining, reason: 'blackout' };
  if (i.now.getTime() >= slotCutoffInstant(i.date, i.startTime, i.config.cutoffMinutes).getTime()) {
    return { available: false, remaining, reason: 'closed' };
  }
  if (remaining <= 0) return { available: false, remaining: 0, reason: 'full' };
  return { available: true, remaining };
}

/** "07:00" → "7:00 AM", "12:30" → "12:30 PM". */
export function formatSlotTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** "07:00", "09:00" → "7:00 AM – 9:00 AM". */
export function formatSlotRange(start: string, end: string): string {
  return `${formatSlotTime(start)} – ${formatSlotTime(end)}`;
}

/** "2026-11-24" → "Tue, 24 Nov" (the date is a calendar date, so it is formatted in UTC). */
export function formatSlotDate(date: string, opts: { year?: boolean } = {}): string {
  return formatDay(date, opts.year ? 'weekdayDateYear' : 'weekdayDate');
}

export const SLOT_FULL_MESSAGE = 'That delivery slot is full. Please pick another time.';

/** The sentence a shopper reads when a slot cannot be booked. */
export function slotRefusalMessage(
  reason: SlotReason | 'inactive' | 'plan',
  ctx: { date: string; startTime?: string; config?: SlotConfig; blackout?: string | null; planType?: OrderPlanType },
): string {
  const day = isCalendarDate(ctx.date) ? formatSlotDate(ctx.date) : ctx.date;
  const cfg = ctx.config ?? DEFAULT_SLOT_CONFIG;
  switch (reason) {
    case 'full':
      return SLOT_FULL_MESSAGE;
    case 'blackout':
      return `We are not delivering on ${day}${ctx.blackout ? ` (${ctx.blackout})` : ''}. Please pick another day.`;
    case 'past_horizon':
      return `Delivery can be booked up to ${cfg.horizonDays} day${cfg.horizonDays === 1 ? '' : 's'} ahead. Please pick an earlier date.`;
    case 'inactive':
      return 'That delivery slot is no longer offered. Please pick another time.';
    case 'plan':
      return ctx.planType === 'subscription'
        ? 'That delivery slot is not available for subscription deliveries. Please pick another time.'
        : 'That delivery slot is reserved for subscribers. Please pick another time.';
    case 'closed':
    default:
      // With a start time the slot's cut-off passed; without one the whole day is over.
      if (ctx.startTime) {
        return `The ${formatSlotTime(ctx.startTime)} slot on ${day} has closed: orders close ${cutoffText(cfg.cutoffMinutes)} before delivery starts. Please pick a later slot.`;
      }
      return `${day} has already passed. Please pick another day.`;
  }
}

export function cutoffText(minutes: number): string {
  if (minutes % 60 === 0 && minutes >= 60) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minutes`;
}

/** Short label for a disabled slot in the picker. */
export const SLOT_REASON_LABELS: Record<SlotReason, string> = {
  full: 'Full',
  closed: 'Closed',
  blackout: 'No deliveries',
  past_horizon: 'Not open yet',
};
