import type { Executor } from '../../../db/database';

export function profileRow(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified', 'name', 'username', 'mobile', 'role', 'disabled', 'password_hash', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function providersOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('auth_sessions').select('provider').distinct().where('user_id', '=', userId).execute();
  const ids = await db.selectFrom('user_identities').select('provider').where('user_id', '=', userId).execute();
  return [...new Set([...rows.map((r) => r.provider), ...ids.map((r) => r.provider)])];
}

export async function updateProfile(
  db: Executor,
  userId: string,
  patch: { name?: string; username?: string; mobile?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...patch, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}
