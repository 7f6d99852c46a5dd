import { z } from 'zod';
import { IsoDate, Uuid } from './common';
import { IngredientCategorySchema } from './catalogue';
import { STOCK_UNITS } from '../rules/stock';

/** /admin/stock and the recipes of /admin/shakes (PRODUCT.md §16). Quantities are whole stock units. */

export const StockUnitSchema = z.enum(STOCK_UNITS);
const Quantity = z
  .number({ message: 'Enter a quantity' })
  .int('Quantities are whole grams, millilitres or pieces')
  .min(0, 'A quantity cannot be negative')
  .max(10_000_000, 'A quantity is at most 10,000,000');

export const StockLevelSchema = z.object({
  ingredientId: Uuid,
  name: z.string(),
  category: IngredientCategorySchema,
  unit: StockUnitSchema,
  /** One portion in the stock unit (a base: one regular bottle's glass). */
  portionQty: z.number().int(),
  active: z.boolean(),
  /** false until the first receipt or stock-take: an untracked ingredient is never refused for stock. */
  tracked: z.boolean(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  free: z.number().int(),
  parLevel: z.number().int(),
  /** What batches used over the last 7 days, per day on average. */
  usedPerDay: z.number(),
  /** Days the free stock lasts at that rate; null when nothing was used lately. */
  daysOfCover: z.number().nullable(),
  /** Free stock is under the par level. */
  low: z.boolean(),
  /** Free stock cannot cover one more portion: shown "Sold out for now". */
  soldOut: z.boolean(),
  /** The earliest best-before of the batches received that is not past. */
  nextBestBefore: IsoDate.nullable(),
});
export type StockLevel = z.infer<typeof StockLevelSchema>;

export const StockOverviewSchema = z.object({ ingredients: z.array(StockLevelSchema) });
export type StockOverview = z.infer<typeof StockOverviewSchema>;

export const MOVEMENT_KINDS = ['received', 'used', 'wasted', 'counted', 'returned'] as const;
export const MovementKindSchema = z.enum(MOVEMENT_KINDS);
export const MOVEMENT_KIND_LABELS: Record<(typeof MOVEMENT_KINDS)[number], string> = {
  received: 'Received',
  used: 'Used in a batch',
  wasted: 'Wasted',
  counted: 'Stock-take',
  returned: 'Given back: batch undone',
};

const Batch = z.string().trim().min(1, 'Enter the batch (harvest or delivery)').max(40, 'A batch is at most 40 characters');

/**
 * POST /api/admin/stock/movements: what staff record by hand. `used` is written only by starting a
 * batch. Received needs its batch (best-before optional), wasted its reason; counted is the figure found.
 */
export const StockMovementInputSchema = z
  .strictObject({
    kind: z.enum(['received', 'wasted', 'counted']),
    ingredientId: Uuid,
    quantity: Quantity,
    batch: Batch.optional(),
    bestBefore: IsoDate.optional(),
    reason: z.string().trim().max(200, 'A reason is at most 200 characters').optional(),
  })
  .superRefine((m, ctx) => {
    if (m.kind !== 'counted' && m.quantity < 1) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Enter at least 1' });
    if (m.kind === 'received' && !m.batch)
      ctx.addIssue({ code: 'custom', path: ['batch'], message: 'Enter the batch (harvest or delivery)' });
    if (m.kind !== 'received' && (m.batch || m.bestBefore))
      ctx.addIssue({ code: 'custom', path: ['batch'], message: 'Only stock received carries a batch and best-before' });
    if (m.kind === 'wasted' && (m.reason ?? '').length < 3)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why it was wasted, in a few words' });
  });
export type StockMovementInput = z.infer<typeof StockMovementInputSchema>;

export const StockMovementSchema = z.object({
  id: z.string(),
  ingredientId: Uuid,
  kind: MovementKindSchema,
  delta: z.number().int(),
  onHandAfter: z.number().int(),
  batch: z.string().nullable(),
  bestBefore: IsoDate.nullable(),
  reason: z.string().nullable(),
  orderId: Uuid.nullable(),
  actorEmail: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const StockMovementAnswerSchema = z.object({ movement: StockMovementSchema, level: StockLevelSchema });
export type StockMovementAnswer = z.infer<typeof StockMovementAnswerSchema>;

export const StockLedgerInputSchema = z.strictObject({
  ingredientId: Uuid,
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100').default(25),
});
export type StockLedgerInput = z.infer<typeof StockLedgerInputSchema>;

export const StockLedgerSchema = z.object({
  level: StockLevelSchema,
  movements: z.array(StockMovementSchema),
  totalCount: z.number().int(),
});
export type StockLedger = z.infer<typeof StockLedgerSchema>;

export const ParLevelInputSchema = z.strictObject({ ingredientId: Uuid, parLevel: Quantity });
export type ParLevelInput = z.infer<typeof ParLevelInputSchema>;

export const RecipeItemSchema = z.object({ ingredientId: Uuid, name: z.string(), unit: StockUnitSchema, qtyPerBottle: z.number().int() });
export const ShakeRecipeSchema = z.object({ shakeId: Uuid, items: z.array(RecipeItemSchema) });
export type ShakeRecipe = z.infer<typeof ShakeRecipeSchema>;

export const ShakeRecipeIdInputSchema = z.strictObject({ shakeId: Uuid });

export const ShakeRecipeInputSchema = z.strictObject({
  shakeId: Uuid,
  items: z
    .array(
      z.strictObject({
        ingredientId: Uuid,
        qtyPerBottle: Quantity.min(1, 'A recipe item needs at least 1').max(100_000, 'At most 100,000 per bottle'),
      }),
    )
    .max(20, 'A recipe has at most 20 ingredients')
    .refine((items) => new Set(items.map((i) => i.ingredientId)).size === items.length, {
      message: 'An ingredient appears twice in the recipe; give it once with its quantity',
    }),
});
export type ShakeRecipeInput = z.infer<typeof ShakeRecipeInputSchema>;

// ---------- The harvest and purchase plan (PRODUCT.md §23, decision 262) ----------

/** How the plan turns the forecast into what to harvest or buy; shown under the plan. */
export const PURCHASE_PLAN_RULE =
  'Need: the forecast’s bottles by each recipe (standing deliveries, plus one-off orders by the same weekday’s median of the last 4 weeks or what is booked when that is more). Stock: on hand, less what is held for orders before tomorrow; what passes its best-before before the day it is needed does not count that day (lots used first in, first out). Get enough to stay at par through the last day, by the day before the first day the stock would fall under par.';

export const PurchasePlanInputSchema = z.object({
  days: z.coerce.number().int('Plan a whole number of days').min(1, 'Plan at least 1 day').max(14, 'Plan at most 14 days').default(7),
});
export type PurchasePlanInput = z.infer<typeof PurchasePlanInputSchema>;

export const PurchasePlanItemSchema = z.object({
  ingredientId: z.string(),
  name: z.string(),
  unit: z.enum(STOCK_UNITS),
  onHand: z.number().int(),
  reserved: z.number().int(),
  /** On hand less what is held for orders delivered before the plan's first day. */
  available: z.number().int(),
  parLevel: z.number().int(),
  nextBestBefore: z.string().nullable(),
  /** What passes its best-before before it is used (lots first in first out), up to the plan's last day. */
  expiring: z.array(z.object({ bestBefore: z.string(), qty: z.number().int() })),
  /**
   * One entry per day of the plan: the forecast need, the stock usable that day (not past its
   * best-before), what passed its best-before that morning, and the stock left at the day's end without buying.
   */
  days: z.array(
    z.object({ date: z.string(), need: z.number().int(), usable: z.number().int(), expired: z.number().int(), left: z.number().int() }),
  ),
  totalNeed: z.number().int(),
  /** What to harvest or buy to stay at par through the last day (0: nothing). */
  toGet: z.number().int(),
  /** The day to have it by (null when nothing is to get). */
  by: z.string().nullable(),
});
export type PurchasePlanItem = z.infer<typeof PurchasePlanItemSchema>;

export const PurchasePlanGroupSchema = z.object({
  /** farm: harvested at the shop's farm (hydroponic); supplier: bought. */
  source: z.enum(['farm', 'supplier']),
  name: z.string(),
  items: z.array(PurchasePlanItemSchema),
});

export const PurchasePlanSchema = z.object({
  generatedAt: z.string(),
  today: z.string(),
  dates: z.array(z.string()),
  rule: z.string(),
  groups: z.array(PurchasePlanGroupSchema),
});
export type PurchasePlan = z.infer<typeof PurchasePlanSchema>;
