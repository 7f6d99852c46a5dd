import { sql, type Kysely } from 'kysely';

/**
 * Consents under the DPDP Act (decision 250): one append-only row per consent given or withdrawn —
 * which purpose (account, whatsapp, marketing), on which version of the notice, when and where. The
 * latest row of a purpose is its state; users.whatsapp_opt_in_at stays the switch every WhatsApp sender
 * reads, changed in the same transaction as the row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table consents (
    id bigint generated always as identity primary key,
    user_id uuid not null references users(id) on delete cascade,
    purpose text not null check (purpose in ('account', 'whatsapp', 'marketing')),
    given boolean not null,
    notice_version text not null,
    channel text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index consents_user_idx on consents (user_id, purpose, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table consents`.execute(db);
}
