import type { Executor } from '../../../db/database';

/** The SQL of the privacy domain's reads of consents (written by server/lib/consents.ts). */

/** Every consent change of a person, newest first. */
export function consentHistory(db: Executor, userId: string) {
  return db
    .selectFrom('consents')
    .select(['purpose', 'given', 'notice_version', 'channel', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export function consentPerson(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'whatsapp_opt_in_at', 'disabled']).where('id', '=', userId).executeTakeFirst();
}
