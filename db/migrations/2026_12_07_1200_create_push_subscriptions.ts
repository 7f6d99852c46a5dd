import { sql, type Kysely } from 'kysely';

/**
 * Web push as a channel of the notifications domain (PRODUCT.md §22, decision 270). A browser that
 * subscribed is one row of `push_subscriptions` (its push service endpoint and the keys its messages are
 * encrypted for); a message told to the person gets one `push_outbox` delivery per subscription, sent by
 * the outbox job like mail, WhatsApp and SMS. A subscription the push service says is gone (404/410) is
 * removed; its deliveries stay as records (set null), so the inbox still shows what was tried.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table push_subscriptions (
    id bigint generated always as identity primary key,
    user_id uuid not null references users(id) on delete cascade,
    endpoint text not null unique,
    p256dh text not null,
    auth text not null,
    -- "Chrome on Android": how the profile names the device.
    device text not null default '',
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index push_subscriptions_user_idx on push_subscriptions (user_id)`.execute(db);
  await sql`create table push_outbox (
    id bigserial primary key,
    message_id bigint references messages(id) on delete set null,
    subscription_id bigint references push_subscriptions(id) on delete set null,
    device text not null,
    payload jsonb not null,
    status text not null default 'pending' check (status in ('pending', 'sent', 'logged', 'failed')),
    attempts integer not null default 0,
    last_error text,
    next_attempt_at timestamptz,
    provider_message_id text,
    created_at timestamptz not null default now(),
    sent_at timestamptz
  )`.execute(db);
  await sql`create index push_outbox_pending_idx on push_outbox (id) where status = 'pending'`.execute(db);
  await sql`create index push_outbox_message_idx on push_outbox (message_id) where message_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table push_outbox`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
}
