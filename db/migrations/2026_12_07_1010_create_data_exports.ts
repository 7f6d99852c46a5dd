import { sql, type Kysely } from 'kysely';

/**
 * "Download my data" (decision 251): a request per export, built by a job into one ZIP kept in the
 * row (a few hundred kilobytes for a heavy customer; every instance can answer the download) and
 * offered for 24 hours, after which the bytes are dropped. One export in progress per person.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table data_exports (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id) on delete cascade,
    status text not null default 'queued' check (status in ('queued', 'ready', 'expired')),
    requested_at timestamptz not null,
    ready_at timestamptz,
    expires_at timestamptz,
    file bytea,
    size_bytes integer,
    check ((status = 'ready') = (file is not null))
  )`.execute(db);
  await sql`create index data_exports_user_idx on data_exports (user_id, requested_at desc)`.execute(db);
  await sql`create unique index data_exports_one_queued on data_exports (user_id) where status = 'queued'`.execute(db);
  await sql`create index data_exports_queued_idx on data_exports (requested_at) where status = 'queued'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table data_exports`.execute(db);
}
