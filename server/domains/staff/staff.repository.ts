import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import type { StaffRole } from '../../../shared/rules/staff';

/** The team's rows: users with a staff role (or on the admin e-mail list), with their last sign-in. */

const COLUMNS = [
  'users.id',
  'users.email',
  'users.name',
  'users.mobile',
  'users.role',
  'users.email_verified',
  'users.disabled',
  'users.password_hash',
  'users.invited_at',
  'users.created_at',
] as const;

function withLastSignIn(db: Executor) {
  return db
    .selectFrom('users')
    .select(COLUMNS)
    .select(sql<string | null>`(select max(s.created_at) from auth_sessions s where s.user_id = users.id)`.as('last_sign_in_at'));
}

export function listStaff(db: Executor, adminEmails: readonly string[]) {
  return withLastSignIn(db)
    .where((eb) =>
      eb.or([
        eb('users.role', '<>', 'customer'),
        ...(adminEmails.length ? [eb.and([eb('users.email_verified', '=', true), eb('users.email', 'in', [...adminEmails])])] : []),
      ]),
    )
    .orderBy('users.disabled')
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

export function staffById(db: Executor, id: string) {
  return withLastSignIn(db).where('users.id', '=', id).executeTakeFirst();
}

/** The person's row, locked for the change (two owners editing at once queue). */
export function lockUser(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'email_verified', 'disabled'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function lockUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'email_verified', 'disabled', 'mobile'])
    .where('email', '=', email.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
}

export async function insertStaff(
  db: Executor,
  v: { email: string; name: string; role: StaffRole; mobile: string | null; invitedBy: string; now: string },
): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email: v.email,
      name: v.name,
      role: v.role,
      mobile: v.mobile,
      invited_at: v.now,
      invited_by: v.invitedBy,
      created_at: v.now,
      updated_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setRole(db: Executor, id: string, role: StaffRole, now: string, invitedBy?: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ role, updated_at: now, ...(invitedBy ? { invited_at: now, invited_by: invitedBy } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function setMobileIfEmpty(db: Executor, id: string, mobile: string): Promise<void> {
  await db.updateTable('users').set({ mobile }).where('id', '=', id).where('mobile', 'is', null).execute();
}

export async function setDisabled(db: Executor, id: string, disabled: boolean, now: string): Promise<void> {
  await db.updateTable('users').set({ disabled, updated_at: now }).where('id', '=', id).execute();
}
