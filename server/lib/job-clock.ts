import { parseCronExpression } from 'cron-schedule';
import { IST_OFFSET_MINUTES } from '../../shared/rules/slots';

/**
 * Which of the shop's cron lines are due in a given minute, and when a line is next due, India time
 * (decision 324).
 *
 * cron-schedule reads each line once, when the engine starts, into the values each field names; a
 * minute is then five set lookups. pg-boss's own timekeeper asked cron-parser (and luxon's time-zone
 * arithmetic) for every schedule's previous tick on every look, every 30 s: ~70–130 ms of one
 * instance's event loop a look for the shop's 20 lines, and luxon opens ICU's locale data (~8 MB).
 *
 * India has one offset all year (UTC+5:30, no daylight saving: the shop's `IST_OFFSET_MINUTES`), so a
 * minute's fields are plain arithmetic. The lines the engine takes are the common five-field ones:
 * numbers, names, `*`, ranges, lists and steps (`*\/n`, `a-b/n`); not `L`, `W`, `#` or `?`, not `a/n`
 * (cron-schedule would read it as `a`), and not a day of the month together with a weekday (cron's
 * "either" rule for that pair is easy to misread: declare two jobs).
 */
export interface CronLine {
  cron: string;
  minute: ReadonlySet<number>;
  hour: ReadonlySet<number>;
  dayOfMonth: ReadonlySet<number>;
  /** 1 = January … 12 = December. */
  month: ReadonlySet<number>;
  /** 0 = Sunday … 6 = Saturday (cron's 7 is Sunday too). */
  dayOfWeek: ReadonlySet<number>;
}

const FIELDS = ['minute', 'hour', 'day-of-month', 'month', 'weekday'] as const;
/** One item of a field's list: `*` or `*\/n`, a value, or a range with an optional step; values are numbers or three-letter names. */
const ITEM = /^(\*(\/\d+)?|(\d+|[a-z]{3})(-(\d+|[a-z]{3})(\/\d+)?)?)$/i;

/** Read a job's cron line; a line the clock cannot read exactly is refused with what to write instead. */
export function readCron(cron: string): CronLine {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`The cron line "${cron}" needs five fields: minute, hour, day of the month, month, weekday.`);
  parts.forEach((part, i) => {
    for (const item of part.split(','))
      if (!ITEM.test(item))
        throw new Error(
          `The cron line "${cron}" has "${item}" in its ${FIELDS[i]} field; the job engine takes numbers, names, *, ranges (a-b), lists (a,b) and steps (*/n, a-b/n).`,
        );
  });
  const c = parseCronExpression(parts.join(' '));
  const line: CronLine = {
    cron,
    minute: new Set(c.minutes),
    hour: new Set(c.hours),
    dayOfMonth: new Set(c.days),
    month: new Set(c.months.map((m) => m + 1)),
    dayOfWeek: new Set(c.weekdays),
  };
  if (line.dayOfMonth.size < 31 && line.dayOfWeek.size < 7)
    throw new Error(`The cron line "${cron}" names both days of the month and weekdays; declare one job for each.`);
  return line;
}

const MINUTE_MS = 60_000;
const OFFSET_MS = IST_OFFSET_MINUTES * MINUTE_MS;

/** Whether the line names the minute that holds `at` (a UTC instant), read in India time. */
export function cronDueAt(line: CronLine, at: Date): boolean {
  const india = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS + OFFSET_MS);
  return (
    line.minute.has(india.getUTCMinutes()) &&
    line.hour.has(india.getUTCHours()) &&
    line.dayOfMonth.has(india.getUTCDate()) &&
    line.month.has(india.getUTCMonth() + 1) &&
    line.dayOfWeek.has(india.getUTCDay())
  );
}

/**
 * The first minute after `from` that the line names (as cron's "next run"), looked for over the
 * next five years: a day that does not match is skipped whole, then an hour. Null when none is named
 * (31 February).
 */
export function nextDue(line: CronLine, from: Date): Date | null {
  let t = Math.floor(from.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const end = t + 5 * 366 * 1440 * MINUTE_MS;
  while (t < end) {
    const india = new Date(t + OFFSET_MS);
    const minuteOfDay = india.getUTCHours() * 60 + india.getUTCMinutes();
    if (!line.month.has(india.getUTCMonth() + 1) || !line.dayOfMonth.has(india.getUTCDate()) || !line.dayOfWeek.has(india.getUTCDay()))
      t += (1440 - minuteOfDay) * MINUTE_MS;
    else if (!line.hour.has(india.getUTCHours())) t += (60 - india.getUTCMinutes()) * MINUTE_MS;
    else if (!line.minute.has(india.getUTCMinutes())) t += MINUTE_MS;
    else return new Date(t);
  }
  return null;
}
