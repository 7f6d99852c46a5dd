import type { Executor } from '../../../db/database';
import { AppError } from '../../lib/errors';
import { formatIndianMobile } from '../../../shared/rules/india';
import * as repo from './mobile-numbers.repository';

/**
 * One person, one account per number (decision 206). A number that signs in — proven by a code, or
 * on a staff record (a pending invitation is one) — is on that account and no other. Every door that
 * writes `users.mobile` asks here first (sign-up, profile, staff invitation, a code proving a
 * number); the unique index `users_mobile_signs_in_key` catches two doors racing, and
 * `isMobileConflict` turns its refusal into the same answer.
 */

export const MOBILE_TAKEN_MESSAGE = 'This number is already on another account. Sign in with it, or use another number.';

export function mobileTaken(message = MOBILE_TAKEN_MESSAGE): AppError {
  return new AppError('MOBILE_TAKEN', message, { details: { fieldErrors: { mobile: [message] } } });
}

/** The sentence for an owner inviting someone with a number that is already someone else's. */
export function inviteMobileTaken(mobile: string): AppError {
  return mobileTaken(`${formatIndianMobile(mobile)} is already on another account. Invite them with another number, or without one.`);
}

/**
 * Refuses a number for `userId` (null: an account about to be made) when it is already on another
 * account that it signs into; when it will sign into this one (`signsInHere`: a staff record), any
 * other account holding it is refused too — a customer's typed number included.
 */
export async function assertMobileFree(db: Executor, mobile: string, userId: string | null, opts: { signsInHere?: boolean; taken?: AppError } = {}): Promise<void> {
  const others = (await repo.holdersOf(db, mobile)).filter((u) => u.id !== userId);
  const blocking = opts.signsInHere ? others : others.filter((u) => u.mobile_verified_at || u.role !== 'customer');
  if (blocking.length) throw opts.taken ?? mobileTaken();
}

/** The unique index's refusal (two doors writing the same number at once). */
export function isMobileConflict(e: unknown): boolean {
  const err = e as { code?: string; constraint?: string; message?: string };
  return err?.code === '23505' && (err.constraint === 'users_mobile_signs_in_key' || (err.message ?? '').includes('users_mobile_signs_in_key'));
}

/**
 * A code has proven `mobile`: the account it signs into, locked (verified there, or a staff record —
 * then it is verified now, which accepts a pending invitation's number), or undefined when none. A
 * customer's account where the number was only typed is not it (decision 170); it loses the number,
 * since proof beats typing and a number is on one account.
 */
export async function claimProven(trx: Executor, mobile: string, now: Date, forUser: string | null) {
  const holder = await repo.accountSignedInBy(trx, mobile);
  if (holder && forUser && holder.id !== forUser) throw mobileTaken();
  if (holder && !holder.mobile_verified_at) await repo.markVerified(trx, holder.id, now);
  await repo.releaseTyped(trx, mobile, now, forUser ?? holder?.id ?? null);
  return holder;
}
