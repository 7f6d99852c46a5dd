import type { UserRole } from '../../../shared/rules/staff';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import type { CustomerSummary } from '../../../shared/schemas/auth';

/** An account started from a mobile number may have no e-mail yet (decision 170): shown as ''. */
const emailOrEmpty = sql<string>`coalesce(users.email, '')`;

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const lastActive = sql<string | null>`(select max(s.last_used_at) from auth_sessions s where s.user_id = users.id)`;

function baseQuery(db: Executor, search?: string, role?: UserRole) {
  let q = db.selectFrom('users');
  if (role) q = q.where('role', '=', role);
  if (search) {
    const p = likePattern(search.toLowerCase());
    const digits = search.replace(/\D/g, '');
    q = q.where((eb) =>
      eb.or([
        eb('email', 'like', p),
        eb(sql`lower(name)`, 'like', p),
        eb('username', 'like', p),
        ...(digits.length >= 4 ? [eb('mobile', 'like', likePattern(digits))] : []),
      ]),
    );
  }
  return q;
}

export async function listCustomers(
  db: Executor,
  o: { search?: string; role?: UserRole; limit: number; offset: number },
): Promise<{ rows: CustomerSummary[]; total: number }> {
  const rows = await baseQuery(db, o.search, o.role)
    .select(['id', 'name', 'username', 'mobile', 'role', 'email_verified', 'disabled', 'created_at'])
    .select(emailOrEmpty.as('email'))
    .select(lastActive.as('last_active_at'))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(o.limit)
    .offset(o.offset)
    .execute();
  const total = await baseQuery(db, o.search, o.role)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export function customerById(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'mobile', 'role', 'email_verified', 'disabled', 'created_at', 'password_hash'])
    .select(emailOrEmpty.as('email'))
    .select(lastActive.as('last_active_at'))
    .where('id', '=', id)
    .executeTakeFirst();
}

export function customerByEmail(db: Executor, email: string) {
  return db.selectFrom('users').select(['id']).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function activeSessionCount(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('auth_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function providersOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_identities').select('provider').where('user_id', '=', userId).execute();
  return rows.map((r) => (r.provider === 'supabase' ? 'google' : r.provider));
}

