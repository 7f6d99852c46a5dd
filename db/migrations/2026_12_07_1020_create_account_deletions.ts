import { sql, type Kysely } from 'kysely';

/**
 * Account deletion (decision 252): the request, kept after the erasure as its record (no personal field:
 * the users row it points to is then a tombstone the GST-kept invoices and money ledgers still refer to).
 * One scheduled deletion per person.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table account_deletions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    status text not null default 'scheduled' check (status in ('scheduled', 'erased')),
    reason text not null check (reason in ('customer', 'inactive')),
    requested_at timestamptz not null,
    erased_at timestamptz,
    wallet_refunded_paise integer not null default 0
  )`.execute(db);
  await sql`create unique index account_deletions_one_scheduled on account_deletions (user_id) where status = 'scheduled'`.execute(db);
  await sql`create index account_deletions_due_idx on account_deletions (requested_at) where status = 'scheduled'`.execute(db);
  // A closed account keeps neither an e-mail nor a number: it can no longer sign in, and both are free.
  await sql`alter table users drop constraint users_email_or_mobile`.execute(db);
  await sql`alter table users add constraint users_email_or_mobile check (email is not null or mobile_verified_at is not null or disabled)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint users_email_or_mobile`.execute(db);
  await sql`alter table users add constraint users_email_or_mobile check (email is not null or mobile_verified_at is not null)`.execute(db);
  await sql`drop table account_deletions`.execute(db);
}
