import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { CONSENT_PURPOSES, NOTICE_VERSION, type ConsentPurpose } from '../../../shared/rules/privacy-notice';
import type { Consents, PutConsentsInput } from '../../../shared/schemas/privacy';
import { assertCurrentNotice, recordConsents } from '../../lib/consents';
import * as repo from './privacy.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>;

export const ACCOUNT_BY_DELETING = 'Your account needs this consent. To withdraw it, delete your account under Privacy.';

/** GET /api/user/consents: each purpose's state (the latest record; WhatsApp also given by the checkout's box) and the history. */
export async function getConsents(deps: Pick<Deps, 'db'>, userId: string): Promise<Consents> {
  const [person, history] = await Promise.all([repo.consentPerson(deps.db, userId), repo.consentHistory(deps.db, userId)]);
  if (!person || person.disabled) throw new AppError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
  const iso = (v: string | Date) => new Date(v).toISOString();
  const consents = CONSENT_PURPOSES.map((purpose) => {
    const last = history.find((h) => h.purpose === purpose);
    if (purpose === 'whatsapp' && person.whatsapp_opt_in_at && !last?.given) {
      // Ticked at checkout after the last record (the checkout's box opts in within the order's statement).
      return { purpose, given: true, at: iso(person.whatsapp_opt_in_at), notice_version: last?.notice_version ?? null, channel: 'checkout' as const };
    }
    return last
      ? { purpose, given: last.given, at: iso(last.created_at), notice_version: last.notice_version, channel: last.channel }
      : { purpose, given: false, at: null, notice_version: null, channel: null };
  });
  return {
    notice_version: NOTICE_VERSION,
    consents,
    history: history.map((h) => ({ purpose: h.purpose, given: h.given, at: iso(h.created_at), notice_version: h.notice_version, channel: h.channel })),
  };
}

/** PUT /api/user/consents: give or withdraw, effective at once. The account's consent is withdrawn by deleting the account. */
export async function putConsents(deps: Deps, userId: string, input: PutConsentsInput): Promise<Consents> {
  assertCurrentNotice(input.notice_version);
  if (input.account === false) throw new AppError('VALIDATION_FAILED', ACCOUNT_BY_DELETING, { details: { fieldErrors: { account: [ACCOUNT_BY_DELETING] } } });
  const before = await getConsents(deps, userId);
  const state = new Map(before.consents.map((c) => [c.purpose, c.given]));
  // Only what changes is recorded (the account's consent again at a mobile sign-up's notice is a change of version).
  const changes: Partial<Record<ConsentPurpose, boolean>> = {};
  for (const purpose of CONSENT_PURPOSES) {
    const want = input[purpose];
    if (want === undefined) continue;
    if (want !== state.get(purpose) || (purpose === 'account' && input.channel === 'mobile-signup')) changes[purpose] = want;
  }
  if (Object.keys(changes).length) {
    await withTransactionRetry(deps, (trx) => recordConsents(trx, userId, changes, { channel: input.channel, at: deps.clock.now().toISOString() }));
  }
  return getConsents(deps, userId);
}
