import { z } from 'zod';
import { CheckoutSuccessInput, IsoDateTime, Paise, TestCompleteGatewayOrderInput, Uuid } from './common';
import { AdminRefundSchema } from './payments';

export const FreeUnitRuleSchema = z.enum(['cheapest_signature', 'cheapest_priced'], {
  message: "freeUnitRule is 'cheapest_signature' or 'cheapest_priced'",
});
export const SubscriptionStatusSchema = z.enum(['pending_payment', 'active', 'paused', 'cancelled', 'expired']);

/** A plan's terms: what a subscriber pays and gets per period. A subscription keeps its own copy (decision 060). */
const PlanTermsSchema = z.object({
  price: Paise,
  periodDays: z.number().int(),
  freeUnits: z.number().int(),
  freeUnitRule: FreeUnitRuleSchema,
  freeDelivery: z.boolean(),
  pointsMultiplier: z.number().int(),
  subscriberSlots: z.boolean(),
});

export const PlanSchema = z.object({
  id: Uuid,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  ...PlanTermsSchema.shape,
  active: z.boolean(),
  /** price / freeUnits (paise), null when the plan has no free units. */
  pricePerShake: Paise.nullable(),
});
export type Plan = z.infer<typeof PlanSchema>;
export const PlanListSchema = z.object({ plans: z.array(PlanSchema) });
export type PlanList = z.infer<typeof PlanListSchema>;

export const PeriodSchema = z.object({
  id: Uuid,
  start: IsoDateTime,
  end: IsoDateTime,
  allowed: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});
export type Period = z.infer<typeof PeriodSchema>;

export const SubscriptionSchema = z.object({
  id: Uuid,
  planId: Uuid,
  planName: z.string(),
  ...PlanTermsSchema.shape,
  status: SubscriptionStatusSchema,
  statusLabel: z.string(),
  autoRenew: z.boolean(),
  /** With Razorpay: where the customer authorises the automatic-renewal mandate (null when not needed). */
  mandateUrl: z.string().nullable(),
  /** The period running now (null before activation, while expired, or between a lapse and a renewal). */
  currentPeriod: PeriodSchema.nullable(),
  /** Paid periods after the current one (renewals bought early). */
  queuedPeriods: z.number().int(),
  /** When the last paid period ends. */
  paidThrough: IsoDateTime.nullable(),
  pausedAt: IsoDateTime.nullable(),
  pauseUntil: IsoDateTime.nullable(),
  canPause: z.boolean(),
  cancelReason: z.string().nullable(),
  cancelledAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** GET /api/user/subscription-status (spec: includes hasActiveSubscription). */
export const SubscriptionStatusAnswerSchema = z.object({
  hasActiveSubscription: z.boolean(),
  plan: z
    .object({
      id: Uuid,
      name: z.string(),
      freeUnitRule: FreeUnitRuleSchema,
      freeDelivery: z.boolean(),
      pointsMultiplier: z.number().int(),
      subscriberSlots: z.boolean(),
    })
    .nullable(),
  status: SubscriptionStatusSchema.nullable(),
  periodEnd: IsoDateTime.nullable(),
  remainingFreeUnits: z.number().int(),
  subscription: SubscriptionSchema.nullable(),
});
export type SubscriptionStatusAnswer = z.infer<typeof SubscriptionStatusAnswerSchema>;

/** GET /api/user/subscription/usage */
export const SubscriptionUsageSchema = z.object({
  periodStart: IsoDateTime.nullable(),
  periodEnd: IsoDateTime.nullable(),
  allowed: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});
export type SubscriptionUsage = z.infer<typeof SubscriptionUsageSchema>;

export const SubscriptionHistorySchema = z.object({ subscriptions: z.array(SubscriptionSchema) });
export type SubscriptionHistory = z.infer<typeof SubscriptionHistorySchema>;

const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'idempotencyKey is 8–100 letters, digits or - _ . : (a UUID is ideal)')
  .optional();

export const CreateSubscriptionPaymentInputSchema = z.object({
  planId: Uuid,
  /** Or send it as the Idempotency-Key header. */
  idempotencyKey,
});
export type CreateSubscriptionPaymentInput = z.infer<typeof CreateSubscriptionPaymentInputSchema>;

export const SubscriptionPaymentStartSchema = z.object({
  mode: z.enum(['razorpay', 'test']),
  gatewayOrderId: z.string(),
  amount: Paise,
  currency: z.literal('INR'),
  keyId: z.string().nullable(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string() }),
});
export type SubscriptionPaymentStart = z.infer<typeof SubscriptionPaymentStartSchema>;

export const SubscriptionCheckoutSchema = z.object({
  subscription: SubscriptionSchema,
  payment: SubscriptionPaymentStartSchema,
  replayed: z.boolean(),
});
export type SubscriptionCheckout = z.infer<typeof SubscriptionCheckoutSchema>;

export const VerifySubscriptionPaymentInputSchema = CheckoutSuccessInput;
export type VerifySubscriptionPaymentInput = z.infer<typeof VerifySubscriptionPaymentInputSchema>;

export const TestCompleteSubscriptionInputSchema = TestCompleteGatewayOrderInput;
export type TestCompleteSubscriptionInput = z.infer<typeof TestCompleteSubscriptionInputSchema>;

export const SubscriptionPaymentResultSchema = z.object({
  subscription: SubscriptionSchema,
  paid: z.boolean(),
  message: z.string(),
});
export type SubscriptionPaymentResult = z.infer<typeof SubscriptionPaymentResultSchema>;

export const SubscriptionIdInput = z.object({ id: Uuid });
export const PauseInputSchema = z.object({
  id: Uuid,
  days: z.coerce.number().int('days is a whole number').min(1, 'A pause lasts at least 1 day').max(14, 'A pause lasts at most 14 days'),
});
export const CancelInputSchema = z.object({
  id: Uuid,
  reason: z.string().trim().min(3, 'Tell us briefly why (at least 3 characters)').max(500, 'At most 500 characters'),
});
export const RenewInputSchema = z.object({ id: Uuid, idempotencyKey });
export const AutoRenewInputSchema = z.object({ id: Uuid, enabled: z.boolean() });

// ---------- Admin ----------

export const AdminSubscriptionListInputSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  planId: Uuid.optional(),
  status: SubscriptionStatusSchema.optional(),
  renewingSoon: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
  q: z.string().trim().max(100).optional(),
});
export type AdminSubscriptionListInput = z.infer<typeof AdminSubscriptionListInputSchema>;

export const AdminSubscriptionRowSchema = SubscriptionSchema.extend({
  customer: z.object({ id: Uuid, name: z.string(), email: z.string() }),
});
export type AdminSubscriptionRow = z.infer<typeof AdminSubscriptionRowSchema>;
export const AdminSubscriptionListSchema = z.object({ subscriptions: z.array(AdminSubscriptionRowSchema), totalCount: z.number().int() });
export type AdminSubscriptionList = z.infer<typeof AdminSubscriptionListSchema>;

export const SubscriptionPaymentRowSchema = z.object({
  id: Uuid,
  /** autopay_renewal: a renewal debited through the customer's UPI AutoPay mandate (its id is the debit's). */
  kind: z.enum(['purchase', 'renewal', 'auto_renewal', 'autopay_renewal']),
  amount: Paise,
  refunded: Paise,
  status: z.enum(['created', 'paid', 'failed', 'refunded']),
  gateway: z.string(),
  gatewayOrderId: z.string(),
  gatewayPaymentId: z.string().nullable(),
  createdAt: IsoDateTime,
  paidAt: IsoDateTime.nullable(),
  /** The refunds of this payment through the refund outbox: pending ones are retried by the shop, failed ones from the admin. */
  refunds: z.array(AdminRefundSchema),
});
export const AdminSubscriptionDetailSchema = z.object({
  subscription: AdminSubscriptionRowSchema,
  periods: z.array(PeriodSchema),
  payments: z.array(SubscriptionPaymentRowSchema),
  freeUnits: z.array(z.object({ orderId: Uuid, orderNumber: z.string(), value: Paise, at: IsoDateTime })),
});
export type AdminSubscriptionDetail = z.infer<typeof AdminSubscriptionDetailSchema>;

export const AdminExtendInputSchema = z.object({
  id: Uuid,
  days: z.coerce.number().int('days is a whole number').min(1, 'Extend by at least 1 day').max(365, 'Extend by at most 365 days'),
  note: z.string().trim().max(500).optional(),
});
export const AdminRefundInputSchema = z.object({
  id: Uuid,
  paymentId: Uuid,
  amount: Paise.min(1, 'A refund must be more than zero').optional(),
  reason: z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500),
});

export const PlanInputSchema = z.object({
  name: z.string().trim().min(2, 'Name is at least 2 characters').max(60, 'Name is at most 60 characters'),
  description: z.string().trim().max(300, 'At most 300 characters').default(''),
  price: Paise.min(100, 'Price is at least ₹1'),
  periodDays: z.coerce.number().int().min(1, 'A period is at least 1 day').max(366, 'A period is at most 366 days'),
  freeUnits: z.coerce.number().int().min(0).max(500, 'At most 500 free units'),
  freeUnitRule: FreeUnitRuleSchema,
  freeDelivery: z.boolean(),
  pointsMultiplier: z.coerce.number().int().min(1).max(5, 'At most 5× points'),
  subscriberSlots: z.boolean(),
  active: z.boolean().default(true),
});
export type PlanInput = z.infer<typeof PlanInputSchema>;
export const PlanUpdateInputSchema = PlanInputSchema.partial().extend({ id: Uuid });
export type PlanUpdateInput = z.infer<typeof PlanUpdateInputSchema>;
