import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import type { NotificationKind } from '../../../shared/schemas/notifications';

/** The SQL of the notifications domain: who a person is to the channels, the message and its deliveries, the inbox. */

/** What decides a person's channels for one kind of message (no preferences row: every cell on). */
export function personFor(db: Executor, userId: string, kind: NotificationKind | null) {
  return db
    .selectFrom('users as u')
    .leftJoin('notification_preferences as p', (j) => j.onRef('p.user_id', '=', 'u.id').on('p.kind', '=', kind ?? 'order_confirmed'))
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.email_verified',
      'u.mobile',
      'u.mobile_verified_at',
      'u.whatsapp_opt_in_at',
      'u.disabled',
      sql<boolean>`${kind === null}::boolean or coalesce(p.email, true)`.as('want_email'),
      sql<boolean>`${kind === null}::boolean or coalesce(p.whatsapp, true)`.as('want_whatsapp'),
      sql<boolean>`${kind === null}::boolean or coalesce(p.sms, true)`.as('want_sms'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export interface MessageWrite {
  userId: string;
  event: string;
  title: string;
  body: string;
  link: string | null;
  mail: { to: string; toName: string | null; subject: string; html: string; text: string; template: string } | null;
  whatsApp: { to: string; orderId: string | null; template: string; parameters: string[]; text: string; smsFallback: boolean } | null;
  sms: { to: string; text: string } | null;
  /** One push delivery per subscription the person has (none: no row); what the notification shows. */
  push: { title: string; body: string; url: string; tag: string } | null;
}

/**
 * The message and its deliveries in ONE statement (data-modifying CTEs), in the caller's transaction;
 * answers the message's id and the devices a push delivery was written for.
 */
export async function insertMessage(db: Executor, w: MessageWrite): Promise<{ id: number; pushed: string[] }> {
  const r = await sql<{ id: number; pushed: string[] }>`
    with m as (
      insert into messages (user_id, event, title, body, link)
      values (${w.userId}::uuid, ${w.event}, ${w.title}, ${w.body}, ${w.link})
      returning id
    ),
    mail as (
      insert into mail_outbox (message_id, to_email, to_name, subject, html, text, template)
      select m.id, ${w.mail?.to.toLowerCase() ?? ''}, ${w.mail?.toName ?? null}, ${w.mail?.subject ?? ''}, ${w.mail?.html ?? ''}, ${w.mail?.text ?? ''}, ${w.mail?.template ?? ''}
      from m where ${w.mail !== null}::boolean
    ),
    wa as (
      insert into whatsapp_outbox (message_id, user_id, order_id, to_mobile, template, variables, text, sms_fallback)
      select m.id, ${w.userId}::uuid, ${w.whatsApp?.orderId ?? null}::uuid, ${w.whatsApp?.to ?? ''}, ${w.whatsApp?.template ?? ''},
        ${JSON.stringify(w.whatsApp?.parameters ?? [])}::jsonb, ${w.whatsApp?.text ?? ''}, ${w.whatsApp?.smsFallback ?? false}
      from m where ${w.whatsApp !== null}::boolean
    ),
    sms as (
      insert into sms_outbox (message_id, to_mobile, template, variables, text)
      select m.id, ${w.sms?.to ?? ''}, 'order_update', jsonb_build_object('message', ${w.sms?.text ?? ''}::text), ${w.sms?.text ?? ''}
      from m where ${w.sms !== null}::boolean
    ),
    push as (
      insert into push_outbox (message_id, subscription_id, device, payload)
      select m.id, s.id, s.device, ${JSON.stringify(w.push ?? {})}::jsonb
      from m join push_subscriptions s on s.user_id = ${w.userId}::uuid
      where ${w.push !== null}::boolean
      returning device
    )
    select id, (select coalesce(jsonb_agg(device), '[]'::jsonb) from push) as pushed from m`.execute(db);
  return r.rows[0]!;
}

// ---------- the inbox ----------

export function inboxPage(db: Executor, userId: string, p: { limit: number; offset: number }) {
  return db
    .selectFrom('messages')
    .select(['id', 'event', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
}

export async function inboxCounts(db: Executor, userId: string): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => [eb.fn.countAll<string>().as('total'), sql<string>`count(*) filter (where read_at is null)`.as('unread')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface DeliveryRow {
  message_id: number;
  channel: 'email' | 'whatsapp' | 'sms' | 'push';
  to: string;
  status: string;
  delivery_status: string | null;
  at: string;
}

/** Every delivery of the given messages, oldest first: the four outboxes' rows that carry them. */
export async function deliveriesOf(db: Executor, messageIds: number[]): Promise<DeliveryRow[]> {
  if (messageIds.length === 0) return [];
  const r = await sql<DeliveryRow>`
    select message_id, 'email' as channel, to_email as "to", status, null as delivery_status, coalesce(sent_at, created_at) as at, id
      from mail_outbox where message_id = any(${messageIds}::bigint[])
    union all
    select message_id, 'whatsapp', to_mobile, status, delivery_status, coalesce(delivery_status_at, sent_at, created_at), id
      from whatsapp_outbox where message_id = any(${messageIds}::bigint[])
    union all
    select message_id, 'sms', to_mobile, status, null, coalesce(sent_at, created_at), id
      from sms_outbox where message_id = any(${messageIds}::bigint[])
    union all
    select message_id, 'push', device, status, null, coalesce(sent_at, created_at), id
      from push_outbox where message_id = any(${messageIds}::bigint[])
    order by at, id`.execute(db);
  return r.rows;
}

/** Marks the person's own messages read (only theirs, only unread ones); `ids` null: all of them. */
export async function markRead(db: Executor, userId: string, ids: number[] | null, at: string): Promise<number> {
  let q = db.updateTable('messages').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}
