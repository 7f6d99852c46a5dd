import type { Executor } from '../../db/database';
import { CONSENT_PURPOSES, NOTICE_VERSION, type ConsentPurpose } from '../../shared/rules/privacy-notice';
import type { CONSENT_CHANNELS } from '../../shared/schemas/privacy';
import * as repo from './consents.repository';

export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * THE way a consent is given or withdrawn (decision 250), in the caller's transaction: one row each
 * with the notice's version, the time and the channel. WhatsApp moves the switch every sender reads in
 * the same transaction, so a withdrawal stops the next message. Here, below the domains, because the
 * privacy domain (its page) and the notifications domain (its WhatsApp switch) both record consents,
 * and privacy tells people things through notifications.
 */
export async function recordConsents(
  trx: Executor,
  userId: string,
  changes: Partial<Record<ConsentPurpose, boolean>>,
  p: { channel: ConsentChannel; at: string; noticeVersion?: string },
): Promise<void> {
  const rows = CONSENT_PURPOSES.flatMap((purpose) => (changes[purpose] === undefined ? [] : [{ purpose, given: changes[purpose]! }]));
  await repo.insertConsents(trx, userId, rows, { noticeVersion: p.noticeVersion ?? NOTICE_VERSION, channel: p.channel, at: p.at });
  if (changes.whatsapp !== undefined) await repo.setWhatsAppSwitch(trx, userId, changes.whatsapp, p.at);
}
