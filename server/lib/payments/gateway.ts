/**
 * What the shop needs from a payment gateway. Two implementations, chosen at
 * boot: Razorpay (keys configured) and the built-in test gateway. Amounts are
 * integer paise; every id is the gateway's.
 */
export type GatewayMode = 'razorpay' | 'test';

export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface GatewayPayment {
  id: string;
  gatewayOrderId: string;
  amountPaise: number;
  status: GatewayPaymentStatus;
  /** upi, card, netbanking, wallet, emi, paylater… as the gateway reports it. */
  method: string | null;
  errorCode: string | null;
  errorDescription: string | null;
}

export interface GatewayOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
}

export interface GatewayRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * Recurring charges (Razorpay Subscriptions): a plan, a subscription on it that the customer
 * authorises once (a mandate), then Razorpay charges each period and reports it by webhook.
 * Absent on the test gateway, which simulates renewals itself.
 */
export interface RecurringGateway {
  createPlan(p: { name: string; amountPaise: number; periodDays: number }): Promise<{ id: string }>;
  /** Charges start at `startAt`; the customer authorises the mandate at `authUrl`. */
  createSubscription(p: {
    planId: string;
    startAt: Date;
    totalCount: number;
    notes: Record<string, string>;
  }): Promise<{ id: string; authUrl: string | null }>;
  cancelSubscription(id: string): Promise<void>;
}

/**
 * UPI AutoPay (Razorpay recurring payments, decision 281): a customer at the gateway, an
 * authorisation order carrying the mandate's terms (maximum, frequency "as presented", expiry) that
 * the customer pays once in their UPI app, the token that payment gives, and later debits — a new
 * order each, charged with the token — and the token's cancellation (revoked at NPCI).
 */
export interface AutopayGateway {
  createCustomer(p: { name: string; email: string | null; contact: string | null }): Promise<{ id: string }>;
  createMandateOrder(p: { customerId: string; maxAmountPaise: number; expireAt: Date; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  /** The token an authorisation payment created (null while the bank has not confirmed it), and what it was authorised with. */
  tokenOfPayment(paymentId: string): Promise<{ tokenId: string | null; bank: string | null }>;
  /** Charges the token for a debit's order (created with createOrder); the payment's id. Settled by webhook or reconciler. */
  chargeToken(p: { customerId: string; tokenId: string; gatewayOrderId: string; amountPaise: number; email: string; contact: string; description: string }): Promise<{ paymentId: string }>;
  cancelToken(p: { customerId: string; tokenId: string }): Promise<void>;
}

export interface PaymentGateway {
  /** UPI AutoPay through the gateway (simulated in test mode). */
  readonly autopay: AutopayGateway;
  readonly mode: GatewayMode;
  /** Razorpay Subscriptions; undefined in test mode. */
  readonly recurring?: RecurringGateway;
  /** Public key for Checkout (Razorpay); null in test mode. */
  readonly keyId: string | null;
  createOrder(p: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** Constant-time check of Checkout's signature against a gateway order id we stored. */
  verifyPaymentSignature(p: { gatewayOrderId: string; paymentId: string; signature: unknown }): boolean;
  /** Constant-time check of a webhook's signature over its exact raw body. False when no webhook secret is set. */
  verifyWebhookSignature(rawBody: Buffer, signature: unknown): boolean;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** Refunds carry our idempotency key (sent as the refund receipt) so a retry never refunds twice. */
  refund(p: { paymentId: string; amountPaise: number; idempotencyKey: string; notes?: Record<string, string> }): Promise<GatewayRefund>;
}

/** A gateway call that did not complete. `retryable` for network trouble and 5xx. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly opts: { retryable: boolean; status?: number; code?: string; cause?: unknown },
  ) {
    super(message, { cause: opts.cause });
    this.name = 'GatewayError';
  }
  get retryable(): boolean {
    return this.opts.retryable;
  }
}
