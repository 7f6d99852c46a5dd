import type { Executor } from '../../../db/database';
import type { ChargeRefundHooks } from '../../lib/payments/charge-kinds';
import type { WalletAutopay } from '../wallet/wallet-autopay';
import type { RenewalDebit } from '../subscriptions/subscriptions.autopay';
import * as repo from './autopay.repository';

/**
 * Refunds of AutoPay debits (decision 282): a debit is a charge like any other, refunded through the
 * one refund outbox in payments, which reaches the debit's row through these hooks (registered with
 * the kind at start, server/app.ts). A refund is reserved on the locked debit, never past what the
 * gateway captured; once the gateway has made refunds covering the capture, the debit is refunded.
 * What the money was for keeps what it bought: the wallet was already debited by the balance
 * refund that gave it back; a renewal's period stays, as a refunded subscription payment's does
 * (the shop cancels the subscription if it means to).
 */
export const debitRefundHooks: ChargeRefundHooks = {
  async lock(trx, id) {
    const d = await repo.lockDebit(trx, id);
    return d && { id: d.id, capturedPaise: d.captured_paise ?? 0, refundedPaise: d.refunded_paise, refundable: d.status === 'paid' };
  },
  reserve: (trx, id, amountPaise, now) => repo.reserveDebitRefund(trx, id, amountPaise, now),
  refundedInFull: (deps, trx, id) => repo.markDebitRefunded(trx, id, deps.clock.now().toISOString()),
};

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** What the wallet asks of AutoPay for "refund my balance" (decision 283): its refills, as it asks payments for top-ups. */
export const autopayForWallet: WalletAutopay = {
  async refundableRefills(trx, userId) {
    return (await repo.refundableRechargeDebits(trx, userId)).map((d) => ({
      id: d.id,
      capturedPaise: d.captured_paise ?? 0,
      refundedPaise: d.refunded_paise,
      paidAt: iso(d.paid_at)!,
    }));
  },
  refundableTotal: (db: Executor, userId: string) => repo.rechargeRefundable(db, userId),
};

/** The debits that renewed a subscription, as the subscriptions desk lists them beside its payments (decision 284). */
export async function renewalDebitsOf(db: Executor, subscriptionId: string): Promise<RenewalDebit[]> {
  return (await repo.renewalDebitsOf(db, subscriptionId)).map((d) => ({
    id: d.id,
    amountPaise: d.amount_paise,
    capturedPaise: d.captured_paise ?? 0,
    refundedPaise: d.refunded_paise,
    status: d.status === 'paid' || d.status === 'failed' || d.status === 'refunded' ? d.status : 'created',
    provider: d.provider,
    gatewayOrderId: d.gateway_order_id!,
    gatewayPaymentId: d.gateway_payment_id,
    createdAt: iso(d.created_at)!,
    paidAt: iso(d.paid_at),
  }));
}
