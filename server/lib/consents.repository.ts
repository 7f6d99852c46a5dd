import type { Executor } from '../../db/database';
import type { ConsentPurpose } from '../../shared/rules/privacy-notice';
import type { ConsentChannel } from './consents';

/** The SQL of the consent record (consents.ts keeps the rule). */

export async function insertConsents(
  db: Executor,
  userId: string,
  rows: { purpose: ConsentPurpose; given: boolean }[],
  p: { noticeVersion: string; channel: ConsentChannel; at: string },
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('consents')
    .values(rows.map((r) => ({ user_id: userId, purpose: r.purpose, given: r.given, notice_version: p.noticeVersion, channel: p.channel, created_at: p.at })))
    .execute();
}

/**
 * The WhatsApp switch every sender reads (notify's channel decision, the checkout's confirmation):
 * given keeps the first time on record, withdrawn clears it at once.
 */
export async function setWhatsAppSwitch(db: Executor, userId: string, given: boolean, at: string): Promise<void> {
  if (given) await db.updateTable('users').set({ whatsapp_opt_in_at: at }).where('id', '=', userId).where('whatsapp_opt_in_at', 'is', null).execute();
  else await db.updateTable('users').set({ whatsapp_opt_in_at: null }).where('id', '=', userId).execute();
}
