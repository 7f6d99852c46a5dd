import { z } from 'zod';
import { Paise, Uuid } from './common';

/** NPCI's ceiling for a UPI AutoPay debit without the customer's own approval: ₹15,000. */
export const AUTOPAY_MAX_PAISE = 1_500_000;

const idempotencyKey = z.string().min(8).max(100).optional();

export const StartMandateInputSchema = z.object({
  /** The most one debit may take (₹1 – ₹15,000). */
  maxAmount: z
    .number()
    .int()
    .min(100, 'The maximum is at least ₹1')
    .max(AUTOPAY_MAX_PAISE, 'UPI AutoPay allows at most ₹15,000 per debit'),
  /** For tRPC callers; REST sends the Idempotency-Key header. */
  idempotencyKey,
});
export type StartMandateInput = z.infer<typeof StartMandateInputSchema>;

export const MandateSchema = z.object({
  id: Uuid,
  /** pending: waiting for the customer's UPI app; active; paused (no debits); revoked; rejected (not authorised). */
  status: z.enum(['pending', 'active', 'paused', 'revoked', 'rejected']),
  maxAmount: Paise,
  frequency: z.literal('as presented'),
  /** What it was authorised with (the UPI id or app), once known. */
  bank: z.string().nullable(),
  validUntil: z.string(),
  createdAt: z.string(),
});
export type Mandate = z.infer<typeof MandateSchema>;

export const MandateStartSchema = z.object({
  mandate: MandateSchema,
  /** What the browser opens: Razorpay Checkout with recurring=1 for this order and customer, or the test screen. */
  checkout: z.object({
    mode: z.enum(['razorpay', 'test']),
    gatewayOrderId: z.string(),
    customerId: z.string().nullable(),
    keyId: z.string().nullable(),
    amount: Paise,
    currency: z.literal('INR'),
    description: z.string(),
  }),
  replayed: z.boolean(),
});
export type MandateStart = z.infer<typeof MandateStartSchema>;

export const MandateVerifyInputSchema = z.object({
  razorpay_order_id: z.string().min(1).max(64),
  razorpay_payment_id: z.string().min(1).max(64),
  razorpay_signature: z.string().min(1).max(256),
});
export type MandateVerifyInput = z.infer<typeof MandateVerifyInputSchema>;

export const MandateTestCompleteInputSchema = z.object({
  gatewayOrderId: z.string().min(1).max(64),
  outcome: z.enum(['success', 'failure']),
});
export type MandateTestCompleteInput = z.infer<typeof MandateTestCompleteInputSchema>;

export const AutoRechargeSchema = z.object({
  /** Below this balance (paise), the wallet refills. */
  threshold: Paise,
  /** By this much (paise). */
  amount: Paise,
});

export const AutoRechargeInputSchema = z
  .object({
    /** Below this balance (paise) the wallet refills; with amount. */
    threshold: z.number().int().min(0).max(AUTOPAY_MAX_PAISE, 'The threshold is at most ₹15,000').optional(),
    /** By this much (paise). */
    amount: z.number().int().min(20_000, 'Add at least ₹200 at a time').max(AUTOPAY_MAX_PAISE, 'UPI AutoPay allows at most ₹15,000 per debit').optional(),
    /** true: switch auto-recharge off (threshold and amount are then not sent). */
    off: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.off) return;
    if (v.threshold === undefined) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'Say below which balance the wallet refills' });
    if (v.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Say how much to add' });
  });
export type AutoRechargeInput = z.infer<typeof AutoRechargeInputSchema>;

export const AutopayDebitSchema = z.object({
  id: Uuid,
  purpose: z.enum(['wallet_recharge', 'subscription_renewal']),
  amount: Paise,
  /** notified: the pre-debit notice went out; debiting; paid; failed; cancelled (by the customer or a paused/revoked mandate). */
  status: z.enum(['notified', 'debiting', 'paid', 'failed', 'cancelled', 'refunded']),
  /** Not before this time (at least 24 hours after the notice). */
  debitAfter: z.string(),
  createdAt: z.string(),
});
export type AutopayDebit = z.infer<typeof AutopayDebitSchema>;

/** Test payment mode: what the simulated bank answers to the mandate's debits — taken, refused outright, or accepted then declined. */
export const TestDebitsSchema = z.enum(['success', 'failure', 'decline_later']);

export const AutopaySchema = z.object({
  mandate: MandateSchema.nullable(),
  autoRecharge: AutoRechargeSchema.nullable(),
  debits: z.array(AutopayDebitSchema),
  /** Test payment mode with a live mandate: what its next debits do (set with POST /api/user/autopay/test/debits); null otherwise. */
  testDebits: TestDebitsSchema.nullable(),
});
export type Autopay = z.infer<typeof AutopaySchema>;

export const TestDebitsInputSchema = z.object({ debits: TestDebitsSchema });
export type TestDebitsInput = z.infer<typeof TestDebitsInputSchema>;

export const PauseInputSchema = z.object({ paused: z.boolean() });
export const DebitIdInputSchema = z.object({ id: Uuid });
