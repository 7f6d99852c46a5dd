import type { Selectable } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { Payments as PaymentsTable, Refunds as RefundsTable } from '../../../db/generated/database';
import type { Order } from '../../../shared/schemas/orders';
import type { AdminRefund, PaymentStart } from '../../../shared/schemas/payments';

/**
 * What the orders domain asks of payments (decision 046). Payments depends on orders — settling a
 * payment confirms, fails or refunds an order — so orders never imports payments: placement
 * (start the payment), cancellation (refund what was captured) and the admin desk (payments and
 * refunds of an order, a refund) go through this port, which the payments domain provides and the
 * app wires at start (`server/app.ts`). Plain values in and out.
 */
export interface OrderPayments {
  /**
   * The gateway order an online order is paid through: its open attempt, else a new one. One per
   * order whatever the concurrency (repeats of a placement on any instance get the same one).
   */
  startPayment(deps: AppDeps, order: Order, opts?: { contact?: { email: string; name: string } }): Promise<PaymentStart>;
  /**
   * Before the expiry cancels an order: asks the gateway about the order's attempts and settles any
   * payment it holds. 'paid' (the order is now paid), 'unpaid' (nothing paid: cancel), 'unknown'
   * (the gateway could not answer, or an attempt is still being created: ask again later).
   */
  settleBeforeExpiry(deps: AppDeps, orderId: string): Promise<'paid' | 'unpaid' | 'unknown'>;
  /** The order's payments, oldest first. */
  paymentsOfOrder(executor: Executor, orderId: string): Promise<Selectable<PaymentsTable>[]>;
  /** The order's successful payment(s): what can be refunded. */
  successfulPaymentsOf(executor: Executor, orderId: string): Promise<Selectable<PaymentsTable>[]>;
  refundsOfOrder(executor: Executor, orderId: string): Promise<Selectable<RefundsTable>[]>;
  /** Reserves a refund on a payment inside the caller's transaction (idempotent by key); sent after commit. */
  reserveRefundInTransaction(
    deps: Pick<AppDeps, 'clock'>,
    trx: Trx,
    p: { paymentId: string; amountPaise?: number; reason: string; idempotencyKey: string },
  ): Promise<{ refund: Selectable<RefundsTable>; replayed: boolean }>;
  /** Sends a reserved refund to the gateway, after the commit (the refund job retries what fails). */
  sendPendingRefund(deps: AppDeps, refundId: string): Promise<void>;
  /** A refund as the admin screens show it (orders and subscriptions alike). */
  toAdminRefund(r: Selectable<RefundsTable>): AdminRefund;
}

let provided: OrderPayments | null = null;

/** Called once at start by the app with the payments domain's implementation. */
export function provideOrderPayments(p: OrderPayments): void {
  provided = p;
}

export function orderPayments(): OrderPayments {
  if (!provided) throw new Error('The payments domain is not wired to orders: call provideOrderPayments at start (server/app.ts).');
  return provided;
}
