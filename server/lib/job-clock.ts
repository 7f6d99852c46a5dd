import cronParser from 'cron-parser';
import { IST_OFFSET_MINUTES } from '../../shared/rules/slots';

/**
 * Which of the shop's cron lines are due in a given minute, India time (decision 324).
 *
 * cron-parser reads each line once, when the engine starts; a minute is then matched against the
 * values it names. pg-boss's own timekeeper asked cron-parser (and luxon's time-zone arithmetic) for
 * every schedule's previous tick on every look, every 30 s: ~60–110 ms of one instance's event loop
 * and ~15 MB of garbage a look, for 20 schedules.
 *
 * India has one offset all year (UTC+5:30, no daylight saving: the shop's `IST_OFFSET_MINUTES`), so a
 * minute's fields are plain arithmetic. The lines the shop may declare are the common five-field ones:
 * lists, ranges, steps and names in any field; not `L`, `W`, `#` or `?`, and not a day of the month
 * together with a weekday (cron's "either" rule for that pair is easy to misread: declare two jobs).
 */
export interface CronLine {
  cron: string;
  minute: ReadonlySet<number>;
  hour: ReadonlySet<number>;
  dayOfMonth: ReadonlySet<number>;
  month: ReadonlySet<number>;
  /** 0 = Sunday … 6 = Saturday (cron's 7 is Sunday too). */
  dayOfWeek: ReadonlySet<number>;
}

const PLAIN = 'the job engine takes plain values, ranges, lists and steps.';

const numbers = (cron: string, field: string, values: readonly unknown[]): Set<number> => {
  if (!values.every((v) => typeof v === 'number'))
    throw new Error(`The cron line "${cron}" uses L, W or # in its ${field} field; ${PLAIN}`);
  return new Set(values as number[]);
};

/** Read a job's cron line once; a line the engine cannot match exactly is refused when the engine starts. */
export function readCron(cron: string): CronLine {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`The cron line "${cron}" needs five fields: minute, hour, day of the month, month, weekday.`);
  if (cron.includes('?')) throw new Error(`The cron line "${cron}" uses ?; write * instead.`);
  // cron-parser keeps a weekday's "#n" beside the fields; L comes back as a letter (below).
  if (parts[4]!.includes('#')) throw new Error(`The cron line "${cron}" uses L, W or # in its weekday field; ${PLAIN}`);
  const { fields } = cronParser.parseExpression(cron);
  const line: CronLine = {
    cron,
    minute: numbers(cron, 'minute', fields.minute),
    hour: numbers(cron, 'hour', fields.hour),
    dayOfMonth: numbers(cron, 'day-of-month', fields.dayOfMonth),
    month: numbers(cron, 'month', fields.month),
    dayOfWeek: new Set([...numbers(cron, 'weekday', fields.dayOfWeek)].map((d) => d % 7)),
  };
  if (line.dayOfMonth.size < 31 && line.dayOfWeek.size < 7)
    throw new Error(`The cron line "${cron}" names both days of the month and weekdays; declare one job for each.`);
  return line;
}

/** Whether the line names the minute that holds `at` (a UTC instant), read in India time. */
export function cronDueAt(line: CronLine, at: Date): boolean {
  const india = new Date(Math.floor(at.getTime() / 60_000) * 60_000 + IST_OFFSET_MINUTES * 60_000);
  return (
    line.minute.has(india.getUTCMinutes()) &&
    line.hour.has(india.getUTCHours()) &&
    line.dayOfMonth.has(india.getUTCDate()) &&
    line.month.has(india.getUTCMonth() + 1) &&
    line.dayOfWeek.has(india.getUTCDay())
  );
}
