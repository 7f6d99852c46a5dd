import type { AppDeps } from '../../deps';
import type { DeliveryStatus, InboxMessage, MarkReadInput, Messages, MessagesInput } from '../../../shared/schemas/notifications';
import { maskEmail, maskMobile } from './notify.service';
import * as repo from './notify.repository';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * A delivery's status in the inbox's words (decision 215): the outbox's pending is "queued", its sent
 * and failed stay, WhatsApp's status webhook moves a sent message on to delivered and read (or failed);
 * "logged" is honest about a server without that provider configured: written to its log, not sent.
 */
export function deliveryStatus(row: Pick<repo.DeliveryRow, 'status' | 'delivery_status'>): DeliveryStatus {
  if (row.status === 'failed' || row.delivery_status === 'failed') return 'failed';
  if (row.status === 'pending') return 'queued';
  if (row.status === 'logged') return 'logged';
  if (row.delivery_status === 'read' || row.delivery_status === 'delivered') return row.delivery_status;
  return 'sent';
}

const iso = (at: string | Date) => new Date(at).toISOString();

/** GET /api/user/messages: the person's messages, newest first, each with its deliveries; the total in X-Total-Count. */
export async function listMessages(deps: Deps, userId: string, input: MessagesInput, resHeaders?: Record<string, string>): Promise<Messages> {
  const [rows, counts] = await Promise.all([
    repo.inboxPage(deps.db, userId, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
    repo.inboxCounts(deps.db, userId),
  ]);
  const deliveries = await repo.deliveriesOf(
    deps.db,
    rows.map((r) => Number(r.id)),
  );
  const byMessage = new Map<number, InboxMessage['deliveries']>();
  for (const d of deliveries) {
    const list = byMessage.get(Number(d.message_id)) ?? [];
    list.push({
      channel: d.channel,
      to: d.channel === 'email' ? maskEmail(d.to) : d.channel === 'push' ? d.to : maskMobile(d.to),
      status: deliveryStatus(d),
      at: iso(d.at),
    });
    byMessage.set(Number(d.message_id), list);
  }
  if (resHeaders) resHeaders['X-Total-Count'] = String(counts.total);
  return {
    messages: rows.map((r) => ({
      id: Number(r.id),
      event: r.event,
      title: r.title,
      body: r.body,
      link: r.link,
      createdAt: iso(r.created_at),
      readAt: r.read_at ? iso(r.read_at) : null,
      deliveries: byMessage.get(Number(r.id)) ?? [],
    })),
    totalCount: counts.total,
    unread: counts.unread,
  };
}

/** The header's badge: how many messages are unread. */
export async function unreadMessages(deps: Deps, userId: string): Promise<{ unread: number }> {
  return { unread: await repo.unreadCount(deps.db, userId) };
}

/** POST /api/user/messages/read: the given messages (only the person's own) or all of them; answers the unread count left. */
export async function markMessagesRead(deps: Deps, userId: string, input: MarkReadInput): Promise<{ marked: number; unread: number }> {
  const marked = await repo.markRead(deps.db, userId, input.all ? null : (input.ids ?? []), deps.clock.now().toISOString());
  return { marked, unread: await repo.unreadCount(deps.db, userId) };
}
