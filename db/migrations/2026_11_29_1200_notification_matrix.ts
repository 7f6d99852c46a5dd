import { sql, type Kysely } from 'kysely';

/**
 * Notification preferences per kind of message × channel (PRODUCT.md §18, decision 183). A row per
 * customer and kind once they changed something; no row means every channel on. Each kind inherits the
 * customer's old per-channel switch (users.notify_email, users.notify_sms), which go. The WhatsApp
 * opt-in (users.whatsapp_opt_in_at) stays the consent; a kind's WhatsApp cell counts only with it.
 */
const KINDS = ['order_confirmed', 'out_for_delivery', 'delivered', 'payment_failed', 'deliveries'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table notification_preferences (
    user_id uuid not null references users (id) on delete cascade,
    kind text not null check (kind in ('order_confirmed', 'out_for_delivery', 'delivered', 'payment_failed', 'deliveries')),
    email boolean not null default true,
    whatsapp boolean not null default true,
    sms boolean not null default true,
    primary key (user_id, kind)
  )`.execute(db);
  // The order confirmation mail is the receipt: it always went, whatever the e-mail switch said.
  await sql`insert into notification_preferences (user_id, kind, email, whatsapp, sms)
    select u.id, k.kind, u.notify_email or k.kind = 'order_confirmed', true, u.notify_sms
    from users u cross join unnest(${KINDS}::text[]) as k(kind)
    where not u.notify_email or not u.notify_sms`.execute(db);
  await sql`alter table users drop column notify_email, drop column notify_sms`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column notify_email boolean not null default true, add column notify_sms boolean not null default true`.execute(db);
  await sql`update users u set notify_email = p.email, notify_sms = p.sms
    from (select user_id, bool_and(email) filter (where kind <> 'order_confirmed') as email, bool_and(sms) as sms
          from notification_preferences group by user_id) p
    where p.user_id = u.id`.execute(db);
  await sql`drop table notification_preferences`.execute(db);
}
