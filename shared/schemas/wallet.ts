import { z } from 'zod';
import { Paise, Uuid } from './common';
import { WALLET_TOP_UP_MAX_PAISE, WALLET_TOP_UP_MIN_PAISE } from '../rules/wallet';

const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'idempotencyKey is 8–100 letters, digits or - _ . : (a UUID is ideal)')
  .optional();

/** A wallet ledger row as the customer and the back office see it. `amount` is signed paise (+ in, − out). */
export const WalletEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['top_up', 'charge', 'release', 'order_refund', 'refund_out', 'adjust']),
  label: z.string(),
  amount: z.number().int(),
  /** The balance right after this row. */
  balanceAfter: z.number().int(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** An admin adjustment's reason; null otherwise. */
  note: z.string().nullable(),
  at: z.string(),
});
export type WalletEntry = z.infer<typeof WalletEntrySchema>;

export const WalletPageInput = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(50, 'pageSize is at most 50').default(10),
});
export type WalletPageInputT = z.infer<typeof WalletPageInput>;

/** GET /api/user/wallet */
export const UserWalletSchema = z.object({
  balance: Paise,
  /** What "refund my balance" would send back now (paid top-ups not yet refunded; never more than the balance). */
  refundable: Paise,
  limits: z.object({ minTopUp: Paise, maxTopUp: Paise }),
  entries: z.array(WalletEntrySchema),
  totalCount: z.number().int(),
});
export type UserWallet = z.infer<typeof UserWalletSchema>;

export const TopUpInputSchema = z.object({
  amount: z
    .number({ error: 'Enter the amount in paise' })
    .int('Amounts are whole paise')
    .min(WALLET_TOP_UP_MIN_PAISE, 'A top-up is at least ₹200')
    .max(WALLET_TOP_UP_MAX_PAISE, 'A top-up is at most ₹20,000'),
  /** Or send it as the Idempotency-Key header. */
  idempotencyKey,
});
export type TopUpInput = z.infer<typeof TopUpInputSchema>;

export const TopUpStartSchema = z.object({
  topUpId: z.string(),
  mode: z.enum(['razorpay', 'test']),
  gatewayOrderId: z.string(),
  amount: Paise,
  currency: z.literal('INR'),
  keyId: z.string().nullable(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string() }),
  replayed: z.boolean(),
});
export type TopUpStart = z.infer<typeof TopUpStartSchema>;

export const TopUpResultSchema = z.object({
  credited: z.boolean(),
  balance: Paise,
  message: z.string(),
});
export type TopUpResult = z.infer<typeof TopUpResultSchema>;

export const RefundBalanceInputSchema = z.object({
  /** Or send it as the Idempotency-Key header. */
  idempotencyKey,
});
export type RefundBalanceInput = z.infer<typeof RefundBalanceInputSchema>;

export const RefundBalanceResultSchema = z.object({
  refunded: Paise,
  refunds: z.number().int(),
  balance: Paise,
  message: z.string(),
});
export type RefundBalanceResult = z.infer<typeof RefundBalanceResultSchema>;

// ---------- Admin ----------

export const AdminWalletsListInput = z.object({
  search: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(100, 'pageSize is at most 100').default(20),
});
export type AdminWalletsListInputT = z.infer<typeof AdminWalletsListInput>;

export const AdminWalletRowSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  balance: Paise,
  toppedUp: Paise,
  spent: Paise,
  lastActivityAt: z.string().nullable(),
});
export const AdminWalletsPageSchema = z.object({ customers: z.array(AdminWalletRowSchema), totalCount: z.number().int() });
export type AdminWalletsPage = z.infer<typeof AdminWalletsPageSchema>;

export const AdminCustomerWalletInput = WalletPageInput.extend({ userId: Uuid });
export type AdminCustomerWalletInputT = z.infer<typeof AdminCustomerWalletInput>;

export const AdminCustomerWalletSchema = z.object({
  customer: z.object({ userId: z.string(), email: z.string(), name: z.string() }),
  balance: Paise,
  entries: z.array(WalletEntrySchema),
  totalCount: z.number().int(),
});
export type AdminCustomerWallet = z.infer<typeof AdminCustomerWalletSchema>;

export const AdminWalletAdjustInput = z.object({
  userId: Uuid,
  amount: z
    .number({ error: 'Enter the amount in paise to add (or, with a minus sign, to take away)' })
    .int('Amounts are whole paise')
    .min(-WALLET_TOP_UP_MAX_PAISE, 'At most ₹20,000 at a time')
    .max(WALLET_TOP_UP_MAX_PAISE, 'At most ₹20,000 at a time')
    .refine((n) => n !== 0, 'Enter an amount other than 0'),
  reason: z.string().trim().min(3, 'Say why, in a few words (at least 3 characters)').max(300, 'A reason is at most 300 characters'),
});
export type AdminWalletAdjustInputT = z.infer<typeof AdminWalletAdjustInput>;
