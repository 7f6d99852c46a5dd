import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveriesInput,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointCreateInput,
  type WebhookEndpointList,
  type WebhookEndpointUpdateInput,
  type WebhookEndpointWithSecret,
} from '../../../shared/schemas/webhooks';
import * as repo from './webhooks.repository';
import { newSecret, sendWebhook, type SendLimits } from './webhooks.sender';
import { checkWebhookUrl, UrlRefused, type Resolver, type UrlPolicy } from './webhooks.url-guard';
import { withTransactionRetry } from '../../lib/transaction-retry';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>;

/** Attempts per delivery before it is marked failed (about 14.5 hours of retrying in all). */
export const MAX_ATTEMPTS = 12;
/** First retry after 30 s, doubling each time, at most 6 h apart. */
export const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 3600_000;
export const SEND_LIMITS: SendLimits = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 };
/** Longer than one request can take: no other instance claims the row while this one sends. */
const LEASE_MS = 60_000;
const BATCH = 20;

export function urlPolicy(config: AppDeps['config']): UrlPolicy {
  return { httpsOnly: config.NODE_ENV === 'production', allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK };
}

/** Tests swap the resolver to play a DNS answer that changed after registration. */
let resolver: Resolver | undefined;
export function setResolverForTests(r: Resolver | undefined): void {
  resolver = r;
}

/** Delay before attempt `attempts + 1`, given `attempts` made so far (≥ 1), with up to 10 % jitter. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + 0.1 * random()));
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
const secretHint = (s: string) => `${s.slice(0, 10)}…`;

function endpointDto(
  r: repo.EndpointListRow | (NonNullable<Awaited<ReturnType<typeof repo.endpointById>>> & Partial<repo.EndpointListRow>),
): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    active: r.active,
    secretHint: secretHint(r.secret),
    secretRotatedAt: iso(r.secret_rotated_at),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    pending: Number(r.pending ?? 0),
    failed: Number(r.failed ?? 0),
    lastDeliveredAt: iso((r.last_delivered_at as string | null | undefined) ?? null),
  };
}

/** What the audit log keeps of an endpoint: everything but the secret. */
const auditView = (e: WebhookEndpoint) => ({
  url: e.url,
  description: e.description,
  events: e.events,
  active: e.active,
  secretHint: e.secretHint,
});

function deliveryDto(r: repo.DeliveryListRow): WebhookDelivery {
  return {
    id: Number(r.id),
    eventId: r.event_id,
    eventType: r.event_type,
    endpointId: r.endpoint_id,
    endpointUrl: r.endpoint_url,
    status: r.status,
    attempts: r.attempts,
    lastAttemptAt: iso(r.last_attempt_at),
    nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    lastError: r.last_error,
    responseStatus: r.response_status,
    deliveredAt: iso(r.delivered_at),
    createdAt: iso(r.created_at)!,
  };
}

async function refuseBadUrl(deps: Deps, url: string): Promise<void> {
  try {
    await checkWebhookUrl(url, urlPolicy(deps.config), resolver);
  } catch (e) {
    if (e instanceof UrlRefused) throw new AppError('VALIDATION_FAILED', e.message, { fieldErrors: { url: [e.message] } });
    throw e;
  }
}

async function loadEndpoint(deps: Deps, id: string): Promise<WebhookEndpoint> {
  const rows = await repo.listEndpoints(deps.db);
  const row = rows.find((r) => r.id === id);
  if (!row) throw new AppError('NOT_FOUND', 'That webhook endpoint does not exist.');
  return endpointDto(row);
}

/** GET /api/admin/webhooks */
export async function listEndpoints(deps: Deps): Promise<WebhookEndpointList> {
  const rows = await repo.listEndpoints(deps.db);
  const policy = urlPolicy(deps.config);
  return {
    endpoints: rows.map(endpointDto),
    eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, label: WEBHOOK_EVENT_LABELS[type] })),
    allowLoopback: policy.allowLoopback,
    httpsOnly: policy.httpsOnly,
  };
}

/** POST /api/admin/webhooks: the secret is answered here once. */
export async function createEndpoint(deps: Deps, admin: AuthUser, input: WebhookEndpointCreateInput): Promise<WebhookEndpointWithSecret> {
  await refuseBadUrl(deps, input.url);
  const secret = newSecret();
  const now = deps.clock.now().toISOString();
  const id = await withTransactionRetry(deps, async (trx) => {
    const { id } = await repo.insertEndpoint(trx, { ...input, secret, now });
    await recordAudit(trx, admin, {
      action: 'webhook.create',
      entity: 'webhook_endpoint',
      entityId: id,
      after: { url: input.url, description: input.description, events: input.events, active: input.active, secretHint: secretHint(secret) },
      at: now,
    });
    return id;
  });
  return { endpoint: await loadEndpoint(deps, id), secret };
}

/** PATCH /api/admin/webhooks/{id}: url, description, events, active (disable = active false). */
export async function updateEndpoint(deps: Deps, admin: AuthUser, input: WebhookEndpointUpdateInput): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await refuseBadUrl(deps, input.url);
  const now = deps.clock.now().toISOString();
  const before = await loadEndpoint(deps, input.id);
  await withTransactionRetry(deps, async (trx) => {
    const locked = await repo.endpointById(trx, input.id, { lock: true });
    if (!locked) throw new AppError('NOT_FOUND', 'That webhook endpoint does not exist.');
    const { id, ...patch } = input;
    await repo.updateEndpoint(trx, id, { ...patch, now });
    const after = { ...auditView(before), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    await recordAudit(trx, admin, {
      action: 'webhook.update',
      entity: 'webhook_endpoint',
      entityId: id,
      before: auditView(before),
      after,
      at: now,
    });
  });
  return loadEndpoint(deps, input.id);
}

/** POST /api/admin/webhooks/{id}/rotate-secret: the old secret stops signing at once; the new one is answered once. */
export async function rotateSecret(deps: Deps, admin: AuthUser, id: string): Promise<WebhookEndpointWithSecret> {
  const now = deps.clock.now().toISOString();
  const secret = newSecret();
  await withTransactionRetry(deps, async (trx) => {
    const locked = await repo.endpointById(trx, id, { lock: true });
    if (!locked) throw new AppError('NOT_FOUND', 'That webhook endpoint does not exist.');
    await repo.updateEndpoint(trx, id, { secret, secret_rotated_at: now, now });
    await recordAudit(trx, admin, {
      action: 'webhook.rotate_secret',
      entity: 'webhook_endpoint',
      entityId: id,
      before: { secretHint: secretHint(locked.secret) },
      after: { secretHint: secretHint(secret) },
      at: now,
    });
  });
  return { endpoint: await loadEndpoint(deps, id), secret };
}

/** GET /api/admin/webhooks/deliveries: newest first (X-Total-Count). */
export async function listDeliveries(
  deps: Deps,
  input: WebhookDeliveriesInput,
  resHeaders: Record<string, string>,
): Promise<WebhookDeliveryPage> {
  const filter = { endpointId: input.endpointId, status: input.status };
  const rows = await repo.listDeliveries(deps.db, { ...filter, limit: input.pageSize, offset: (input.page - 1) * input.pageSize });
  const totalCount = rows.length ? Number(rows[0]!.total) : input.page === 1 ? 0 : await repo.countDeliveries(deps.db, filter);
  resHeaders['X-Total-Count'] = String(totalCount);
  return { deliveries: rows.map(deliveryDto), totalCount };
}

/** POST /api/admin/webhooks/deliveries/{id}/resend: the same event (same id and body) goes out again. */
export async function resendDelivery(deps: Deps, admin: AuthUser, id: number): Promise<WebhookDelivery> {
  const now = deps.clock.now().toISOString();
  await withTransactionRetry(deps, async (trx) => {
    const d = await repo.deliveryById(trx, id);
    if (!d) throw new AppError('NOT_FOUND', 'That delivery does not exist.');
    if (d.status === 'pending') throw new AppError('INVALID_STATE', 'This delivery is already waiting to be sent.');
    await repo.requeueDelivery(trx, id);
    await recordAudit(trx, admin, {
      action: 'webhook.resend',
      entity: 'webhook_delivery',
      entityId: String(id),
      before: { status: d.status, attempts: d.attempts, responseStatus: d.response_status },
      after: { status: 'pending', eventId: d.event_id, eventType: d.event_type, endpointId: d.endpoint_id },
      at: now,
    });
  });
  const row = await repo.deliveryById(deps.db, id);
  return deliveryDto(row!);
}

/**
 * The delivery job: claims due deliveries (any instance; SKIP LOCKED and a lease keep two
 * instances off the same row), sends each once, and records the outcome. A 2xx marks it
 * delivered for good; anything else is retried with exponential backoff until MAX_ATTEMPTS,
 * then marked failed. Returns how many requests it made.
 */
export async function deliverDue(deps: Deps): Promise<number> {
  let sent = 0;
  for (let round = 0; round < 5; round++) {
    const now = deps.clock.now();
    const claimed = await repo.claimDue(deps.db, {
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
      limit: BATCH,
    });
    if (!claimed.length) break;
    await Promise.all(
      claimed.map(async (c) => {
        if (!c.active) {
          await repo.finishAttempt(deps.db, c.id, c.attempts, {
            status: 'failed',
            last_error: 'Endpoint disabled',
            next_attempt_at: null,
            response_status: null,
            delivered_at: null,
          });
          return;
        }
        const body = JSON.stringify({ id: c.event_id, type: c.event_type, createdAt: c.event_created_at, data: c.event_data });
        const result = await sendWebhook(
          { url: c.url, secret: c.secret, eventId: c.event_id, eventType: c.event_type, body, now: deps.clock.now() },
          urlPolicy(deps.config),
          SEND_LIMITS,
          resolver,
        );
        sent++;
        const at = deps.clock.now();
        if (result.ok) {
          await repo.finishAttempt(deps.db, c.id, c.attempts, {
            status: 'delivered',
            response_status: result.status,
            last_error: null,
            next_attempt_at: null,
            delivered_at: at.toISOString(),
          });
          return;
        }
        const last = c.attempts >= MAX_ATTEMPTS;
        await repo.finishAttempt(deps.db, c.id, c.attempts, {
          status: last ? 'failed' : 'pending',
          response_status: result.status,
          last_error: result.error.slice(0, 500),
          next_attempt_at: last ? null : new Date(at.getTime() + backoffMs(c.attempts)).toISOString(),
          delivered_at: null,
        });
        deps.log.warn(
          { deliveryId: c.id, eventId: c.event_id, attempt: c.attempts, error: result.error },
          last ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
        );
      }),
    );
    if (claimed.length < BATCH) break;
  }
  return sent;
}
