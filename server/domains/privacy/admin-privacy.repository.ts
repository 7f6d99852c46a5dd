import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/** The SQL of /admin/privacy (decision 277): the people's requests, and personal-data breaches. */

const PERSON = sql<string>`coalesce(nullif(u.name, ''), nullif(u.username, ''), u.email, '')`;

/** Data exports, deletions (by the person or by retention) and grievances, newest first. */
export async function requests(db: Executor, limit: number) {
  const r = await sql<{
    kind: 'export' | 'deletion' | 'inactive' | 'grievance';
    id: string;
    user_id: string;
    person: string;
    disabled: boolean;
    requested_at: string | Date;
    status: string;
    done_at: string | Date | null;
    due_by: string | Date | null;
    subject: string | null;
    details: string | null;
    answer: string | null;
    answered_by: string | null;
  }>`
    (select 'export' as kind, e.id::text, e.user_id, ${PERSON} as person, u.disabled, e.requested_at, e.status, e.ready_at as done_at,
            null::timestamptz as due_by, null::text as subject, null::text as details, null::text as answer, null::text as answered_by
       from data_exports e join users u on u.id = e.user_id
      order by e.requested_at desc limit ${limit})
    union all
    (select case when d.reason = 'inactive' then 'inactive' else 'deletion' end, d.id::text, d.user_id, ${PERSON}, u.disabled, d.requested_at, d.status, d.erased_at,
            null, null, null, null, null
       from account_deletions d join users u on u.id = d.user_id
      order by d.requested_at desc limit ${limit})
    union all
    (select 'grievance', g.id::text, g.user_id, ${PERSON}, u.disabled, g.created_at, g.status, g.answered_at,
            g.due_by, g.subject, g.details, g.answer, a.name
       from privacy_grievances g join users u on u.id = g.user_id left join users a on a.id = g.answered_by
      order by g.created_at desc limit ${limit})
    order by requested_at desc limit ${limit}`.execute(db);
  return r.rows;
}

export interface IncidentRow {
  id: string;
  what: string;
  data_kinds: string;
  occurred_at: string | Date | null;
  discovered_at: string | Date;
  likely_impact: string;
  measures: string;
  created_at: string | Date;
  recorded_by_name: string | null;
  people_told_at: string | Date | null;
  board_reported_at: string | Date | null;
  affected: number;
  told: number;
}

const INCIDENTS = sql`
  select i.*, r.name as recorded_by_name,
         (select count(*)::int from privacy_incident_people p where p.incident_id = i.id) as affected,
         (select count(*)::int from privacy_incident_people p where p.incident_id = i.id and p.told_at is not null) as told
    from privacy_incidents i left join users r on r.id = i.recorded_by`;

export async function incidents(db: Executor, limit: number): Promise<IncidentRow[]> {
  const r = await sql<IncidentRow>`${INCIDENTS} order by i.discovered_at desc, i.created_at desc limit ${limit}`.execute(db);
  return r.rows;
}

export async function incident(db: Executor, id: string): Promise<IncidentRow | undefined> {
  const r = await sql<IncidentRow>`${INCIDENTS} where i.id = ${id}::uuid`.execute(db);
  return r.rows[0];
}

export async function insertIncident(
  db: Executor,
  v: { what: string; dataKinds: string; occurredAt: string | null; discoveredAt: string; likelyImpact: string; measures: string; recordedBy: string; at: string },
): Promise<string> {
  const r = await db
    .insertInto('privacy_incidents')
    .values({
      what: v.what,
      data_kinds: v.dataKinds,
      occurred_at: v.occurredAt,
      discovered_at: v.discoveredAt,
      likely_impact: v.likelyImpact,
      measures: v.measures,
      recorded_by: v.recordedBy,
      created_at: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** The affected people: every customer with an account (not erased), or the ids given that exist. */
export async function addPeople(db: Executor, incidentId: string, all: boolean, userIds: string[]): Promise<number> {
  const r = all
    ? await sql`insert into privacy_incident_people (incident_id, user_id)
        select ${incidentId}::uuid, u.id from users u where u.role = 'customer' and not u.disabled on conflict do nothing`.execute(db)
    : await sql`insert into privacy_incident_people (incident_id, user_id)
        select ${incidentId}::uuid, u.id from users u where u.id = any(${userIds}::uuid[]) on conflict do nothing`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * The customers the owner named (an e-mail, case aside; a mobile number as the shop keeps it, +91 and
 * ten digits; or an id), each entry with the id it matches, or none.
 */
export async function matchPeople(
  db: Executor,
  entries: { entry: string; email: string | null; mobile: string | null; id: string | null }[],
): Promise<{ entry: string; user_id: string | null }[]> {
  if (!entries.length) return [];
  const r = await sql<{ entry: string; user_id: string | null }>`
    select e.entry, (select u.id from users u
      where u.role = 'customer'
        and (lower(u.email) = e.email or u.mobile = e.mobile or u.id = e.id)
      order by u.id limit 1) as user_id
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e(entry text, email text, mobile text, id uuid)`.execute(db);
  return r.rows;
}

/** The affected people not yet told, locked (two owners pressing "Tell" at once tell each person once). */
export function untold(db: Executor, incidentId: string) {
  return db
    .selectFrom('privacy_incident_people')
    .select('user_id')
    .where('incident_id', '=', incidentId)
    .where('told_at', 'is', null)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markTold(db: Executor, incidentId: string, userIds: string[], at: string): Promise<void> {
  if (!userIds.length) return;
  await db.updateTable('privacy_incident_people').set({ told_at: at }).where('incident_id', '=', incidentId).where('user_id', 'in', userIds).execute();
  await db.updateTable('privacy_incidents').set({ people_told_at: at }).where('id', '=', incidentId).where('people_told_at', 'is', null).execute();
}

export async function markReported(db: Executor, incidentId: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('privacy_incidents')
    .set({ board_reported_at: at })
    .where('id', '=', incidentId)
    .where('board_reported_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
