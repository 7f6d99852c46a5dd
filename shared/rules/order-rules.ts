/**
 * Pure order rules shared by the server (which enforces them) and the client
 * (which only uses them to explain choices). Amounts are integer paise.
 */
import { orderPaymentStatusLabel, paymentMethodLabel } from './payment-labels';

/** Every status an order can hold; placement writes the first two, the orders work adds the rest. */
export const ORDER_STATUSES = ['pending_payment', 'confirmed', 'preparing', 'out_for_delivery', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Forward moves, and one step back: a batch undone in the kitchen (until it is Ready) takes its
 * preparing orders back to confirmed (decision 264; the admin desk itself only moves forward,
 * order-lifecycle.ts#adminMoveRefusal). `cancelled` is terminal and carries a reason.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['confirmed', 'cancelled'],
  confirmed: ['preparing', 'cancelled'],
  preparing: ['out_for_delivery', 'cancelled', 'confirmed'],
  out_for_delivery: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  preparing: 'Preparing',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

/** Why an order was cancelled; the orders work adds customer/admin reasons. */
export const CANCEL_REASON_LABELS: Record<string, string> = {
  payment_timeout: 'Payment was not completed within 30 minutes',
  customer_request: 'Cancelled at your request',
  admin: 'Cancelled by Hydro Shakes',
};
export function cancelReasonLabel(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return CANCEL_REASON_LABELS[reason] ?? reason;
}

/**
 * Payment status of an order: the spec's values (pending, completed, failed,
 * paid, successful) plus `refunded`. We write pending / paid / failed /
 * completed (complimentary) / refunded; `successful` is accepted for display.
 */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'paid', 'successful', 'refunded'] as const;

/** What a shopper chooses at checkout. Razorpay covers UPI, cards, netbanking, wallets, EMI and pay later. */
export const CHECKOUT_METHODS = ['razorpay', 'cod', 'free', 'wallet'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** An unpaid online order is cancelled after this long and its slot released. */
export const PAYMENT_TIMEOUT_MINUTES = 30;

/** `HS-` + 6 digits, from a database sequence starting at 100001. */
export const ORDER_NUMBER_RE = /^HS-\d{6}$/;
export function formatOrderNumber(n: number): string {
  return `HS-${String(n).padStart(6, '0')}`;
}

/** Idempotency-Key: 8–100 characters of letters, digits and - _ . : (a UUID fits). */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9._:-]{8,100}$/;

export interface MethodChoice {
  method: CheckoutMethod;
  available: boolean;
  /** Why it is not available, in a sentence a shopper understands (null when available). */
  reason: string | null;
}

/**
 * Which methods a cart may use, from the SERVER total. COD only up to the COD
 * limit and never for a subscription purchase; `free` only (and then the only
 * method) when the total is 0.
 */
export function checkoutMethods(p: {
  totalPaise: number;
  codLimitPaise: number;
  isSubscription?: boolean;
  /**
   * The customer's wallet balance (decision 165). Undefined where it is not known (a guest, or the
   * server's method check, where the wallet charge itself decides in the placing statement).
   */
  walletBalancePaise?: number;
  formatRupees: (paise: number) => string;
}): MethodChoice[] {
  const free = p.totalPaise === 0;
  const walletShort = p.walletBalancePaise !== undefined && p.walletBalancePaise < p.totalPaise;
  return [
    {
      method: 'razorpay',
      available: !free,
      reason: free ? 'Nothing to pay: this order is complimentary.' : null,
    },
    {
      method: 'cod',
      available: !free && !p.isSubscription && p.totalPaise <= p.codLimitPaise,
      reason: free
        ? 'Nothing to pay: this order is complimentary.'
        : p.isSubscription
          ? 'Cash on delivery is not available for subscriptions.'
          : p.totalPaise > p.codLimitPaise
            ? `Cash on delivery is available for orders up to ${p.formatRupees(p.codLimitPaise)}.`
            : null,
    },
    {
      method: 'free',
      available: free,
      reason: free ? null : 'Complimentary checkout is only for orders with nothing to pay.',
    },
    {
      method: 'wallet',
      available: !free && !p.isSubscription && !walletShort,
      reason: free
        ? 'Nothing to pay: this order is complimentary.'
        : p.isSubscription
          ? 'Subscriptions are paid online.'
          : walletShort
            ? `Your wallet has ${p.formatRupees(p.walletBalancePaise!)}; this order needs ${p.formatRupees(p.totalPaise)}. Top up your wallet in your profile.`
            : null,
    },
  ];
}

/** The server's refusal for a method, or null when allowed. */
export function methodRefusal(method: CheckoutMethod, p: Parameters<typeof checkoutMethods>[0]): string | null {
  const choice = checkoutMethods(p).find((c) => c.method === method);
  return !choice ? 'Choose a payment method.' : choice.available ? null : choice.reason;
}

/** The display words of an order (status, payment, method, cancel reason): the same on every screen. */
export function orderLabels(o: { status: string; payment_status: string; payment_method: string; paid_with: string | null; cancel_reason: string | null }) {
  return {
    status: orderStatusLabel(o.status),
    paymentStatus: orderPaymentStatusLabel(o.status, o.payment_status),
    paymentMethod: paymentMethodLabel(o.paid_with ?? o.payment_method),
    cancelReason: cancelReasonLabel(o.cancel_reason),
  };
}
