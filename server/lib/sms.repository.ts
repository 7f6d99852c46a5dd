import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { SmsOutbox as SmsOutboxTable } from '../../db/generated/database';
import type { SmsMessage } from './sms';

/** The SQL of the SMS outbox (sms.ts keeps the delivery rules). */

export async function insertSms(db: Executor, msg: SmsMessage): Promise<number> {
  const row = await db
    .insertInto('sms_outbox')
    .values({ to_mobile: msg.to, template: msg.template, variables: JSON.stringify(msg.variables) as never, text: msg.text })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function claimDue(db: Executor, p: { now: string; claimUntil: string; limit: number }) {
  return db
    .updateTable('sms_outbox')
    .set({ attempts: sql`attempts + 1`, next_attempt_at: p.claimUntil })
    .where(
      'id',
      'in',
      db
        .selectFrom('sms_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', p.now)]))
        .orderBy('id')
        .limit(p.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

export async function markSms(db: Executor, id: number, set: Updateable<SmsOutboxTable>): Promise<void> {
  const { variables, ...rest } = set;
  await db
    .updateTable('sms_outbox')
    .set({ ...rest, ...(variables !== undefined ? { variables: JSON.stringify(variables) as never } : {}) })
    .where('id', '=', id)
    .execute();
}
