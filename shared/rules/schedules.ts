/**
 * Standing deliveries (PRODUCT.md §15, decision 177): which dates a schedule covers, when a date's
 * changes close (the standing cut-off, 21:00 Asia/Kolkata the evening before by default) and what
 * state a day is in. Pure: the server (calendar, cut-off job, forecast) and the browser (/deliveries)
 * use the same functions. Dates are calendar dates "YYYY-MM-DD" in Asia/Kolkata; India has no
 * daylight saving, so an IST wall-clock time is a fixed UTC+05:30 instant.
 */
import { formatDay } from './dates';
import { formatRupees } from './money';
import { WALLET_TOP_UP_MIN_PAISE } from './wallet';
import { addDays, daysBetween, formatSlotTime, istInstant, istToday } from './slots';
import type { CalendarSchedule, DeliveryEntry, DeliveryPrice, ScheduleItem } from '../schemas/schedules';

export const SCHEDULE_DAY_KINDS = ['daily', 'weekdays', 'alternate', 'chosen'] as const;
export type ScheduleDayKind = (typeof SCHEDULE_DAY_KINDS)[number];
export const SCHEDULE_STATUSES = ['active', 'paused', 'ended'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const DAY_STATES = ['planned', 'skipped', 'vacation', 'fixed', 'placed', 'not_placed'] as const;
export type DayState = (typeof DAY_STATES)[number];

/** A scheduled line's quantity is 1–5 (PRODUCT.md §15). */
export const MAX_SCHEDULE_QUANTITY = 5;
export const MAX_SCHEDULE_LINES = 10;
/** The calendar shows this many days ahead. */
export const CALENDAR_DAYS = 30;
/** The evening before a date, at this IST wall-clock time, the date's changes close and the cut-off job places it. */
export const DEFAULT_STANDING_CUTOFF = '21:00';
/** A vacation is at most this many days long. */
export const MAX_VACATION_DAYS = 90;

export interface ScheduleDays {
  days: ScheduleDayKind;
  /** For 'chosen': 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  startDate: string;
  endDate: string | null;
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Whether the schedule's pattern delivers on this date (between its start and end date); `wd`: the date's weekday when the caller has it. */
export function coversDate(s: ScheduleDays, date: string, wd: number = weekdayOf(date)): boolean {
  if (date < s.startDate || (s.endDate !== null && date > s.endDate)) return false;
  switch (s.days) {
    case 'daily':
      return true;
    case 'weekdays':
      return wd >= 1 && wd <= 5;
    case 'alternate':
      return daysBetween(s.startDate, date) % 2 === 0;
    case 'chosen':
      return s.weekdays.includes(wd);
  }
}

/** Whether a day change may be kept for this date: inside the schedule's start and end dates. */
export function withinSchedule(s: Pick<ScheduleDays, 'startDate' | 'endDate'>, date: string): boolean {
  return date >= s.startDate && (s.endDate === null || date <= s.endDate);
}

/** The instant a date's changes close: the evening before, at `cutoffTime` ("HH:MM") in Asia/Kolkata. */
export function standingCutoffInstant(date: string, cutoffTime: string = DEFAULT_STANDING_CUTOFF): Date {
  return istInstant(date, cutoffTime, -1);
}

/** The date's cut-off has passed: it is fixed (placed, or about to be, by the cut-off job). */
export function isFixed(date: string, now: Date, cutoffTime: string = DEFAULT_STANDING_CUTOFF): boolean {
  return now.getTime() >= standingCutoffInstant(date, cutoffTime).getTime();
}

/** The first date whose changes are still open. */
export function firstOpenDate(now: Date, cutoffTime: string = DEFAULT_STANDING_CUTOFF): string {
  let d = istToday(now);
  while (isFixed(d, now, cutoffTime)) d = addDays(d, 1);
  return d;
}

/**
 * The dates fixed at an instant that are not over yet: today (when its cut-off passed) up to the day
 * before the first open date. A day-level change of one of them is refused; a schedule-level change
 * (items, days, slot, address, pause, end, delete) leaves them as they were fixed and applies from
 * `firstOpenDate` (decision 202).
 */
export function fixedDates(now: Date, cutoffTime: string = DEFAULT_STANDING_CUTOFF): string[] {
  const out: string[] = [];
  for (let d = istToday(now); isFixed(d, now, cutoffTime); d = addDays(d, 1)) out.push(d);
  return out;
}

/** "9:00 pm" */
export function formatCutoffTime(cutoffTime: string): string {
  return formatSlotTime(cutoffTime).toLowerCase();
}

/** The sentence of a change refused because the date's cut-off has passed. */
export function cutoffRefusalMessage(date: string, now: Date, cutoffTime: string = DEFAULT_STANDING_CUTOFF): string {
  const today = istToday(now);
  const which =
    date === addDays(today, 1)
      ? "Tomorrow's delivery"
      : date === today
        ? "Today's delivery"
        : `The delivery of ${formatDay(date, 'weekdayDate')}`;
  if (date < today) return `${formatDay(date, 'weekdayDate')} has passed: it can no longer be changed.`;
  return `${which} is fixed: changes close at ${formatCutoffTime(cutoffTime)} the evening before.`;
}

/** What the cut-off did for a (schedule, date). */
export interface DayRun {
  outcome: 'placed' | 'not_placed';
}

export interface DayFacts {
  /** The schedule is active (not paused or ended). */
  active: boolean;
  /** The pattern covers the date, or the day was given items of its own (a one-off delivery). */
  delivers: boolean;
  skipped: boolean;
  onVacation: boolean;
  run: DayRun | null;
  fixed: boolean;
}

/**
 * A day's state, or null when the schedule has nothing on that date. What the cut-off did wins;
 * then a paused or ended schedule shows nothing; a vacation wins over a skip; a day past its
 * cut-off that the job has not reached yet is 'fixed'.
 */
export function dayState(f: DayFacts): DayState | null {
  if (f.run) return f.run.outcome;
  if (!f.active || !f.delivers) return null;
  if (f.onVacation) return 'vacation';
  if (f.skipped) return 'skipped';
  return f.fixed ? 'fixed' : 'planned';
}

/** The day will be placed at its cut-off (planned or fixed, not yet run). */
export function willBePlaced(f: Omit<DayFacts, 'fixed' | 'run'>): boolean {
  return f.active && f.delivers && !f.onVacation && !f.skipped;
}

/** "Every day", "Weekdays", "Alternate days", "Mon, Wed, Fri". */
export function describeDays(s: Pick<ScheduleDays, 'days' | 'weekdays'>): string {
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  switch (s.days) {
    case 'daily':
      return 'Every day';
    case 'weekdays':
      return 'Weekdays';
    case 'alternate':
      return 'Alternate days';
    case 'chosen':
      return [...s.weekdays]
        .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
        .map((d) => names[d])
        .join(', ');
  }
}

/**
 * A calendar entry read whole (decision 190): the day's own items and price when it has them (a
 * changed day, a placed order's total), else its schedule's; the slot is always the schedule's.
 */
export function entryOf(
  calendar: { schedules: readonly CalendarSchedule[] },
  e: DeliveryEntry,
): { items: ScheduleItem[]; price: DeliveryPrice; changed: boolean; slot: CalendarSchedule['slot'] } {
  const s = calendar.schedules.find((x) => x.id === e.scheduleId);
  return {
    items: e.items ?? s?.items ?? [],
    price: e.price ?? s?.price ?? { subtotal: 0, freeUnitDiscount: 0, deliveryFee: 0, total: 0 },
    changed: e.items !== undefined,
    slot: s?.slot ?? null,
  };
}

// ---------- What the wallet covers (decision 220) ----------

/** A delivery day as the wallet sees it: what its deliveries still to place cost, together. */
export interface DueDay {
  date: string;
  cost: number;
}

/** How a balance meets the coming days: how many it pays, and each one it cannot pay with what is missing. */
export interface WalletCover {
  /** Days with something still to place (planned or fixed). */
  due: number;
  covered: number;
  /** The days the balance will not pay, in date order: short by `by`; `topUp` covers it and every day before it. */
  short: { date: string; by: number; topUp: number }[];
}

/** A suggested top-up is rounded up to whole ₹10. */
const TOP_UP_STEP = 1_000;

/**
 * The wallet pays days in date order, as the cut-off does (decision 220): a day the running balance can
 * pay is covered and its cost leaves the balance; a day it cannot pay is short by what is missing
 * (its cost − what is left) and takes nothing — the cut-off does not place it, so the money stays for
 * the days after it, which may still be covered. Each short day's top-up is what makes it and every
 * day before it covered (the sum of their costs − the balance), rounded up to ₹10, at least `minTopUp`.
 */
export function walletCover(balance: number, days: readonly DueDay[], minTopUp = WALLET_TOP_UP_MIN_PAISE): WalletCover {
  let left = balance;
  let through = 0;
  let covered = 0;
  let due = 0;
  const short: WalletCover['short'] = [];
  for (const d of days) {
    if (d.cost <= 0) continue;
    due++;
    through += d.cost;
    if (d.cost <= left) {
      left -= d.cost;
      covered++;
      continue;
    }
    const need = Math.ceil((through - balance) / TOP_UP_STEP) * TOP_UP_STEP;
    short.push({ date: d.date, by: d.cost - left, topUp: Math.max(minTopUp, need) });
  }
  return { due, covered, short };
}

/** A calendar's days with what each still costs (planned or fixed entries, read whole). */
export function dueDays(calendar: { schedules: readonly CalendarSchedule[]; days: readonly { date: string; entries: readonly DeliveryEntry[] }[] }): DueDay[] {
  return calendar.days.map((d) => ({
    date: d.date,
    cost: d.entries.filter((e) => e.state === 'planned' || e.state === 'fixed').reduce((n, e) => n + entryOf(calendar, e).price.total, 0),
  }));
}

/**
 * When a top-up must arrive for a date to be placed: its cut-off, "9:00 pm tonight" when that is this
 * evening, else "Wed, 9:00 pm".
 */
export function topUpDeadline(date: string, cutoffTime: string, today: string): string {
  const evening = addDays(date, -1);
  const time = formatCutoffTime(cutoffTime);
  return evening === today ? `${time} tonight` : `${formatDay(evening, 'weekday')}, ${time}`;
}

/** The 18:00 reminder's sentence: "Your wallet is ₹27 short for Thu, 3 Dec: top up by 9:00 pm tonight." */
export function shortReminderText(p: { date: string; by: number; cutoffTime: string; today: string }): string {
  return `Your wallet is ${formatRupees(p.by)} short for ${formatDay(p.date, 'weekdayDate')}: top up by ${topUpDeadline(p.date, p.cutoffTime, p.today)} so it is placed.`;
}

/** A day the cut-off did not place because the wallet did not cover it: what happened (the screen offers Order it now). */
export function walletNotPlacedText(total: number): string {
  return `Your wallet did not cover this delivery's ${formatRupees(total)} at the cut-off, so it was not placed. Nothing was charged.`;
}

/** The path that opens one date of the calendar. */
export const deliveriesDatePath = (date: string) => `/deliveries?date=${date}`;
