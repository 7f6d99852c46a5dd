import type { Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { Users as UsersTable } from '../../../db/generated/database';

export type UserRow = Selectable<UsersTable>;

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function usernameTaken(db: Executor, username: string): Promise<boolean> {
  return db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst()
    .then((r) => !!r);
}

export function insertUser(
  db: Executor,
  values: {
    email: string;
    password_hash: string | null;
    username: string | null;
    name: string;
    mobile: string | null;
    email_verified: boolean;
    role?: 'customer' | 'admin';
  },
): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function setPassword(db: Executor, userId: string, hash: string, now: Date, verifyEmail: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: now.toISOString(), ...(verifyEmail ? { email_verified: true } : {}) })
    .where('id', '=', userId)
    .execute();
}

export async function promoteToAdmin(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: 'admin', email_verified: true, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(db: Executor, userId: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ email_verified: true, updated_at: now.toISOString() }).where('id', '=', userId).execute();
}

// --- sessions and refresh tokens ---

export async function insertSession(
  db: Executor,
  v: { user_id: string; provider: string; ip: string | null; user_agent: string | null; now: Date },
): Promise<string> {
  const row = await db
    .insertInto('auth_sessions')
    .values({
      user_id: v.user_id,
      provider: v.provider,
      ip: v.ip,
      user_agent: v.user_agent,
      created_at: v.now.toISOString(),
      last_used_at: v.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRefreshToken(
  db: Executor,
  v: { session_id: string; token_hash: string; now: Date; expires_at: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ session_id: v.session_id, token_hash: v.token_hash, created_at: v.now.toISOString(), expires_at: v.expires_at.toISOString() })
    .execute();
}

/** The token with its family, locked for this transaction so two refreshes of one token queue up. */
export function lockRefreshToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as rt')
    .innerJoin('auth_sessions as s', 's.id', 'rt.session_id')
    .select(['rt.id', 'rt.session_id', 'rt.expires_at', 'rt.rotated_at', 's.user_id', 's.revoked_at', 's.provider'])
    .where('rt.token_hash', '=', tokenHash)
    .forUpdate('rt')
    .executeTakeFirst();
}

export function findRefreshToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as rt')
    .innerJoin('auth_sessions as s', 's.id', 'rt.session_id')
    .select(['rt.session_id', 's.user_id'])
    .where('rt.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markRotated(db: Executor, tokenId: number, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now.toISOString() })
    .where('id', '=', tokenId)
    .where('rotated_at', 'is', null)
    .execute();
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('auth_sessions').set({ last_used_at: now.toISOString() }).where('id', '=', sessionId).execute();
}

export function sessionState(db: Executor, sessionId: string) {
  return db.selectFrom('auth_sessions').select(['id', 'user_id', 'revoked_at']).where('id', '=', sessionId).executeTakeFirst();
}

export async function revokeSession(db: Executor, sessionId: string, reason: string, now: Date): Promise<number> {
  const r = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Every live session of a user, except (optionally) the one making the change. */
export async function revokeUserSessions(db: Executor, userId: string, reason: string, now: Date, except?: string): Promise<number> {
  let q = db
    .updateTable('auth_sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (except) q = q.where('id', '!=', except);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// --- identities ---

export function findIdentity(db: Executor, provider: string, subject: string) {
  return db
    .selectFrom('user_identities')
    .select(['id', 'user_id'])
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Executor,
  v: { user_id: string; provider: string; subject: string; email: string | null; now: Date },
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({
      user_id: v.user_id,
      provider: v.provider,
      subject: v.subject,
      email: v.email,
      created_at: v.now.toISOString(),
      last_sign_in_at: v.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
}

export async function touchIdentity(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('user_identities').set({ last_sign_in_at: now.toISOString() }).where('id', '=', id).execute();
}

// --- password resets ---

export async function insertReset(
  db: Executor,
  v: { user_id: string; token_hash: string; requested_by: string | null; ip: string | null; now: Date; expires_at: Date; purpose?: 'reset' | 'invite' },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      purpose: v.purpose ?? 'reset',
      user_id: v.user_id,
      token_hash: v.token_hash,
      requested_by: v.requested_by,
      ip: v.ip,
      created_at: v.now.toISOString(),
      expires_at: v.expires_at.toISOString(),
    })
    .execute();
}

/** Single use: the conditional update is the check, so two clicks cannot both succeed. */
export function consumeReset(db: Executor, tokenHash: string, now: Date): Promise<{ user_id: string; purpose: 'reset' | 'invite' } | undefined> {
  return db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning(['user_id', 'purpose'])
    .executeTakeFirst();
}

/** A staff invitation's link, used or not, with who it is for and who sent it. */
export function findInvitation(db: Executor, tokenHash: string) {
  return db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as by', 'by.id', 'r.requested_by')
    .select([
      'r.user_id',
      'r.expires_at',
      'r.used_at',
      'u.name',
      'u.email',
      'u.email_verified',
      'u.mobile',
      'u.role',
      'u.disabled',
      'u.password_hash',
      'by.name as invited_by',
    ])
    .where('r.token_hash', '=', tokenHash)
    .where('r.purpose', '=', 'invite')
    .executeTakeFirst();
}

export async function retireOpenResets(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Housekeeping: tokens and resets long past use. */
export async function pruneExpired(db: Executor, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('password_resets').where('expires_at', '<', cutoff).execute();
}

/** The ADMIN_EMAIL account at boot; another instance booting at the same moment may have made it already. */
export async function insertAdminIfMissing(db: Executor, v: { email: string; passwordHash: string }): Promise<void> {
  await db
    .insertInto('users')
    .values({ email: v.email, password_hash: v.passwordHash, name: 'Administrator', role: 'admin', email_verified: true })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}
