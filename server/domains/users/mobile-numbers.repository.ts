import type { Executor } from '../../../db/database';

/** Who holds a mobile number (decision 206): `users.mobile`, proven or typed, staff records included. */

export function holdersOf(db: Executor, mobile: string) {
  return db.selectFrom('users').select(['id', 'role', 'mobile_verified_at']).where('mobile', '=', mobile).execute();
}

/** The account a number signs into: proven there by a code, or written on a staff record (an invitation too). */
export function accountSignedInBy(db: Executor, mobile: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('mobile', '=', mobile)
    .where((eb) => eb.or([eb('mobile_verified_at', 'is not', null), eb('role', '<>', 'customer')]))
    .forUpdate()
    .executeTakeFirst();
}

/** Customers (other than `keep`) who only typed the number: it leaves their accounts. */
export async function releaseTyped(db: Executor, mobile: string, now: Date, keep: string | null): Promise<void> {
  let q = db
    .updateTable('users')
    .set({ mobile: null, updated_at: now.toISOString() })
    .where('mobile', '=', mobile)
    .where('mobile_verified_at', 'is', null)
    .where('role', '=', 'customer');
  if (keep) q = q.where('id', '<>', keep);
  await q.execute();
}

export async function markVerified(db: Executor, userId: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ mobile_verified_at: now.toISOString(), updated_at: now.toISOString() }).where('id', '=', userId).execute();
}
