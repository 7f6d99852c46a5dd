import { useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Checkbox, Field, Input } from '../../components/input';
import { Modal } from '../../components/modal';
import { toast } from '../../components/toast';
import { PlusIcon } from '../../components/icons';
import { Pager } from '../../components/pager';
import { AdminTable, EmptyRow } from './admin-table';
import { DialogButtons, FilterSelect } from './admin-ui';
import { FormAlert } from '../../features/auth/forms';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { issuesByField } from './form-errors';
import { formatDate } from '../../../../shared/rules/dates';
import {
  WEBHOOK_EVENT_LABELS,
  WebhookEndpointCreateInputSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../../shared/schemas/webhooks';
import './admin-orders.css';
import './admin-webhooks.css';

const PAGE_SIZE = 20;
const STATUS_BADGE: Record<WebhookDelivery['status'], string> = {
  delivered: 'badge--success',
  pending: 'badge--warning',
  failed: 'badge--danger',
};
const STATUS_LABEL: Record<WebhookDelivery['status'], string> = { delivered: 'Delivered', pending: 'Retrying', failed: 'Failed' };
/** The delivery log's status filter, in this order. */
const LOG_STATUSES = (['delivered', 'pending', 'failed'] as const).map((s) => ({ value: s, label: STATUS_LABEL[s] }));
const label = (t: string) => WEBHOOK_EVENT_LABELS[t as WebhookEventType] ?? t;

/** /admin/webhooks: the endpoints integrators gave us, and every delivery made to them. */
export default function AdminWebhooksPage() {
  usePageTitle('Webhooks');
  const list = trpc.webhooks.list.useQuery(undefined, { refetchInterval: 30_000 });
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string; rotated: boolean } | null>(null);
  const [endpointFilter, setEndpointFilter] = useState('');

  return (
    <section className="admin-page admin-webhooks stack stack--lg" data-page="admin/webhooks">
      <header className="admin-heading-row">
        <div className="stack stack--sm">
          <p className="eyebrow">Integrations</p>
          <h1 className="h2">Webhooks</h1>
          <p className="text-muted admin-webhooks__lead">
            The shop calls these addresses when an order or subscription changes. Each call is signed with the endpoint’s secret and retried
            for about 14 hours if it fails.
          </p>
        </div>
        <Button onClick={() => setEditing('new')} data-testid="webhook-add">
          <PlusIcon aria-hidden="true" /> Add endpoint
        </Button>
      </header>

      {list.isError ? <FormAlert kind="danger">{messageOf(list.error, 'The webhook endpoints could not be loaded.')}</FormAlert> : null}

      <section className="card card--padded stack" aria-labelledby="wh-endpoints">
        <h2 className="h4" id="wh-endpoints">
          Endpoints
        </h2>
        {list.data && list.data.endpoints.length === 0 ? (
          <p className="text-muted">No endpoint yet. Add one to start sending order and subscription events.</p>
        ) : null}
        {list.isLoading ? <span className="skeleton" style={{ height: '6rem' }} /> : null}
        <ul className="admin-webhooks__endpoints">
          {list.data?.endpoints.map((e) => (
            <EndpointItem
              key={e.id}
              e={e}
              onEdit={() => setEditing(e)}
              onSecret={(s) => setSecret({ url: e.url, secret: s, rotated: true })}
              onShowDeliveries={() => setEndpointFilter(e.id)}
            />
          ))}
        </ul>
      </section>

      <DeliveryLog endpoints={list.data?.endpoints ?? []} endpointId={endpointFilter} onEndpoint={setEndpointFilter} />

      <section className="card card--padded stack stack--sm admin-webhooks__scheme" aria-labelledby="wh-scheme">
        <h2 className="h4" id="wh-scheme">
          For integrators: checking a call
        </h2>
        <p className="text-sm text-muted">
          Each call is a <code>POST</code> of <code>{'{ id, type, createdAt, data }'}</code>. Compute HMAC-SHA256 of{' '}
          <code>{'{Hydro-Webhook-Timestamp}.{raw body}'}</code> with the secret and compare it with the hex after <code>v1=</code> in{' '}
          <code>Hydro-Webhook-Signature</code>; refuse timestamps older than five minutes. <code>Hydro-Webhook-Id</code> is the event id:
          the same on every retry and on “Send again”, so keep it to ignore repeats. Answer 2xx within 10 seconds; redirects are not
          followed.
        </p>
      </section>

      {editing ? (
        <EndpointForm
          endpoint={editing === 'new' ? null : editing}
          eventTypes={list.data?.eventTypes ?? []}
          httpsOnly={list.data?.httpsOnly ?? true}
          onClose={() => setEditing(null)}
          onCreated={(url, s) => setSecret({ url, secret: s, rotated: false })}
        />
      ) : null}
      {secret ? <SecretDialog {...secret} onClose={() => setSecret(null)} /> : null}
    </section>
  );
}

function EndpointItem({
  e,
  onEdit,
  onSecret,
  onShowDeliveries,
}: {
  e: WebhookEndpoint;
  onEdit(): void;
  onSecret(secret: string): void;
  onShowDeliveries(): void;
}) {
  const utils = trpc.useUtils();
  const toggle = trpc.webhooks.update.useMutation({
    onSuccess: async (x) => {
      toast({ title: x.active ? 'Endpoint enabled' : 'Endpoint disabled', variant: 'success' });
      await utils.webhooks.list.invalidate();
    },
    onError: (err) => toast({ title: 'Not saved', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onSuccess: async (x) => {
      onSecret(x.secret);
      await utils.webhooks.list.invalidate();
    },
    onError: (err) => toast({ title: 'Secret not changed', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  return (
    <li className="admin-webhooks__endpoint" data-testid="webhook-endpoint">
      <div className="admin-webhooks__endpoint-main">
        <p className="admin-webhooks__url">
          <span className={`badge ${e.active ? 'badge--success' : ''}`}>{e.active ? 'Active' : 'Disabled'}</span>
          <span className="admin-webhooks__url-text">{e.url}</span>
        </p>
        {e.description ? <p className="text-sm">{e.description}</p> : null}
        <p className="admin-webhooks__events">
          {e.events.map((t) => (
            <span key={t} className="badge badge--outline">
              {label(t)}
            </span>
          ))}
        </p>
        <p className="text-sm text-subtle">
          Secret {e.secretHint}
          {e.secretRotatedAt ? ` · changed ${formatDate(e.secretRotatedAt, 'dateTime')}` : ''} ·{' '}
          {e.lastDeliveredAt ? `last delivered ${formatDate(e.lastDeliveredAt, 'dateTime')}` : 'nothing delivered yet'}
          {e.pending ? ` · ${e.pending} waiting` : ''}
          {e.failed ? (
            <>
              {' · '}
              <span className="admin-webhooks__failed">{e.failed} failed</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="admin-webhooks__actions">
        <Button size="sm" variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="secondary" loading={toggle.isPending} onClick={() => toggle.mutate({ id: e.id, active: !e.active })}>
          {e.active ? 'Disable' : 'Enable'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          loading={rotate.isPending}
          onClick={() => {
            if (window.confirm('Replace the signing secret? Calls are signed with the new one at once, so the integrator must update it.'))
              rotate.mutate({ id: e.id });
          }}
        >
          New secret
        </Button>
        <Button size="sm" variant="ghost" onClick={onShowDeliveries}>
          Deliveries
        </Button>
      </div>
    </li>
  );
}

function EndpointForm({
  endpoint,
  eventTypes,
  httpsOnly,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  eventTypes: { type: string; label: string }[];
  httpsOnly: boolean;
  onClose(): void;
  onCreated(url: string, secret: string): void;
}) {
  const utils = trpc.useUtils();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? ['order.placed', 'order.paid', 'order.status_changed']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const after = async () => {
    await utils.webhooks.list.invalidate();
    await utils.webhooks.deliveries.invalidate();
  };
  const onError = (err: unknown) => setErrors({ form: messageOf(err, 'Not saved. Please try again.'), ...fieldErrorsOf(err) });
  const create = trpc.webhooks.create.useMutation({
    onSuccess: async (x) => {
      await after();
      onClose();
      onCreated(x.endpoint.url, x.secret);
    },
    onError,
  });
  const update = trpc.webhooks.update.useMutation({
    onSuccess: async () => {
      await after();
      toast({ title: 'Endpoint saved', variant: 'success' });
      onClose();
    },
    onError,
  });
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const parsed = WebhookEndpointCreateInputSchema.safeParse({ url, description, events });
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    if (endpoint)
      update.mutate({
        id: endpoint.id,
        url: parsed.data.url,
        description: parsed.data.description,
        events: parsed.data.events as WebhookEventType[],
      });
    else create.mutate(parsed.data);
  };
  const busy = create.isPending || update.isPending;
  return (
    <Modal
      open
      onClose={onClose}
      title={endpoint ? 'Edit endpoint' : 'Add an endpoint'}
      testId="webhook-form"
      footer={
        <DialogButtons cancel="Cancel" onCancel={onClose}>
          <Button type="submit" form="webhook-form" loading={busy}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </DialogButtons>
      }
    >
      <form id="webhook-form" className="stack" onSubmit={submit} noValidate>
        {errors.form && !errors.url && !errors.events ? <FormAlert kind="danger">{errors.form}</FormAlert> : null}
        <Field
          label="URL"
          hint={httpsOnly ? 'An https address on the integrator’s server.' : 'https in production; this server also accepts http.'}
          error={errors.url}
        >
          {(p) => (
            <Input
              {...p}
              type="url"
              inputMode="url"
              placeholder="https://example.com/hooks/hydro"
              value={url}
              maxLength={2000}
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </Field>
        <Field label="Description" optional error={errors.description}>
          {(p) => (
            <Input
              {...p}
              value={description}
              maxLength={200}
              placeholder="Accounting sync"
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <fieldset className="admin-webhooks__event-picker" aria-describedby={errors.events ? 'wh-events-error' : undefined}>
          <legend className="label">Events</legend>
          <div className="admin-webhooks__event-grid">
            {eventTypes.map((t) => (
              <Checkbox
                key={t.type}
                label={t.label}
                checked={events.includes(t.type)}
                onChange={(e) => setEvents((cur) => (e.target.checked ? [...cur, t.type] : cur.filter((x) => x !== t.type)))}
              />
            ))}
          </div>
          {errors.events ? (
            <p className="field__error" id="wh-events-error" role="alert">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
      </form>
    </Modal>
  );
}

function SecretDialog({ url, secret, rotated, onClose }: { url: string; secret: string; rotated: boolean; onClose(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Modal
      open
      onClose={onClose}
      title={rotated ? 'New signing secret' : 'Endpoint added'}
      testId="webhook-secret"
      footer={<Button onClick={onClose}>I have kept it</Button>}
    >
      <div className="stack stack--sm">
        <p className="text-sm">
          Give this secret to the integrator behind <strong className="admin-webhooks__url-text">{url}</strong>. It is shown this once; if
          it is lost, make a new one.
        </p>
        <code className="admin-webhooks__secret" data-testid="webhook-secret-value">
          {secret}
        </code>
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              void navigator.clipboard?.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function DeliveryLog({
  endpoints,
  endpointId,
  onEndpoint,
}: {
  endpoints: WebhookEndpoint[];
  endpointId: string;
  onEndpoint(id: string): void;
}) {
  const [status, setStatus] = useState<'' | WebhookDelivery['status']>('');
  const [page, setPage] = useState(1);
  const q = trpc.webhooks.deliveries.useQuery(
    { endpointId: endpointId || undefined, status: status || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: (prev) => prev, refetchInterval: 15_000 },
  );
  const total = q.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section className="card card--padded stack" aria-labelledby="wh-log">
      <div className="admin-heading-row">
        <h2 className="h4" id="wh-log">
          Delivery log
        </h2>
        <div className="admin-webhooks__filters">
          <FilterSelect
            label="Endpoint"
            value={endpointId}
            onChange={(v) => (onEndpoint(v), setPage(1))}
            any="All endpoints"
            options={endpoints.map((e) => ({ value: e.id, label: e.description || e.url }))}
          />
          <FilterSelect label="Status" value={status} onChange={(v) => (setStatus(v), setPage(1))} any="Any" options={LOG_STATUSES} />
        </div>
      </div>
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'The delivery log could not be loaded.')}</FormAlert> : null}
      <AdminTable
        label="Webhook deliveries"
        className="admin-orders__table admin-webhooks__table"
        columns={[
          'Event',
          { label: 'Endpoint', className: 'admin-orders__wide' },
          'Status',
          { label: 'Tries', className: 'num admin-orders__wide' },
          { label: 'Answer', className: 'admin-orders__wide' },
          { label: 'Actions', className: 'admin-orders__wide', hidden: true },
        ]}
      >
        {q.data?.deliveries.map((d) => (
          <DeliveryRow key={d.id} d={d} />
        ))}
        {q.data && q.data.deliveries.length === 0 ? <EmptyRow colSpan={6}>No deliveries for these filters yet.</EmptyRow> : null}
      </AdminTable>
      <Pager page={page} pages={pages} onPage={setPage} label="Webhook delivery pages" />
    </section>
  );
}

function DeliveryRow({ d }: { d: WebhookDelivery }) {
  const utils = trpc.useUtils();
  const resend = trpc.webhooks.resend.useMutation({
    onSuccess: async () => {
      toast({ title: 'Queued to send again', description: `Event ${d.eventId.slice(0, 8)} keeps its id.`, variant: 'success' });
      await Promise.all([utils.webhooks.deliveries.invalidate(), utils.webhooks.list.invalidate()]);
    },
    onError: (err) => toast({ title: 'Not queued', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const when = d.deliveredAt ?? d.lastAttemptAt ?? d.createdAt;
  const resendButton = (
    <Button
      size="sm"
      variant="secondary"
      disabled={d.status === 'pending'}
      loading={resend.isPending}
      onClick={() => resend.mutate({ id: d.id })}
    >
      Send again
    </Button>
  );
  return (
    <tr data-testid="webhook-delivery">
      <td>
        <strong>{label(d.eventType)}</strong>
        <span className="admin-orders__sub tabular" title={d.eventId}>
          {formatDate(when, 'dayMonthTime')} · {d.eventId.slice(0, 8)}
        </span>
      </td>
      <td className="admin-orders__wide admin-webhooks__url-text">{d.endpointUrl}</td>
      <td>
        <span className={`badge ${STATUS_BADGE[d.status]}`}>{STATUS_LABEL[d.status]}</span>
        {d.status === 'pending' && d.nextAttemptAt && d.attempts > 0 ? (
          <span className="admin-orders__sub">next {formatDate(d.nextAttemptAt, 'time')}</span>
        ) : null}
        {/* On a phone the actions column is hidden: the button sits under the status. */}
        <span className="admin-webhooks__narrow">{resendButton}</span>
      </td>
      <td className="num tabular admin-orders__wide">{d.attempts}</td>
      <td className="admin-orders__wide">
        {d.responseStatus ? (
          <span className="tabular">HTTP {d.responseStatus}</span>
        ) : d.attempts ? (
          <span className="text-subtle">No answer</span>
        ) : (
          '—'
        )}
        {d.lastError ? (
          <span className="admin-orders__sub admin-webhooks__error">{d.lastError.replace(/^HTTP \d{3}:?\s*/, '')}</span>
        ) : null}
      </td>
      <td className="num admin-webhooks__resend admin-orders__wide">{resendButton}</td>
    </tr>
  );
}
