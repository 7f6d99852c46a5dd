import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

export function profileRow(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'email_verified',
      'name',
      'username',
      'mobile',
      'mobile_verified_at',
      'role',
      'disabled',
      'password_hash',
      'created_at',
      'updated_at',
    ])
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

/** New customer accounts per IST day in [from, to), and the customers in total (admin dashboard). */
export async function newCustomersByDay(db: Executor, fromIso: string, toIso: string) {
  const rows = await db
    .selectFrom('users')
    .where('role', '=', 'customer')
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .select([sql<string>`((created_at at time zone 'Asia/Kolkata')::date)::text`.as('day'), sql<number>`count(*)::int`.as('n')])
    .groupBy(sql`(created_at at time zone 'Asia/Kolkata')::date`)
    .execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
}

export async function countCustomers(db: Executor, since?: string): Promise<number> {
  let q = db.selectFrom('users').where('role', '=', 'customer');
  if (since) q = q.where('created_at', '>=', since);
  const r = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
