import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { GatewayError } from '../../lib/payments';
import * as orders from '../orders/orders.service';
import { withTransactionRetry } from '../../lib/transaction-retry';
import * as repo from './payments.repository';
import { formatRupees, refundableOf } from '../../../shared/rules/money';
import { recordAudit } from '../audit/audit.service';
import type { AdminRefund } from '../../../shared/schemas/payments';
import { chargeKindHandler, type ChargeRefundHooks } from '../../lib/payments/charge-kinds';

type Deps = AppDeps;

const isSuccess = (s: string) => s === 'authorized' || s === 'captured';

/** A refund entity of a signed refund.processed webhook (checked for shape before it gets here). */
export type RefundEntity = { id?: string; payment_id?: string; amount?: number };

// ---------- Refunds ----------
// The one refund path (decision 115): orders and subscriptions reserve a refund on the charge in
// their own transaction (reserveRefundInTransaction), it is sent after commit with its idempotency
// key (sendPendingRefund), the refund job retries what the gateway did not take, and an admin can
// retry one that finally failed (retryFailedRefund). Nothing else calls the gateway's refund.

/** The charge a refund is of: an order's payment, a subscription payment, a wallet top-up or an AutoPay debit. */
export type RefundOf = repo.ChargeRef;
type RefundRequest = RefundOf & { amountPaise?: number; reason: string; idempotencyKey: string };

const chargeOf = (p: RefundOf): RefundOf =>
  'paymentId' in p
    ? { paymentId: p.paymentId }
    : 'walletTopUpId' in p
      ? { walletTopUpId: p.walletTopUpId }
      : 'autopayDebitId' in p
        ? { autopayDebitId: p.autopayDebitId }
        : { subscriptionPaymentId: p.subscriptionPaymentId };

/** An AutoPay debit's refund hooks, registered by the domain that owns debits (server/domains/autopay/autopay.refunds.ts). */
const debitRefunds = (): ChargeRefundHooks => {
  const h = chargeKindHandler('autopay_debit').refunds;
  if (!h) throw new Error('AutoPay debits have no refund hooks: register them with the kind at start (server/app.ts).');
  return h;
};

/** The charge's row, locked: the kinds payments keeps, or the debit through its owner's hook. */
async function lockCharge(trx: Trx, ref: RefundOf): Promise<repo.LockedCharge | undefined> {
  if (!('autopayDebitId' in ref)) return repo.lockCharge(trx, ref);
  const c = await debitRefunds().lock(trx, ref.autopayDebitId);
  return c && { ...c, orderId: null };
}

const reserveRefund = (trx: Trx, ref: RefundOf, amount: number, now: string): Promise<boolean> =>
  'autopayDebitId' in ref ? debitRefunds().reserve(trx, ref.autopayDebitId, amount, now) : repo.reserveRefund(trx, ref, amount, now);

/** The refund row's columns naming its charge (exactly one is set). */
const refundColumnsOf = (ref: RefundOf) => ({
  payment_id: 'paymentId' in ref ? ref.paymentId : null,
  subscription_payment_id: 'subscriptionPaymentId' in ref ? ref.subscriptionPaymentId : null,
  wallet_top_up_id: 'walletTopUpId' in ref ? ref.walletTopUpId : null,
  autopay_debit_id: 'autopayDebitId' in ref ? ref.autopayDebitId : null,
});

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
  const charge = await lockCharge(trx, ref);
  if (!charge) throw notFound('That payment');
  const left = refundableOf(charge.capturedPaise, charge.refundedPaise);
  const amount = p.amountPaise ?? left;
  if (left <= 0) throw new AppError('INVALID_STATE', 'This payment has already been refunded in full.');
  if (!charge.refundable) throw new AppError('INVALID_STATE', 'Only a paid payment can be refunded.');
  if (amount <= 0) throw new AppError('BAD_REQUEST', 'A refund must be more than zero.');
  const now = deps.clock.now().toISOString();
  if (!(await reserveRefund(trx, ref, amount, now))) {
    throw new AppError('INVALID_STATE', `A refund cannot be more than what was paid: at most ${formatRupees(left)} can still be refunded.`, {
      details: { refundable: left },
    });
  }
  const row = await repo.insertRefund(trx, {
    ...refundColumnsOf(ref),
    order_id: charge.orderId,
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

type RefundRef = Pick<repo.RefundRow, 'payment_id' | 'subscription_payment_id' | 'wallet_top_up_id' | 'autopay_debit_id'>;
const refOfRefund = (r: RefundRef): RefundOf =>
  r.payment_id
    ? { paymentId: r.payment_id }
    : r.wallet_top_up_id
      ? { walletTopUpId: r.wallet_top_up_id }
      : r.autopay_debit_id
        ? { autopayDebitId: r.autopay_debit_id }
        : { subscriptionPaymentId: r.subscription_payment_id! };

/**
 * When every refund of a charge is processed and they cover it, the charge is refunded; if it
 * paid an order, so is the order. (A subscription keeps its periods: what a refund takes back
 * is the shop's choice, made where the refund is decided.)
 */
async function applyRefundToCharge(deps: Deps, trx: Trx, refund: RefundRef): Promise<void> {
  const ref = refOfRefund(refund);
  const charge = await lockCharge(trx, ref);
  if (!charge) return;
  const processed = (await repo.refundsOfCharge(trx, ref)).filter((x) => x.status === 'processed').reduce((n, x) => n + x.amount_paise, 0);
  if (processed < charge.capturedPaise) return;
  if ('subscriptionPaymentId' in ref) return repo.markSubscriptionPaymentRefunded(trx, ref.subscriptionPaymentId);
  if ('walletTopUpId' in ref) return repo.markWalletTopUpRefunded(trx, ref.walletTopUpId);
  if ('autopayDebitId' in ref) return debitRefunds().refundedInFull(deps, trx, ref.autopayDebitId);
  const payment = (await repo.lockPayment(trx, ref.paymentId))!;
  if (payment.status === 'refunded') return;
  const now = deps.clock.now().toISOString();
  const paidTheOrder = isSuccess(payment.status);
  await repo.updatePayment(trx, payment.id, { status: 'refunded', updated_at: now });
  if (paidTheOrder) await orders.markRefunded(trx, payment.order_id, now);
}

/** refund.processed webhook: mark our refund processed, or record one made outside the shop (Razorpay dashboard). */
export async function refundProcessedInTransaction(
  deps: Deps,
  trx: Trx,
  refund: RefundEntity | undefined,
  _payment: unknown,
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
      const charge = await lockCharge(trx, ref);
      if (!charge || !(await reserveRefund(trx, ref, refund.amount, now))) return 'refund_exceeds_payment';
      const row = await repo.insertRefund(trx, {
        ...refundColumnsOf(ref),
        order_id: charge.orderId,
        amount_paise: refund.amount,
        idempotency_key: key,
        reason: 'gateway',
        created_at: now,
      });
      if (row) await repo.markRefundSent(trx, row.id, { gatewayRefundId: refund.id, processed: true, now });
    }
  }
  await applyRefundToCharge(deps, trx, refundColumnsOf(ref));
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
