import { z } from 'zod';
import { Paise, Uuid } from './common';

/** A ledger row as the customer and the back office see it. `points` is signed (+ earned, − spent). */
export const RewardEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['earn', 'redeem', 'reverse', 'give_back', 'adjust']),
  label: z.string(),
  points: z.number().int(),
  /** The balance right after this row. */
  balanceAfter: z.number().int(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** An admin adjustment's reason; null otherwise. */
  note: z.string().nullable(),
  at: z.string(),
});
export type RewardEntry = z.infer<typeof RewardEntrySchema>;

/** The earning and spending rules, for "how to earn" and the checkout toggle. */
export const RewardRulesSchema = z.object({
  rupeesPerPoint: z.number().int(),
  pointValue: Paise,
  maxRedeemPercent: z.number().int(),
  minRedeemPoints: z.number().int(),
  /** The customer's current multiplier (2 on Vitality / Elite, else 1). */
  multiplier: z.number().int(),
});

export const RewardsPageInput = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(50, 'pageSize is at most 50').default(10),
});
export type RewardsPageInputT = z.infer<typeof RewardsPageInput>;

/** GET /api/user/rewards */
export const UserRewardsSchema = z.object({
  balance: z.number().int(),
  /** Points the next order can use (up to the order's cap, shown at checkout); 0 below the minimum. */
  redeemableNow: z.number().int(),
  /** Points still needed before any can be redeemed (0 when redeemable). */
  pointsToMinimum: z.number().int(),
  rules: RewardRulesSchema,
  entries: z.array(RewardEntrySchema),
  totalCount: z.number().int(),
});
export type UserRewards = z.infer<typeof UserRewardsSchema>;

/** The points part of a cart quote. */
export const QuotePointsSchema = z.object({
  /** The customer's balance (0 for guests). */
  balance: z.number().int(),
  /** The most points this order can take (min of balance, % of subtotal, what is left for items); 0 below the minimum. */
  maxRedeemable: z.number().int(),
  /** What maxRedeemable would take off, paise. */
  maxRedeemValue: Paise,
  minRedeemPoints: z.number().int(),
  /** Points this order earns when paid (COD: delivered), with the plan's multiplier. */
  pointsToEarn: z.number().int(),
  multiplier: z.number().int(),
  /** Why the points asked for were not applied; null when applied or none asked. */
  refusal: z.string().nullable(),
});
export type QuotePoints = z.infer<typeof QuotePointsSchema>;

// ---------- Admin ----------

export const AdminRewardsListInput = z.object({
  search: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(100, 'pageSize is at most 100').default(20),
});
export type AdminRewardsListInputT = z.infer<typeof AdminRewardsListInput>;

export const AdminRewardBalanceSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  balance: z.number().int(),
  earned: z.number().int(),
  spent: z.number().int(),
  lastActivityAt: z.string().nullable(),
});
export type AdminRewardBalance = z.infer<typeof AdminRewardBalanceSchema>;

export const AdminRewardsPageSchema = z.object({ customers: z.array(AdminRewardBalanceSchema), totalCount: z.number().int() });
export type AdminRewardsPage = z.infer<typeof AdminRewardsPageSchema>;

export const AdminCustomerRewardsInput = RewardsPageInput.extend({ userId: Uuid });
export type AdminCustomerRewardsInputT = z.infer<typeof AdminCustomerRewardsInput>;

export const AdminCustomerRewardsSchema = z.object({
  customer: z.object({ userId: z.string(), email: z.string(), name: z.string() }),
  balance: z.number().int(),
  entries: z.array(RewardEntrySchema),
  totalCount: z.number().int(),
});
export type AdminCustomerRewards = z.infer<typeof AdminCustomerRewardsSchema>;

export const AdminAdjustInput = z.object({
  userId: Uuid,
  points: z
    .number({ error: 'Enter the points to add (or, with a minus sign, to take away)' })
    .int('Use whole points')
    .min(-100_000, 'At most 100,000 points at a time')
    .max(100_000, 'At most 100,000 points at a time')
    .refine((n) => n !== 0, 'Enter a number of points other than 0'),
  reason: z.string().trim().min(3, 'Say why, in a few words (at least 3 characters)').max(300, 'A reason is at most 300 characters'),
});
export type AdminAdjustInputT = z.infer<typeof AdminAdjustInput>;
