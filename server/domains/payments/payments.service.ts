import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, ERROR_CODES, HTTP_STATUS, notFound } from '../../lib/errors';
import { GatewayError, verifiedCheckoutPayment, type GatewayPayment, type TestGateway } from '../../lib/payments';
import { reconcileWindow } from '../../lib/payments/reconcile';
import type { PaymentRowStatus } from '../../../db/column-types';
import * as orders from '../orders/orders.service';
import type { OrderPayments } from '../orders/order-payments';
import type { SubscriptionPayments } from '../subscriptions/subscription-payments';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { kickNotices } from '../notifications/notify.service';
import { kickMail } from '../../lib/mail';
import * as repo from './payments.repository';
import * as invoices from '../invoices/invoices.service';
import { publishOrderEvent } from '../orders/order-events';
import { settleInTransaction as settleSubscriptionPayment, subscriptionWebhookInTransaction } from '../subscriptions/subscriptions.billing';
import { settleTopUpInTransaction } from '../wallet/wallet.service';
import type { WalletPayments } from '../wallet/wallet-payments';
import type { Order } from '../../../shared/schemas/orders';
import type { PaymentResult, PaymentStart, RetryPayment, TestCompleteInput, VerifyPaymentInput } from '../../../shared/schemas/payments';
import { paymentMethodLabel } from '../../../shared/rules/payment-labels';
import { formatRupees, refundableOf } from '../../../shared/rules/money';
import { recordAudit } from '../audit/audit.service';
import type { AdminRefund } from '../../../shared/schemas/payments';

type Deps = AppDeps;

// ---------- Starting a payment ----------

function toStart(deps: Deps, order: Order, a: Pick<repo.AttemptRow, 'gateway_order_id' | 'amount_paise'>, contact: { name: string; email: string }): PaymentStart {
  return {
    mode: deps.payments.mode,
    gatewayOrderId: a.gateway_order_id!,
    amount: a.amount_paise,
    currency: 'INR',
    keyId: deps.payments.keyId,
    orderNumber: order.number,
    description: `Order ${order.number}`,
    prefill: { name: contact.name || order.address.name, email: contact.email, contact: order.address.phone },
  };
}

/** How long a reservation may stay 'creating' before another request takes it over (the gateway call is bounded at 10 s). */
const RESERVATION_LEASE_SECONDS = 30;
/** How long a request waits for another's gateway call before answering "try again" (503). */
const WAIT_FOR_OTHER_MS = 12_000;

function gatewayRefusal(order: Order, cause?: unknown): AppError {
  return new AppError(
    'GATEWAY_ERROR',
    `We couldn't reach the payment gateway. Your order ${order.number} is saved; please try paying again in a moment.`,
    { details: { orderId: order.id }, cause },
  );
}

const usableFor = (deps: Deps, order: Order) => (a: repo.AttemptRow) =>
  a.status === 'created' && a.gateway === deps.payments.mode && a.amount_paise === order.breakdown.total && !!a.gateway_order_id;

type Reservation = { kind: 'ready'; attempt: repo.AttemptRow } | { kind: 'mine'; attempt: repo.AttemptRow } | { kind: 'wait'; id: string };

/**
 * The order's open attempt, or a reservation to create one. Decided with the order row locked
 * (a short transaction, no network call in it), so two requests for one order never both reserve.
 */
function reserveOrReuse(deps: Deps, order: Order): Promise<Reservation> {
  return withTransactionRetry(deps, async (trx): Promise<Reservation> => {
    await orders.lockOrder(trx, order.id);
    const list = await repo.attemptsOfOrder(trx, order.id);
    const open = list.find(usableFor(deps, order));
    if (open) return { kind: 'ready', attempt: open };
    const now = deps.clock.now().toISOString();
    const creating = list.find((a) => a.status === 'creating');
    if (creating && !creating.lease_over) return { kind: 'wait', id: creating.id };
    // A reservation whose request died before filling it in: give it up and take over.
    if (creating) await repo.abandonAttempt(trx, creating.id, { error: 'reservation lease ran out', now });
    const attempt = await repo.reserveAttempt(trx, {
      order_id: order.id,
      gateway: deps.payments.mode,
      amount_paise: order.breakdown.total,
      created_at: now,
      leaseSeconds: RESERVATION_LEASE_SECONDS,
    });
    return { kind: 'mine', attempt };
  });
}

/** Another request is creating the gateway order: wait for its answer (polling the row; no connection held meanwhile). */
async function waitForAttempt(deps: Deps, order: Order, id: string): Promise<repo.AttemptRow | 'again'> {
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (let pause = 20; ; pause = Math.min(200, pause * 1.5)) {
    const a = await repo.attemptWithLease(deps.db, id);
    if (!a || a.lease_over) return 'again';
    if (a.status === 'not_created') throw gatewayRefusal(order);
    if (a.status !== 'creating') return usableFor(deps, order)(a) ? a : 'again';
    if (Date.now() >= deadline)
      throw new AppError('UNAVAILABLE', 'Your payment is still being prepared. Please try again in a moment.', { retryAfter: 2 });
    await new Promise((r) => setTimeout(r, pause));
  }
}

/**
 * The gateway order an online order waiting for payment is paid through: its open attempt when it
 * has one, else a new gateway order for the SERVER's total with the order number as receipt. The
 * attempt is reserved (a row, with the order row locked) BEFORE the gateway is called (decision
 * 084), so any number of requests on any number of instances — repeats of one placement, double
 * clicks on "pay again" — get one gateway order and the same answer: those arriving while it is
 * being created wait for it.
 */
export async function startPayment(deps: Deps, order: Order, opts: { contact?: { email: string; name: string } } = {}): Promise<PaymentStart> {
  const contact = opts.contact ?? (await orders.contactOf(deps, order.id));
  for (let round = 0; ; round++) {
    if (round > 5) throw new AppError('UNAVAILABLE', 'Your payment is still being prepared. Please try again in a moment.', { retryAfter: 2 });
    const r = await reserveOrReuse(deps, order);
    if (r.kind === 'ready') return toStart(deps, order, r.attempt, contact);
    if (r.kind === 'wait') {
      const a = await waitForAttempt(deps, order, r.id);
      if (a !== 'again') return toStart(deps, order, a, contact);
      continue;
    }
    let g;
    try {
      g = await deps.payments.createOrder({
        amountPaise: order.breakdown.total,
        receipt: order.number,
        notes: { kind: 'order', orderId: order.id, orderNumber: order.number },
      });
    } catch (e) {
      deps.log.warn({ err: e, orderId: order.id }, 'payment gateway: could not create an order');
      await repo.abandonAttempt(deps.db, r.attempt.id, { error: e instanceof Error ? e.message : String(e), now: deps.clock.now().toISOString() });
      throw gatewayRefusal(order, e);
    }
    const filled = await repo.fillAttempt(deps.db, r.attempt.id, { gatewayOrderId: g.id, now: deps.clock.now().toISOString() });
    if (filled) return toStart(deps, order, filled, contact);
    // Our lease ran out and another request took over: its attempt is the answer (ours is never paid).
    deps.log.warn({ orderId: order.id, gatewayOrderId: g.id }, 'payment gateway: a slow gateway order was superseded');
  }
}

function refusePayable(order: Order): void {
  if (order.canPay) return;
  if (order.paymentMethod !== 'razorpay')
    throw new AppError('INVALID_STATE', `Order ${order.number} is not paid online (${order.labels.paymentMethod}).`);
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'completed' || order.paymentStatus === 'refunded') {
    throw new AppError('INVALID_STATE', `Order ${order.number} is already paid.`);
  }
  if (order.status === 'cancelled')
    throw new AppError('INVALID_STATE', `Order ${order.number} was cancelled: ${order.labels.cancelReason ?? 'it can no longer be paid'}.`);
  throw new AppError('INVALID_STATE', `The time to pay for order ${order.number} has run out. Please place the order again.`);
}

/** POST /api/orders/{id}/payment — a new gateway order for a pending order (after a failure or a closed Checkout). */
export async function retryPayment(deps: Deps, user: AuthUser, orderId: string): Promise<RetryPayment> {
  const order = orders.toOrderDto(await orders.readVisibleOrder(deps, user, orderId), deps.clock.now());
  refusePayable(order);
  // An open attempt is reused (a Razorpay order can be attempted again until paid): a double click never opens two.
  const payment = await startPayment(deps, order);
  return { order, payment };
}

// ---------- Settlement: the one place a payment changes an order ----------

const RANK: Record<PaymentRowStatus, number> = { failed: 0, authorized: 1, captured: 2, refund_pending: 3, refunded: 4 };
const isSuccess = (s: string) => s === 'authorized' || s === 'captured';

export interface Settlement {
  outcome:
    | 'unknown_order'
    | 'confirmed'
    | 'reinstated'
    | 'already_paid'
    | 'recorded'
    | 'failed'
    | 'duplicate_refunded'
    | 'late_refunded'
    | 'amount_mismatch';
  orderId: string | null;
  /** Our payment rows that must be refunded once this transaction commits. */
  refunds: string[];
}

/**
 * Records what the gateway says about one payment and moves the order,
 * inside the caller's transaction. Verify, webhooks, the reconciler and test
 * mode all come through here, in any order and any number of times: the
 * order row is locked first, payment rows only move up in rank
 * (failed < authorized < captured < refund_pending < refunded), and the order
 * is only ever moved forward (never back from paid).
 */
export async function settleInTransaction(deps: Deps, trx: Trx, gp: GatewayPayment, source: string): Promise<Settlement> {
  const attempt = await repo.findAttempt(trx, gp.gatewayOrderId);
  if (!attempt) return { outcome: 'unknown_order', orderId: null, refunds: [] };
  const order = await orders.lockOrder(trx, attempt.order_id);
  if (!order) return { outcome: 'unknown_order', orderId: null, refunds: [] };
  const now = deps.clock.now().toISOString();
  const all = await repo.paymentsOfOrder(trx, order.id);
  const mine = all.find((p) => p.gateway_payment_id === gp.id);
  const other = all.find((p) => p.gateway_payment_id !== gp.id && isSuccess(p.status));

  if (gp.status === 'failed' || gp.status === 'created') {
    if (gp.status === 'created') return { outcome: 'recorded', orderId: order.id, refunds: [] };
    if (!mine) {
      await repo.insertPayment(trx, {
        order_id: order.id,
        attempt_id: attempt.id,
        gateway_payment_id: gp.id,
        amount_paise: Math.max(1, gp.amountPaise),
        status: 'failed',
        method: gp.method,
        error_code: gp.errorCode,
        error_description: gp.errorDescription,
        captured_at: null,
        captured_paise: null,
        created_at: now,
      });
    }
    // A failure never overrides a success already recorded for this payment, and never touches a paid order.
    if (mine && RANK[mine.status] > RANK.failed) return { outcome: 'already_paid', orderId: order.id, refunds: [] };
    await repo.markAttempt(trx, attempt.id, 'failed', now);
    const moved = await orders.markPaymentFailed(trx, order.id, now);
    if (moved) await orders.notifyPaymentFailed(deps, trx, order);
    return { outcome: moved ? 'failed' : 'recorded', orderId: order.id, refunds: [] };
  }

  if (gp.status === 'refunded') {
    return { outcome: 'recorded', orderId: order.id, refunds: [] };
  }

  // authorized or captured
  const wanted: PaymentRowStatus = gp.status;
  if (mine && (mine.status === 'refund_pending' || mine.status === 'refunded')) {
    return { outcome: 'already_paid', orderId: order.id, refunds: [] };
  }
  if (mine && isSuccess(mine.status)) {
    // Known success: at most upgrade authorized → captured; the order already moved.
    if (RANK[wanted] > RANK[mine.status]) {
      await repo.updatePayment(trx, mine.id, {
        status: wanted,
        method: gp.method ?? mine.method,
        captured_at: wanted === 'captured' ? now : null,
        // The gateway's own figure at capture replaces what a signature alone let verify assume.
        captured_paise: gp.amountPaise,
        updated_at: now,
      });
    }
    return { outcome: 'already_paid', orderId: order.id, refunds: [] };
  }

  const amountOk = gp.amountPaise === order.total_paise && gp.amountPaise === attempt.amount_paise;
  const orderPaidElsewhere = !!other || order.payment_status === 'paid' || order.payment_status === 'refunded';
  const record = async (status: PaymentRowStatus) => {
    const row = mine
      ? await repo.updatePayment(trx, mine.id, {
          status,
          method: gp.method ?? mine.method,
          captured_at: wanted === 'captured' ? now : null,
          captured_paise: gp.amountPaise,
          updated_at: now,
        })
      : await repo.insertPayment(trx, {
          order_id: order.id,
          attempt_id: attempt.id,
          gateway_payment_id: gp.id,
          amount_paise: gp.amountPaise,
          status,
          method: gp.method,
          error_code: null,
          error_description: null,
          captured_at: wanted === 'captured' ? now : null,
          // What the gateway took, which a refund never passes (decision 205) — even when it is not what we asked.
          captured_paise: gp.amountPaise,
          created_at: now,
        });
    return row;
  };

  if (!amountOk) {
    deps.log.error(
      { orderId: order.id, gatewayPaymentId: gp.id, amount: gp.amountPaise, expected: order.total_paise },
      'payment amount differs from the order total; refunding',
    );
    const row = await record('refund_pending');
    return { outcome: 'amount_mismatch', orderId: order.id, refunds: [row.id] };
  }
  if (orderPaidElsewhere || order.payment_method !== 'razorpay') {
    // A second successful payment for one order (two tabs, an old attempt paid late): keep one, refund this one.
    const row = await record('refund_pending');
    await orders.addTimelineNote(trx, order, 'A second payment was received for this order; it is being refunded in full', now);
    return { outcome: 'duplicate_refunded', orderId: order.id, refunds: [row.id] };
  }

  const note = gp.method ? `Paid by ${paymentMethodLabel(gp.method)}` : source === 'test mode' ? 'Paid (test payment mode)' : 'Paid online';
  const result = await orders.confirmPaidOrder(deps, trx, order, { paidWith: gp.method, note });
  if (result === 'not_reinstatable') {
    const row = await record('refund_pending');
    await orders.addTimelineNote(
      trx,
      order,
      'A payment arrived after the order was cancelled and its slot or stock was taken meanwhile; it is being refunded in full',
      now,
    );
    return { outcome: 'late_refunded', orderId: order.id, refunds: [row.id] };
  }
  if (result === 'already_paid') {
    // The order moved on without this payment (cannot happen while we hold its lock, kept as a guard).
    const row = await record('refund_pending');
    return { outcome: 'duplicate_refunded', orderId: order.id, refunds: [row.id] };
  }
  await record(wanted);
  await repo.markAttempt(trx, attempt.id, 'paid', now);
  // Paid: the GST tax invoice gets its number now, in this transaction, exactly once.
  await invoices.issueInvoice(deps, trx, order);
  return { outcome: result, orderId: order.id, refunds: [] };
}

/** Settle in its own transaction, then send any refunds it decided (after commit). */
export async function settle(deps: Deps, gp: GatewayPayment, source: string): Promise<Settlement> {
  const s = await withTransactionRetry(deps, (trx) => settleInTransaction(deps, trx, gp, source));
  afterCommit(deps, s);
  // Open order pages update without a reload.
  if (s.orderId && (s.outcome === 'confirmed' || s.outcome === 'reinstated' || s.outcome === 'failed'))
    publishOrderEvent(deps, { orderId: s.orderId, status: s.outcome });
  return s;
}

function afterCommit(deps: Deps, s: Settlement): void {
  if (s.outcome === 'confirmed' || s.outcome === 'reinstated' || s.outcome === 'failed') kickNotices(deps);
  if (s.outcome === 'failed') void kickMail(deps);
  for (const paymentId of s.refunds) {
    void refundPayment(deps, { paymentId, reason: s.outcome, idempotencyKey: `auto:${paymentId}` }).catch((err) =>
      deps.log.error({ err, paymentId }, 'automatic refund could not be recorded; the reconciler will retry'),
    );
  }
}

// ---------- Browser callbacks ----------

/**
 * POST /api/payment/verify — Checkout's success callback. The signature is
 * checked against the gateway order ids WE stored for this order (the one the
 * browser sends is ignored), in constant time. A bad signature is a 400 and
 * writes nothing.
 */
export async function verifyPayment(deps: Deps, user: AuthUser, input: VerifyPaymentInput): Promise<PaymentResult> {
  const row = await orders.readVisibleOrder(deps, user, input.orderId);
  const stored = (await repo.attemptsOfOrder(deps.db, row.id)).flatMap((a) =>
    a.gateway_order_id ? [{ gatewayOrderId: a.gateway_order_id, amountPaise: a.amount_paise }] : [],
  );
  const gp = await verifiedCheckoutPayment(deps, stored, { paymentId: input.razorpay_payment_id, signature: input.razorpay_signature }, 'order');
  await settle(deps, gp, 'checkout');
  return { order: await orders.loadOrderDto(deps, row.id) };
}

/** POST /api/payment/test/complete — test payment mode only: the shopper's choice of success or failure. */
export async function completeTestPayment(deps: Deps, user: AuthUser, input: TestCompleteInput): Promise<PaymentResult> {
  if (deps.payments.mode !== 'test') throw new AppError('NOT_FOUND', 'There is no API operation at this path. See /api/docs.');
  const gw = deps.payments as TestGateway;
  const order = orders.toOrderDto(await orders.readVisibleOrder(deps, user, input.orderId), deps.clock.now());
  refusePayable(order);
  const open = (await repo.attemptsOfOrder(deps.db, order.id)).find(
    (a) => a.gateway === 'test' && (a.status === 'created' || a.status === 'failed') && a.gateway_order_id,
  );
  const gatewayOrderId = open?.gateway_order_id ?? (await startPayment(deps, order)).gatewayOrderId;
  await settle(deps, await gw.complete(gatewayOrderId, input.outcome), 'test mode');
  return { order: await orders.loadOrderDto(deps, order.id) };
}

// ---------- Webhook ----------

type WebhookEntity = {
  id?: string;
  order_id?: string;
  amount?: number;
  status?: string;
  method?: string;
  card?: { type?: string } | null;
  error_code?: string | null;
  error_description?: string | null;
  payment_id?: string;
};
type WebhookBody = { event?: string; id?: string; payload?: Record<string, { entity?: WebhookEntity } | undefined> };

const HANDLED = new Set(['payment.authorized', 'payment.captured', 'payment.failed', 'order.paid', 'refund.processed']);

/**
 * Paise the shop can hold: a positive whole number that fits the integer columns. Anything else in
 * a signed event (0, negative, fractional, 10¹²) is refused here, before the database sees it.
 */
const MAX_PAISE = 2_147_483_647;
export const isValidPaise = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 && n <= MAX_PAISE;

const isGatewayId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 64;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optText = (v: unknown): string | null => (typeof v === 'string' ? cleanText(v).slice(0, 500) : null);

/** Text PostgreSQL accepts: no NUL, no lone surrogate. */
function cleanText(v: string): string {
  return v.replaceAll('\u0000', '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Why an entity's amount or currency cannot be applied, or null when they can. */
function amountProblem(e: Record<string, unknown>): 'invalid_amount' | 'wrong_currency' | null {
  if (!isValidPaise(e.amount)) return 'invalid_amount';
  if (e.currency !== undefined && e.currency !== 'INR') return 'wrong_currency';
  return null;
}

/** A payment event's entity as a gateway payment, or why it cannot be applied. */
function gatewayPaymentFromWebhook(event: string, e: unknown): GatewayPayment | 'malformed' | 'invalid_amount' | 'wrong_currency' {
  if (!isObject(e) || !isGatewayId(e.id) || !isGatewayId(e.order_id)) return 'malformed';
  const problem = amountProblem(e);
  if (problem) return problem;
  const status = event === 'payment.failed' ? 'failed' : event === 'payment.authorized' ? 'authorized' : 'captured';
  const m = (typeof e.method === 'string' ? e.method : '').toLowerCase().slice(0, 40);
  const card = isObject(e.card) ? e.card : null;
  return {
    id: e.id,
    gatewayOrderId: e.order_id,
    amountPaise: e.amount as number,
    status,
    method: m === 'card' ? (card?.type === 'debit' ? 'debit_card' : card?.type === 'credit' ? 'credit_card' : 'card') : m === 'cardless_emi' ? 'emi' : m || null,
    errorCode: optText(e.error_code),
    errorDescription: optText(e.error_description),
  };
}

/** Why a signed event cannot be applied before any lookup (its shape, amounts, currency), or null. */
function webhookProblem(event: string, body: WebhookBody): string | null {
  const payload = isObject(body.payload) ? body.payload : {};
  const entityOf = (k: string) => (isObject(payload[k]) ? (payload[k] as { entity?: unknown }).entity : undefined);
  if (event === 'refund.processed') {
    const r = entityOf('refund');
    if (!isObject(r) || !isGatewayId(r.id) || !isGatewayId(r.payment_id)) return 'malformed';
    return amountProblem(r);
  }
  if (HANDLED.has(event)) {
    const gp = gatewayPaymentFromWebhook(event, entityOf('payment'));
    return typeof gp === 'string' ? gp : null;
  }
  if (event.startsWith('subscription.')) {
    const sub = entityOf('subscription');
    if (!isObject(sub) || !isGatewayId(sub.id)) return 'malformed';
    const pay = entityOf('payment');
    if (pay === undefined || pay === null) return null;
    if (!isObject(pay) || !isGatewayId(pay.id)) return 'malformed';
    return amountProblem(pay);
  }
  return null;
}

/** Database refusals of the event's data (SQLSTATE class 22 data exception, 23 integrity) and the shop's own refusals. */
function isUnappliable(e: unknown): boolean {
  if (e instanceof AppError) return HTTP_STATUS[ERROR_CODES[e.appCode]] < 500;
  for (let cur = e, i = 0; cur && i < 4; i++, cur = (cur as { cause?: unknown }).cause) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|23)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Outcomes that leave everything as it was: logged with the reason. */
const NOT_APPLIED = new Set([
  'malformed',
  'invalid_amount',
  'wrong_currency',
  'unknown_order',
  'unknown_payment',
  'refund_exceeds_payment',
  'amount_mismatch',
  'rejected',
]);

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * POST /api/payment/webhook. The raw body's HMAC is checked first (nothing is
 * parsed or written before); the event id (X-Razorpay-Event-Id, else the
 * payload's id, else a hash of the body) is recorded in the same transaction
 * as its effect, so a repeat is acknowledged without effect. A correctly
 * signed event that cannot be applied (amount 0, negative, fractional or too
 * large, another currency, an unknown order or payment, a malformed entity) is
 * recorded with the reason, logged, and answered 200 — never 5xx, which
 * Razorpay would retry for a day and then disable the webhook. Only the
 * database being away or busy answers 503 (Razorpay retries). Refunds it
 * decides are sent after the answer.
 */
export async function handleWebhook(deps: Deps, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookAnswer> {
  const signature = headers['x-razorpay-signature'];
  if (!Buffer.isBuffer(rawBody) || !deps.payments.verifyWebhookSignature(rawBody, Array.isArray(signature) ? signature[0] : signature)) {
    return { status: 400, body: { message: 'The webhook signature is not valid.', code: 'INVALID_SIGNATURE' } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { status: 400, body: { message: 'The webhook body is not valid JSON.', code: 'BAD_REQUEST' } };
  }
  const body: WebhookBody = isObject(parsed) ? (parsed as WebhookBody) : {};
  const event = typeof body.event === 'string' ? cleanText(body.event).slice(0, 80) : 'unknown';
  const headerId = headers['x-razorpay-event-id'];
  const eventId =
    (typeof headerId === 'string' && headerId.length <= 100 && cleanText(headerId)) ||
    (typeof body.id === 'string' && cleanText(body.id).slice(0, 100)) ||
    `sha256:${crypto.createHash('sha256').update(rawBody).digest('hex')}`;
  const nowIso = deps.clock.now().toISOString();
  // jsonb takes no NUL and no lone surrogate, and numbers past its range; what is stored is the parsed event.
  const payload = JSON.stringify(parsed, (_k, v: unknown) => (typeof v === 'string' ? cleanText(v) : v)) ?? 'null';
  const problem = isObject(parsed) ? webhookProblem(event, body) : 'malformed';
  const log = (outcome: string, err?: unknown) => {
    if (NOT_APPLIED.has(outcome) || err)
      deps.log.warn({ err, eventId, event, outcome }, 'payment webhook: a signed event was recorded but not applied');
  };

  let result: { outcome: string; settlement: Settlement | null; subscriptionRefund?: string | null };
  try {
    result = await withTransactionRetry(deps, async (trx) => {
      const fresh = await repo.recordWebhookEvent(trx, { event_id: eventId, event_type: event, payload, received_at: nowIso });
      if (!fresh) return { outcome: 'duplicate', settlement: null as Settlement | null, subscriptionRefund: null };
      let outcome = 'ignored';
      let settlement: Settlement | null = null;
      let subscriptionRefund: string | null = null;
      if (problem) outcome = problem;
      // --- subscriptions hook: Razorpay Subscriptions events (automatic renewal).
      else if (event.startsWith('subscription.')) {
        outcome = await subscriptionWebhookInTransaction(deps, trx, event, body.payload as never);
      }
      // --- end subscriptions hook
      else if (event === 'refund.processed') {
        outcome = await refundProcessedInTransaction(deps, trx, body.payload?.refund?.entity, body.payload?.payment?.entity);
      } else if (HANDLED.has(event)) {
        const gp = gatewayPaymentFromWebhook(event, body.payload?.payment?.entity) as GatewayPayment;
        settlement = await settleInTransaction(deps, trx, gp, 'webhook');
        outcome = settlement.outcome;
        // --- subscriptions hook: a gateway order that is not an order's may be a subscription payment's.
        if (outcome === 'unknown_order') {
          const sub = await settleSubscriptionPayment(deps, trx, gp);
          if (sub.outcome !== 'not_ours') outcome = `subscription_${sub.outcome}`;
          subscriptionRefund = sub.refundId;
        }
        // --- end subscriptions hook
        // --- wallet hook: or a wallet top-up's.
        if (outcome === 'unknown_order') {
          const top = await settleTopUpInTransaction(deps, trx, gp);
          if (top.outcome !== 'not_ours') outcome = `wallet_${top.outcome}`;
          subscriptionRefund = top.refundId ?? subscriptionRefund;
        }
        // --- end wallet hook
      }
      await repo.finishWebhookEvent(trx, eventId, outcome, nowIso);
      return { outcome, settlement, subscriptionRefund };
    });
  } catch (err) {
    if (!isUnappliable(err)) throw err;
    // The event's data was refused while applying it: nothing of it was written. Record that, and acknowledge.
    const outcome = 'rejected';
    await withTransactionRetry(deps, async (trx) => {
      const stored = JSON.stringify({ unapplied: true, sha256: crypto.createHash('sha256').update(rawBody).digest('hex') });
      // (A parallel delivery of the same event that got recorded keeps its own outcome.)
      if (await repo.recordWebhookEvent(trx, { event_id: eventId, event_type: event, payload: stored, received_at: nowIso }))
        await repo.finishWebhookEvent(trx, eventId, outcome, nowIso);
    });
    log(outcome, err);
    return { status: 200, body: { ok: true, outcome } };
  }
  log(result.outcome);
  if (result.settlement) afterCommit(deps, result.settlement);
  if (result.subscriptionRefund) void sendPendingRefund(deps, result.subscriptionRefund);
  return { status: 200, body: { ok: true, outcome: result.outcome } };
}

// ---------- Refunds ----------
// The one refund path (decision 115): orders and subscriptions reserve a refund on the charge in
// their own transaction (reserveRefundInTransaction), it is sent after commit with its idempotency
// key (sendPendingRefund), the refund job retries what the gateway did not take, and an admin can
// retry one that finally failed (retryFailedRefund). Nothing else calls the gateway's refund.

/** The charge a refund is of: an order's payment or a subscription payment. */
export type RefundOf = repo.ChargeRef;
type RefundRequest = RefundOf & { amountPaise?: number; reason: string; idempotencyKey: string };

const chargeOf = (p: RefundOf): RefundOf =>
  'paymentId' in p
    ? { paymentId: p.paymentId }
    : 'walletTopUpId' in p
      ? { walletTopUpId: p.walletTopUpId }
      : { subscriptionPaymentId: p.subscriptionPaymentId };

/**
 * Refund (part of) a charge in its own transaction, then send it (the refund job retries a send
 * that fails). Used for the automatic refunds settlement decides.
 */
export async function refundPayment(deps: Deps, p: RefundRequest): Promise<repo.RefundRow> {
  const { refund } = await withTransactionRetry(deps, (trx) => reserveRefundInTransaction(deps, trx, p));
  if (refund.status === 'pending') await sendPendingRefund(deps, refund.id);
  return refund;
}

/**
 * The transactional half of a refund, for callers that refund as part of a
 * bigger change (an order cancelled, an admin refund with its audit entry, a
 * second subscription purchase): the same idempotency key answers the refund
 * it already made (`replayed`); otherwise the amount is reserved on the locked
 * charge row, never past what was paid, and the refund recorded as pending.
 * Send it after commit with sendPendingRefund (the refund job retries it too).
 */
export async function reserveRefundInTransaction(
  deps: Pick<Deps, 'clock'>,
  trx: Trx,
  p: RefundRequest,
): Promise<{ refund: repo.RefundRow; replayed: boolean }> {
  const existing = await repo.findRefundByKey(trx, p.idempotencyKey);
  if (existing) return { refund: existing, replayed: true };
  const ref = chargeOf(p);
  const charge = await repo.lockCharge(trx, ref);
  if (!charge) throw notFound('That payment');
  const left = refundableOf(charge.capturedPaise, charge.refundedPaise);
  const amount = p.amountPaise ?? left;
  if (left <= 0) throw new AppError('INVALID_STATE', 'This payment has already been refunded in full.');
  if (!charge.refundable) throw new AppError('INVALID_STATE', 'Only a paid payment can be refunded.');
  if (amount <= 0) throw new AppError('BAD_REQUEST', 'A refund must be more than zero.');
  const now = deps.clock.now().toISOString();
  if (!(await repo.reserveRefund(trx, ref, amount, now))) {
    throw new AppError('INVALID_STATE', `A refund cannot be more than what was paid: at most ${formatRupees(left)} can still be refunded.`, {
      details: { refundable: left },
    });
  }
  const row = await repo.insertRefund(trx, {
    payment_id: 'paymentId' in ref ? ref.paymentId : null,
    order_id: charge.orderId,
    subscription_payment_id: 'subscriptionPaymentId' in ref ? ref.subscriptionPaymentId : null,
    wallet_top_up_id: 'walletTopUpId' in ref ? ref.walletTopUpId : null,
    amount_paise: amount,
    idempotency_key: p.idempotencyKey,
    reason: p.reason,
    created_at: now,
  });
  if (!row) throw new AppError('CONFLICT', 'This refund is already being processed.');
  return { refund: row, replayed: false };
}

/**
 * Send a refund recorded by reserveRefundInTransaction, after its transaction committed. Never
 * throws: a gateway that fails leaves the refund pending (with the error, due again in a minute)
 * for the refund job.
 */
export async function sendPendingRefund(deps: Deps, refundId: string): Promise<void> {
  try {
    await sendRefund(deps, refundId);
  } catch (err) {
    deps.log.warn({ err, refundId }, 'refund not sent yet; the refund job will retry');
    await repo
      .markRefundError(deps.db, refundId, {
        error: err instanceof Error ? err.message : String(err),
        retryAfter: new Date(deps.clock.now().getTime() + 60_000).toISOString(),
        failed: false,
      })
      .catch((e: unknown) => deps.log.warn({ err: e, refundId }, 'refund: could not record the gateway error'));
  }
}

/** Every payment of an order (failed ones too), oldest first. */
export async function paymentsOfOrder(executor: Executor, orderId: string): Promise<repo.PaymentRow[]> {
  return (await repo.paymentsOfOrder(executor, orderId)).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The order's successful payment(s): what can be refunded. */
export async function successfulPaymentsOf(executor: Executor, orderId: string): Promise<repo.PaymentRow[]> {
  return (await paymentsOfOrder(executor, orderId)).filter((p) => isSuccess(p.status));
}

export function refundsOfOrder(executor: Executor, orderId: string): Promise<repo.RefundRow[]> {
  return repo.refundsOfOrder(executor, orderId);
}

export function refundsOfSubscriptionPayments(executor: Executor, subscriptionPaymentIds: readonly string[]): Promise<repo.RefundRow[]> {
  return repo.refundsOfSubscriptionPayments(executor, subscriptionPaymentIds);
}

/** A refund as the admin screens show it. */
export function toAdminRefund(r: repo.RefundRow): AdminRefund {
  return {
    id: r.id,
    amount: r.amount_paise,
    status: r.status,
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
    processedAt: r.processed_at ? new Date(r.processed_at).toISOString() : null,
    lastError: r.last_error,
  };
}

/** Send one pending refund to the gateway (idempotent by key) and record the answer. */
async function sendRefund(deps: Deps, refundId: string): Promise<void> {
  const r = await repo.refundToSend(deps.db, refundId);
  if (!r || r.status !== 'pending') return;
  if (!r.gateway_payment_id) throw new Error('The refunded payment has no gateway payment id');
  const answer = await deps.payments.refund({
    paymentId: r.gateway_payment_id,
    amountPaise: r.amount_paise,
    idempotencyKey: r.idempotency_key,
  });
  await withTransactionRetry(deps, async (trx) => {
    const now = deps.clock.now().toISOString();
    const sent = await repo.markRefundSent(trx, r.id, { gatewayRefundId: answer.id, processed: answer.status === 'processed', now });
    if (sent?.status === 'processed') await applyRefundToCharge(deps, trx, sent);
  });
}

type RefundRef = Pick<repo.RefundRow, 'payment_id' | 'subscription_payment_id' | 'wallet_top_up_id'>;
const refOfRefund = (r: RefundRef): RefundOf =>
  r.payment_id
    ? { paymentId: r.payment_id }
    : r.wallet_top_up_id
      ? { walletTopUpId: r.wallet_top_up_id }
      : { subscriptionPaymentId: r.subscription_payment_id! };
const refundRefOf = (ref: RefundOf): RefundRef => ({
  payment_id: 'paymentId' in ref ? ref.paymentId : null,
  subscription_payment_id: 'subscriptionPaymentId' in ref ? ref.subscriptionPaymentId : null,
  wallet_top_up_id: 'walletTopUpId' in ref ? ref.walletTopUpId : null,
});

/**
 * When every refund of a charge is processed and they cover it, the charge is refunded; if it
 * paid an order, so is the order. (A subscription keeps its periods: what a refund takes back
 * is the shop's choice, made where the refund is decided.)
 */
async function applyRefundToCharge(deps: Deps, trx: Trx, refund: RefundRef): Promise<void> {
  const ref = refOfRefund(refund);
  const charge = await repo.lockCharge(trx, ref);
  if (!charge) return;
  const processed = (await repo.refundsOfCharge(trx, ref)).filter((x) => x.status === 'processed').reduce((n, x) => n + x.amount_paise, 0);
  if (processed < charge.capturedPaise) return;
  if ('subscriptionPaymentId' in ref) return repo.markSubscriptionPaymentRefunded(trx, ref.subscriptionPaymentId);
  if ('walletTopUpId' in ref) return repo.markWalletTopUpRefunded(trx, ref.walletTopUpId);
  const payment = (await repo.lockPayment(trx, ref.paymentId))!;
  if (payment.status === 'refunded') return;
  const now = deps.clock.now().toISOString();
  const paidTheOrder = isSuccess(payment.status);
  await repo.updatePayment(trx, payment.id, { status: 'refunded', updated_at: now });
  if (paidTheOrder) await orders.markRefunded(trx, payment.order_id, now);
}

/** refund.processed webhook: mark our refund processed, or record one made outside the shop (Razorpay dashboard). */
async function refundProcessedInTransaction(
  deps: Deps,
  trx: Trx,
  refund: WebhookEntity | undefined,
  _payment: WebhookEntity | undefined,
): Promise<string> {
  if (!refund?.id || !refund.payment_id || typeof refund.amount !== 'number') return 'malformed';
  const ref = await repo.findChargeByGatewayId(trx, refund.payment_id);
  if (!ref) return 'unknown_payment';
  const now = deps.clock.now().toISOString();
  const ours = await repo.findRefundByGatewayId(trx, refund.id);
  if (ours) {
    await repo.markRefundProcessedByGatewayId(trx, refund.id, now);
  } else {
    const key = `gateway:${refund.id}`;
    if (!(await repo.findRefundByKey(trx, key))) {
      const charge = await repo.lockCharge(trx, ref);
      if (!charge || !(await repo.reserveRefund(trx, ref, refund.amount, now))) return 'refund_exceeds_payment';
      const row = await repo.insertRefund(trx, {
        payment_id: 'paymentId' in ref ? ref.paymentId : null,
        order_id: charge.orderId,
        subscription_payment_id: 'subscriptionPaymentId' in ref ? ref.subscriptionPaymentId : null,
        wallet_top_up_id: 'walletTopUpId' in ref ? ref.walletTopUpId : null,
        amount_paise: refund.amount,
        idempotency_key: key,
        reason: 'gateway',
        created_at: now,
      });
      if (row) await repo.markRefundSent(trx, row.id, { gatewayRefundId: refund.id, processed: true, now });
    }
  }
  await applyRefundToCharge(deps, trx, refundRefOf(ref));
  return 'refund_processed';
}

/**
 * POST /api/admin/refunds/{id}/retry — a refund the job gave up on (the gateway refused it five
 * times) is pending again under the SAME idempotency key, so the gateway never refunds twice; it is
 * sent at once and, if that fails too, the job retries it. Audited.
 */
export async function retryFailedRefund(deps: Deps, admin: AuthUser, id: string): Promise<AdminRefund> {
  await withTransactionRetry(deps, async (trx) => {
    const before = await repo.findRefund(trx, id, { lock: true });
    if (!before) throw notFound('That refund');
    if (before.status !== 'failed') {
      throw new AppError(
        'INVALID_STATE',
        before.status === 'processed' ? 'This refund has been made already.' : 'This refund is still being sent; the shop retries it on its own.',
      );
    }
    const now = deps.clock.now().toISOString();
    await repo.reopenFailedRefund(trx, id, now);
    await recordAudit(trx, admin, {
      action: 'refund.retry',
      entity: 'refund',
      entityId: id,
      before: { status: before.status, attempts: before.attempts, lastError: before.last_error },
      after: { status: 'pending' },
      at: now,
    });
  });
  await sendPendingRefund(deps, id);
  return toAdminRefund((await repo.findRefund(deps.db, id))!);
}

// ---------- Jobs ----------

/**
 * Job: online orders left pending (browser closed after paying, webhook lost)
 * and recently timed-out ones are settled by asking the gateway for their
 * payments. Orders are leased (reconcile_after) with SKIP LOCKED, so
 * instances share the work; settlement itself is idempotent.
 */
export async function reconcilePendingPayments(deps: Deps, opts: { minAgeMinutes?: number; limit?: number } = {}): Promise<number> {
  const ids = await orders.claimForReconcile(deps.db, reconcileWindow(deps, opts));
  let settled = 0;
  for (const orderId of ids) {
    try {
      settled += await settleFromGateway(deps, orderId, 'reconciler');
    } catch (err) {
      const level = err instanceof GatewayError ? 'warn' : 'error';
      deps.log[level]({ err, orderId }, 'reconciler could not settle an order; it will try again');
    }
  }
  return settled;
}

/** Asks the gateway about every attempt of an order and settles what it reports; the number of orders it confirmed. */
async function settleFromGateway(deps: Deps, orderId: string, source: string): Promise<number> {
  let settled = 0;
  for (const a of await repo.attemptsOfOrder(deps.db, orderId)) {
    if (a.gateway !== deps.payments.mode || !a.gateway_order_id) continue;
    const list = await deps.payments.fetchOrderPayments(a.gateway_order_id);
    // Successes first: a failure listed beside a success never marks the order failed.
    list.sort((x, y) => Number(isSuccess(y.status)) - Number(isSuccess(x.status)));
    for (const gp of list) {
      const s = await settle(deps, gp, source);
      if (s.outcome === 'confirmed' || s.outcome === 'reinstated') settled++;
    }
  }
  return settled;
}

/**
 * Before the 30-minute expiry cancels an order (decision 086): a payment the gateway holds but
 * whose webhook has not arrived confirms the order instead. 'unknown' when the gateway cannot
 * answer or an attempt is still being created; the expiry then asks again on its next run.
 */
export async function settleBeforeExpiry(deps: Deps, orderId: string): Promise<'paid' | 'unpaid' | 'unknown'> {
  const attempts = await repo.attemptsOfOrder(deps.db, orderId);
  if (attempts.some((a) => a.status === 'creating' && !a.lease_over)) return 'unknown';
  try {
    await settleFromGateway(deps, orderId, 'expiry check');
  } catch (err) {
    deps.log.warn({ err, orderId }, 'expiry: could not ask the gateway about an order; it will ask again');
    return 'unknown';
  }
  const paid = (await repo.paymentsOfOrder(deps.db, orderId)).some((p) => isSuccess(p.status));
  return paid ? 'paid' : 'unpaid';
}

/** Job: send refunds still pending (gateway down when they were decided). Leased with SKIP LOCKED. */
export async function processPendingRefunds(deps: Deps, limit = 20): Promise<number> {
  const now = deps.clock.now();
  const due = await repo.claimDueRefunds(deps.db, {
    now: now.toISOString(),
    leaseUntil: new Date(now.getTime() + 5 * 60_000).toISOString(),
    limit,
  });
  let sent = 0;
  for (const r of due) {
    try {
      await sendRefund(deps, r.id);
      sent++;
    } catch (err) {
      const permanent = err instanceof GatewayError && !err.retryable && r.attempts >= 5;
      await repo.markRefundError(deps.db, r.id, {
        error: err instanceof Error ? err.message : String(err),
        retryAfter: new Date(now.getTime() + Math.min(60, 2 ** r.attempts) * 60_000).toISOString(),
        failed: permanent,
      });
      deps.log.warn({ err, refundId: r.id }, 'refund not sent; will retry');
    }
  }
  return sent;
}

/** What the orders domain asks of payments (its port, server/domains/orders/order-payments.ts), wired in server/app.ts. */
export const paymentsForOrders: OrderPayments = {
  startPayment,
  settleBeforeExpiry,
  paymentsOfOrder,
  successfulPaymentsOf,
  refundsOfOrder,
  reserveRefundInTransaction,
  sendPendingRefund,
  toAdminRefund,
};

/** What the wallet asks of payments (its port, server/domains/wallet/wallet-payments.ts), wired in server/app.ts. */
export const paymentsForWallet: WalletPayments = {
  reserveRefundInTransaction,
  sendPendingRefund,
};

/** What the subscriptions domain asks of payments (its port, server/domains/subscriptions/subscription-payments.ts), wired in server/app.ts. */
export const paymentsForSubscriptions: SubscriptionPayments = {
  reserveRefundInTransaction,
  sendPendingRefund,
  refundsOfSubscriptionPayments,
  toAdminRefund,
};
