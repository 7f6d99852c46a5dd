import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { WebhookDeliveries as WebhookDeliveriesTable } from '../../../db/generated/database';
import type { WebhookDeliveryStatusColumn } from '../../../db/column-types';

/** The SQL of outgoing webhooks (events are written by database triggers: see the 1350 migration). */

const endpointColumns = [
  'e.id',
  'e.url',
  'e.description',
  'e.events',
  'e.active',
  'e.secret',
  'e.secret_rotated_at',
  'e.created_at',
  'e.updated_at',
] as const;

export function listEndpoints(db: Executor) {
  return db
    .selectFrom('webhook_endpoints as e')
    .select(endpointColumns)
    .select((eb) => [
      eb
        .selectFrom('webhook_deliveries as d')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('d.endpoint_id', '=', 'e.id')
        .where('d.status', '=', 'pending')
        .as('pending'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('d.endpoint_id', '=', 'e.id')
        .where('d.status', '=', 'failed')
        .as('failed'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select((x) => x.fn.max('d.delivered_at').as('m'))
        .whereRef('d.endpoint_id', '=', 'e.id')
        .as('last_delivered_at'),
    ])
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

export type EndpointListRow = Awaited<ReturnType<typeof listEndpoints>>[number];

export function endpointById(db: Executor, id: string, opts: { lock?: boolean } = {}) {
  let q = db.selectFrom('webhook_endpoints as e').select(endpointColumns).where('e.id', '=', id);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertEndpoint(
  db: Executor,
  v: { url: string; description: string; events: string[]; active: boolean; secret: string; now: string },
) {
  return db
    .insertInto('webhook_endpoints')
    .values({
      url: v.url,
      description: v.description,
      events: sql<string[]>`${sql.val(v.events)}::text[]`,
      active: v.active,
      secret: v.secret,
      created_at: v.now,
      updated_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  db: Executor,
  id: string,
  v: { url?: string; description?: string; events?: string[]; active?: boolean; secret?: string; secret_rotated_at?: string; now: string },
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({
      ...(v.url !== undefined ? { url: v.url } : {}),
      ...(v.description !== undefined ? { description: v.description } : {}),
      ...(v.events !== undefined ? { events: sql<string[]>`${sql.val(v.events)}::text[]` } : {}),
      ...(v.active !== undefined ? { active: v.active } : {}),
      ...(v.secret !== undefined ? { secret: v.secret, secret_rotated_at: v.secret_rotated_at ?? v.now } : {}),
      updated_at: v.now,
    })
    .where('id', '=', id)
    .execute();
}

/** A delivery with its event's type and its endpoint's URL: one shape for the list and the detail. */
function deliveries(db: Executor) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.event_id',
      'ev.type as event_type',
      'd.endpoint_id',
      'e.url as endpoint_url',
      'd.status',
      'd.attempts',
      'd.last_attempt_at',
      'd.next_attempt_at',
      'd.last_error',
      'd.response_status',
      'd.delivered_at',
      'd.created_at',
    ]);
}

export async function listDeliveries(
  db: Executor,
  f: { endpointId?: string; status?: WebhookDeliveryStatusColumn; limit: number; offset: number },
) {
  let q = deliveries(db).select(sql<number>`count(*) over ()`.as('total'));
  if (f.endpointId) q = q.where('d.endpoint_id', '=', f.endpointId);
  if (f.status) q = q.where('d.status', '=', f.status);
  return q.orderBy('d.id', 'desc').limit(f.limit).offset(f.offset).execute();
}

export async function countDeliveries(db: Executor, f: { endpointId?: string; status?: WebhookDeliveryStatusColumn }): Promise<number> {
  let q = db.selectFrom('webhook_deliveries as d').select(sql<number>`count(*)::int`.as('n'));
  if (f.endpointId) q = q.where('d.endpoint_id', '=', f.endpointId);
  if (f.status) q = q.where('d.status', '=', f.status);
  return (await q.executeTakeFirstOrThrow()).n;
}

export type DeliveryListRow = Awaited<ReturnType<typeof listDeliveries>>[number];

export function deliveryById(db: Executor, id: number) {
  return deliveries(db)
    .select(sql<number>`1`.as('total'))
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** "Send again": the delivery is due now with a fresh budget of attempts; the event (and its id) stay. */
export async function requeueDelivery(db: Executor, id: number): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: null, delivered_at: null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Claims due deliveries: SKIP LOCKED keeps two instances from claiming the same row at once, and
 * the lease (next_attempt_at = leaseUntil, longer than a request can take) keeps them off it
 * while this instance sends. The attempt counter moves at claim time, so a crash mid-send still
 * counts against the bound.
 */
export async function claimDue(db: Executor, p: { now: string; leaseUntil: string; limit: number }) {
  const { rows } = await sql<{
    id: number;
    attempts: number;
    event_id: string;
    event_type: string;
    event_data: unknown;
    event_created_at: string;
    endpoint_id: string;
    url: string;
    secret: string;
    active: boolean;
  }>`
    with due as (
      select id from webhook_deliveries
      where status = 'pending' and (next_attempt_at is null or next_attempt_at <= ${p.now})
      order by next_attempt_at nulls first, id
      limit ${p.limit}
      for update skip locked
    ), claimed as (
      update webhook_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = ${p.leaseUntil}, last_attempt_at = ${p.now}
      from due where d.id = due.id
      returning d.id, d.attempts, d.event_id, d.endpoint_id
    )
    select c.id, c.attempts, c.event_id, ev.type as event_type, ev.data as event_data,
           to_char(ev.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as event_created_at,
           c.endpoint_id, e.url, e.secret, e.active
    from claimed c
    join webhook_events ev on ev.id = c.event_id
    join webhook_endpoints e on e.id = c.endpoint_id
    order by c.id`.execute(db);
  return rows;
}

/** Records an attempt's outcome, only while this claim still holds the row (same attempt number, still pending). */
export async function finishAttempt(
  db: Executor,
  id: number,
  attempts: number,
  set: Pick<Updateable<WebhookDeliveriesTable>, 'status' | 'next_attempt_at' | 'last_error' | 'response_status' | 'delivered_at'>,
): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set(set)
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
