import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/** The SQL of the rate limiter (rate-limit.ts keeps the rules). Table rate_limit_buckets. */

/** One conditional upsert: a new window starts at 1, a running one counts up. */
export function countHit(db: Executor, p: { key: string; resetAt: string; now: string }) {
  return db
    .insertInto('rate_limit_buckets')
    .values({ key: p.key, count: 1, reset_at: p.resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limit_buckets.reset_at <= ${p.now}::timestamptz then 1 else rate_limit_buckets.count + 1 end`,
        reset_at: sql<string>`case when rate_limit_buckets.reset_at <= ${p.now}::timestamptz then ${p.resetAt}::timestamptz else rate_limit_buckets.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
}

export function findBucket(db: Executor, key: string) {
  return db.selectFrom('rate_limit_buckets').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
}

export async function deleteBucket(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_buckets').where('key', '=', key).execute();
}

export async function deleteExpired(db: Executor, now: string): Promise<number> {
  const r = await db.deleteFrom('rate_limit_buckets').where('reset_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
