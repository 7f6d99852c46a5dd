import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatDate, formatDay, shopDay } from './dates';

describe('the one date formatter', () => {
  it('shows an instant in India whatever zone the reader is in', () => {
    // 20:00 UTC is already the next morning in Kolkata (UTC+05:30).
    expect(formatDate('2026-11-24T20:00:00Z', 'date')).toBe('25 Nov 2026');
    expect(shopDay(new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
    expect(formatDate('2026-11-24T20:00:00Z', 'time')).toMatch(/^1:30\sam$/i);
    expect(formatDate('2026-11-24T03:35:07Z', 'dateTimeSeconds')).toMatch(/^24 Nov 2026, 9:05:07\sam$/i);
    expect(formatDate('2026-11-24T03:35:07Z', 'longDate')).toBe('24 November 2026');
  });

  it('shows a calendar date as that day, never moved by a zone', () => {
    expect(formatDay('2026-11-24')).toBe('Tue, 24 Nov');
    expect(formatDay('2026-11-24', 'weekdayDateYear')).toBe('Tue, 24 Nov, 2026');
    expect(formatDay('2026-11-24', 'weekday')).toBe('Tue');
    expect(formatDay('2026-11-24', 'dayMonth')).toBe('24 Nov');
  });

  it('prints a dash for a missing or broken instant instead of "Invalid Date"', () => {
    expect(formatDate('not a date')).toBe('—');
  });
});

/** Every file below dir whose name matches, as [path, text]. */
function sources(dir: string, re = /\.(ts|tsx)$/): [string, string][] {
  const out: [string, string][] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p, re));
    else if (re.test(name) && !/\.test\.tsx?$/.test(name)) out.push([p, readFileSync(p, 'utf8')]);
  }
  return out;
}

describe('one way in the browser', () => {
  const client = sources('client/src');

  it('formats dates in one module: no other Intl.DateTimeFormat or toLocale…String in the browser or shared rules', () => {
    const offenders = [...client, ...sources('shared/rules')]
      .filter(([p]) => !p.endsWith(join('shared', 'rules', 'dates.ts')))
      .filter(([, t]) => /Intl\.DateTimeFormat|toLocale(Date|Time)String/.test(t))
      .map(([p]) => p);
    expect(offenders).toEqual([]);
  });

  it('calls the server only through the tRPC client or the fetch wrapper (the token refresh is the wrapper’s own)', () => {
    const allowed = new Set([join('client', 'src', 'lib', 'api-fetch.ts'), join('client', 'src', 'features', 'auth', 'session.ts')]);
    const offenders = client.filter(([p, t]) => !allowed.has(p) && /(^|[^.\w])fetch\(/m.test(t)).map(([p]) => p);
    expect(offenders).toEqual([]);
  });

  it('words payment statuses only through shared/rules/payment-labels.ts', () => {
    const offenders = client.filter(([, t]) => /['"](Paid|Payment Pending|Payment Successful|Payment Failed)['"]/.test(t)).map(([p]) => p);
    expect(offenders).toEqual([]);
  });
});
