import { sql, type RawBuilder, type Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { WhatsappOutbox as WhatsappOutboxTable } from '../../db/generated/database';
import type { WhatsAppDeliveryStatus } from './whatsapp';

/** The SQL of the WhatsApp outbox (whatsapp.ts keeps the delivery rules). */

export interface PlacementWhatsApp {
  userId: string;
  /** The checkout box was ticked: opt in now (only with a verified number; the first time is kept). */
  optIn: boolean;
  /** The order is confirmed as placed (COD, wallet, free): write its confirmation. */
  send: boolean;
  now: string;
  /** The confirmation's parameters and text, with `token` where the order's number goes. */
  parameters: string[];
  text: string;
  /** The inbox message's title and body (decision 215), with `token` where the order's number goes. */
  title: string;
  body: string;
  token: string;
}

/**
 * The checkout's WhatsApp opt-in and the order's confirmation as CTEs of the order-writing statement
 * (decision 173): no round trip of their own, and the number the statement assigns (`o.number`) goes
 * into the message. A confirmed order's inbox message (decision 215) is written here too, whatever the
 * channels, with its delivery: WhatsApp as below, else an SMS when no e-mail receipt carries it (a
 * verified number, the kind's SMS cell on — notify()'s rule). The WhatsApp confirmation is written when the customer was opted in or ticked the box now,
 * with a verified number, and the kind's WhatsApp cell is on (its SMS cell is the fallback flag). Text is the same for every order; placementWhatsAppParams lists the values.
 */
export function placementWhatsAppCtes(p: PlacementWhatsApp, when: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`wa_opt_in as (
      update users set whatsapp_opt_in_at = ${p.now}::timestamptz
      where id = ${p.userId}::uuid and ${p.optIn}::boolean and whatsapp_opt_in_at is null and mobile_verified_at is not null and exists (${when})
    ),
    wa_msg as (
      insert into messages (user_id, event, title, body, link)
      select ${p.userId}::uuid, 'order_confirmed', replace(${p.title}::text, ${p.token}::text, o.number),
        replace(${p.body}::text, ${p.token}::text, o.number), '/order/' || o.id
      from o where ${p.send}::boolean
      returning id
    ),
    wa as (
      insert into whatsapp_outbox (message_id, user_id, order_id, to_mobile, template, variables, text, sms_fallback)
      select (select id from wa_msg), u.id, o.id, u.mobile, 'order_confirmed', replace(${JSON.stringify(p.parameters)}::text, ${p.token}::text, o.number)::jsonb,
        replace(${p.text}::text, ${p.token}::text, o.number), coalesce(np.sms, true)
      from o, users u left join notification_preferences np on np.user_id = u.id and np.kind = 'order_confirmed'
      where u.id = ${p.userId}::uuid and ${p.send}::boolean and (u.whatsapp_opt_in_at is not null or ${p.optIn}::boolean)
        and u.mobile_verified_at is not null and u.mobile is not null and coalesce(np.whatsapp, true)
    ),
    wa_sms as (
      insert into sms_outbox (message_id, to_mobile, template, variables, text)
      select m.id, u.mobile, 'order_update', jsonb_build_object('message', replace(${p.text}::text, ${p.token}::text, o.number)),
        replace(${p.text}::text, ${p.token}::text, o.number)
      from wa_msg m, o, users u left join notification_preferences np on np.user_id = u.id and np.kind = 'order_confirmed'
      where u.id = ${p.userId}::uuid and u.mobile_verified_at is not null and u.mobile is not null and coalesce(np.sms, true)
        and coalesce(u.email, '') = '' and not ((u.whatsapp_opt_in_at is not null or ${p.optIn}::boolean) and coalesce(np.whatsapp, true))
    )`;
}
/** placementWhatsAppCtes' parameters, in text order. */
export const placementWhatsAppParams = (p: PlacementWhatsApp): unknown[] => [
  p.now,
  p.userId,
  p.optIn,
  p.userId,
  p.title,
  p.token,
  p.body,
  p.token,
  p.send,
  JSON.stringify(p.parameters),
  p.token,
  p.text,
  p.token,
  p.userId,
  p.send,
  p.optIn,
  p.text,
  p.token,
  p.text,
  p.token,
  p.userId,
  p.optIn,
];

export async function markMessage(db: Executor, id: number, set: Updateable<WhatsappOutboxTable>): Promise<void> {
  await db.updateTable('whatsapp_outbox').set(set).where('id', '=', id).execute();
}

const RANK: Record<WhatsAppDeliveryStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * Meta's status for one message, recorded only when it moves the message forward (sent → delivered →
 * read; failed is final): a replayed or late webhook changes nothing. Returns the row when it changed.
 */
export function recordDeliveryStatus(db: Executor, p: { messageId: string; status: WhatsAppDeliveryStatus; at: string }) {
  const rank = RANK[p.status];
  return db
    .updateTable('whatsapp_outbox')
    .set({ delivery_status: p.status, delivery_status_at: p.at })
    .where('provider_message_id', '=', p.messageId)
    .where((eb) =>
      eb.or([
        eb('delivery_status', 'is', null),
        eb(sql<number>`case delivery_status when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end`, '<', rank),
      ]),
    )
    .returning(['id', 'to_mobile', 'text', 'sms_fallback', 'message_id'])
    .executeTakeFirst();
}
