import { sql, type Kysely } from 'kysely';

/**
 * Grievances (decision 278): a customer's complaint about how the shop handles their personal data
 * (DPDP Act s.13), with the date it must be answered by (fixed when it is asked: asked + the answer days
 * the notice promised then), and the owner's answer. `status`: open → answered (once: the update is
 * conditional on open), or closed when the account was erased before an answer. On erasure the texts are
 * blanked; the row stays as the record that the shop answered, and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table privacy_grievances (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    subject text not null,
    details text not null,
    status text not null default 'open' check (status in ('open', 'answered', 'closed')),
    created_at timestamptz not null,
    due_by timestamptz not null,
    answer text,
    answered_at timestamptz,
    answered_by uuid references users(id)
  )`.execute(db);
  await sql`create index privacy_grievances_user_idx on privacy_grievances (user_id, created_at desc)`.execute(db);
  await sql`create index privacy_grievances_created_idx on privacy_grievances (created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table privacy_grievances`.execute(db);
}
