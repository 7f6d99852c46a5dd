/**
 * The one source of "now". Tests move time by swapping the clock on the app's
 * deps instead of faking timers in the server.
 */
export interface Clock {
  now(): Date;
  /**
   * Resolves once `ms` of this clock's time has passed (the server's deliberate waits, e.g. the
   * sign-in slow-down). Optional so a plain `{ now }` clock still works: it waits in real time.
   * A test clock moves its own time instead, so tests see the wait without sitting through it.
   */
  sleep?(ms: number): Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const systemClock: Clock = { now: () => new Date(), sleep: realSleep };

/** Waits `ms` on `clock` (in real time when the clock has no sleep of its own). */
export function sleepOn(clock: Clock, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return clock.sleep ? clock.sleep(ms) : realSleep(ms);
}

