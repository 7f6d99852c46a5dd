import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LoadError } from '../../components/load-error';
import { Pager } from '../../components/pager';
import { MailIcon } from '../../components/icons';
import { formatDate } from '../../../../shared/rules/dates';
import type { DeliveryChannel, DeliveryStatus, InboxMessage } from '../../../../shared/schemas/notifications';
import './notifications.css';

const PAGE_SIZE = 20;

const CHANNEL: Record<DeliveryChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'E-mail', push: 'Notification' };
/** Each delivery's status in words (decision 215). */
const STATUS: Record<DeliveryStatus, string> = {
  queued: 'waiting to be sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'could not be sent',
  logged: 'not sent: this server has no provider for it',
};
const TONE: Record<DeliveryStatus, string> = {
  queued: '',
  sent: 'badge--green',
  delivered: 'badge--green',
  read: 'badge--green',
  failed: 'badge--danger',
  logged: 'badge--warning',
};

/**
 * /profile?tab=messages (PRODUCT.md §20): everything the shop told the person, newest first, unread
 * marked; each with the channels it went on and how far each got. Opening a message's link marks it
 * read; "Mark all as read" marks the rest. The header's badge counts the unread ones.
 */
export default function MessagesTab() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const q = trpc.notifications.messages.useQuery({ page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const read = trpc.notifications.markRead.useMutation({
    onSuccess: (r) => {
      utils.notifications.unread.setData(undefined, { unread: r.unread });
      void utils.notifications.messages.invalidate();
    },
  });
  // The badge follows what this page shows.
  const unread = q.data?.unread;
  useEffect(() => {
    if (unread !== undefined) utils.notifications.unread.setData(undefined, { unread });
  }, [unread, utils]);

  if (q.isError) return <LoadError testId="messages-error" message="We couldn’t load your messages" onRetry={() => void q.refetch()} />;
  if (!q.data) return <span className="skeleton" style={{ height: '16rem' }} aria-busy="true" />;
  const { messages, totalCount } = q.data;
  if (totalCount === 0) {
    return (
      <EmptyState icon={<MailIcon />} title="No messages yet" heading="h3" testId="messages-empty">
        <p className="text-muted">When something happens to your orders or deliveries, we tell you here and on the channels you chose.</p>
      </EmptyState>
    );
  }
  return (
    <section className="stack" aria-labelledby="messages-heading" data-testid="messages-tab">
      <div className="list-head">
        <h2 id="messages-heading" className="h4">
          Messages{' '}
          {q.data.unread ? (
            <span className="badge badge--accent" data-testid="messages-unread">
              {q.data.unread} unread
            </span>
          ) : null}
        </h2>
        <Button variant="secondary" size="sm" disabled={!q.data.unread} loading={read.isPending} onClick={() => read.mutate({ all: true })} data-testid="messages-read-all">
          Mark all as read
        </Button>
      </div>
      <ul className="messages list-reset" role="list">
        {messages.map((m) => (
          <MessageRow key={m.id} m={m} onOpen={() => (m.readAt ? undefined : read.mutate({ ids: [m.id] }))} />
        ))}
      </ul>
      <Pager page={page} pages={Math.ceil(totalCount / PAGE_SIZE)} onPage={setPage} label="Message pages" />
    </section>
  );
}

function MessageRow({ m, onOpen }: { m: InboxMessage; onOpen(): void }) {
  const unread = !m.readAt;
  return (
    <li className={`message card card--padded${unread ? ' message--unread' : ''}`} data-testid="message" data-event={m.event} data-unread={unread || undefined}>
      <div className="message__head">
        <h3 className="message__title">
          {unread ? <span className="sr-only">Unread: </span> : null}
          {m.title}
        </h3>
        <time className="text-sm text-subtle" dateTime={m.createdAt}>
          {formatDate(m.createdAt, 'weekdayTime')}
        </time>
      </div>
      <p className="text-muted">{m.body}</p>
      <div className="message__foot">
        <ul className="message__deliveries list-reset" role="list" aria-label="Where it went">
          <li className="badge">On this site</li>
          {m.deliveries.map((d, i) => (
            <li key={i} className={`badge ${TONE[d.status]}`} data-testid="message-delivery" data-status={d.status}>
              {CHANNEL[d.channel]} to {d.to}: {STATUS[d.status]}
            </li>
          ))}
        </ul>
        <span className="cluster">
          {m.link ? (
            <Link href={m.link} className="btn btn--secondary btn--sm" onClick={onOpen} data-testid="message-link">
              Open
            </Link>
          ) : null}
          {unread ? (
            <Button variant="ghost" size="sm" onClick={onOpen} data-testid="message-read">
              Mark as read
            </Button>
          ) : null}
        </span>
      </div>
    </li>
  );
}
