import { sql, type Kysely } from 'kysely';

/**
 * One notifications domain (PRODUCT.md §20, decision 215): every event told to a person is ONE row in
 * `messages` — the in-app inbox entry (event, title, body, link, read_at) — and one delivery per other
 * channel: the outbox rows of mail, WhatsApp and SMS carry the message they deliver (`message_id`; null
 * for what is no inbox message: sign-in codes, account and security mails). A message goes with its
 * person; a delivery row outlives its message only as an outbox record (set null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table messages (
    id bigint generated always as identity primary key,
    user_id uuid not null references users(id) on delete cascade,
    event text not null,
    title text not null,
    body text not null,
    link text,
    created_at timestamptz not null default now(),
    read_at timestamptz
  )`.execute(db);
  await sql`create index messages_user_idx on messages (user_id, id desc)`.execute(db);
  await sql`create index messages_unread_idx on messages (user_id) where read_at is null`.execute(db);
  for (const t of ['mail_outbox', 'sms_outbox', 'whatsapp_outbox']) {
    await sql`alter table ${sql.table(t)} add column message_id bigint references messages(id) on delete set null`.execute(db);
    await sql`create index ${sql.id(`${t}_message_idx`)} on ${sql.table(t)} (message_id) where message_id is not null`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['mail_outbox', 'sms_outbox', 'whatsapp_outbox']) {
    await sql`alter table ${sql.table(t)} drop column message_id`.execute(db);
  }
  await sql`drop table messages`.execute(db);
}
