import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../server/trpc/context';
import type { UserRole } from '../../shared/rules/staff';

/**
 * A 10-digit Indian mobile number of its own, for an account a test signs up and then makes staff: a
 * staff record's number signs in and is on one account only (decision 206).
 */
export function uniqueMobile(): string {
  return `97${crypto.randomInt(0, 100_000_000).toString().padStart(8, '0')}`;
}

/** A user row straight into the database (for tests that are not about sign-up). */
export async function createUser(
  db: Executor,
  opts: { role?: UserRole; email?: string; name?: string; passwordHash?: string | null } = {},
): Promise<AuthUser> {
  const suffix = crypto.randomBytes(5).toString('hex');
  const row = await db
    .insertInto('users')
    .values({
      email: (opts.email ?? `shopper-${suffix}@example.in`).toLowerCase(),
      email_verified: true,
      name: opts.name ?? 'Asha Rao',
      username: `user_${suffix}`,
      // A staff record's number signs in and is on one account only (decision 206): each gets its own.
      mobile: (opts.role ?? 'customer') === 'customer' ? '+919876543210' : `+91${uniqueMobile()}`,
      role: opts.role ?? 'customer',
      password_hash: opts.passwordHash ?? null,
    })
    .returning(['id', 'email', 'role', 'name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email ?? '', role: row.role, name: row.name };
}

/**
 * `n` customers in one insert and their default addresses (Bengaluru, 560001) in a second, for the
 * concurrency tests and the benches; `tag` starts their e-mails and user names.
 */
export async function createCustomers(db: Executor, n: number, tag = 'bulk'): Promise<(AuthUser & { addressId: string })[]> {
  const run = crypto.randomBytes(4).toString('hex');
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${tag}-${run}-${i}@example.in`,
        email_verified: true,
        name: 'Bulk Shopper',
        username: `${tag}_${run}_${i}`,
        mobile: '+919876543210',
        role: 'customer' as const,
      })),
    )
    .returning(['id', 'email', 'role', 'name'])
    .execute();
  const addresses = await db
    .insertInto('addresses')
    .values(
      users.map((u) => ({
        user_id: u.id,
        name: u.name,
        phone: '+919876543210',
        line1: '1 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
        is_default: true,
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  const byUser = new Map(addresses.map((a) => [a.user_id, a.id]));
  // users.email is nullable (an account may start from a mobile number, decision 170).
  return users.map((u) => ({ id: u.id, email: u.email ?? '', role: u.role, name: u.name, addressId: byUser.get(u.id)! }));
}
