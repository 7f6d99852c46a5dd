import type { DatabaseHandle, Db, Trx } from '../../db/database';
import { AppError, BUSY_MESSAGE, BUSY_RETRY_AFTER } from './errors';

/** PostgreSQL's "try again" answers: serialization_failure and deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryableTxError(e: unknown): boolean {
  for (let cur = e, i = 0; cur && i < 4; i++, cur = (cur as { cause?: unknown }).cause) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

/**
 * Runs `fn` in a transaction and runs it again, from the start, when
 * PostgreSQL aborts it with a serialization failure or a deadlock. The
 * shopper never sees those: they are the database's way of saying "one of
 * you go again". `fn` must not have effects outside the transaction.
 *
 * `lane` names the row most of the transaction's kind wait for (a delivery slot and day): such
 * transactions enter the database's gate a couple at a time per lane, so one held row delays only
 * the work that needs it (KeyedLanes, decision 105).
 */
export async function withTransactionRetry<T>(
  deps: { db: Db; dbh?: Pick<DatabaseHandle, 'lanes'> },
  fn: (trx: Trx) => Promise<T>,
  opts: { attempts?: number; lane?: string } = {},
): Promise<T> {
  const lanes = deps.dbh?.lanes;
  if (opts.lane && lanes) return lanes.run(opts.lane, () => retrying(deps.db, fn, opts.attempts ?? 6));
  return retrying(deps.db, fn, opts.attempts ?? 6);
}

async function retrying<T>(db: Db, fn: (trx: Trx) => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (!isRetryableTxError(e)) throw e;
      if (attempt >= attempts) {
        throw new AppError('SERVICE_BUSY', BUSY_MESSAGE, { retryAfter: BUSY_RETRY_AFTER, cause: e });
      }
      // Full jitter: colliding transactions spread out instead of colliding again.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 10 * 2 ** attempt)));
    }
  }
}
