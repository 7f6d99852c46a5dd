import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { WhatsappOutbox as WhatsappOutboxTable } from '../../db/generated/database';
import type { WhatsAppDeliveryStatus, WhatsAppMessage } from './whatsapp';

/** The SQL of the WhatsApp outbox (whatsapp.ts keeps the delivery rules). */

/**
 * The message, written only when the customer opted in to WhatsApp and their number is verified —
 * one INSERT … SELECT in the caller's transaction, so nothing is read first and an opted-out
 * customer costs one statement that inserts nothing. Returns the row's id, or null when not sent.
 */
export async function insertForCustomer(
  db: Executor,
  userId: string,
  msg: Omit<WhatsAppMessage, 'to'> & { orderId: string | null },
): Promise<number | null> {
  const row = await db
    .insertInto('whatsapp_outbox')
    .columns(['user_id', 'order_id', 'to_mobile', 'template', 'variables', 'text', 'sms_fallback'])
    .expression(
      db
        .selectFrom('users')
        .select([
          'id',
          sql<string | null>`${msg.orderId}::uuid`.as('order_id'),
          'mobile',
          sql<string>`${msg.template}`.as('template'),
          sql`${JSON.stringify(msg.parameters)}::jsonb`.as('variables'),
          sql<string>`${msg.text}`.as('text'),
          'notify_sms',
        ])
        .where('id', '=', userId)
        .where('whatsapp_opt_in_at', 'is not', null)
        .where('mobile_verified_at', 'is not', null)
        .where('mobile', 'is not', null),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The customer opts in (checkout box, profile switch): the first time is kept as the record. Only with
 * a verified number — WhatsApp can reach no other — so the checkout box of an unverified account does nothing.
 */
export async function optIn(db: Executor, userId: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ whatsapp_opt_in_at: at })
    .where('id', '=', userId)
    .where('whatsapp_opt_in_at', 'is', null)
    .where('mobile_verified_at', 'is not', null)
    .execute();
}

export function claimDue(db: Executor, p: { now: string; claimUntil: string; limit: number }) {
  return db
    .updateTable('whatsapp_outbox')
    .set({ attempts: sql`attempts + 1`, next_attempt_at: p.claimUntil })
    .where(
      'id',
      'in',
      db
        .selectFrom('whatsapp_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', p.now)]))
        .orderBy('id')
        .limit(p.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/** The numbers of orders (messages written before their order's number was assigned). */
export async function orderNumbers(db: Executor, orderIds: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('orders').select(['id', 'number']).where('id', 'in', orderIds).execute();
  return new Map(rows.map((r) => [r.id, r.number]));
}

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
    .returning(['id', 'to_mobile', 'text', 'sms_fallback'])
    .executeTakeFirst();
}
