import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import { verifiedCheckoutPayment, type TestGateway } from '../../lib/payments';
import * as orders from '../orders/orders.service';
import type { OrderPayments } from '../orders/order-payments';
import type { SubscriptionPayments } from '../subscriptions/subscription-payments';
import { withTransactionRetry } from '../../lib/transaction-retry';
import * as repo from './payments.repository';
import type { WalletPayments } from '../wallet/wallet-payments';
import type { AutopayPayments } from '../autopay/autopay-payments';
import type { Order } from '../../../shared/schemas/orders';
import type { PaymentResult, PaymentStart, RetryPayment, TestCompleteInput, VerifyPaymentInput } from '../../../shared/schemas/payments';
import { settle, settleBeforeExpiry } from './payments.settle';
import {
  paymentsOfOrder,
  refundsOfOrder,
  refundsOfSubscriptionPayments,
  reserveRefundInTransaction,
  sendPendingRefund,
  successfulPaymentsOf,
  toAdminRefund,
} from './payments.refunds';

/**
 * The payments domain (decision 280): every charge is started, settled, reconciled and refunded
 * here. This file starts an order's payment and takes Checkout's callbacks; settling is
 * payments.settle.ts, refunds payments.refunds.ts, the webhook payments.webhook.ts.
 */
export { settle, reconcileCharges, reconcilePendingPayments, orderCharges } from './payments.settle';
export { processPendingRefunds, retryFailedRefund } from './payments.refunds';

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
  settle,
};

/** What the subscriptions domain asks of payments (its port, server/domains/subscriptions/subscription-payments.ts), wired in server/app.ts. */
/** What AutoPay asks of payments (its port, server/domains/autopay/autopay-payments.ts), wired in server/app.ts. */
export const paymentsForAutopay: AutopayPayments = { settle };

export const paymentsForSubscriptions: SubscriptionPayments = {
  reserveRefundInTransaction,
  sendPendingRefund,
  settle,
  refundsOfSubscriptionPayments,
  toAdminRefund,
};
