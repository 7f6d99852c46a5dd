import type { Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { SmsOutbox as SmsOutboxTable } from '../../db/generated/database';
import type { SmsMessage } from './sms';

/** The SQL of the SMS outbox (sms.ts keeps the delivery rules). */

export async function insertSms(db: Executor, msg: SmsMessage): Promise<number> {
  const row = await db
    .insertInto('sms_outbox')
    .values({ message_id: msg.messageId ?? null, to_mobile: msg.to, template: msg.template, variables: JSON.stringify(msg.variables) as never, text: msg.text })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markSms(db: Executor, id: number, set: Updateable<SmsOutboxTable>): Promise<void> {
  const { variables, ...rest } = set;
  await db
    .updateTable('sms_outbox')
    .set({ ...rest, ...(variables !== undefined ? { variables: JSON.stringify(variables) as never } : {}) })
    .where('id', '=', id)
    .execute();
}
