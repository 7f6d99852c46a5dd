import { z } from 'zod';
import { Paise, Uuid } from './common';
import { OrderSchema } from './orders';

/** What the browser needs to collect a payment for an order. */
export const PaymentStartSchema = z.object({
  mode: z.enum(['razorpay', 'test']),
  /** Razorpay's order id (order_…) or the test gateway's. */
  gatewayOrderId: z.string(),
  amount: Paise,
  currency: z.literal('INR'),
  /** Razorpay key id for Checkout; null in test mode. */
  keyId: z.string().nullable(),
  orderNumber: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});
export type PaymentStart = z.infer<typeof PaymentStartSchema>;

/** POST /api/orders answer: the order, and how to pay it when it is an online order waiting for payment. */
export const PlacedOrderSchema = z.object({
  order: OrderSchema,
  payment: PaymentStartSchema.nullable(),
  /** True when this answer repeats an earlier request with the same idempotency key. */
  replayed: z.boolean(),
});
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;

const gatewayId = (label: string) => z.string().min(1, `${label} is required`).max(64, `${label} is at most 64 characters`);

/** POST /api/payment/verify: what Razorpay Checkout hands the browser on success. */
export const VerifyPaymentInputSchema = z.object({
  orderId: Uuid,
  razorpay_order_id: gatewayId('razorpay_order_id'),
  razorpay_payment_id: gatewayId('razorpay_payment_id'),
  razorpay_signature: z.string().min(1, 'razorpay_signature is required').max(256, 'razorpay_signature is at most 256 characters'),
});
export type VerifyPaymentInput = z.infer<typeof VerifyPaymentInputSchema>;

/** POST /api/payment/test/complete (test payment mode only). */
export const TestCompleteInputSchema = z.object({
  orderId: Uuid,
  outcome: z.enum(['success', 'failure'], { message: "outcome is 'success' or 'failure'" }),
});
export type TestCompleteInput = z.infer<typeof TestCompleteInputSchema>;

export const PaymentResultSchema = z.object({ order: OrderSchema });
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const RetryPaymentSchema = z.object({ order: OrderSchema, payment: PaymentStartSchema });
export type RetryPayment = z.infer<typeof RetryPaymentSchema>;

/** A refund as the admin screens show it (orders and subscriptions alike). */
export const AdminRefundSchema = z.object({
  id: Uuid,
  amount: Paise,
  /** pending: on its way (the shop retries a gateway that fails); processed: made; failed: the gateway refused it — retry from the admin. */
  status: z.enum(['pending', 'processed', 'failed']),
  reason: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;
export const RefundIdInputSchema = z.object({ id: Uuid });

/** The kinds of charge and their statuses (decision 280), one list for the API and the admin screens. */
export const CHARGE_KIND_VALUES = ['order', 'subscription', 'wallet_topup', 'autopay_debit'] as const;
export const CHARGE_STATUS_VALUES = ['pending', 'paid', 'failed', 'refunded', 'abandoned'] as const;

export const AdminChargesInputSchema = z.object({
  kind: z.enum(CHARGE_KIND_VALUES).optional(),
  status: z.enum(CHARGE_STATUS_VALUES).optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(100, 'pageSize is at most 100').default(20),
});
export type AdminChargesInput = z.infer<typeof AdminChargesInputSchema>;

/** One charge: every rupee the shop asked for, whatever it paid for. */
export const AdminChargeSchema = z.object({
  id: Uuid,
  kind: z.enum(CHARGE_KIND_VALUES),
  /** Who takes the money: razorpay, test (test payment mode), cod (cash on delivery), wallet. */
  provider: z.string(),
  /** pending: not paid yet; paid; failed; refunded (in full); abandoned: the gateway order was never made. */
  status: z.enum(CHARGE_STATUS_VALUES),
  amount: Paise,
  /** What the gateway (or the rider, or the wallet) took. */
  captured: Paise,
  /** Refunds reserved or made on it; never more than captured. */
  refunded: Paise,
  customerId: Uuid,
  customerEmail: z.string().nullable(),
  orderId: Uuid.nullable(),
  subscriptionId: Uuid.nullable(),
  gatewayOrderId: z.string().nullable(),
  gatewayPaymentId: z.string().nullable(),
  method: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminCharge = z.infer<typeof AdminChargeSchema>;
export const AdminChargesPageSchema = z.object({ charges: z.array(AdminChargeSchema), totalCount: z.number().int() });
export type AdminChargesPage = z.infer<typeof AdminChargesPageSchema>;
