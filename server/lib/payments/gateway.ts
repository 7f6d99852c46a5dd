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

export interface PaymentGateway {
  readonly mode: GatewayMode;
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
