import { formatRupees } from './money';
import type { AdminCharge } from '../schemas/payments';
import type { AdminSubscriptionDetail } from '../schemas/subscriptions';

/**
 * The spec's "Payment display" (§4): one function per label, used by every
 * screen (order detail, history, admin) so the words never drift apart.
 */

const STATUS_LABELS: Record<string, string> = {
  pending: 'Payment Pending',
  completed: 'Payment Successful',
  paid: 'Payment Successful',
  successful: 'Payment Successful',
  failed: 'Payment Failed',
};

const METHOD_LABELS: Record<string, string> = {
  upi: 'UPI',
  debit_card: 'Debit Card',
  credit_card: 'Credit Card',
  card: 'Card Payment',
  netbanking: 'Net Banking',
  wallet: 'Wallet',
  emi: 'EMI',
  paylater: 'Pay Later',
  cod: 'Cash on Delivery',
  free: 'Complimentary',
  razorpay: 'Online Payment',
};

/** "refunded" → "Refunded", "partially_refunded" → "Partially refunded". */
function capitalise(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** pending → Payment Pending; completed/paid/successful → Payment Successful; failed → Payment Failed; unknown → capitalised; empty → Payment Pending. */
export function paymentStatusLabel(status: string | null | undefined): string {
  const key = (status ?? '').trim().toLowerCase();
  if (!key) return STATUS_LABELS.pending;
  return STATUS_LABELS[key] ?? capitalise((status ?? '').trim());
}

/** The spec's method labels; razorpay and anything else unknown read "Online Payment". */
export function paymentMethodLabel(method: string | null | undefined): string {
  const key = (method ?? '').trim().toLowerCase();
  return METHOD_LABELS[key] ?? 'Online Payment';
}

/** Tone for a status badge: success, danger or neutral. */
export function paymentStatusTone(status: string | null | undefined): 'success' | 'danger' | 'neutral' {
  const label = paymentStatusLabel(status);
  if (label === 'Payment Successful') return 'success';
  if (label === 'Payment Failed') return 'danger';
  return 'neutral';
}

/**
 * The admin list's payment filter: each stored status once, worded with the labels above. "paid" and
 * "completed" both read Payment Successful, so the option says which orders each one holds.
 */
export function paymentFilterOptions(): { value: 'pending' | 'paid' | 'completed' | 'failed' | 'refunded'; label: string }[] {
  return [
    { value: 'pending', label: paymentStatusLabel('pending') },
    { value: 'paid', label: `${paymentStatusLabel('paid')} (paid orders)` },
    { value: 'completed', label: `${paymentStatusLabel('completed')} (free orders)` },
    { value: 'failed', label: paymentStatusLabel('failed') },
    { value: 'refunded', label: paymentStatusLabel('refunded') },
  ];
}

/** A cancelled order that was never paid owes nothing: it does not read "Payment Pending". */
export const NOT_CHARGED_LABEL = 'Not charged';

/** The payment status of an order as shown: the spec's label, except an unpaid cancelled order reads "Not charged". */
export function orderPaymentStatusLabel(orderStatus: string, paymentStatus: string | null | undefined): string {
  const key = (paymentStatus ?? '').trim().toLowerCase();
  if (orderStatus === 'cancelled' && (key === '' || key === 'pending' || key === 'failed')) return NOT_CHARGED_LABEL;
  return paymentStatusLabel(paymentStatus);
}

/**
 * A delivery stop's money, as the desk's deliveries page and the rider's card show it: cash on
 * delivery reads "Cash due ₹627" until the rider records it, then "Cash ₹627 collected" (with what is
 * still due when short); a paid order that is not cash says it was paid online; a free one is
 * complimentary; anything not yet paid reads the spec's status label.
 */
export function deliveryPaymentLabel(p: { method: string | null; status: string | null; total: number; cashCollected: number | null }): string {
  const paid = paymentStatusLabel(p.status) === 'Payment Successful';
  if ((p.method ?? '').trim().toLowerCase() === 'cod') {
    const cash = p.cashCollected ?? (paid ? p.total : null);
    if (cash === null) return `Cash due ${formatRupees(p.total)}`;
    const short = paid ? 0 : p.total - cash;
    return short > 0 ? `Cash ${formatRupees(cash)} collected, ${formatRupees(short)} due` : `Cash ${formatRupees(cash)} collected`;
  }
  if (!paid) return paymentStatusLabel(p.status);
  return paymentMethodLabel(p.method) === 'Complimentary' ? 'Complimentary' : 'Paid online';
}

/** What a charge paid for (decision 280), as /admin/charges names its kinds. */
export const CHARGE_KIND_LABELS: Record<AdminCharge['kind'], string> = {
  order: 'Order',
  subscription: 'Subscription',
  wallet_topup: 'Wallet top-up',
  autopay_debit: 'AutoPay debit',
};

const SUBSCRIPTION_PAYMENT_KINDS: Record<AdminSubscriptionDetail['payments'][number]['kind'], string> = {
  purchase: 'Purchase',
  renewal: 'Renewal',
  auto_renewal: 'Automatic renewal',
  autopay_renewal: 'AutoPay renewal',
};

/** A subscription's payment as the subscriptions desk names it: a renewal through UPI AutoPay reads "AutoPay renewal" (decision 284). */
export function subscriptionPaymentKindLabel(kind: AdminSubscriptionDetail['payments'][number]['kind']): string {
  return SUBSCRIPTION_PAYMENT_KINDS[kind];
}
