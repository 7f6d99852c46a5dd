import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

export interface AuditRecord {
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  at?: string;
}

export async function insertEntry(db: Executor, e: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: e.actorId,
      actor_email: e.actorEmail,
      action: e.action,
      entity: e.entity,
      entity_id: e.entityId,
      before: e.before == null ? null : JSON.stringify(e.before),
      after: e.after == null ? null : JSON.stringify(e.after),
      ...(e.at ? { created_at: e.at } : {}),
    })
    .execute();
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  actorId?: string;
  actorEmailLike?: string;
  actionPrefix?: string;
  limit: number;
  offset: number;
}

/** The audit rows the filter keeps: one WHERE for the page and the count. */
function filtered(db: Executor, f: Omit<AuditFilter, 'limit' | 'offset'>) {
  let q = db.selectFrom('audit_log');
  if (f.entity) q = q.where('entity', '=', f.entity);
  if (f.entityId) q = q.where('entity_id', '=', f.entityId);
  if (f.actorId) q = q.where('actor_id', '=', f.actorId);
  if (f.actorEmailLike) q = q.where(sql<boolean>`lower(actor_email) like ${likePattern(f.actorEmailLike.toLowerCase())}`);
  if (f.actionPrefix) q = q.where(sql<boolean>`action like ${`${f.actionPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return q;
}

/** One page, newest first, with the total (window count: one round trip). */
export async function listEntries(db: Executor, f: AuditFilter) {
  const rows = await filtered(db, f)
    .select([
      'id',
      'created_at',
      'actor_id',
      'actor_email',
      'action',
      'entity',
      'entity_id',
      'before',
      'after',
      sql<number>`count(*) over ()`.as('total'),
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return rows;
}

export async function countEntries(db: Executor, f: Omit<AuditFilter, 'limit' | 'offset'>): Promise<number> {
  const r = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function entityNames(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').limit(200).execute();
  return rows.map((r) => r.entity);
}
