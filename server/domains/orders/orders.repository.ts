import { CompiledQuery, sql, type RawBuilder, type Selectable } from 'kysely';
import type { MailMessage } from '../../lib/mail';
import { outboxInsertSql } from '../../lib/mail.repository';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { preparable, type Executor } from '../../../db/database';
import type { BreakdownColumns } from './order-breakdown';
import type { OrderEvents as OrderEventsTable, OrderLines as OrderLinesTable, Orders as OrdersTable } from '../../../db/generated/database';
import type { OrderStatusColumn } from '../../../db/column-types';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Pick<
  Selectable<OrderLinesTable>,
  'position' | 'item_id' | 'item_type' | 'name' | 'image' | 'unit_price_paise' | 'quantity' | 'line_total_paise' | 'is_free_unit' | 'recipe'
>;
export type OrderEventRow = Pick<Selectable<OrderEventsTable>, 'status' | 'actor' | 'note' | 'created_at'>;
export type OrderWithDetails = OrderRow & {
  lines: OrderLineRow[];
  events: OrderEventRow[];
  /** Read by readOrder; absent on an order built from what placement just wrote (no invoice, no refund yet). */
  invoice_number?: string | null;
  refund_processed_paise?: number;
  refund_pending_paise?: number;
};

/** A new order's row: its own facts plus the price breakdown columns placement writes (order-breakdown.ts). */
export interface NewOrder extends BreakdownColumns {
  /** Assigned before the order is written: the rows placement writes first point at it (decision 131). */
  id: string;
  user_id: string;
  status: 'pending_payment' | 'confirmed';
  payment_method: 'razorpay' | 'cod' | 'free' | 'wallet';
  payment_status: 'pending' | 'completed' | 'paid';
  coupon_code: string | null;
  points_redeemed: number;
  /** What the order earns when paid (rewards, decision 073). */
  points_to_earn: number;
  contact_email: string;
  contact_name: string;
  address_id: string;
  address: unknown;
  pincode: string;
  slot_id: string;
  slot_date: string;
  slot_start: string;
  slot_end: string;
  plan_type: string;
  idempotency_key: string;
  request_hash: string;
  expires_at: string | null;
  confirmed_at: string | null;
  created_at: string;
}

export interface NewOrderLine {
  position: number;
  item_id: string;
  item_type: 'signature' | 'custom';
  name: string;
  image: string;
  unit_price_paise: number;
  quantity: number;
  line_total_paise: number;
  is_free_unit: boolean;
  recipe: unknown;
}

/** The confirmation e-mail written with the order: its placeholders are filled with the new order's id and number. */
export interface OrderGraphMail {
  message: MailMessage;
  idToken: string;
  numberToken: string;
}

/**
 * The order, its lines and its first timeline entry in ONE statement (one
 * round trip). The idempotency key's unique constraint decides a race: the
 * loser's insert does nothing (after waiting for the winner to commit) and
 * this returns undefined. With `mail`, the outbox e-mail is one more insert
 * over the new order; like the lines, it writes nothing when the order wasn't.
 *
 * The statement's text is the same for every order (one with the e-mail, one
 * without): it is compiled from orderGraphSql once, and later calls only bind
 * orderGraphParams — the query builder was ~2% of a placement's CPU. The unit
 * test order-graph-sql.unit.test.ts checks the two stay in step.
 */
export async function insertOrderGraph(
  db: Executor,
  o: NewOrder,
  lines: NewOrderLine[],
  event: OrderGraphEvent,
  mail: OrderGraphMail | undefined,
  also: OrderGraphAlso,
): Promise<{ id: string; number: string; ok?: boolean } | undefined> {
  const shape = `${mail ? 'mail' : 'plain'}:${also.shape}`;
  let text = orderGraphText.get(shape);
  let parameters: readonly unknown[];
  if (text === undefined) {
    const compiled = orderGraphSql(o, lines, event, mail, also).compile(db);
    orderGraphText.set(shape, (text = compiled.sql));
    preparable(text);
    parameters = compiled.parameters;
  } else {
    parameters = orderGraphParams(o, lines, event, mail, also);
  }
  const { rows } = await db.executeQuery<{ id: string; number: string; ok?: boolean }>(CompiledQuery.raw(text, parameters as unknown[]));
  return rows[0];
}
const orderGraphText = new Map<string, string>();

/**
 * More writes of the same statement, composed by the caller from other domains' SQL
 * (server/statements/): CTEs that run only when the order was written (`when`: a condition on
 * `o`, the new order's CTE), with their parameters in text order; `shape` names their text, which
 * must be the same for every call with that shape.
 */
export interface OrderGraphAlso {
  shape: string;
  ctes: (when: RawBuilder<unknown>) => RawBuilder<unknown>;
  params: readonly unknown[];
  /** A condition (no parameters) answered as `ok` beside the new order: false means a conditional write of `ctes` did not happen. */
  check?: RawBuilder<boolean>;
}

export type OrderGraphEvent = { status: OrderStatusColumn; actor: 'customer'; actor_id: string; note: string };

/** The statement insertOrderGraph runs, as a query-builder template (the source of its text). */
export function orderGraphSql(
  o: NewOrder,
  lines: NewOrderLine[],
  event: OrderGraphEvent,
  mail: OrderGraphMail | undefined,
  also: OrderGraphAlso,
): RawBuilder<{ id: string; number: string }> {
  const extra = mail
    ? sql`, x as (${outboxInsertSql(mail.message, { from: sql`o`, fill: { [mail.idToken]: sql<string>`o.id::text`, [mail.numberToken]: sql<string>`o.number` } })})`
    : sql``;
  return sql<{ id: string; number: string }>`
    with o as (
      insert into orders (
        id, user_id, status, payment_method, payment_status,
        subtotal_paise, free_unit_discount_paise, coupon_discount_paise, points_discount_paise,
        delivery_fee_paise, gst_paise, gst_rate_percent, total_paise, coupon_code, points_redeemed, points_to_earn,
        contact_email, contact_name, address_id, address, pincode, slot_id, slot_date, slot_start, slot_end, plan_type,
        idempotency_key, request_hash, expires_at, confirmed_at, created_at, updated_at
      ) values (
        ${o.id}::uuid, ${o.user_id}::uuid, ${o.status}, ${o.payment_method}, ${o.payment_status},
        ${o.subtotal_paise}, ${o.free_unit_discount_paise}, ${o.coupon_discount_paise}, ${o.points_discount_paise},
        ${o.delivery_fee_paise}, ${o.gst_paise}, ${o.gst_rate_percent}, ${o.total_paise}, ${o.coupon_code}, ${o.points_redeemed}, ${o.points_to_earn},
        ${o.contact_email}, ${o.contact_name}, ${o.address_id}::uuid, ${JSON.stringify(o.address)}::jsonb, ${o.pincode}, ${o.slot_id}::uuid, ${o.slot_date}::date,
        ${o.slot_start}, ${o.slot_end}, ${o.plan_type},
        ${o.idempotency_key}, ${o.request_hash}, ${o.expires_at}::timestamptz, ${o.confirmed_at}::timestamptz,
        ${o.created_at}::timestamptz, ${o.created_at}::timestamptz
      )
      on conflict on constraint orders_user_idempotency_key do nothing
      returning id, number
    ),
    l as (
      insert into order_lines (order_id, position, item_id, item_type, name, image, unit_price_paise, quantity, line_total_paise, is_free_unit, recipe)
      select o.id, x.position, x.item_id, x.item_type, x.name, x.image, x.unit_price_paise, x.quantity, x.line_total_paise, x.is_free_unit, x.recipe
      from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(
        position int, item_id text, item_type text, name text, image text, unit_price_paise int,
        quantity int, line_total_paise int, is_free_unit boolean, recipe jsonb
      )
    ),
    e as (
      insert into order_events (order_id, status, actor, actor_id, note, created_at)
      select o.id, ${event.status}, ${event.actor}, ${event.actor_id}::uuid, ${event.note}, ${o.created_at}::timestamptz from o
    )${extra},
    ${also.ctes(sql`select 1 from o`)}
    select id, number${also.check ? sql`, (${also.check}) as ok` : sql``} from o
  `;
}

/** The parameters of orderGraphSql, in the order its text numbers them ($1, $2, …). */
export function orderGraphParams(
  o: NewOrder,
  lines: NewOrderLine[],
  event: OrderGraphEvent,
  mail: OrderGraphMail | undefined,
  also: OrderGraphAlso,
): unknown[] {
  const p: unknown[] = [
    o.id,
    o.user_id,
    o.status,
    o.payment_method,
    o.payment_status,
    o.subtotal_paise,
    o.free_unit_discount_paise,
    o.coupon_discount_paise,
    o.points_discount_paise,
    o.delivery_fee_paise,
    o.gst_paise,
    o.gst_rate_percent,
    o.total_paise,
    o.coupon_code,
    o.points_redeemed,
    o.points_to_earn,
    o.contact_email,
    o.contact_name,
    o.address_id,
    JSON.stringify(o.address),
    o.pincode,
    o.slot_id,
    o.slot_date,
    o.slot_start,
    o.slot_end,
    o.plan_type,
    o.idempotency_key,
    o.request_hash,
    o.expires_at,
    o.confirmed_at,
    o.created_at,
    o.created_at,
    JSON.stringify(lines),
    event.status,
    event.actor,
    event.actor_id,
    event.note,
    o.created_at,
  ];
  if (mail) {
    // outboxInsertSql: to, name, then subject, html and text each as replace(replace(value, idToken, id), numberToken, number), then template.
    const m = mail.message;
    const filled = (value: string) => [value, mail.idToken, mail.numberToken];
    p.push((m.to ?? '').toLowerCase(), m.toName ?? null, ...filled(m.subject), ...filled(m.html), ...filled(m.text), m.template);
  }
  p.push(...also.params);
  return p;
}

export function findByIdempotencyKey(db: Executor, userId: string, key: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'request_hash'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The order with its lines and timeline, in one round trip. */
export async function readOrder(db: Executor, id: string): Promise<OrderWithDetails | undefined> {
  const row = await db
    .selectFrom('orders as o')
    .selectAll('o')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('order_lines as l')
          .select([
            'l.position',
            'l.item_id',
            'l.item_type',
            'l.name',
            'l.image',
            'l.unit_price_paise',
            'l.quantity',
            'l.line_total_paise',
            'l.is_free_unit',
            'l.recipe',
          ])
          .whereRef('l.order_id', '=', 'o.id')
          .orderBy('l.position'),
      ).as('lines'),
      jsonArrayFrom(
        eb
          .selectFrom('order_events as e')
          .select(['e.status', 'e.actor', 'e.note', 'e.created_at'])
          .whereRef('e.order_id', '=', 'o.id')
          .orderBy('e.id'),
      ).as('events'),
      sql<string | null>`(select i.number from order_invoices i where i.order_id = o.id)`.as('invoice_number'),
      // A wallet-paid order's money comes back to the wallet (a refund or a cancel's release), not as a gateway refund.
      sql<number>`((select coalesce(sum(r.amount_paise), 0)::int from refunds r where r.order_id = o.id and r.status = 'processed')
        + (select coalesce(sum(w.amount_paise), 0)::int from wallet_ledger w where w.order_id = o.id and w.kind in ('release', 'order_refund')))`.as(
        'refund_processed_paise',
      ),
      sql<number>`(select coalesce(sum(r.amount_paise), 0)::int from refunds r where r.order_id = o.id and r.status = 'pending')`.as(
        'refund_pending_paise',
      ),
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  return row as OrderWithDetails | undefined;
}

export interface OrderSummaryRow {
  id: string;
  number: string;
  status: OrderStatusColumn;
  payment_method: OrderRow['payment_method'];
  payment_status: OrderRow['payment_status'];
  paid_with: string | null;
  cancel_reason: string | null;
  total_paise: number;
  slot_id: string;
  slot_date: string;
  slot_start: string;
  slot_end: string;
  plan_type: string;
  created_at: string;
  item_count: number;
  item_names: string[];
  total_count: number;
}

/** The columns every order summary shows (history, active orders), and its item count. */
export const ORDER_SUMMARY_COLUMNS = [
  'o.id',
  'o.number',
  'o.status',
  'o.payment_method',
  'o.payment_status',
  'o.paid_with',
  'o.cancel_reason',
  'o.total_paise',
  'o.slot_id',
  'o.slot_date',
  'o.slot_start',
  'o.slot_end',
  'o.plan_type',
] as const;
export const itemCount = () =>
  sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id)`.as('item_count');

/**
 * One page of a customer's orders, newest first, with the total count — one round trip.
 * The page is picked first (orders_user_created_idx, count by window function over the
 * customer's orders), then each of its orders reads its lines once for both the item
 * count and the names. A fixed SQL text with three parameters rather than the query
 * builder: the history page is a hot signed-in read, and building and compiling the
 * select cost ~28 µs of CPU per request (docs/decisions/032).
 */
const HISTORY_PAGE_SQL = `
  select o.*, l.item_count, l.item_names
  from (
    select ${ORDER_SUMMARY_COLUMNS.join(', ')}, o.created_at, count(*) over () as total_count
    from orders o
    where o.user_id = $1
    order by o.created_at desc, o.number desc
    limit $2 offset $3
  ) o
  cross join lateral (
    select coalesce(sum(ol.quantity), 0)::int as item_count, coalesce(array_agg(ol.name order by ol.position), '{}') as item_names
    from order_lines ol
    where ol.order_id = o.id
  ) l
  order by o.created_at desc, o.number desc`;

export async function listOrdersOfUser(
  db: Executor,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: OrderSummaryRow[]; totalCount: number }> {
  const { rows } = await db.executeQuery<OrderSummaryRow>(CompiledQuery.raw(HISTORY_PAGE_SQL, [userId, pageSize, (page - 1) * pageSize]));
  if (rows.length > 0 || page === 1) return { rows, totalCount: rows[0]?.total_count ?? 0 };
  // Past the last page: the window count has no row to ride on.
  const c = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { rows, totalCount: Number(c.n) };
}

export function contactOf(db: Executor, id: string) {
  return db.selectFrom('orders').select(['contact_email as email', 'contact_name as name']).where('id', '=', id).executeTakeFirst();
}

/** Lock the order row: every payment state change of one order goes through this lock. */
export function lockOrder(db: Executor, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface OrderEvent {
  order_id: string;
  status: OrderStatusColumn;
  actor: 'customer' | 'admin' | 'system' | 'gateway';
  actor_id?: string | null;
  note: string | null;
  created_at: string;
}

export async function insertEvent(db: Executor, e: OrderEvent): Promise<void> {
  await db
    .insertInto('order_events')
    .values({ ...e, actor_id: e.actor_id ?? null })
    .execute();
}

/** What a payment that arrived sets on its order: confirmed and paid now, no longer expiring. */
const paidNow = (p: { now: string; paidWith: string | null }) =>
  ({ status: 'confirmed', payment_status: 'paid', paid_with: p.paidWith, paid_at: p.now, confirmed_at: p.now, expires_at: null, updated_at: p.now }) as const;

/** pending_payment → confirmed + paid, only from an unpaid state. Returns the row when it moved. */
export function confirmPaid(db: Executor, id: string, p: { now: string; paidWith: string | null }) {
  return db
    .updateTable('orders')
    .set(paidNow(p))
    .where('id', '=', id)
    .where('status', '=', 'pending_payment')
    .where('payment_status', 'in', ['pending', 'failed'])
    .returningAll()
    .executeTakeFirst();
}

/** A timed-out order whose payment arrived late gets its slot back: cancelled(payment_timeout) → confirmed + paid. */
export function reinstatePaid(db: Executor, id: string, p: { now: string; paidWith: string | null }) {
  return db
    .updateTable('orders')
    .set({ ...paidNow(p), cancel_reason: null, cancelled_at: null })
    .where('id', '=', id)
    .where('status', '=', 'cancelled')
    .where('cancel_reason', '=', 'payment_timeout')
    .where('payment_status', 'in', ['pending', 'failed'])
    .returningAll()
    .executeTakeFirst();
}

/** A failed attempt marks an unpaid order 'failed' (it can be retried); never touches a paid one. */
export async function markPaymentFailed(db: Executor, id: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ payment_status: 'failed', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending_payment')
    .where('payment_status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** paid → refunded (the one move back from paid the shop allows). */
export async function markRefunded(db: Executor, id: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ payment_status: 'refunded', updated_at: now })
    .where('id', '=', id)
    .where('payment_status', 'in', ['paid', 'completed', 'successful'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Unpaid online orders past their deadline, locked for this transaction.
 * SKIP LOCKED lets several instances share the work without waiting or
 * double-processing: a row one of them holds is invisible to the others.
 */
/** Online orders past their time to pay (no lock: the expiry asks the gateway about each before locking). */
export function listExpired(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'expires_at'])
    .where('status', '=', 'pending_payment')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export function lockExpired(db: Executor, now: string, limit: number, ids?: readonly string[]) {
  if (ids && ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select([
      'id',
      'number',
      'user_id',
      'slot_id',
      'slot_date',
      'plan_type',
      'coupon_code',
      'points_redeemed',
      'points_to_earn',
      'free_unit_discount_paise',
    ])
    .where('status', '=', 'pending_payment')
    .where('expires_at', '<=', now)
    .$if(!!ids, (q) => q.where('id', 'in', ids!))
    .orderBy('expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export function cancelUnpaid(db: Executor, id: string, p: { now: string; reason: string }) {
  return db
    .updateTable('orders')
    .set({
      status: 'cancelled',
      cancel_reason: p.reason,
      cancelled_at: p.now,
      payment_status: 'failed',
      expires_at: null,
      updated_at: p.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending_payment')
    .returning(['id'])
    .executeTakeFirst();
}

/**
 * Claims online orders the reconciler should ask the gateway about: unpaid
 * ones older than `minAgeBefore`, and recently timed-out ones (a payment may
 * have arrived late). The lease (reconcile_after) keeps other instances off
 * them for a while; SKIP LOCKED keeps two claims from colliding.
 */
export async function claimForReconcile(
  db: Executor,
  p: { now: string; minAgeBefore: string; recentSince: string; leaseUntil: string; limit: number },
) {
  const { rows } = await sql<{ id: string }>`
    update orders set reconcile_after = ${p.leaseUntil}::timestamptz
    where id in (
      select id from orders
      where payment_method = 'razorpay'
        and (reconcile_after is null or reconcile_after <= ${p.now}::timestamptz)
        and (
          (status = 'pending_payment' and created_at <= ${p.minAgeBefore}::timestamptz)
          or (status = 'cancelled' and cancel_reason = 'payment_timeout' and cancelled_at >= ${p.recentSince}::timestamptz)
        )
      order by created_at
      limit ${p.limit}
      for update skip locked
    )
    returning id
  `.execute(db);
  return rows.map((r) => r.id);
}
