import type { Executor } from '../../../db/database';

/** E-mail verification links (email_verifications): the SQL of email-verification.service.ts. */

export async function insertLink(db: Executor, v: { user_id: string; email: string; token_hash: string; now: Date; expires_at: Date }): Promise<void> {
  // Only the newest link works: earlier open ones are retired.
  await db.updateTable('email_verifications').set({ used_at: v.now.toISOString() }).where('user_id', '=', v.user_id).where('used_at', 'is', null).execute();
  await db
    .insertInto('email_verifications')
    .values({ user_id: v.user_id, email: v.email.toLowerCase(), token_hash: v.token_hash, created_at: v.now.toISOString(), expires_at: v.expires_at.toISOString() })
    .execute();
}

/** Uses a link up (once, unexpired); its account and address, or undefined. */
export function consumeLink(db: Executor, tokenHash: string, now: Date) {
  return db
    .updateTable('email_verifications')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}

/** The proven address becomes the account's, verified (whatever it was before). */
export async function setVerifiedEmail(db: Executor, userId: string, email: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ email, email_verified: true, updated_at: now.toISOString() }).where('id', '=', userId).execute();
}

export function emailOwner(db: Executor, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
}
