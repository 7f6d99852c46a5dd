import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import type { UserRole } from '../../../shared/rules/staff';
import type { PlaceOrderInput } from '../../../shared/schemas/orders';
import { AppError } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { placeInTransaction } from '../orders/place-order';
import { IdempotentReplay } from '../orders/orders.placement';
import { requestHash } from '../orders/orders.service';
import { DEFAULT_STANDING_CUTOFF, formatCutoffTime, isFixed } from '../../../shared/rules/schedules';
import { addDays, istToday, orderPlanTypeForSlot } from '../../../shared/rules/slots';
import * as repo from './schedules.repository';
import { plannedLines } from './schedules.forecast';
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
 */

/** Writes checked just before the cut-off have committed by then; the job waits this long past it. */
export const PLACE_AFTER_CUTOFF_MS = 60_000;
const CONCURRENCY = 4;
/** A claim not finished in this time (its instance stopped) may be taken over. */
const CLAIM_LEASE_SECONDS = 600;
/** Days claimed and placed per batch: one claim statement and one record statement each. */
const BATCH = 200;

export interface CutoffRun {
  placed: number;
  notPlaced: number;
}

/** Places every due day whose cut-off (plus the minute) has passed: today's (a run that was missed) and tomorrow's. */
export async function runCutoff(deps: AppDeps, opts: { concurrency?: number } = {}): Promise<CutoffRun> {
  const now = deps.clock.now();
  const cutoffTime = (await repo.readCutoffTime(deps.db)) ?? DEFAULT_STANDING_CUTOFF;
  const later = new Date(now.getTime() - PLACE_AFTER_CUTOFF_MS);
  const today = istToday(now);
  const total: CutoffRun = { placed: 0, notPlaced: 0 };
  for (const date of [today, addDays(today, 1)]) {
    if (!isFixed(date, later, cutoffTime)) continue;
    const r = await placeDate(deps, date, now, opts.concurrency ?? CONCURRENCY);
    total.placed += r.placed;
    total.notPlaced += r.notPlaced;
  }
  return total;
}

type Outcome = { placed: { scheduleId: string; userId: string; orderId: string } } | { notPlaced: true } | { skipped: true };

async function placeDate(deps: AppDeps, date: string, now: Date, concurrency: number): Promise<CutoffRun> {
  const nowIso = now.toISOString();
  const rows = await repo.dueOn(deps.db, date, { pending: true, now: nowIso, leaseSeconds: CLAIM_LEASE_SECONDS });
  const due = rows.flatMap((row) => {
    const lines = plannedLines(row, date);
    return lines ? [{ row, lines }] : [];
  });
  // Instances running at once start at different places, so their claims mostly do not meet.
  const start = due.length ? Math.floor(Math.random() * due.length) : 0;
  const ordered = [...due.slice(start), ...due.slice(0, start)];
  const total: CutoffRun = { placed: 0, notPlaced: 0 };
  for (let i = 0; i < ordered.length; i += BATCH) {
    const batch = ordered.slice(i, i + BATCH);
    const mine = await repo.claim(
      deps.db,
      date,
      batch.map((d) => ({ scheduleId: d.row.schedule.id, userId: d.row.user.id })),
      nowIso,
      CLAIM_LEASE_SECONDS,
    );
    const queue = batch.filter((d) => mine.has(d.row.schedule.id));
    const placed: { scheduleId: string; userId: string; orderId: string }[] = [];
    const dropped: string[] = [];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const d = next;
        const out = await placeOne(deps, d.row, d.lines, date, now).catch((err: unknown) => {
          deps.log.error({ err, scheduleId: d.row.schedule.id, date }, 'standing delivery could not be placed; retried on the next tick');
          return { skipped: true } as const;
        });
        if ('placed' in out) placed.push(out.placed);
        else if ('notPlaced' in out) total.notPlaced++;
        else dropped.push(d.row.schedule.id);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    await repo.recordPlaced(deps.db, date, placed);
    // Given back: a fault (the next tick tries again) or an order another instance placed under the key.
    await repo.dropClaims(deps.db, date, dropped);
    total.placed += placed.length;
  }
  return total;
}

async function placeOne(deps: AppDeps, row: repo.DueRow, lines: PlaceOrderInput['lines'], date: string, now: Date): Promise<Outcome> {
  const s = row.schedule;
  const to = { userId: row.user.id, email: row.user.email, name: row.user.name };
  if (!s.slot) return notPlaced(deps, row, date, 'SLOT_CLOSED', 'The delivery slot of this schedule is no longer offered. Choose another slot for it.');
  if (!s.address) return notPlaced(deps, row, date, 'NOT_SERVICEABLE', 'The address of this schedule was removed. Choose another address for it.');
  const input: PlaceOrderInput = {
    lines,
    addressId: s.address.id,
    slotId: s.slot.id,
    date,
    paymentMethod: 'wallet',
    planType: orderPlanTypeForSlot(s.slot.plan_type),
  };
  const user: AuthUser = { id: to.userId, email: to.email ?? '', name: to.name, role: row.user.role as UserRole };
  const key = repo.scheduleOrderKey(s.id, date);
  try {
    const written = await withTransactionRetry(
      deps,
      (trx) => placeInTransaction(deps, trx, user, input, { key, hash: requestHash(input), now, keepCart: true }),
      { lane: `slot:${s.slot.id}:${date}` },
    );
    return { placed: { scheduleId: s.id, userId: to.userId, orderId: written.id } };
  } catch (e) {
    // Another instance placed this (schedule, date) first: its order is the one.
    if (e instanceof IdempotentReplay) return { skipped: true };
    if (e instanceof AppError && e.appCode !== 'SERVICE_BUSY' && e.appCode !== 'INTERNAL') return notPlaced(deps, row, date, e.appCode, e.message);
    throw e;
  }
}

async function notPlaced(deps: AppDeps, row: repo.DueRow, date: string, code: string, reason: string): Promise<Outcome> {
  const recorded = await withTransactionRetry(deps, async (trx) => {
    const first = await repo.recordNotPlaced(trx, {
      scheduleId: row.schedule.id,
      userId: row.user.id,
      date,
      code,
      reason,
      now: deps.clock.now().toISOString(),
    });
    if (first) await notifyNotPlaced(trx, deps.config.PUBLIC_URL, { userId: row.user.id, email: row.user.email, name: row.user.name }, { date, reason });
    return first;
  });
  return recorded ? { notPlaced: true } : { skipped: true };
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
    if (needed <= 0 || needed <= c.balance_paise) continue;
    const sent = await withTransactionRetry(deps, async (trx) => {
      if (!(await repo.takeReminder(trx, c.user_id, tomorrow))) return false;
      await notifyNotCovered(trx, deps.config.PUBLIC_URL, { userId: c.user_id, email: c.email, name: c.name }, {
        date: tomorrow,
        needed,
        balance: c.balance_paise,
        closesAt: formatCutoffTime(cutoffTime),
      });
      return true;
    });
    if (sent) told++;
  }
  return told;
}
