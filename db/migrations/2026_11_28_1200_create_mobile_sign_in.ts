import { sql, type Kysely } from 'kysely';

/**
 * Sign-in with a mobile number (PRODUCT.md §18, decision 170): an account may start from a verified
 * number alone (no e-mail yet); one-time codes, stored hashed; and the SMS outbox, which works like
 * the mail outbox (written with the business change, sent after commit, logged without keys).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users alter column email drop not null`.execute(db);
  await sql`alter table users add column mobile_verified_at timestamptz`.execute(db);
  // A number proven by a code belongs to one account; typed, unproven numbers may repeat.
  await sql`create unique index users_mobile_verified_key on users (mobile) where mobile_verified_at is not null`.execute(db);
  await sql`alter table users add constraint users_email_or_mobile check (email is not null or mobile_verified_at is not null)`.execute(db);

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('signin', 'change')`))
    // For 'change': the signed-in customer the number is being added to.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await sql`create index otp_codes_open_idx on otp_codes (mobile, purpose, id desc) where consumed_at is null`.execute(db);

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('to_mobile', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    // The template's variables (MSG91 flow variables) and the same message as plain text for the log.
    .addColumn('variables', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'logged', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('provider_message_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index sms_outbox_pending_idx on sms_outbox (id) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_outbox').execute();
  await db.schema.dropTable('otp_codes').execute();
  await sql`alter table users drop constraint users_email_or_mobile`.execute(db);
  await sql`drop index users_mobile_verified_key`.execute(db);
  await sql`alter table users drop column mobile_verified_at`.execute(db);
  await sql`delete from users where email is null`.execute(db);
  await sql`alter table users alter column email set not null`.execute(db);
}
