import type { Selectable } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { Refunds as RefundsTable } from '../../../db/generated/database';
import type { GatewayPayment } from '../../lib/payments';
import type { AdminRefund } from '../../../shared/schemas/payments';

/**
 * What the subscriptions domain asks of payments (like orders' port, order-payments.ts): the
 * payments domain settles subscription payments and so depends on subscriptions; subscriptions
 * reaches the one refund outbox through this port, which the app wires at start (`server/app.ts`).
 */
export interface SubscriptionPayments {
  /** Reserves a refund of a subscription payment inside the caller's transaction (idempotent by key); sent after commit. */
  reserveRefundInTransaction(
    deps: Pick<AppDeps, 'clock'>,
    trx: Trx,
    p: ({ subscriptionPaymentId: string } | { autopayDebitId: string }) & { amountPaise?: number; reason: string; idempotencyKey: string },
  ): Promise<{ refund: Selectable<RefundsTable>; replayed: boolean }>;
  /** Sends a reserved refund after the commit; never throws (the refund job retries what fails). */
  sendPendingRefund(deps: AppDeps, refundId: string): Promise<void>;
  /** The one settle path (payments.settle.ts): finds the charge by its gateway order and applies the payment, then its after-commit work. */
  settle(deps: AppDeps, gp: GatewayPayment, source: string): Promise<{ outcome: string }>;
  /** The refunds of these subscription payments and renewal debits (ids of either). */
  refundsOfSubscriptionPayments(executor: Executor, chargeIds: readonly string[]): Promise<Selectable<RefundsTable>[]>;
  toAdminRefund(r: Selectable<RefundsTable>): AdminRefund;
}

let provided: SubscriptionPayments | null = null;

/** Called once at start by the app with the payments domain's implementation. */
export function provideSubscriptionPayments(p: SubscriptionPayments): void {
  provided = p;
}

export function subscriptionPayments(): SubscriptionPayments {
  if (!provided)
    throw new Error('The payments domain is not wired to subscriptions: call provideSubscriptionPayments at start (server/app.ts).');
  return provided;
}
