import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import { GatewayError, type GatewayPayment } from '../../lib/payments';
import { reconcileWindow } from '../../lib/payments/reconcile';
import { chargeKindHandler, chargeKindHandlers, type ChargeKind, type ChargeKindHandler, type ChargeSettled } from '../../lib/payments/charge-kinds';
import type { PaymentRowStatus } from '../../../db/column-types';
import * as orders from '../orders/orders.service';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { kickNotices } from '../notifications/notify.service';
import { kickMail } from '../../lib/mail';
import * as repo from './payments.repository';
import * as charges from './charges.repository';
import * as invoices from '../invoices/invoices.service';
import { publishOrderEvent } from '../orders/order-events';
import { paymentMethodLabel } from '../../../shared/rules/payment-labels';
import { refundPayment } from './payments.refunds';

/**
 * Settling charges (decision 280): an online order's payment (the one place a payment changes an
 * order), the one settle path every kind goes through, and the one reconciler.
 */
type Deps = AppDeps;

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

/** After an order's settlement commits: notices, the failure mail, automatic refunds, open order pages. */
function afterOrderCommit(deps: Deps, s: Settlement): void {
  if (s.outcome === 'confirmed' || s.outcome === 'reinstated' || s.outcome === 'failed') kickNotices(deps);
  if (s.outcome === 'failed') void kickMail(deps);
  for (const paymentId of s.refunds) {
    void refundPayment(deps, { paymentId, reason: s.outcome, idempotencyKey: `auto:${paymentId}` }).catch((err) =>
      deps.log.error({ err, paymentId }, 'automatic refund could not be recorded; the reconciler will retry'),
    );
  }
  // Open order pages update without a reload.
  if (s.orderId && (s.outcome === 'confirmed' || s.outcome === 'reinstated' || s.outcome === 'failed'))
    publishOrderEvent(deps, { orderId: s.orderId, status: s.outcome });
}

/**
 * Orders' charges. Their settlement lives in payments (payments depends on orders, decision 046)
 * but is registered like every other kind's, so the one settle path knows no kind by name.
 */
export const orderCharges: ChargeKindHandler = {
  outcomePrefix: '',
  async settleInTransaction(deps, trx, gp, source) {
    const s = await settleInTransaction(deps, trx, gp, source);
    return { outcome: s.outcome, afterCommit: (d) => afterOrderCommit(d, s) };
  },
  reconcile: (deps, opts) => reconcilePendingPayments(deps, opts),
};

// ---------- The one settle path, for every kind of charge ----------

export interface ChargeSettlement extends ChargeSettled {
  /** The kind of the charge the payment was for; null when no charge has its gateway order. */
  kind: ChargeKind | null;
}

/**
 * What the gateway says about one payment, applied to its charge inside the caller's transaction:
 * the charge is found by its gateway order id in one statement (the charges view), whatever its
 * kind, and its kind's handler applies it. The webhook, the browser callbacks, test mode and the
 * reconciler all come through here.
 */
export async function settleChargeInTransaction(deps: Deps, trx: Trx, gp: GatewayPayment, source: string): Promise<ChargeSettlement> {
  const charge = await charges.kindOfGatewayOrder(trx, gp.gatewayOrderId);
  if (!charge) return { kind: null, outcome: 'unknown_order' };
  const r = await chargeKindHandler(charge.kind).settleInTransaction(deps, trx, gp, source);
  return { kind: charge.kind, ...r };
}

/** Settle in its own transaction, then do what it decided for after the commit (refunds, notices). */
export async function settle(deps: Deps, gp: GatewayPayment, source: string): Promise<{ kind: ChargeKind | null; outcome: string }> {
  const s = await withTransactionRetry(deps, (trx) => settleChargeInTransaction(deps, trx, gp, source));
  await s.afterCommit?.(deps);
  return { kind: s.kind, outcome: s.outcome };
}


// ---------- Reconciling ----------

/**
 * Job (the one reconciler, `payments.reconcile`): every kind's unsettled charges are asked about at
 * the gateway, each kind under its own lease (SKIP LOCKED), so instances share the work and a kind
 * whose gateway call fails never holds up the others. Settlement is the same idempotent path.
 */
export async function reconcileCharges(deps: Deps, opts: { minAgeMinutes?: number; limit?: number } = {}): Promise<number> {
  let settled = 0;
  for (const [kind, handler] of chargeKindHandlers()) {
    try {
      settled += await handler.reconcile(deps, opts);
    } catch (err) {
      deps.log.error({ err, kind }, 'reconciler could not go through one kind of charge; it will try again');
    }
  }
  return settled;
}

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
