import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/** The SQL of the rider's idempotency keys (decision 297; orders.rider-keys.ts says what they are for). */

/** Inserts the key; false when the rider has used it before (the primary key decides a race: the loser waits, then conflicts). */
export async function insertKey(
  db: Executor,
  k: { userId: string; key: string; orderId: string; action: 'picked_up' | 'delivered' | 'failed'; hash: string; at: string },
): Promise<boolean> {
  const { rows } = await sql<{ key: string }>`
    insert into rider_action_keys (user_id, key, order_id, action, request_hash, created_at)
    values (${k.userId}::uuid, ${k.key}, ${k.orderId}::uuid, ${k.action}, ${k.hash}, ${k.at}::timestamptz)
    on conflict (user_id, key) do nothing
    returning key`.execute(db);
  return rows.length > 0;
}

export async function keyOf(db: Executor, userId: string, key: string): Promise<{ request_hash: string; outcome: unknown } | undefined> {
  return db.selectFrom('rider_action_keys').select(['request_hash', 'outcome']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

export async function setOutcome(db: Executor, userId: string, key: string, outcome: unknown): Promise<void> {
  await sql`update rider_action_keys set outcome = ${JSON.stringify(outcome)}::jsonb where user_id = ${userId}::uuid and key = ${key}`.execute(db);
}

/**
 * One batch of retention (decision 311): up to `limit` keys made before `before` deleted, in one short
 * statement; rows another instance is deleting at the same moment are skipped, not waited for.
 */
export async function deleteKeysBefore(db: Executor, before: string, limit: number): Promise<number> {
  const r = await sql`
    delete from rider_action_keys k
     using (select user_id, key from rider_action_keys
             where created_at < ${before}::timestamptz
             limit ${limit} for update skip locked) old
     where k.user_id = old.user_id and k.key = old.key`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
