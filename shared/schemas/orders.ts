import { z } from 'zod';
import { Paise, Uuid } from './common';
import { PostalAddressSchema } from './addresses';
import { CartQuoteInputSchema } from './cart';
import { CustomRecipeSchema } from './builder';
import { SlotDate } from './slots';
import { CHECKOUT_METHODS, IDEMPOTENCY_KEY_RE, ORDER_STATUSES, PAYMENT_STATUSES } from '../rules/order-rules';

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const CheckoutMethodSchema = z.enum(CHECKOUT_METHODS, { message: "paymentMethod is 'razorpay', 'cod', 'free' or 'wallet'" });

export const IdempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_RE, 'The idempotency key is 8–100 letters, digits or - _ . : (a UUID is ideal)');

/**
 * POST /api/orders. The Idempotency-Key header (or `idempotencyKey` here, for
 * tRPC callers) makes a repeat return the same order. The cart is repriced on
 * the server: no amount a client sends is read.
 */
export const PlaceOrderInputSchema = CartQuoteInputSchema.extend({
  idempotencyKey: IdempotencyKeySchema.optional(),
  addressId: Uuid,
  slotId: Uuid,
  date: SlotDate,
  paymentMethod: CheckoutMethodSchema,
  /** 'subscription' books a subscriber-only slot (active Vitality / Elite subscribers). Default 'one_time'. */
  planType: z.enum(['one_time', 'subscription'], { message: "planType is 'one_time' or 'subscription'" }).optional(),
  /** The checkout's "Send my order updates on WhatsApp" box: opts the customer in when the order is placed (PRODUCT.md §18). */
  whatsappOptIn: z.boolean().optional(),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInputSchema>;

export const OrderIdInput = z.object({ id: Uuid });

export const OrderHistoryInput = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(50, 'pageSize is at most 50').default(10),
});
export type OrderHistoryInputT = z.infer<typeof OrderHistoryInput>;

export const OrderLineSchema = z.object({
  itemId: z.string(),
  type: z.enum(['signature', 'custom']),
  name: z.string(),
  image: z.string(),
  unitPrice: Paise,
  quantity: z.number().int(),
  lineTotal: Paise,
  isFreeUnit: z.boolean(),
  recipe: CustomRecipeSchema.nullable(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** What the customer agreed to pay, fixed at placement (priceBreakdown's output, stored). total = subtotal − freeUnitDiscount − couponDiscount − pointsDiscount + deliveryFee; gst is the part of total that is GST, and the invoice's CGST + SGST. */
export const PriceBreakdownSchema = z.object({
  subtotal: Paise,
  freeUnitDiscount: Paise,
  couponDiscount: Paise,
  pointsDiscount: Paise,
  deliveryFee: Paise,
  gst: Paise,
  gstRatePercent: z.number(),
  total: Paise,
});
export type PriceBreakdown = z.infer<typeof PriceBreakdownSchema>;

/** The delivery address as it was when the order was placed. */
export const OrderAddressSchema = PostalAddressSchema;
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

export const OrderEventSchema = z.object({
  status: OrderStatusSchema,
  actor: z.enum(['customer', 'admin', 'system', 'gateway']),
  note: z.string().nullable(),
  at: z.string(),
});

export const OrderSlotSchema = z.object({
  id: Uuid,
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  planType: z.string(),
});

export const OrderLabelsSchema = z.object({
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  cancelReason: z.string().nullable(),
});

export const OrderSchema = z.object({
  id: Uuid,
  number: z.string(),
  status: OrderStatusSchema,
  cancelReason: z.string().nullable(),
  paymentMethod: CheckoutMethodSchema,
  paymentStatus: PaymentStatusSchema,
  /** The instrument the gateway reported (upi, card, …), when known. */
  paidWith: z.string().nullable(),
  /** The spec's display words for status, payment status and method. */
  labels: OrderLabelsSchema,
  lines: z.array(OrderLineSchema),
  breakdown: PriceBreakdownSchema,
  couponCode: z.string().nullable(),
  pointsRedeemed: z.number().int(),
  /** Reward points this order earns when paid (COD: delivered); fixed at placement. */
  pointsToEarn: z.number().int(),
  address: OrderAddressSchema,
  slot: OrderSlotSchema,
  timeline: z.array(OrderEventSchema),
  placedAt: z.string(),
  confirmedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Unpaid online orders are cancelled at this time. */
  expiresAt: z.string().nullable(),
  /** An online order still waiting for payment: the shopper may (re)try. */
  canPay: z.boolean(),
  /** The GST tax invoice, once the order is paid (online) or delivered (cash on delivery, complimentary). */
  invoiceNumber: z.string().nullable(),
  /** Money returned for this order (paise): refunds processed, and refunds still on their way. */
  refund: z.object({ processed: Paise, pending: Paise }),
  /** Whether the customer may cancel right now; if not, why (a sentence), and the deadline for confirmed orders. */
  cancel: z.object({ allowed: z.boolean(), refusal: z.string().nullable(), deadline: z.string().nullable() }),
  /** Once out for delivery, to the customer only: the rider's first name, a call link, the delivery code, the window (PRODUCT.md §17). */
  delivery: z
    .object({
      riderFirstName: z.string().nullable(),
      riderCallUrl: z.string().nullable(),
      code: z.string(),
      window: z.object({ date: z.string(), startTime: z.string(), endTime: z.string() }),
    })
    .nullable()
    .optional(),
  /** The rider's photo at the door (decision 296), to the customer and staff: a signed link valid an hour or two. */
  deliveryPhoto: z
    .object({ url: z.string(), width: z.number().int(), height: z.number().int(), takenAt: z.string() })
    .nullable()
    .optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderSummarySchema = z.object({
  id: Uuid,
  number: z.string(),
  status: OrderStatusSchema,
  paymentMethod: CheckoutMethodSchema,
  paymentStatus: PaymentStatusSchema,
  labels: OrderLabelsSchema,
  total: Paise,
  itemCount: z.number().int(),
  itemNames: z.array(z.string()),
  slot: OrderSlotSchema,
  placedAt: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** Spec §7: orders and totalCount (and the X-Total-Count header). */
export const OrderHistorySchema = z.object({
  orders: z.array(OrderSummarySchema),
  totalCount: z.number().int(),
});
export type OrderHistory = z.infer<typeof OrderHistorySchema>;
