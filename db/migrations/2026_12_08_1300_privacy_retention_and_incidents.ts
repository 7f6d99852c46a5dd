import { sql, type Kysely } from 'kysely';

/**
 * Retention and breaches (decisions 276, 277).
 * - `inactivity_notices`: an account inactive for 3 years was told it will be erased after `erase_after`
 *   (48 hours later at least); one per person (the primary key: told once, whatever the instances).
 *   Activity after the telling voids it (the row is deleted).
 * - `privacy_incidents`: a personal-data breach as recorded by the owner (what, when it happened, when it
 *   was discovered, what data, likely impact, measures), with when the people and the Board were told;
 *   `privacy_incident_people`: who is affected (ids only), and when each was told.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table inactivity_notices (
    user_id uuid primary key references users(id),
    last_active_at timestamptz not null,
    told_at timestamptz not null,
    erase_after timestamptz not null,
    closed_at timestamptz
  )`.execute(db);
  await sql`create index inactivity_notices_due_idx on inactivity_notices (erase_after) where closed_at is null`.execute(db);

  await sql`create table privacy_incidents (
    id uuid primary key default gen_random_uuid(),
    what text not null,
    data_kinds text not null,
    occurred_at timestamptz,
    discovered_at timestamptz not null,
    likely_impact text not null,
    measures text not null,
    recorded_by uuid references users(id),
    created_at timestamptz not null,
    people_told_at timestamptz,
    board_reported_at timestamptz
  )`.execute(db);
  await sql`create table privacy_incident_people (
    incident_id uuid not null references privacy_incidents(id),
    user_id uuid not null references users(id),
    told_at timestamptz,
    primary key (incident_id, user_id)
  )`.execute(db);
  await sql`create index privacy_incident_people_user_idx on privacy_incident_people (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table privacy_incident_people`.execute(db);
  await sql`drop table privacy_incidents`.execute(db);
  await sql`drop table inactivity_notices`.execute(db);
}
