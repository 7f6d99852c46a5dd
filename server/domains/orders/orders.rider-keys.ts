import crypto from 'node:crypto';
import type { Trx } from '../../../db/database';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, type AppErrorCode } from '../../lib/errors';
import { resolveIdempotencyKey } from '../../lib/payments';
import * as keys from './orders.rider-keys.repository';

/**
 * The rider's offline queue (decision 297): Picked up, Delivered and Could not deliver may be sent again
 * (the phone lost the answer, two tabs synced the same queue). Each carries the Idempotency-Key header
 * made on the phone, read by the one reading of a key (resolveIdempotencyKey, as POST /api/orders). The
 * key is claimed in the action's own transaction, after the stop's row lock; the (rider, key) primary
 * key decides a race as orders' (user_id, idempotency_key) does; a key already used answers with what
 * came of its first use — the stop as it is now, or the same refusal (a wrong code is counted once) —
 * and a key used for another action or stop is IDEMPOTENCY_MISMATCH, the orders' refusal.
 */
export type RiderAction = 'picked_up' | 'delivered' | 'failed';

export type Outcome = { ok: true; told?: string } | { refused: { code: AppErrorCode; message: string; details?: Record<string, unknown> } };

export interface RiderKey {
  key: string;
  hash: string;
  action: RiderAction;
  orderId: string;
}

/** The key of a rider's call, or undefined when it sent none (a tap answered at once). `fields`: what the call asked, already free of secrets. */
export function riderKey(
  header: string | string[] | undefined,
  action: RiderAction,
  orderId: string,
  fields: Record<string, string | number | null> = {},
): RiderKey | undefined {
  const key = resolveIdempotencyKey(header, undefined, 'rider action');
  if (!key) return undefined;
  const canon = Object.keys(fields)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(fields[k])}`);
  const body = `{"action":${JSON.stringify(action)},"id":${JSON.stringify(orderId.toLowerCase())}${canon.map((c) => `,${c}`).join('')}}`;
  return { key, hash: crypto.createHash('sha256').update(body).digest('hex'), action, orderId };
}

/** Claims the key in the caller's transaction (`at`: the app clock's now); null when it is new, else what came of its first use. */
export async function claimKey(trx: Trx, rider: AuthUser, k: RiderKey | undefined, at: string): Promise<Outcome | null> {
  if (!k) return null;
  if (await keys.insertKey(trx, { userId: rider.id, key: k.key, orderId: k.orderId, action: k.action, hash: k.hash, at })) return null;
  const prior = await keys.keyOf(trx, rider.id, k.key);
  if (!prior || prior.request_hash !== k.hash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This idempotency key was already used for a different action. Use a new key for each tap.');
  }
  return (prior.outcome as Outcome | null) ?? { ok: true };
}

/** What came of the key's first use, written in the same transaction as the action. */
export async function settleKey(trx: Trx, rider: AuthUser, k: RiderKey | undefined, outcome: Outcome): Promise<void> {
  if (!k) return;
  await keys.setOutcome(trx, rider.id, k.key, outcome);
}

/** A refusal kept as an outcome (a wrong code: counted once, answered the same every time). */
export function refusal(e: AppError): Outcome {
  return { refused: { code: e.appCode, message: e.message, ...(e.details ? { details: e.details } : {}) } };
}

/** Throws the refusal of a replayed outcome; returns what an accepted one told. */
export function replayed(outcome: Outcome): { told?: string } {
  if ('refused' in outcome) throw new AppError(outcome.refused.code, outcome.refused.message, outcome.refused.details ? { details: outcome.refused.details } : {});
  return outcome;
}

/**
 * How long a key is kept (decision 311). A key only matters while its step may still be sent again: the
 * phone resends a step whose answer was lost on the next `online` event, page open or 20-second tick,
 * and the stops it is for are today's and tomorrow's. A week covers a phone left off for days with the
 * rider's leave in between; a step replayed after that is decided afresh by the stop's own state.
 */
export const RIDER_KEY_DAYS = 7;
/** Keys deleted per statement: each batch holds its row locks for milliseconds, never the whole backlog. */
const RIDER_KEY_BATCH = 1000;

/** Retention of the rider's keys, on the app clock: batches until one comes back short. Returns how many went. */
export async function pruneRiderKeys(deps: Pick<AppDeps, 'db' | 'clock'>, batch = RIDER_KEY_BATCH): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - RIDER_KEY_DAYS * 86_400_000).toISOString();
  let gone = 0;
  for (;;) {
    const n = await keys.deleteKeysBefore(deps.db, before, batch);
    gone += n;
    if (n < batch) return gone;
  }
}
