import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { RequestInfo } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import * as limits from '../../lib/rate-limit';
import { enqueueSms, kickSms } from '../../lib/sms';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { formatIndianMobile } from '../../../shared/rules/india';
import type { OtpSentAnswer, OtpSigninAnswer, SessionUserDto } from '../../../shared/schemas/auth';
import { safeReturnPath } from '../../../shared/rules/return-path';
import { LIMITS, OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_MS } from './auth.limits';
import { openSession, SESSION_EXPIRED_MESSAGE, toSessionUser } from './auth.service';
import * as repo from './otp.repository';
import type { OtpPurpose } from './otp.repository';
import { findUserById } from './auth.repository';
import { claimProven, isMobileConflict, mobileTaken } from '../users/mobile-numbers.service';

type Deps = AppDeps;

export const OTP_EXPIRED_MESSAGE = 'This code has expired or was replaced by a newer one. Ask for a new code.';
export const OTP_LOCKED_MESSAGE = 'Three wrong codes: this code no longer works. Ask for a new code.';
const OTP_SMS_VARIABLE = 'otp';

/** The same sentence for every number, known or not. */
export function sentMessage(mobile: string): string {
  return `We have sent a 6-digit code to ${formatIndianMobile(mobile)}. It works for 5 minutes.`;
}

/** The code's keyed hash: a copy of the table alone does not give the codes (10⁶ guesses need the key). */
function codeHash(deps: Deps, purpose: OtpPurpose, mobile: string, code: string): string {
  const key = crypto.createHmac('sha256', Buffer.from(deps.tokenKeys.secret)).update('hydro-shakes otp v1').digest();
  return crypto.createHmac('sha256', key).update(`${purpose}:${mobile}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Ask for a code (PRODUCT.md §18). Nothing here looks at whether the number has an account: a new
 * number gets a code too (its account is made when the code comes back), so the answer, its status
 * and its work are the same for every number. Limits: per address, one code per number per 30 s
 * (counted atomically), and codes per number per hour.
 *
 * `returnTo` (decision 226): the page the sign-in started from, kept with the code when it is a path
 * on this site (anything else is ignored). A new code asked for without one — from another tab
 * opened on /auth — keeps the one of the code it replaces, so the tab that enters the code goes back
 * to the page the sign-in started from.
 */
export async function requestCode(
  deps: Deps,
  mobile: string,
  req: RequestInfo,
  purpose: OtpPurpose = 'signin',
  userId: string | null = null,
  returnTo: string | null = null,
): Promise<OtpSentAnswer> {
  const now = deps.clock.now();
  await limits.enforce(deps.db, now, [[LIMITS.otpRequestIp, req.ip]]);
  const resend = await limits.hit(deps.db, LIMITS.otpResend, mobile, now);
  if (!resend.allowed) throw limits.tooMany(resend.retryAfter);
  await limits.enforce(deps.db, now, [[LIMITS.otpRequestNumber, mobile]]);

  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const asked = purpose === 'signin' ? safeReturnPath(returnTo) : null;
  await withTransactionRetry(deps, async (trx) => {
    const previous = purpose === 'signin' && !asked ? await repo.latestOpenCode(trx, mobile, purpose, null) : undefined;
    await repo.replaceCode(trx, {
      mobile,
      purpose,
      user_id: userId,
      return_to: asked ?? (previous && new Date(previous.expires_at) > now ? previous.return_to : null),
      code_hash: codeHash(deps, purpose, mobile, code),
      now,
      expires_at: new Date(now.getTime() + OTP_TTL_MS),
    });
    await enqueueSms(trx, {
      to: mobile,
      template: 'otp',
      variables: { [OTP_SMS_VARIABLE]: code },
      text: `${code} is your Hydro Shakes code. It works for 5 minutes. Do not share it with anyone.`,
    });
  });
  void kickSms(deps);
  return { ok: true, message: sentMessage(mobile), resend_after: OTP_RESEND_SECONDS, expires_in: OTP_TTL_MS / 1000 };
}

/**
 * Checks a code and uses it up. Each try is spent before the comparison, in one conditional
 * statement, so parallel guesses get no more than 3 comparisons per code.
 */
async function checkCode(
  deps: Deps,
  mobile: string,
  code: string,
  req: RequestInfo,
  purpose: OtpPurpose,
  userId: string | null,
): Promise<{ id: number; return_to: string | null }> {
  const now = deps.clock.now();
  await limits.enforce(deps.db, now, [[LIMITS.otpVerifyIp, req.ip]]);
  const open = await repo.latestOpenCode(deps.db, mobile, purpose, userId);
  if (!open || new Date(open.expires_at) <= now) throw new AppError('OTP_INVALID', OTP_EXPIRED_MESSAGE, { details: { fieldErrors: { code: [OTP_EXPIRED_MESSAGE] } } });
  const spent = await repo.spendTry(deps.db, open.id, OTP_MAX_TRIES, now);
  if (!spent) {
    if (open.attempts >= OTP_MAX_TRIES) throw await locked(deps, mobile, now);
    throw new AppError('OTP_INVALID', OTP_EXPIRED_MESSAGE, { details: { fieldErrors: { code: [OTP_EXPIRED_MESSAGE] } } });
  }
  if (!sameHash(codeHash(deps, purpose, mobile, code), spent.code_hash)) {
    const left = OTP_MAX_TRIES - spent.attempts;
    if (left <= 0) throw await locked(deps, mobile, now);
    const message = `That code is not right. ${left === 1 ? 'One more try' : `${left} more tries`}, then ask for a new code.`;
    throw new AppError('OTP_INVALID', message, { details: { fieldErrors: { code: [message] }, triesLeft: left } });
  }
  return open;
}

/** 429 until a new code may be asked for (the rest of the 30 s resend wait, at least a second). */
async function locked(deps: Deps, mobile: string, now: Date): Promise<AppError> {
  const wait = await limits.peek(deps.db, LIMITS.otpResend, mobile, now);
  return new AppError('OTP_LOCKED', OTP_LOCKED_MESSAGE, {
    retryAfter: Math.max(1, wait.retryAfter),
    details: { fieldErrors: { code: [OTP_LOCKED_MESSAGE] } },
  });
}

/**
 * A right code signs in: into the account this number signs into — proven there, or on a staff
 * record (a pending invitation is accepted by this sign-in, decision 206) — or a new account made
 * from the number alone (no e-mail, no password, name asked next: `user_metadata.name` is ''). A
 * number that was only typed on a customer's account (never proven) does not sign into it (decision
 * 170); it leaves that account for the new one.
 */
export async function verifyCode(deps: Deps, mobile: string, code: string, req: RequestInfo): Promise<OtpSigninAnswer> {
  const open = await checkCode(deps, mobile, code, req, 'signin', null);
  const now = deps.clock.now();
  return withTransactionRetry(deps, async (trx) => {
    if (!(await repo.consumeCode(trx, open.id, now))) throw new AppError('OTP_INVALID', OTP_EXPIRED_MESSAGE);
    const user = (await claimProven(trx, mobile, now, null)) ?? (await repo.insertMobileUser(trx, mobile, now));
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled. Please contact us if you think this is a mistake.');
    // Checked again on the way out: the stored path is only ever a path on this site.
    return { ...(await openSession(trx, deps, user, 'mobile', req)), return_to: safeReturnPath(open.return_to) };
  });
}

/** A signed-in customer adds or changes their number: a code to the new number first. */
export function requestChange(deps: Deps, userId: string, mobile: string, req: RequestInfo): Promise<OtpSentAnswer> {
  return requestCode(deps, mobile, req, 'change', userId);
}

/** The right code proves the number: it becomes the account's verified number (unless it signs into another account). */
export async function verifyChange(deps: Deps, userId: string, mobile: string, code: string, req: RequestInfo): Promise<{ user: SessionUserDto }> {
  const { id: codeId } = await checkCode(deps, mobile, code, req, 'change', userId);
  const now = deps.clock.now();
  try {
    return await withTransactionRetry(deps, async (trx) => {
      if (!(await repo.consumeCode(trx, codeId, now))) throw new AppError('OTP_INVALID', OTP_EXPIRED_MESSAGE);
      await claimProven(trx, mobile, now, userId);
      await repo.setVerifiedMobile(trx, userId, mobile, now);
      const user = await findUserById(trx, userId);
      if (!user || user.disabled) throw new AppError('INVALID_TOKEN', SESSION_EXPIRED_MESSAGE);
      return { user: toSessionUser(user, deps.config) };
    });
  } catch (e) {
    // Another account proved the same number a moment ago.
    if (isMobileConflict(e)) throw mobileTaken();
    throw e;
  }
}

/**
 * A fresh sign-in code proves the person holds the number, without signing in (an account deletion's
 * re-authentication): the same tries and limits as a sign-in, and the code is used up.
 */
export async function proveCode(deps: Deps, mobile: string, code: string, req: RequestInfo): Promise<void> {
  const open = await checkCode(deps, mobile, code, req, 'signin', null);
  if (!(await repo.consumeCode(deps.db, open.id, deps.clock.now()))) throw new AppError('OTP_INVALID', OTP_EXPIRED_MESSAGE);
}
