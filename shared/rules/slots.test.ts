import { describe, expect, it } from 'vitest';
import {
  orderPlanTypeForSlot,
  addDays,
  bookableDates,
  dateOfDay,
  datesFrom,
  istInstant,
  DEFAULT_SLOT_CONFIG as cfg,
  formatSlotDate,
  formatSlotRange,
  isCalendarDate,
  istToday,
  istWallClock,
  slotAvailability,
  slotRefusalMessage,
} from './slots';

// 2026-11-24 08:00 IST = 02:30 UTC.
const at = (iso: string) => new Date(iso);

describe('dates by arithmetic (dateOfDay, datesFrom)', () => {
  const DAY = 86_400_000;
  const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
  it('writes every day of 1600–2400 as toISOString does, with the weekday getUTCDay gives', () => {
    const first = Date.UTC(1600, 0, 1) / DAY;
    const last = Date.UTC(2400, 11, 31) / DAY;
    const walked = datesFrom(iso(first), last - first + 1);
    let wrong = 0;
    for (let day = first; day <= last; day++) {
      const w = walked[day - first]!;
      const expected = iso(day);
      if (dateOfDay(day) !== expected || w.date !== expected || w.weekday !== new Date(day * DAY).getUTCDay()) wrong++;
    }
    expect(wrong).toBe(0);
    expect(walked).toHaveLength(last - first + 1);
  });
  it('keeps toISOString’s text at the edges of four-digit years, and its RangeError for a date that is not one', () => {
    for (const [y, m, d] of [
      [999, 11, 31],
      [1000, 0, 1],
      [9999, 11, 31],
      [10000, 0, 1],
      [0, 0, 1],
      [-1, 5, 15],
      [1970, 0, 1],
      [1969, 11, 31],
    ] as const) {
      const day = Date.UTC(y, m, d) / DAY;
      expect(dateOfDay(day), `${y}-${m + 1}-${d}`).toBe(iso(day));
    }
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(() => addDays('not a date', 1)).toThrow(RangeError);
    expect(() => istToday(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('IST instants by arithmetic (istInstant)', () => {
  it('is the instant the ISO text with +05:30 reads, for every time of day on dates across years, a day either side', () => {
    let wrong = 0;
    let checked = 0;
    for (let d = 0; d < 800; d += 7) {
      const date = addDays('2024-01-01', d * 3);
      for (let minute = 0; minute < 24 * 60; minute += 37) {
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        for (const offset of [-1, 0, 1]) {
          checked++;
          const text = `${offset ? addDays(date, offset) : date}T${time}:00+05:30`;
          if (istInstant(date, time, offset).getTime() !== new Date(text).getTime()) wrong++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(wrong).toBe(0);
  });
  it('answers what the text would for anything that is not a date and a time', () => {
    expect(Number.isNaN(istInstant('2026-11-27', '7:00').getTime())).toBe(true);
    expect(Number.isNaN(istInstant('2026-11-27', '').getTime())).toBe(true);
    expect(istInstant('2026-11-27', '24:00').getTime()).toBe(new Date('2026-11-27T24:00:00+05:30').getTime());
    expect(() => istInstant('nope', '21:00', -1)).toThrow(RangeError);
    expect(Number.isNaN(istInstant('nope', '21:00').getTime())).toBe(true);
    expect(istInstant('2026-1-5', '07:00').getTime()).toEqual(new Date('2026-1-5T07:00:00+05:30').getTime());
  });
});

describe('IST calendar', () => {
  it('rolls the date over at midnight India time, not UTC', () => {
    expect(istToday(at('2026-11-23T18:29:59Z'))).toBe('2026-11-23');
    expect(istToday(at('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
    expect(istWallClock(at('2026-11-24T02:30:00.250Z'))).toBe('2026-11-24 08:00:00.250');
  });
  it('knows real dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-01')).toBe(false);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
  it('opens today and the next horizonDays dates', () => {
    const dates = bookableDates(at('2026-11-24T02:30:00Z'), cfg);
    expect(dates[0]).toBe('2026-11-24');
    expect(dates.at(-1)).toBe('2026-12-01');
    expect(dates).toHaveLength(8);
  });
});

describe('slotAvailability', () => {
  const base = { date: '2026-11-24', startTime: '12:00', maxBookings: 20, booked: 3, config: cfg };

  it('is open with the remaining places before the cut-off', () => {
    expect(slotAvailability({ ...base, now: at('2026-11-24T02:30:00Z') })).toEqual({ available: true, remaining: 17 });
  });
  it('closes exactly 90 minutes before the slot starts (10:30 IST for a 12:00 slot)', () => {
    expect(slotAvailability({ ...base, now: at('2026-11-24T04:59:59Z') }).available).toBe(true);
    expect(slotAvailability({ ...base, now: at('2026-11-24T05:00:00Z') })).toMatchObject({ available: false, reason: 'closed' });
  });
  it('follows a configured cut-off', () => {
    const now = at('2026-11-24T05:30:00Z'); // 11:00 IST
    expect(slotAvailability({ ...base, now, config: { ...cfg, cutoffMinutes: 30 } }).available).toBe(true);
    expect(slotAvailability({ ...base, now, config: { ...cfg, cutoffMinutes: 61 } }).reason).toBe('closed');
  });
  it('is full at capacity, and stays full when capacity was lowered below the bookings', () => {
    const now = at('2026-11-24T02:30:00Z');
    expect(slotAvailability({ ...base, booked: 20, now })).toEqual({ available: false, remaining: 0, reason: 'full' });
    expect(slotAvailability({ ...base, booked: 25, now })).toEqual({ available: false, remaining: 0, reason: 'full' });
  });
  it('refuses past dates, dates beyond the horizon and blackout days', () => {
    const now = at('2026-11-24T02:30:00Z');
    expect(slotAvailability({ ...base, date: '2026-11-23', now }).reason).toBe('closed');
    expect(slotAvailability({ ...base, date: '2026-12-01', now }).available).toBe(true);
    expect(slotAvailability({ ...base, date: '2026-12-02', now }).reason).toBe('past_horizon');
    expect(slotAvailability({ ...base, date: '2026-11-25', now, blackout: 'Diwali' }).reason).toBe('blackout');
  });
});

describe('wording', () => {
  it('formats times and dates for people', () => {
    expect(formatSlotRange('07:00', '09:00')).toBe('7:00 AM – 9:00 AM');
    expect(formatSlotRange('12:00', '14:30')).toBe('12:00 PM – 2:30 PM');
    expect(formatSlotDate('2026-11-24')).toBe('Tue, 24 Nov');
  });
  it('explains each refusal', () => {
    expect(slotRefusalMessage('full', { date: '2026-11-24' })).toBe('That delivery slot is full. Please pick another time.');
    expect(slotRefusalMessage('closed', { date: '2026-11-24', startTime: '12:00', config: cfg })).toBe(
      'The 12:00 PM slot on Tue, 24 Nov has closed: orders close 90 minutes before delivery starts. Please pick a later slot.',
    );
    expect(slotRefusalMessage('blackout', { date: '2026-11-24', blackout: 'Diwali' })).toBe(
      'We are not delivering on Tue, 24 Nov (Diwali). Please pick another day.',
    );
    expect(slotRefusalMessage('past_horizon', { date: '2026-12-24', config: cfg })).toMatch(/up to 7 days ahead/);
  });
});

describe('orderPlanTypeForSlot', () => {
  it('a subscriber-only slot is booked as a subscription order; an everyday slot stays one-time', () => {
    expect(orderPlanTypeForSlot('subscription')).toBe('subscription');
    expect(orderPlanTypeForSlot('all')).toBe('one_time');
    expect(orderPlanTypeForSlot('one_time')).toBe('one_time');
  });
});
