import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/**
 * The SQL of retention (decision 276). A person's last activity is the latest of: the account made, a
 * session used, an order placed. Nobody with something running (an open order, a standing delivery, a
 * live subscription) is inactive, whatever the dates.
 */
const OPEN = sql`('pending_payment', 'confirmed', 'preparing', 'out_for_delivery')`;
/** On the users row aliased `u`. */
const LAST_ACTIVE = sql<string>`greatest(u.created_at,
  (select max(s.last_used_at) from auth_sessions s where s.user_id = u.id),
  (select max(o.created_at) from orders o where o.user_id = u.id))`;
const RUNNING = sql<boolean>`(
  exists (select 1 from orders o where o.user_id = u.id and o.status in ${OPEN})
  or exists (select 1 from schedules s where s.user_id = u.id and s.status in ('active', 'paused'))
  or exists (select 1 from subscriptions p where p.user_id = u.id and p.status in ('active', 'paused')))`;

/** Customers inactive since before `cutoff`, not yet told. */
export async function inactiveNotTold(db: Executor, cutoff: string, limit: number) {
  const r = await sql<{ id: string; last_active_at: string | Date }>`
    select u.id, ${LAST_ACTIVE} as last_active_at from users u
     where u.role = 'customer' and not u.disabled
       and ${LAST_ACTIVE} < ${cutoff}::timestamptz
       and not exists (select 1 from inactivity_notices n where n.user_id = u.id)
       and not ${RUNNING}
     order by 2 limit ${limit}`.execute(db);
  return r.rows;
}

/** The notice, unless another instance wrote it first (then null: told once). */
export async function insertNotice(db: Executor, userId: string, lastActiveAt: string, at: string, eraseAfter: string): Promise<boolean> {
  const r = await db
    .insertInto('inactivity_notices')
    .values({ user_id: userId, last_active_at: lastActiveAt, told_at: at, erase_after: eraseAfter })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return !!r;
}

/** Notices past their wait (one person's, or any), locked unless another instance holds them, with whether the person came back since. */
export async function dueNotices(db: Executor, now: string, limit: number, userId?: string) {
  const r = await sql<{ user_id: string; told_at: string | Date; active_since: boolean; disabled: boolean; running: boolean }>`
    select n.user_id, n.told_at, ${LAST_ACTIVE} > n.told_at as active_since, u.disabled, ${RUNNING} as running
      from inactivity_notices n join users u on u.id = n.user_id
     where n.closed_at is null and n.erase_after <= ${now}::timestamptz
       and (${userId ?? null}::uuid is null or n.user_id = ${userId ?? null}::uuid)
     order by n.erase_after limit ${limit}
     for update of n skip locked`.execute(db);
  return r.rows;
}

export async function voidNotice(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('inactivity_notices').where('user_id', '=', userId).execute();
}

export async function closeNotice(db: Executor, userId: string, at: string): Promise<void> {
  await db.updateTable('inactivity_notices').set({ closed_at: at }).where('user_id', '=', userId).execute();
}

/** Processing logs kept one year (PRODUCT.md §24): the access log's entries (privacy.viewed) older than that go. */
export async function dropOldAccessLog(db: Executor, before: string): Promise<number> {
  const r = await db.deleteFrom('audit_log').where('action', '=', 'privacy.viewed').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
