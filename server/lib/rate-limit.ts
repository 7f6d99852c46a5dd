import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import { AppError } from './errors';
import * as repo from './rate-limit.repository';

/**
 * Fixed-window counters kept in PostgreSQL (table rate_limit_buckets), so every
 * server instance on one database shares them (docs/decisions/010-rate-limits.md).
 * One conditional upsert per hit: no read-modify-write race.
 */
export interface Limit {
  /** Stable name of the rule, part of the key: 'signin:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface Hit {
  count: number;
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/** Keys never hold an e-mail or an address in clear. */
export function bucketKey(limit: Limit, subject: string): string {
  const digest = crypto.createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 32);
  return `${limit.name}:${digest}`;
}

function secondsUntil(resetAt: string, now: Date): number {
  return Math.max(1, Math.ceil((new Date(resetAt).getTime() - now.getTime()) / 1000));
}

/** Count one event and say whether it is still within the limit. */
export async function hit(db: Executor, limit: Limit, subject: string, now: Date): Promise<Hit> {
  const key = bucketKey(limit, subject);
  const resetAt = new Date(now.getTime() + limit.windowSeconds * 1000).toISOString();
  const row = await repo.countHit(db, { key, resetAt, now: now.toISOString() });
  return { count: row.count, allowed: row.count <= limit.max, retryAfter: secondsUntil(row.reset_at, now) };
}

/** Look without counting (e.g. failed sign-ins are counted only after they fail). */
export async function peek(db: Executor, limit: Limit, subject: string, now: Date): Promise<Hit> {
  const row = await repo.findBucket(db, bucketKey(limit, subject));
  if (!row || new Date(row.reset_at) <= now) return { count: 0, allowed: true, retryAfter: 0 };
  return { count: row.count, allowed: row.count < limit.max, retryAfter: secondsUntil(row.reset_at, now) };
}

export async function reset(db: Executor, limit: Limit, subject: string): Promise<void> {
  await repo.deleteBucket(db, bucketKey(limit, subject));
}

/** Drop finished windows (the mail worker's tick calls this now and then). */
export async function pruneExpired(db: Executor, now: Date): Promise<number> {
  return repo.deleteExpired(db, now.toISOString());
}

export const TOO_MANY_MESSAGE = 'Too many attempts. Please wait a little and try again.';

export function tooMany(retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', TOO_MANY_MESSAGE, { retryAfter, details: { retryAfter } });
}

/** Count the event against each limit; throws 429 with Retry-After when any is exceeded. */
export async function enforce(db: Executor, now: Date, checks: Array<[Limit, string]>): Promise<void> {
  let worst = 0;
  for (const [limit, subject] of checks) {
    const h = await hit(db, limit, subject, now);
    if (!h.allowed) worst = Math.max(worst, h.retryAfter);
  }
  if (worst) throw tooMany(worst);
}
