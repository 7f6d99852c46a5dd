import type { Executor } from '../../db/database';
import { AppError } from './errors';
import { CONSENT_PURPOSES, NOTICE_VERSION, type ConsentPurpose } from '../../shared/rules/privacy-notice';
import type { CONSENT_CHANNELS, SignupConsents } from '../../shared/schemas/privacy';
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

export const NOTICE_CHANGED = 'Our privacy notice has changed since this page was opened. Reload the page and read the new one.';

export function assertCurrentNotice(version: string): void {
  if (version !== NOTICE_VERSION) throw new AppError('VALIDATION_FAILED', NOTICE_CHANGED, { details: { fieldErrors: { notice_version: [NOTICE_CHANGED] } } });
}

/** Sign-up with an e-mail: the account on this notice, and the two choices the form offered. */
export async function recordSignup(trx: Executor, userId: string, c: SignupConsents | undefined, p: { channel: ConsentChannel; at: string }): Promise<void> {
  // An API client that sends no choices signs up on the current notice for the account alone.
  if (c) assertCurrentNotice(c.notice_version);
  await recordConsents(trx, userId, { account: true, ...(c?.whatsapp ? { whatsapp: true } : {}), ...(c?.marketing ? { marketing: true } : {}) }, p);
}
