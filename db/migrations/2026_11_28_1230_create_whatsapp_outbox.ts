import { sql, type Kysely } from 'kysely';

/**
 * WhatsApp order messages and notification preferences (PRODUCT.md §18, decision 173): the customer's
 * opt-in with its time, a switch per channel (e-mail, SMS; WhatsApp is the opt-in), and the WhatsApp
 * outbox, which works like the SMS outbox (written with the status change, sent after commit, logged
 * without keys) and records what Meta's status webhook says per message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column whatsapp_opt_in_at timestamptz`.execute(db);
  await sql`alter table users add column notify_email boolean not null default true`.execute(db);
  await sql`alter table users add column notify_sms boolean not null default true`.execute(db);

  await db.schema
    .createTable('whatsapp_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'uuid')
    .addColumn('to_mobile', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    // The template's body parameters, in order ({{1}}, {{2}}, …), and the same message as plain text.
    .addColumn('variables', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // Whether the customer allowed an SMS when WhatsApp finally fails (read when the row was written).
    .addColumn('sms_fallback', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'logged', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('provider_message_id', 'text')
    // Meta's status webhook: sent → delivered → read, or failed; only ever moves forward.
    .addColumn('delivery_status', 'text', (c) => c.check(sql`delivery_status in ('sent', 'delivered', 'read', 'failed')`))
    .addColumn('delivery_status_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index whatsapp_outbox_pending_idx on whatsapp_outbox (id) where status = 'pending'`.execute(db);
  await sql`create unique index whatsapp_outbox_provider_id_key on whatsapp_outbox (provider_message_id) where provider_message_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('whatsapp_outbox').execute();
  await sql`alter table users drop column notify_sms`.execute(db);
  await sql`alter table users drop column notify_email`.execute(db);
  await sql`alter table users drop column whatsapp_opt_in_at`.execute(db);
}
