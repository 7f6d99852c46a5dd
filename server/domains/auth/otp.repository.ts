import type { Executor } from '../../../db/database';
import type { UserRow } from './auth.repository';

/** One-time sign-in codes (otp_codes) and the accounts a verified number belongs to. */

export type OtpPurpose = 'signin' | 'change';

/** A new code replaces the open ones for the same number and purpose (only the latest works). */
export async function replaceCode(
  db: Executor,
  v: { mobile: string; purpose: OtpPurpose; user_id: string | null; code_hash: string; now: Date; expires_at: Date; return_to?: string | null },
): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ consumed_at: v.now.toISOString() })
    .where('mobile', '=', v.mobile)
    .where('purpose', '=', v.purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('otp_codes')
    .values({
      mobile: v.mobile,
      purpose: v.purpose,
      user_id: v.user_id,
      code_hash: v.code_hash,
      return_to: v.return_to ?? null,
      created_at: v.now.toISOString(),
      expires_at: v.expires_at.toISOString(),
    })
    .execute();
}

/** The latest open code for a number (and, for a change, for that customer). */
export function latestOpenCode(db: Executor, mobile: string, purpose: OtpPurpose, userId: string | null) {
  let q = db
    .selectFrom('otp_codes')
    .select(['id', 'attempts', 'expires_at', 'return_to'])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null);
  if (userId) q = q.where('user_id', '=', userId);
  return q.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Spends one try before the code is compared, in one conditional statement: parallel guesses can
 * never get more than `maxTries` comparisons out of one code.
 */
export function spendTry(db: Executor, id: number, maxTries: number, now: Date) {
  return db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxTries)
    .where('expires_at', '>', now.toISOString())
    .returning(['attempts', 'code_hash'])
    .executeTakeFirst();
}

/** Uses the code up; false when another request already did. */
export async function consumeCode(db: Executor, id: number, now: Date): Promise<boolean> {
  const r = await db.updateTable('otp_codes').set({ consumed_at: now.toISOString() }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function insertMobileUser(db: Executor, mobile: string, now: Date): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ email: null, password_hash: null, username: null, name: '', mobile, mobile_verified_at: now.toISOString(), email_verified: false })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setVerifiedMobile(db: Executor, userId: string, mobile: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ mobile, mobile_verified_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function pruneCodes(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('otp_codes').where('expires_at', '<', before.toISOString()).execute();
}
