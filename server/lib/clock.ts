import { shopDay } from '../../shared/rules/dates';

/**
 * The one source of "now". Tests move time by swapping the clock on the app's
 * deps instead of faking timers in the server.
 */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export const IST_TZ = 'Asia/Kolkata';

/** Today's calendar date in Asia/Kolkata as YYYY-MM-DD. */
export function istDate(d: Date): string {
  return shopDay(d);
}
