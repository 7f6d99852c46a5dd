import { z } from 'zod';
import { Paise, Uuid } from './common';
import {
  IdempotencyKeySchema,
  OrderSchema,
  OrderSummarySchema,
  OrderSlotSchema,
  OrderStatusSchema,
  PaymentStatusSchema,
  CheckoutMethodSchema,
} from './orders';
import { CustomRecipeSchema } from './builder';
import { SlotDate } from './slots';
import { AdminRefundSchema } from './payments';

// Control characters are refused in free text (they break logs, CSV and e-mails).
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const reasonText = (max: number) =>
  z
    .string()
    .trim()
    .min(3, 'Please give a reason (at least 3 characters)')
    .max(max, `The reason is at most ${max} characters`)
    .regex(NO_CONTROL, 'The reason has invalid characters');

// ---------- Customer ----------

/** POST /api/orders/{id}/cancel */
export const CancelOrderInputSchema = z.object({
  id: Uuid,
  reason: reasonText(300).optional(),
});
export type CancelOrderInput = z.infer<typeof CancelOrderInputSchema>;

/** The history's summary of an order, without its payment fields, names and time, plus whether the customer may pay now. */
export const ActiveOrderSchema = OrderSummarySchema.omit({
  paymentMethod: true,
  paymentStatus: true,
  itemNames: true,
  placedAt: true,
}).extend({
  canPay: z.boolean(),
});
/** GET /api/orders/active: the customer's orders not yet delivered (nor cancelled), soonest slot first. */
export const ActiveOrdersSchema = z.object({ orders: z.array(ActiveOrderSchema) });
export type ActiveOrders = z.infer<typeof ActiveOrdersSchema>;

/** GET /api/orders/{id}/reorder: the order's items at today's prices, and what can no longer be bought. */
export const ReorderSchema = z.object({
  lines: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['signature', 'custom']),
      name: z.string(),
      image: z.string(),
      quantity: z.number().int(),
      /** Today's price (paise); the order's price for comparison. */
      unitPrice: Paise,
      orderedUnitPrice: Paise,
      available: z.boolean(),
      reason: z.string().nullable(),
      recipe: CustomRecipeSchema.nullable(),
    }),
  ),
});
export type Reorder = z.infer<typeof ReorderSchema>;

// ---------- Admin desk ----------

const search = z.string().trim().max(100, 'search is at most 100 characters').regex(NO_CONTROL, 'search has invalid characters');

/** GET /api/admin/orders (and export.csv): filters, search, paging. */
export const AdminOrdersInputSchema = z.object({
  status: OrderStatusSchema.optional(),
  paymentStatus: PaymentStatusSchema.optional(),
  paymentMethod: CheckoutMethodSchema.optional(),
  date: SlotDate.optional(),
  slotId: Uuid.optional(),
  /** Order number, e-mail or phone (part of it). */
  search: search.optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(100, 'pageSize is at most 100').default(20),
});
export type AdminOrdersInput = z.infer<typeof AdminOrdersInputSchema>;

/** The history's summary of an order (its head), then what the desk needs to find and call the customer. */
export const AdminOrderRowSchema = OrderSummarySchema.pick({
  id: true,
  number: true,
  status: true,
  paymentStatus: true,
  paymentMethod: true,
  labels: true,
  total: true,
}).extend({
  refunded: Paise,
  itemCount: z.number().int(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  pincode: z.string(),
  slot: OrderSlotSchema,
  placedAt: z.string(),
  invoiceNumber: z.string().nullable(),
});

export const AdminOrdersPageSchema = z.object({
  orders: z.array(AdminOrderRowSchema),
  totalCount: z.number().int(),
  /** The delivery slots, for the slot filter. */
  slots: z.array(z.object({ id: Uuid, startTime: z.string(), endTime: z.string() })),
});
export type AdminOrdersPage = z.infer<typeof AdminOrdersPageSchema>;

export const AdminPaymentSchema = z.object({
  id: Uuid,
  gatewayPaymentId: z.string(),
  amount: Paise,
  refunded: Paise,
  status: z.string(),
  method: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/admin/orders/{id}: what the customer sees, plus contact, payments and refunds. */
export const AdminOrderDetailSchema = z.object({
  order: OrderSchema,
  customer: z.object({ id: Uuid, name: z.string(), email: z.string(), phone: z.string(), mobile: z.string().nullable() }),
  payments: z.array(AdminPaymentSchema),
  refunds: z.array(AdminRefundSchema),
  /** What can still be refunded (captured − refunded), paise. */
  refundable: Paise,
  nextStatus: OrderStatusSchema.nullable(),
  canCancel: z.boolean(),
  canMarkPaid: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const AdminOrderIdInputSchema = z.object({ id: Uuid });

/** POST /api/admin/orders/{id}/status */
export const AdminSetStatusInputSchema = z.object({
  id: Uuid,
  status: z.enum(['preparing', 'out_for_delivery', 'delivered'], { message: "status is 'preparing', 'out_for_delivery' or 'delivered'" }),
  note: z.string().trim().max(300, 'The note is at most 300 characters').regex(NO_CONTROL, 'The note has invalid characters').optional(),
  /** Required when the move skips steps or marks delivered an order whose slot has not started (409 without it). */
  confirm: z.boolean({ message: 'confirm is true or false' }).optional(),
});
export type AdminSetStatusInput = z.infer<typeof AdminSetStatusInputSchema>;

/** POST /api/admin/orders/{id}/cancel */
export const AdminCancelInputSchema = z.object({ id: Uuid, reason: reasonText(300) });
export type AdminCancelInput = z.infer<typeof AdminCancelInputSchema>;

/** POST /api/admin/orders/{id}/refund: amount in paise (omit for everything still refundable); the key makes a double click one refund. */
export const AdminRefundInputSchema = z.object({
  id: Uuid,
  amount: z.number().int('amount is whole paise').min(100, 'The smallest refund is ₹1 (100 paise)').max(100_000_000).optional(),
  reason: reasonText(300),
  idempotencyKey: IdempotencyKeySchema,
});
export type AdminRefundInput = z.infer<typeof AdminRefundInputSchema>;

/** POST /api/admin/orders/{id}/mark-paid: cash collected for a cash-on-delivery order. */
export const AdminMarkPaidInputSchema = z.object({ id: Uuid });
