import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { DB } from '../../db/generated/database';

/** The outboxes that share one claim: a pending row, due now, sent by one instance at a time. */
export type OutboxTable = 'mail_outbox' | 'sms_outbox' | 'whatsapp_outbox' | 'push_outbox';

/**
 * Claims due messages of one outbox until `claimUntil` (SKIP LOCKED: several instances never send the
 * same one; a claim left by a crashed instance is due again after it). Each claim counts an attempt.
 */
export async function claimDue<T extends OutboxTable>(
  db: Executor,
  table: T,
  p: { now: string; claimUntil: string; limit: number },
): Promise<Selectable<DB[T]>[]> {
  const t = sql.table(table);
  const r = await sql<Selectable<DB[T]>>`
    update ${t} set attempts = attempts + 1, next_attempt_at = ${p.claimUntil}
    where id in (
      select id from ${t}
      where status = 'pending' and (next_attempt_at is null or next_attempt_at <= ${p.now})
      order by id limit ${p.limit}
      for update skip locked)
    returning *`.execute(db);
  return r.rows;
}
