import type { AppDeps } from '../../deps';
import type { RequestInfo } from '../../trpc/context';
import type { Executor } from '../../../db/database';
import { AppError } from '../../lib/errors';
import * as limits from '../../lib/rate-limit';
import { enqueueMail, kickMail } from '../../lib/mail';
import { hashOpaqueToken, looksLikeOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import { withTransactionRetry } from '../../lib/transaction-retry';
import type { VerifyEmailAnswer, VerifyEmailRequestInput } from '../../../shared/schemas/auth';
import { LIMITS, VERIFY_EMAIL_TTL_MS } from './auth.limits';
import { emailChangeNoticeMail, verifyEmailMail } from './auth.mail';
import { findUserById } from './auth.repository';
import * as repo from './email-verification.repository';

type Deps = AppDeps;

// auth.service opens sessions and calls createLink at sign-up; its sentence is repeated here to keep the import one-way.
const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export const VERIFY_PREFIX = 'hsv';
export const LINK_INVALID_MESSAGE = 'This link does not work any more. Links work once and for 24 hours; ask for a new one from your profile.';
export const EMAIL_TAKEN_MESSAGE = 'Another account uses this e-mail address. Sign in to that account, or use another address.';

/**
 * A verification link (256 random bits, stored hashed, 24 hours, once; only the newest works) and its
 * e-mail, in the caller's transaction. `change`: the address is not the account's yet; it becomes it
 * when the link is opened.
 */
export async function createLink(trx: Executor, deps: Deps, user: { id: string; name: string }, email: string, change: boolean, now: Date): Promise<void> {
  const token = newOpaqueToken(VERIFY_PREFIX);
  await repo.insertLink(trx, { user_id: user.id, email, token_hash: hashOpaqueToken(token), now, expires_at: new Date(now.getTime() + VERIFY_EMAIL_TTL_MS) });
  // /auth opens it (a lazy page: the shell's bundle stays as it is).
  const url = new URL(`/auth?verify_email=${encodeURIComponent(token)}`, deps.config.PUBLIC_URL).toString();
  await enqueueMail(trx, verifyEmailMail(email, user.name, url, change));
}

/**
 * From the profile: the link again (the account's unverified address), or a link to a new address (a
 * change, or a first address for an account started from a mobile number). 3 an hour per account.
 * An address that is another account's gets the same answer and no mail: the answer tells nothing about
 * who has an account, and nobody is mailed about a change they did not ask for.
 */
export async function requestLink(deps: Deps, userId: string, input: VerifyEmailRequestInput, req: RequestInfo): Promise<VerifyEmailAnswer> {
  void req;
  const now = deps.clock.now();
  const user = await findUserById(deps.db, userId);
  if (!user || user.disabled) throw new AppError('INVALID_TOKEN', SESSION_EXPIRED_MESSAGE);
  const target = input.email ?? user.email;
  if (!target) {
    const message = 'Enter your e-mail address';
    throw new AppError('VALIDATION_FAILED', message, { details: { fieldErrors: { email: [message] } } });
  }
  const change = target !== user.email;
  if (!change && user.email_verified) return { ok: true, message: 'Your e-mail address is already confirmed.', email: target };
  await limits.enforce(deps.db, now, [[LIMITS.verifyEmailUser, userId]]);
  const taken = change ? await repo.emailOwner(deps.db, target) : undefined;
  // A change of a current address: the old one is told (decision 184), whether or not the new one gets a link.
  const notice = change && user.email ? emailChangeNoticeMail(user.email, user.name, target, new URL('/reset-password', deps.config.PUBLIC_URL).toString()) : null;
  if (!taken || notice) {
    await withTransactionRetry(deps, async (trx) => {
      if (!taken) await createLink(trx, deps, user, target, change, now);
      if (notice) await enqueueMail(trx, notice);
    });
    void kickMail(deps);
  }
  return {
    ok: true,
    message: change
      ? `We have sent a link to ${target}. Your e-mail changes to it when you open the link.`
      : `We have sent a link to ${target}. Open it to confirm your e-mail.`,
    email: target,
  };
}

/** Opening the link (signed in or not, on any device): the address is proven and becomes the account's. */
export async function confirmLink(deps: Deps, token: string, req: RequestInfo): Promise<VerifyEmailAnswer> {
  const now = deps.clock.now();
  await limits.enforce(deps.db, now, [[LIMITS.verifyEmailConfirmIp, req.ip]]);
  if (!looksLikeOpaqueToken(token, VERIFY_PREFIX)) throw new AppError('EMAIL_LINK_INVALID', LINK_INVALID_MESSAGE);
  try {
    return await withTransactionRetry(deps, async (trx) => {
      const link = await repo.consumeLink(trx, hashOpaqueToken(token), now);
      if (!link) throw new AppError('EMAIL_LINK_INVALID', LINK_INVALID_MESSAGE);
      const user = await findUserById(trx, link.user_id);
      if (!user || user.disabled) throw new AppError('EMAIL_LINK_INVALID', LINK_INVALID_MESSAGE);
      const owner = await repo.emailOwner(trx, link.email);
      if (owner && owner.id !== user.id) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      await repo.setVerifiedEmail(trx, user.id, link.email, now);
      return { ok: true as const, message: 'Your e-mail address is confirmed. Thank you!', email: link.email };
    });
  } catch (e) {
    // Another account took the address between the link and now (unique e-mail).
    if ((e as { code?: string }).code === '23505') throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    throw e;
  }
}
