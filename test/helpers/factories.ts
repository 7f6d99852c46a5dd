import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../server/trpc/context';
import type { UserRole } from '../../shared/rules/staff';

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
      mobile: '+919876543210',
      role: opts.role ?? 'customer',
      password_hash: opts.passwordHash ?? null,
    })
    .returning(['id', 'email', 'role', 'name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email ?? '', role: row.role, name: row.name };
}
