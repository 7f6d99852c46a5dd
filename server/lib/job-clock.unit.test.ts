import cronParser from 'cron-parser';
import { describe, expect, it } from 'vitest';
import { cronDueAt, nextDue, readCron } from './job-clock';

/**
 * The clock's minutes against cron-parser's own walk in Asia/Kolkata (what pg-boss's timekeeper
 * asked every 30 s, and the admin's "next run" asked before decision 324): over whole windows, minute
 * by minute, the two name the same ticks, and from any instant the same next one.
 */
const LINES = [
  // The shop's own kinds of line (server/**/*.jobs.ts).
  '* * * * *',
  '*/5 * * * *',
  '*/10 * * * *',
  '20 * * * *',
  '0 18 * * *',
  // The rest of what the clock takes: lists, ranges, steps, names, one of the two day fields.
  '30 4 1,15 * *',
  '0 9 * * 1-5',
  '15 */3 * JAN,mar,Dec *',
  '0 0 29 2 *',
  '45 23 31 * *',
  '0 0 * * 7',
  '5-10/2 6-8 * * SUN',
  '59 23 * * 6',
];

const MINUTE = 60_000;

/** Each minute of [from, to) that cron-parser's walk in Asia/Kolkata names. */
function ticksByCronParser(cron: string, from: Date, to: Date): number[] {
  const it = cronParser.parseExpression(cron, { tz: 'Asia/Kolkata', currentDate: new Date(from.getTime() - 1), endDate: to });
  const out: number[] = [];
  while (it.hasNext()) {
    const t = it.next().getTime();
    if (t >= to.getTime()) break;
    out.push(t);
  }
  return out;
}

function ticksByClock(cron: string, from: Date, to: Date): number[] {
  const line = readCron(cron);
  const out: number[] = [];
  // Half a minute in: the clock looks somewhere inside a minute, never only at its start.
  for (let t = from.getTime(); t < to.getTime(); t += MINUTE) if (cronDueAt(line, new Date(t + 29_999))) out.push(t);
  return out;
}

describe('the job clock names the same minutes as cron in India time', () => {
  // Three quarters of an hour around what a line can get wrong (cron-parser's walk in a zone is
  // slow, so windows, not days): India's midnight (18:30 UTC) into a leap day and out of it, the
  // year's end in India and 04:30 on the 1st, 18:00 India time, a Saturday night into Sunday, a
  // Sunday morning and a Monday's 09:00.
  const windows: [string, string][] = [
    ['2028-02-28T18:10:00Z', '2028-02-28T18:55:00Z'],
    ['2028-02-29T18:10:00Z', '2028-02-29T18:55:00Z'],
    ['2026-12-31T18:05:00Z', '2026-12-31T18:55:00Z'],
    ['2026-12-31T22:50:00Z', '2026-12-31T23:10:00Z'],
    ['2026-07-14T12:10:00Z', '2026-07-14T12:55:00Z'],
    ['2027-01-02T18:10:00Z', '2027-01-02T18:55:00Z'],
    ['2027-01-03T00:20:00Z', '2027-01-03T01:10:00Z'],
    ['2027-01-04T03:20:00Z', '2027-01-04T03:40:00Z'],
  ];
  for (const cron of LINES)
    it(`"${cron}"`, () => {
      for (const [a, b] of windows) {
        const from = new Date(a);
        const to = new Date(b);
        expect(ticksByClock(cron, from, to).map((t) => new Date(t).toISOString())).toEqual(
          ticksByCronParser(cron, from, to).map((t) => new Date(t).toISOString()),
        );
      }
    });

  for (const cron of LINES)
    it(`"${cron}": the same next run from any instant`, () => {
      const line = readCron(cron);
      // Instants spread over two years (seconds and milliseconds included), and a tick itself.
      const from = [...Array(40)].map((_, i) => new Date(Date.UTC(2026, 0, 1) + i * 18_437_011_813));
      from.push(new Date('2026-07-14T12:30:00.000Z'), new Date('2027-01-02T18:29:59.999Z'));
      for (const f of from) {
        const want = cronParser.parseExpression(cron, { tz: 'Asia/Kolkata', currentDate: f }).next().toDate().toISOString();
        expect(nextDue(line, f)?.toISOString(), `${cron} after ${f.toISOString()}`).toBe(want);
      }
    });

  it('reads 18:00 as 18:00 in India, 12:30 UTC', () => {
    const line = readCron('0 18 * * *');
    expect(cronDueAt(line, new Date('2026-12-07T12:30:00Z'))).toBe(true);
    expect(cronDueAt(line, new Date('2026-12-07T12:30:59.999Z'))).toBe(true);
    expect(cronDueAt(line, new Date('2026-12-07T12:31:00Z'))).toBe(false);
    expect(cronDueAt(line, new Date('2026-12-07T18:00:00Z'))).toBe(false);
    expect(nextDue(line, new Date('2026-12-07T12:30:00Z'))?.toISOString()).toBe('2026-12-08T12:30:00.000Z');
    expect(nextDue(readCron('0 0 31 2 *'), new Date('2026-12-07T12:30:00Z'))).toBeNull();
  });

  it('refuses a line it could not read exactly, saying what it takes', () => {
    const takes = /the job engine takes numbers, names, \*, ranges \(a-b\), lists \(a,b\) and steps \(\*\/n, a-b\/n\)/;
    expect(() => readCron('0 0 1 * 1')).toThrow(/both days of the month and weekdays; declare one job for each/);
    expect(() => readCron('0 0 L * *')).toThrow(/has "L" in its day-of-month field/);
    expect(() => readCron('0 0 * * 1#2')).toThrow(/has "1#2" in its weekday field/);
    expect(() => readCron('0 0 ? * 1')).toThrow(/has "\?" in its day-of-month field/);
    expect(() => readCron('5/15 * * * *')).toThrow(/has "5\/15" in its minute field/);
    expect(() => readCron('1x * * * *')).toThrow(takes);
    expect(() => readCron('0 0 0 * * *')).toThrow(/needs five fields/);
    expect(() => readCron('61 * * * *')).toThrow(/outside of constraint range/);
    expect(() => readCron('0 jan * * *')).toThrow(/NaN/);
  });
});
