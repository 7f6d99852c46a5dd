import { describe, expect, it } from 'vitest';
import {
  coversDate,
  cutoffRefusalMessage,
  dayState,
  describeDays,
  firstOpenDate,
  fixedDates,
  isFixed,
  shortReminderText,
  topUpDeadline,
  walletCover,
  walletNotPlacedText,
  standingCutoffInstant,
  weekdayOf,
  willBePlaced,
  type DayFacts,
  type ScheduleDays,
} from './schedules';
import { addDays, datesFrom, istToday } from './slots';

const s = (over: Partial<ScheduleDays>): ScheduleDays => ({ days: 'daily', weekdays: [], startDate: '2026-12-01', endDate: null, ...over });
const range = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

describe('which dates a schedule covers', () => {
  it('every day between its start and end date', () => {
    const d = s({ endDate: '2026-12-03' });
    expect(range('2026-11-30', 5).filter((x) => coversDate(d, x))).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
  });
  it('weekdays: Monday to Friday (1 Dec 2026 is a Tuesday)', () => {
    expect(weekdayOf('2026-12-01')).toBe(2);
    expect(range('2026-12-01', 7).filter((x) => coversDate(s({ days: 'weekdays' }), x))).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
    ]);
  });
  it('alternate days count from the start date, across month and year ends', () => {
    const d = s({ days: 'alternate', startDate: '2026-12-30' });
    expect(range('2026-12-30', 6).filter((x) => coversDate(d, x))).toEqual(['2026-12-30', '2027-01-01', '2027-01-03']);
  });
  it('the calendar walks its dates with their weekdays once (datesFrom): the same dates, weekdays and answers as day by day', () => {
    const dates = datesFrom('2026-12-28', 10);
    expect(dates.map((d) => d.date)).toEqual(range('2026-12-28', 10));
    expect(dates.map((d) => d.weekday)).toEqual(range('2026-12-28', 10).map(weekdayOf));
    expect(dates[4]).toEqual({ date: '2027-01-01', weekday: 5 });
    for (const pattern of [s({ days: 'weekdays' }), s({ days: 'alternate', startDate: '2026-12-29' }), s({ days: 'chosen', weekdays: [0, 6] })]) {
      expect(dates.map((d) => coversDate(pattern, d.date, d.weekday))).toEqual(dates.map((d) => coversDate(pattern, d.date)));
    }
  });
  it('chosen weekdays (0 = Sunday)', () => {
    const d = s({ days: 'chosen', weekdays: [0, 3] });
    expect(range('2026-12-01', 7).filter((x) => coversDate(d, x))).toEqual(['2026-12-02', '2026-12-06']);
    expect(describeDays(d)).toBe('Wed, Sun');
    expect(describeDays(s({ days: 'weekdays' }))).toBe('Weekdays');
  });
});

describe('the cut-off: 21:00 Asia/Kolkata the evening before', () => {
  it('is 15:30 UTC of the day before', () => {
    expect(standingCutoffInstant('2026-12-03').toISOString()).toBe('2026-12-02T15:30:00.000Z');
    expect(standingCutoffInstant('2026-12-03', '20:30').toISOString()).toBe('2026-12-02T15:00:00.000Z');
  });
  it('20:59:59 IST is open, 21:00:00 is fixed', () => {
    expect(isFixed('2026-12-03', new Date('2026-12-02T20:59:59+05:30'))).toBe(false);
    expect(isFixed('2026-12-03', new Date('2026-12-02T21:00:00+05:30'))).toBe(true);
  });
  it('a UTC evening is already the next Indian day', () => {
    const lateUtc = new Date('2026-12-02T19:00:00Z'); // 00:30 IST on the 3rd
    expect(istToday(lateUtc)).toBe('2026-12-03');
    expect(firstOpenDate(lateUtc)).toBe('2026-12-04');
    expect(firstOpenDate(new Date('2026-12-02T12:00:00+05:30'))).toBe('2026-12-03');
  });
  it('the fixed dates at an instant: today, and tomorrow from 21:00 IST; a change applies from the first open date', () => {
    expect(fixedDates(new Date('2026-12-02T20:59:59+05:30'))).toEqual(['2026-12-02']);
    expect(fixedDates(new Date('2026-12-02T21:00:00+05:30'))).toEqual(['2026-12-02', '2026-12-03']);
    expect(fixedDates(new Date('2026-12-02T21:00:00+05:30'), '21:30')).toEqual(['2026-12-02']);
  });
  it('says why in a sentence', () => {
    const at = new Date('2026-12-02T21:00:00+05:30');
    expect(cutoffRefusalMessage('2026-12-03', at)).toBe("Tomorrow's delivery is fixed: changes close at 9:00 pm the evening before.");
    expect(cutoffRefusalMessage('2026-12-02', at)).toBe("Today's delivery is fixed: changes close at 9:00 pm the evening before.");
    expect(cutoffRefusalMessage('2026-12-01', at)).toBe('Tue, 1 Dec has passed: it can no longer be changed.');
  });
});

describe("a day's state", () => {
  const f = (over: Partial<DayFacts>): DayFacts => ({ active: true, delivers: true, skipped: false, onVacation: false, run: null, fixed: false, ...over });
  it('planned, skipped, vacation (wins over a skip), fixed, and what the cut-off did wins over everything', () => {
    expect(dayState(f({}))).toBe('planned');
    expect(dayState(f({ skipped: true }))).toBe('skipped');
    expect(dayState(f({ skipped: true, onVacation: true }))).toBe('vacation');
    expect(dayState(f({ fixed: true }))).toBe('fixed');
    expect(dayState(f({ fixed: true, run: { outcome: 'not_placed' }, active: false }))).toBe('not_placed');
    expect(dayState(f({ run: { outcome: 'placed' }, onVacation: true }))).toBe('placed');
  });
  it('nothing on a day the schedule does not deliver, or when it is paused', () => {
    expect(dayState(f({ delivers: false }))).toBe(null);
    expect(dayState(f({ active: false }))).toBe(null);
  });
  it('the cut-off places exactly the planned days', () => {
    expect(willBePlaced({ active: true, delivers: true, skipped: false, onVacation: false })).toBe(true);
    expect(willBePlaced({ active: true, delivers: true, skipped: true, onVacation: false })).toBe(false);
    expect(willBePlaced({ active: true, delivers: true, skipped: false, onVacation: true })).toBe(false);
  });
});

describe('what the wallet covers (decision 220): days paid in date order, each covered or short by what is missing', () => {
  const days = [
    { date: '2026-12-03', cost: 102_700 },
    { date: '2026-12-04', cost: 0 },
    { date: '2026-12-05', cost: 30_000 },
    { date: '2026-12-06', cost: 30_000 },
    { date: '2026-12-07', cost: 30_000 },
    { date: '2026-12-08', cost: 30_000 },
  ];

  it('₹1,027 on ₹1,000: that day is ₹27 short and takes nothing, so the next three are covered and the fourth is short', () => {
    // Hand figures: 1,000 − 300 − 300 − 300 = 100 left; the 8th needs 300 → ₹200 short.
    expect(walletCover(100_000, days)).toEqual({
      due: 5,
      covered: 3,
      short: [
        { date: '2026-12-03', by: 2_700, topUp: 20_000 },
        // Covering the 3rd to the 8th: 1,027 + 4 × 300 − 1,000 = ₹1,227, rounded up to ₹1,230.
        { date: '2026-12-08', by: 20_000, topUp: 123_000 },
      ],
    });
  });

  it('enough for all: nothing short; nothing due: nothing to cover', () => {
    expect(walletCover(300_000, days)).toEqual({ due: 5, covered: 5, short: [] });
    expect(walletCover(0, [{ date: '2026-12-03', cost: 0 }])).toEqual({ due: 0, covered: 0, short: [] });
  });

  it('a suggested top-up is rounded up to ₹10 and at least the ₹200 minimum', () => {
    expect(walletCover(0, [{ date: '2026-12-03', cost: 45_050 }]).short).toEqual([{ date: '2026-12-03', by: 45_050, topUp: 46_000 }]);
    expect(walletCover(45_000, [{ date: '2026-12-03', cost: 45_050 }]).short[0]!.topUp).toBe(20_000);
  });

  it('the deadline is the cut-off the evening before; the reminder and the not-placed texts carry the amounts', () => {
    expect(topUpDeadline('2026-12-03', '21:00', '2026-12-01')).toBe('Wed, 9:00 pm');
    expect(topUpDeadline('2026-12-03', '21:00', '2026-12-02')).toBe('9:00 pm tonight');
    expect(shortReminderText({ date: '2026-12-03', by: 2_700, cutoffTime: '21:00', today: '2026-12-02' })).toBe(
      'Your wallet is ₹27 short for Thu, 3 Dec: top up by 9:00 pm tonight so it is placed.',
    );
    expect(walletNotPlacedText(102_700)).not.toMatch(/payment method/);
  });
});
