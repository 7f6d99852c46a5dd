import type { Selectable } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import type { Refunds as RefundsTable } from '../../../db/generated/database';
import type { GatewayPayment } from '../../lib/payments';

/**
 * What the wallet asks of payments (like subscriptions' port, subscription-payments.ts): the
 * payments domain settles top-ups from its webhook and so depends on the wallet; the wallet reaches
 * the one refund outbox (decision 115) through this port, which the app wires at start (server/app.ts).
 */
export interface WalletPayments {
  /** Reserves a refund of a top-up payment or an AutoPay refill inside the caller's transaction (idempotent by key); sent after commit. */
  reserveRefundInTransaction(
    deps: Pick<AppDeps, 'clock'>,
    trx: Trx,
    p: ({ walletTopUpId: string } | { autopayDebitId: string }) & { amountPaise?: number; reason: string; idempotencyKey: string },
  ): Promise<{ refund: Selectable<RefundsTable>; replayed: boolean }>;
  /** Sends a reserved refund after the commit; never throws (the refund job retries what fails). */
  sendPendingRefund(deps: AppDeps, refundId: string): Promise<void>;
  /** The one settle path (payments.settle.ts): finds the charge by its gateway order and applies the payment, then its after-commit work. */
  settle(deps: AppDeps, gp: GatewayPayment, source: string): Promise<{ outcome: string }>;
}

let provided: WalletPayments | null = null;

/** Called once at start by the app with the payments domain's implementation. */
export function provideWalletPayments(p: WalletPayments): void {
  provided = p;
}

export function walletPayments(): WalletPayments {
  if (!provided) throw new Error('The payments domain is not wired to the wallet: call provideWalletPayments at start (server/app.ts).');
  return provided;
}
