/**
 * Database faults a shopper should see as "busy, try again" (503 SERVICE_BUSY with Retry-After),
 * never as a 500: the database was slow (a lock or statement timeout, no pool connection within
 * the wait) or away (refused, terminated, starting up or shutting down). No imports: both the
 * connection layer (db/database.ts) and the one error table (server/lib/errors.ts) use it.
 */
export type DatabaseFault = 'slow' | 'away';

/** SQLSTATEs lock_not_available, query_canceled (statement_timeout), idle-in-transaction timeout; our own wait for a transaction place. */
const SLOW_CODES = new Set(['55P03', '57014', '25P03', 'POOL_WAIT_TIMEOUT']);
/** SQLSTATEs: admin/crash shutdown, cannot connect now, too many connections, connection exceptions (class 08). */
const AWAY_CODES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
/** Node socket errors while connecting or talking to the database. */
const AWAY_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** node-postgres and pg-pool say these in plain text (no code). */
const SLOW_MESSAGES = [/^timeout exceeded when trying to connect$/];
const AWAY_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

function faultOf(e: unknown): DatabaseFault | null {
  if (!e || typeof e !== 'object') return null;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SLOW_CODES.has(code)) return 'slow';
    if (AWAY_CODES.has(code) || AWAY_ERRNO.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'away';
  }
  const message = (e as { message?: unknown }).message;
  if (typeof message === 'string') {
    if (SLOW_MESSAGES.some((r) => r.test(message))) return 'slow';
    if (AWAY_MESSAGES.some((r) => r.test(message))) return 'away';
  }
  // AggregateError (a connect to several addresses, all refused).
  const errors = (e as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.length && errors.every((x) => faultOf(x) === 'away')) return 'away';
  return null;
}

/** The fault an error is or wraps (tRPC wraps a procedure's error in `cause`, a few levels deep). */
export function databaseFault(error: unknown): DatabaseFault | null {
  let e: unknown = error;
  for (let i = 0; i < 5 && e; i++) {
    const f = faultOf(e);
    if (f) return f;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A failure to reach the database at all (safe to retry when no statement ran on the connection). */
export function isConnectionFailure(error: unknown): boolean {
  return databaseFault(error) === 'away';
}
