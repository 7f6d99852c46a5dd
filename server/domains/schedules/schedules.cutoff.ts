import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import type { UserRole } from '../../../shared/rules/staff';
import type { PlaceOrderInput } from '../../../shared/schemas/orders';
import { AppError } from '../../lib/errors';
import { isRetryableTxError, withTransactionRetry } from '../../lib/transaction-retry';
import { placeInTransaction, type PlacementStepName } from '../orders/place-order';
import type { Trx } from '../../../db/database';
import { IdempotentReplay } from '../orders/orders.placement';
import { requestHash } from '../orders/orders.service';
import {
  DEFAULT_STANDING_CUTOFF,
  deliveriesDatePath,
  isFixed,
  shortReminderText,
  walletCover,
  walletNotPlacedText,
} from '../../../shared/rules/schedules';
import { addDays, istToday, orderPlanTypeForSlot } from '../../../shared/rules/slots';
import * as repo from './schedules.repository';
import { plannedLines } from './schedules.plan';
import { notifyNotCovered, notifyNotPlaced } from './schedules.notify';
import { plannedTotal } from './schedules.service';

/**
 * The cut-off job (decision 177): a minute after a date's cut-off (21:00 Asia/Kolkata the evening
 * before, configurable) every active schedule's day that is planned becomes an ordinary order through
 * the one placing pipeline, paid from the wallet. The order's idempotency key is
 * `schedule:<id>:<date>` under orders' unique (user_id, idempotency_key): however many instances run
 * this at once, a (schedule, date) gets one order — the second insert finds the first and rolls back
 * (its slot booking and wallet charge with it). A day that cannot be placed gets its reason recorded
 * once (schedule_runs' primary key) and the customer is told in the same transaction.
 *
 * Every claim ends placed or not placed (decision 203): a claim carries its plan; a fault (lock or
 * statement timeout, serialization failure, a lost connection) gives it back with one more attempt
 * counted, to be taken again a minute later by any instance; a claim whose instance stopped is free
 * when its lease ends; past MAX_ATTEMPTS the day is recorded as not placed and the customer told.
 */

/** Writes checked just before the cut-off have committed by then; the job waits this long past it. */
export const PLACE_AFTER_CUTOFF_MS = 60_000;
const CONCURRENCY = 4;
/** A claim not finished in this time (its instance stopped) may be taken over. */
const CLAIM_LEASE_SECONDS = 600;
/** A claim a fault interrupted is free again after this: the next minute's run tries it. */
const RETRY_SECONDS = 60;
/** Times a day turned away by its slot's lane goes back to the run's queue. */
const LANE_RETRIES = 3;
/** Faults a day may meet before it is recorded as not placed (about five minutes of runs). */
export const MAX_ATTEMPTS = 5;
/** Days claimed and placed per batch: one claim statement and one record statement each. */
const BATCH = 200;

export const FAULT_REASON = {
  code: 'UNAVAILABLE',
  message: 'We could not place this delivery because of a fault on our side. You were not charged; you can order it yourself from the menu.',
} as const;

export interface CutoffRun {
  placed: number;
  notPlaced: number;
}

/** Test hooks: a fault after a placing step of a day, or after a batch's claim (an instance stopping there). */
export interface CutoffFaults {
  afterStep?: (step: PlacementStepName, trx: Trx, day: { scheduleId: string; userId: string; date: string }) => Promise<void>;
  afterClaim?: (date: string, claimed: number) => Promise<void>;
}

/** Places every due day whose cut-off (plus the minute) has passed: today's (a run that was missed) and tomorrow's. */
export async function runCutoff(deps: AppDeps, opts: { concurrency?: number; faults?: CutoffFaults } = {}): Promise<CutoffRun> {
  const now = deps.clock.now();
  const cutoffTime = (await repo.readCutoffTime(deps.db)) ?? DEFAULT_STANDING_CUTOFF;
  const later = new Date(now.getTime() - PLACE_AFTER_CUTOFF_MS);
  const today = istToday(now);
  const total: CutoffRun = { placed: 0, notPlaced: 0 };
  for (const date of [today, addDays(today, 1)]) {
    if (!isFixed(date, later, cutoffTime)) continue;
    const r = await placeDate(deps, date, now, opts.concurrency ?? CONCURRENCY, opts.faults ?? {});
    total.placed += r.placed;
    total.notPlaced += r.notPlaced;
  }
  return total;
}

async function placeDate(deps: AppDeps, date: string, now: Date, concurrency: number, faults: CutoffFaults): Promise<CutoffRun> {
  const nowIso = now.toISOString();
  const rows = await repo.dueOn(deps.db, date);
  const due = rows.flatMap((row): repo.ClaimedDay[] => {
    const lines = plannedLines(row, date);
    const s = row.schedule;
    return lines
      ? [{ scheduleId: s.id, date, attempts: 0, user: row.user, lines, slot: s.slot, address: s.address ? { id: s.address.id } : null }]
      : [];
  });
  // Instances running at once start at different places, so their claims mostly do not meet.
  const start = due.length ? Math.floor(Math.random() * due.length) : 0;
  const ordered = [...due.slice(start), ...due.slice(0, start)];
  const total: CutoffRun = { placed: 0, notPlaced: 0 };
  const add = (r: CutoffRun) => {
    total.placed += r.placed;
    total.notPlaced += r.notPlaced;
  };
  for (let i = 0; i < ordered.length; i += BATCH) {
    const batch = ordered.slice(i, i + BATCH);
    const rows = batch.map((d) => ({ scheduleId: d.scheduleId, userId: d.user.id, plan: { lines: d.lines, slotId: d.slot?.id ?? null, addressId: d.address?.id ?? null } }));
    const mine = await claimAgainOnDeadlock(() => repo.claim(deps.db, date, rows, nowIso, CLAIM_LEASE_SECONDS));
    await faults.afterClaim?.(date, mine.size);
    add(await placeClaimed(deps, date, now, batch.filter((d) => mine.has(d.scheduleId)), { concurrency, faults, lane: true }));
  }
  // Then the free claims: a schedule change's, a fault's a minute on, a stopped instance's after its lease.
  // Each is taken for a lease, so this loop ends: what it gives back is free only on a later run.
  for (let taken = await repo.takeOver(deps.db, date, nowIso, CLAIM_LEASE_SECONDS, BATCH); taken.length; taken = await repo.takeOver(deps.db, date, nowIso, CLAIM_LEASE_SECONDS, BATCH)) {
    // Without the slot's lane: these are few, and one's fault must not turn the others away.
    add(await placeClaimed(deps, date, now, taken, { concurrency, faults, lane: false }));
  }
  return total;
}

async function placeClaimed(
  deps: AppDeps,
  date: string,
  now: Date,
  days: repo.ClaimedDay[],
  { concurrency, faults, lane }: { concurrency: number; faults: CutoffFaults; lane: boolean },
): Promise<CutoffRun> {
  const queue = [...days];
  const placed: { scheduleId: string; orderId: string | null }[] = [];
  const faulted: { scheduleId: string; counts: boolean }[] = [];
  let notPlacedCount = 0;
  const turnedAway = new Map<string, number>();
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const d = next;
      const started = { placing: false };
      const out = await settleOne(deps, d, now, faults, started, lane).catch((err: unknown) => {
        deps.log.error({ err, scheduleId: d.scheduleId, date, attempt: d.attempts + 1 }, 'standing delivery could not be placed; tried again in a minute');
        return { faulted: true } as const;
      });
      if ('placed' in out) placed.push(out.placed);
      else if ('notPlaced' in out) notPlacedCount++;
      // A day turned away before its own transaction began (its slot's lane gave up on another day's
      // held row, decision 105) did not fail itself: it goes to the back of the queue, and past
      // LANE_RETRIES it is given back without an attempt counted.
      else if (!started.placing && (turnedAway.get(d.scheduleId) ?? 0) < LANE_RETRIES) {
        turnedAway.set(d.scheduleId, (turnedAway.get(d.scheduleId) ?? 0) + 1);
        queue.push(d);
      } else faulted.push({ scheduleId: d.scheduleId, counts: started.placing });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  // Given back first: a record that fails (the instance dying there) leaves only placed days to the lease.
  await repo.releaseClaims(deps.db, date, faulted, now.toISOString(), RETRY_SECONDS);
  await repo.recordPlaced(deps.db, date, placed);
  return { placed: placed.length, notPlaced: notPlacedCount };
}

type Outcome = { placed: { scheduleId: string; orderId: string | null } } | { notPlaced: true } | { faulted: true };

/** A claimed day to its end: placed, or not placed (refused, removed slot or address, too many faults, its day over). */
async function settleOne(deps: AppDeps, d: repo.ClaimedDay, now: Date, faults: CutoffFaults, started: { placing: boolean }, lane: boolean): Promise<Outcome> {
  if (d.attempts >= MAX_ATTEMPTS || d.date < istToday(now)) return notPlaced(deps, d, FAULT_REASON.code, FAULT_REASON.message);
  if (!d.slot) return notPlaced(deps, d, 'SLOT_CLOSED', 'The delivery slot of this schedule is no longer offered. Choose another slot for it.');
  if (!d.address) return notPlaced(deps, d, 'NOT_SERVICEABLE', 'The address of this schedule was removed. Choose another address for it.');
  const input: PlaceOrderInput = {
    lines: d.lines,
    addressId: d.address.id,
    slotId: d.slot.id,
    date: d.date,
    paymentMethod: 'wallet',
    planType: orderPlanTypeForSlot(d.slot.plan_type as 'all' | 'one_time' | 'subscription'),
  };
  const user: AuthUser = { id: d.user.id, email: d.user.email ?? '', name: d.user.name, role: d.user.role as UserRole };
  const key = repo.scheduleOrderKey(d.scheduleId, d.date);
  const day = { scheduleId: d.scheduleId, userId: d.user.id, date: d.date };
  const afterStep = faults.afterStep;
  try {
    const written = await withTransactionRetry(
      deps,
      (trx) => {
        started.placing = true;
        return placeInTransaction(deps, trx, user, input, {
          key,
          hash: requestHash(input),
          now,
          keepCart: true,
          ...(afterStep ? { afterStep: (step: PlacementStepName, t: Trx) => afterStep(step, t, day) } : {}),
        });
      },
      lane ? { lane: `slot:${d.slot.id}:${d.date}` } : {},
    );
    return { placed: { scheduleId: d.scheduleId, orderId: written.id } };
  } catch (e) {
    // The order is there already (an earlier attempt placed it and its record was lost): it is the one.
    if (e instanceof IdempotentReplay) return { placed: { scheduleId: d.scheduleId, orderId: null } };
    // The wallet's refusal at checkout suggests another payment method; a standing day has none: say what happened (decision 220).
    if (e instanceof AppError && e.appCode === 'WALLET_INSUFFICIENT') {
      const total = (e.details as { total?: number } | undefined)?.total;
      return notPlaced(deps, d, e.appCode, typeof total === 'number' ? walletNotPlacedText(total) : e.message);
    }
    if (e instanceof AppError && e.appCode !== 'SERVICE_BUSY' && e.appCode !== 'INTERNAL') return notPlaced(deps, d, e.appCode, e.message);
    throw e;
  }
}

async function notPlaced(deps: AppDeps, d: repo.ClaimedDay, code: string, reason: string): Promise<Outcome> {
  const to = { userId: d.user.id, email: d.user.email, name: d.user.name };
  const recorded = await withTransactionRetry(deps, async (trx) => {
    const r = await repo.recordNotPlaced(trx, { scheduleId: d.scheduleId, userId: d.user.id, date: d.date, code, reason, now: deps.clock.now().toISOString() });
    if (r === 'recorded') await notifyNotPlaced(trx, deps.config.PUBLIC_URL, to, { date: d.date, reason, path: deliveriesDatePath(d.date) });
    return r;
  });
  if (recorded === 'placed') return { placed: { scheduleId: d.scheduleId, orderId: null } };
  return recorded === 'recorded' ? { notPlaced: true } : { faulted: true };
}

/** From this IST time the evening before, customers whose next day the wallet does not cover are told once. */
export const REMINDER_TIME = '18:00';

/** The 18:00 reminder: once per customer and date (schedule_reminders' key), whatever the instances. */
export async function remindUncovered(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const today = istToday(now);
  const tomorrow = addDays(today, 1);
  const cutoffTime = (await repo.readCutoffTime(deps.db)) ?? DEFAULT_STANDING_CUTOFF;
  if (now.getTime() < new Date(`${today}T${REMINDER_TIME}:00+05:30`).getTime() || isFixed(tomorrow, now, cutoffTime)) return 0;
  let told = 0;
  for (const c of await repo.remindCandidates(deps.db, tomorrow)) {
    const user: AuthUser = { id: c.user_id, email: c.email ?? '', name: c.name, role: c.role as UserRole };
    const needed = await plannedTotal(deps, user, tomorrow);
    // Short by what is missing (decision 220); covered, or nothing due: no reminder.
    const short = walletCover(c.balance_paise, [{ date: tomorrow, cost: needed }]).short[0];
    if (!short) continue;
    const sent = await withTransactionRetry(deps, async (trx) => {
      if (!(await repo.takeReminder(trx, c.user_id, tomorrow))) return false;
      await notifyNotCovered(trx, deps.config.PUBLIC_URL, { userId: c.user_id, email: c.email, name: c.name }, {
        date: tomorrow,
        reason: shortReminderText({ date: tomorrow, by: short.by, cutoffTime, today }),
        path: deliveriesDatePath(tomorrow),
      });
      return true;
    });
    if (sent) told++;
  }
  return told;
}

/**
 * The claim is one statement on its own (no BEGIN/COMMIT: placement's round trips per order stay at 5).
 * Its rows go in by schedule id, so instances' batches do not deadlock; should PostgreSQL still answer
 * "deadlock" or "serialization failure", the statement inserted nothing and is sent again, a few times.
 */
async function claimAgainOnDeadlock<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (e) {
      if (attempt >= 4 || !isRetryableTxError(e)) throw e;
    }
  }
}
