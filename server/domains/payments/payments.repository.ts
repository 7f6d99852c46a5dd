import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { PaymentAttempts as PaymentAttemptsTable, Payments as PaymentsTable, Refunds as RefundsTable } from '../../../db/generated/database';
import type { PaymentRowStatus } from '../../../db/column-types';

export type AttemptRow = Selectable<PaymentAttemptsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<RefundsTable>;

/**
 * Reserve a payment attempt before the gateway is called: a 'creating' row with a lease (database
 * time, the same for every instance). The partial unique index lets one attempt per order be in creation.
 */
export function reserveAttempt(
  db: Executor,
  a: { order_id: string; gateway: 'razorpay' | 'test'; amount_paise: number; created_at: string; leaseSeconds: number },
) {
  return db
    .insertInto('payment_attempts')
    .values({
      order_id: a.order_id,
      gateway: a.gateway,
      gateway_order_id: null,
      amount_paise: a.amount_paise,
      status: 'creating',
      reserved_until: sql<string>`now() + (${a.leaseSeconds}::int * interval '1 second')`,
      created_at: a.created_at,
      updated_at: a.created_at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The gateway answered: the reservation becomes an open attempt (unless it was taken over meanwhile). */
export function fillAttempt(db: Executor, id: string, p: { gatewayOrderId: string; now: string }) {
  return db
    .updateTable('payment_attempts')
    .set({ gateway_order_id: p.gatewayOrderId, status: 'created', reserved_until: null, updated_at: p.now })
    .where('id', '=', id)
    .where('status', '=', 'creating')
    .returningAll()
    .executeTakeFirst();
}

/** The gateway refused or could not be reached (or the reservation's lease ran out): give the reservation up. */
export async function abandonAttempt(db: Executor, id: string, p: { error: string; now: string }): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ status: 'not_created', reserved_until: null, last_error: p.error.slice(0, 500), updated_at: p.now })
    .where('id', '=', id)
    .where('status', '=', 'creating')
    .execute();
}

/** One attempt, with whether its creation lease has run out (by the database's clock). */
export function attemptWithLease(db: Executor, id: string) {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .select(sql<boolean>`coalesce(reserved_until <= now(), false)`.as('lease_over'))
    .where('id', '=', id)
    .executeTakeFirst();
}

export function attemptsOfOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .select(sql<boolean>`coalesce(reserved_until <= now(), false)`.as('lease_over'))
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .execute();
}

export function findAttempt(db: Executor, gatewayOrderId: string) {
  return db.selectFrom('payment_attempts').selectAll().where('gateway_order_id', '=', gatewayOrderId).executeTakeFirst();
}

export async function markAttempt(db: Executor, id: string, status: 'paid' | 'failed', now: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    // 'paid' is final: a failure reported later for the same gateway order never overwrites it.
    .where('status', '<>', 'paid')
    .execute();
}

export function paymentsOfOrder(db: Executor, orderId: string) {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();
}

export async function insertPayment(
  db: Executor,
  p: {
    order_id: string;
    attempt_id: string;
    gateway_payment_id: string;
    amount_paise: number;
    status: PaymentRowStatus;
    method: string | null;
    error_code: string | null;
    error_description: string | null;
    captured_at: string | null;
    /** What the gateway reports it took (null for a failed payment): refunds are bounded by it. */
    captured_paise: number | null;
    created_at: string;
  },
): Promise<PaymentRow> {
  return db
    .insertInto('payments')
    .values({ ...p, updated_at: p.created_at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updatePayment(
  db: Executor,
  id: string,
  patch: {
    status?: PaymentRowStatus;
    method?: string | null;
    captured_at?: string | null;
    captured_paise?: number | null;
    error_code?: string | null;
    error_description?: string | null;
    updated_at: string;
  },
) {
  return db.updateTable('payments').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function lockPayment(db: Executor, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

// ---------- Refunds ----------
// One outbox for every charge: a refund row names an order's payment (payments), a subscription
// payment (subscription_payments), a wallet top-up or an AutoPay debit; the job sends them alike.

/** The charge a refund is of: an order's payment, a subscription payment, a wallet top-up or an AutoPay debit. */
export type ChargeRef = { paymentId: string } | { subscriptionPaymentId: string } | { walletTopUpId: string } | { autopayDebitId: string };
/** The kinds whose refund columns this file reads and writes; an AutoPay debit's are its own domain's hooks (decision 282). */
export type OwnChargeRef = Exclude<ChargeRef, { autopayDebitId: string }>;

/** What a refund needs of its charge, read with the charge row locked (concurrent refunds queue on it). */
export interface LockedCharge {
  id: string;
  orderId: string | null;
  /** What the gateway reported taking for this charge (0 before it took anything): no refund goes past it. */
  capturedPaise: number;
  refundedPaise: number;
  /** Paid and not yet refunded in full by the gateway: a refund may be reserved on it. */
  refundable: boolean;
}

const ORDER_PAYMENT_REFUNDABLE = ['captured', 'authorized', 'refund_pending'] as const;

export async function lockCharge(db: Executor, ref: OwnChargeRef): Promise<LockedCharge | undefined> {
  if ('paymentId' in ref) {
    const p = await db.selectFrom('payments').selectAll().where('id', '=', ref.paymentId).forUpdate().executeTakeFirst();
    return p && { id: p.id, orderId: p.order_id, capturedPaise: p.captured_paise ?? 0, refundedPaise: p.refunded_paise, refundable: (ORDER_PAYMENT_REFUNDABLE as readonly string[]).includes(p.status) };
  }
  if ('walletTopUpId' in ref) {
    const t = await db.selectFrom('wallet_top_ups').selectAll().where('id', '=', ref.walletTopUpId).forUpdate().executeTakeFirst();
    return t && { id: t.id, orderId: null, capturedPaise: t.captured_paise ?? 0, refundedPaise: t.refunded_paise, refundable: t.status === 'paid' };
  }
  const p = await db.selectFrom('subscription_payments').selectAll().where('id', '=', ref.subscriptionPaymentId).forUpdate().executeTakeFirst();
  return p && { id: p.id, orderId: null, capturedPaise: p.captured_paise ?? 0, refundedPaise: p.refunded_paise, refundable: p.status === 'paid' };
}

/**
 * Reserve the refunded amount on the charge. The condition is the guard:
 * concurrent refunds queue on the charge row and the one that would go past
 * what the gateway captured updates nothing (and the CHECK constraint backs it up).
 */
export async function reserveRefund(db: Executor, ref: OwnChargeRef, amount: number, now: string): Promise<boolean> {
  if ('walletTopUpId' in ref) {
    const t = await db
      .updateTable('wallet_top_ups')
      .set({ refunded_paise: sql`refunded_paise + ${amount}` })
      .where('id', '=', ref.walletTopUpId)
      .where('status', '=', 'paid')
      .where(sql<boolean>`refunded_paise + ${amount} <= captured_paise`)
      .returning('id')
      .executeTakeFirst();
    return !!t;
  }
  const r =
    'paymentId' in ref
      ? await db
          .updateTable('payments')
          .set({ refunded_paise: sql`refunded_paise + ${amount}`, updated_at: now })
          .where('id', '=', ref.paymentId)
          .where('status', 'in', ORDER_PAYMENT_REFUNDABLE)
          .where(sql<boolean>`refunded_paise + ${amount} <= captured_paise`)
          .returning('id')
          .executeTakeFirst()
      : await db
          .updateTable('subscription_payments')
          .set({ refunded_paise: sql`refunded_paise + ${amount}` })
          .where('id', '=', ref.subscriptionPaymentId)
          .where('status', '=', 'paid')
          .where(sql<boolean>`refunded_paise + ${amount} <= captured_paise`)
          .returning('id')
          .executeTakeFirst();
  return !!r;
}

/** A wallet top-up whose refunds the gateway has made in full. */
export async function markWalletTopUpRefunded(db: Executor, id: string): Promise<void> {
  await db.updateTable('wallet_top_ups').set({ status: 'refunded' }).where('id', '=', id).where('status', '=', 'paid').execute();
}

/** A subscription payment whose refunds the gateway has made in full. */
export async function markSubscriptionPaymentRefunded(db: Executor, id: string): Promise<void> {
  await db.updateTable('subscription_payments').set({ status: 'refunded' }).where('id', '=', id).where('status', '=', 'paid').execute();
}

export function refundToSend(db: Executor, refundId: string) {
  return db
    .selectFrom('refunds as r')
    .leftJoin('payments as p', 'p.id', 'r.payment_id')
    .leftJoin('subscription_payments as sp', 'sp.id', 'r.subscription_payment_id')
    .leftJoin('wallet_top_ups as wt', 'wt.id', 'r.wallet_top_up_id')
    .leftJoin('autopay_debits as ad', 'ad.id', 'r.autopay_debit_id')
    .select([
      'r.id',
      'r.amount_paise',
      'r.idempotency_key',
      'r.status',
      'r.payment_id',
      'r.subscription_payment_id',
      'r.wallet_top_up_id',
      'r.autopay_debit_id',
    ])
    .select(
      sql<string | null>`coalesce(p.gateway_payment_id, sp.gateway_payment_id, wt.gateway_payment_id, ad.gateway_payment_id)`.as(
        'gateway_payment_id',
      ),
    )
    .where('r.id', '=', refundId)
    .executeTakeFirst();
}

export function findRefundByGatewayId(db: Executor, gatewayRefundId: string) {
  return db.selectFrom('refunds').selectAll().where('gateway_refund_id', '=', gatewayRefundId).executeTakeFirst();
}

export function findRefund(db: Executor, id: string, opts: { lock?: boolean } = {}) {
  let q = db.selectFrom('refunds').selectAll().where('id', '=', id);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertRefund(
  db: Executor,
  r: {
    payment_id: string | null;
    order_id: string | null;
    subscription_payment_id: string | null;
    wallet_top_up_id?: string | null;
    autopay_debit_id?: string | null;
    amount_paise: number;
    idempotency_key: string;
    reason: string;
    created_at: string;
  },
) {
  return db
    .insertInto('refunds')
    .values({ ...r, retry_after: r.created_at })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findRefundByKey(db: Executor, key: string) {
  return db.selectFrom('refunds').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Pending refunds due for (another) try, leased so one instance sends each. */
export async function claimDueRefunds(db: Executor, p: { now: string; leaseUntil: string; limit: number }) {
  const { rows } = await sql<RefundRow>`
    with due as (
      select id from refunds
      where status = 'pending' and retry_after <= ${p.now}::timestamptz
      order by retry_after
      limit ${p.limit}
      for update skip locked
    )
    update refunds r set retry_after = ${p.leaseUntil}::timestamptz, attempts = r.attempts + 1
    from due
    where r.id = due.id
    returning r.*
  `.execute(db);
  return rows;
}

export function markRefundSent(db: Executor, id: string, p: { gatewayRefundId: string; processed: boolean; now: string }) {
  return db
    .updateTable('refunds')
    .set({ gateway_refund_id: p.gatewayRefundId, ...(p.processed ? { status: 'processed' as const, processed_at: p.now } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function markRefundError(db: Executor, id: string, p: { error: string; retryAfter: string; failed: boolean }): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ last_error: p.error.slice(0, 500), retry_after: p.retryAfter, ...(p.failed ? { status: 'failed' as const } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** The admin's retry of a refund that finally failed: pending again, due now, its tries counted afresh (same key). */
export function reopenFailedRefund(db: Executor, id: string, now: string) {
  return db
    .updateTable('refunds')
    .set({ status: 'pending', attempts: 0, retry_after: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returningAll()
    .executeTakeFirst();
}

export function refundsOfOrder(db: Executor, orderId: string) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
}

/** Refunds of a subscription's charges: its subscription payments and the AutoPay debits that renewed it (ids of either). */
export function refundsOfSubscriptionPayments(db: Executor, chargeIds: readonly string[]) {
  if (chargeIds.length === 0) return Promise.resolve([] as RefundRow[]);
  return db
    .selectFrom('refunds')
    .selectAll()
    .where((eb) => eb.or([eb('subscription_payment_id', 'in', chargeIds), eb('autopay_debit_id', 'in', chargeIds)]))
    .orderBy('created_at')
    .execute();
}

export function refundsOfCharge(db: Executor, ref: ChargeRef) {
  const q = db.selectFrom('refunds').selectAll();
  if ('walletTopUpId' in ref) return q.where('wallet_top_up_id', '=', ref.walletTopUpId).execute();
  if ('autopayDebitId' in ref) return q.where('autopay_debit_id', '=', ref.autopayDebitId).execute();
  return ('paymentId' in ref ? q.where('payment_id', '=', ref.paymentId) : q.where('subscription_payment_id', '=', ref.subscriptionPaymentId)).execute();
}

/** The charge a gateway payment id belongs to (an order's payment, a subscription payment, a top-up or an AutoPay debit). */
export async function findChargeByGatewayId(db: Executor, gatewayPaymentId: string): Promise<ChargeRef | undefined> {
  const p = await db.selectFrom('payments').select('id').where('gateway_payment_id', '=', gatewayPaymentId).executeTakeFirst();
  if (p) return { paymentId: p.id };
  const sp = await db.selectFrom('subscription_payments').select('id').where('gateway_payment_id', '=', gatewayPaymentId).executeTakeFirst();
  if (sp) return { subscriptionPaymentId: sp.id };
  const wt = await db.selectFrom('wallet_top_ups').select('id').where('gateway_payment_id', '=', gatewayPaymentId).executeTakeFirst();
  if (wt) return { walletTopUpId: wt.id };
  const ad = await db.selectFrom('autopay_debits').select('id').where('gateway_payment_id', '=', gatewayPaymentId).executeTakeFirst();
  return ad ? { autopayDebitId: ad.id } : undefined;
}

export async function markRefundProcessedByGatewayId(db: Executor, gatewayRefundId: string, now: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'processed', processed_at: now })
    .where('gateway_refund_id', '=', gatewayRefundId)
    .where('status', '=', 'pending')
    .execute();
}

// ---------- Webhook events ----------

/** The event id is the primary key: a repeat inserts nothing and is acknowledged without processing. */
export async function recordWebhookEvent(
  db: Executor,
  e: { event_id: string; event_type: string; payload: string; received_at: string },
): Promise<boolean> {
  const r = await db
    .insertInto('payment_webhook_events')
    .values(e)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return !!r;
}

export async function finishWebhookEvent(db: Executor, eventId: string, outcome: string, now: string): Promise<void> {
  await db.updateTable('payment_webhook_events').set({ outcome, processed_at: now }).where('event_id', '=', eventId).execute();
}
