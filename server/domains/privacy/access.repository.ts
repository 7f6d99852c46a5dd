import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/**
 * The SQL of staff access to personal data (decision 275): each Show is an audit row
 * (`privacy.viewed`, entity user, the customer's id, after: field and screen — never the value).
 */
export const VIEWED = 'privacy.viewed';

export function personalFields(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'mobile', 'email']).where('id', '=', userId).executeTakeFirst();
}

/** One saved address of the person (none when it is someone else's). */
export function addressOf(db: Executor, userId: string, addressId: string) {
  return db
    .selectFrom('addresses')
    .select(['line1', 'line2', 'landmark', 'city', 'state', 'pincode'])
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Who at the shop opened the person's data, newest first (their own actions on their account are not access by the shop). */
export async function viewsOf(db: Executor, userId: string, limit: number) {
  const r = await sql<{
    created_at: Date | string;
    name: string | null;
    role: string | null;
    after: { field?: string; screen?: string } | null;
  }>`
    select a.created_at, u.name, u.role, a.after
      from audit_log a left join users u on u.id = a.actor_id
     where a.entity = 'user' and a.entity_id = ${userId} and a.action = ${VIEWED}
       and a.actor_id is distinct from ${userId}::uuid
     order by a.created_at desc, a.id desc
     limit ${limit}`.execute(db);
  return r.rows;
}
