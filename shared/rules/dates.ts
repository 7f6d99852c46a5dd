/**
 * The one date formatter of the shop (server and browser). Every instant is shown in Asia/Kolkata;
 * a calendar date ("2026-11-24", a slot's day) is shown as that day, whatever the reader's zone.
 *
 * Each Intl.DateTimeFormat is made on first use and kept: making one costs ~0.3 ms and loads ICU
 * data, formatting with one costs microseconds (and building them at module load put ICU data in
 * the idle server's memory).
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

const STYLES = {
  /** "24 Nov 2026" */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "24 November 2026" */
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "24 Nov 2026, 9:05 am" */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "24 Nov 2026, 9:05:07 am" */
  dateTimeSeconds: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' },
  /** "9:05 am" */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "24 Nov, 9:05 am" */
  dayMonthTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  /** "Tue, 24 Nov, 9:05 am" */
  weekdayTime: { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const DAY_STYLES = {
  /** "Tue, 24 Nov" */
  weekdayDate: { weekday: 'short', day: 'numeric', month: 'short' },
  /** "Tue, 24 Nov 2026" */
  weekdayDateYear: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** "Tue" */
  weekday: { weekday: 'short' },
  /** "24 Nov" */
  dayMonth: { day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;
export type DayStyle = keyof typeof DAY_STYLES;

const made = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, zone: string, opts: Intl.DateTimeFormatOptions, locale = 'en-IN'): Intl.DateTimeFormat {
  let f = made.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: zone, ...opts });
    made.set(key, f);
  }
  return f;
}

/** An instant (ISO string, Date or epoch ms) in the shop's time, e.g. formatDate(order.placedAt, 'dateTime'). */
export function formatDate(at: string | number | Date, style: DateStyle = 'date'): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return '—';
  return formatter(style, SHOP_TIME_ZONE, STYLES[style]).format(d);
}

/** A calendar date "YYYY-MM-DD" as that day (formatted in UTC so no zone moves it). */
export function formatDay(date: string, style: DayStyle = 'weekdayDate'): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return formatter(`day:${style}`, 'UTC', DAY_STYLES[style]).format(d);
}

/** "YYYY-MM-DD" of an instant in the shop's time. */
export function shopDay(at: Date): string {
  return formatter('iso-day', SHOP_TIME_ZONE, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(at);
}
