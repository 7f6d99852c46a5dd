import { z } from 'zod';
import { IsoDate, Uuid } from './common';
import { StockUnitSchema } from './stock';
import { ShakeSizeSchema } from './builder';

/** /admin/kitchen (PRODUCT.md §16, decision 180): what to blend per slot, batches, the forecast. */

export const KitchenDayInputSchema = z.object({
  date: IsoDate,
  /** One slot's section only (the day's ingredient totals are always the whole day's). */
  slotId: Uuid.optional(),
});
export type KitchenDayInput = z.infer<typeof KitchenDayInputSchema>;

const SlotId = z.uuid({ message: 'Choose a delivery slot' });

/** The prep sheet and labels are per slot. */
export const KitchenSlotInputSchema = z.object({ date: IsoDate, slotId: SlotId });
export type KitchenSlotInput = z.infer<typeof KitchenSlotInputSchema>;

/** POST /api/admin/kitchen/batches: the slot's confirmed orders of that day. */
export const StartBatchInputSchema = z.object({ date: IsoDate, slotId: SlotId });
export type StartBatchInput = z.infer<typeof StartBatchInputSchema>;

export const BatchIdInputSchema = z.object({ id: Uuid });
export type BatchIdInput = z.infer<typeof BatchIdInputSchema>;

const KitchenSlotRef = z.object({ id: Uuid, label: z.string(), startTime: z.string(), endTime: z.string() });

export const IngredientQtySchema = z.object({
  ingredientId: Uuid,
  name: z.string(),
  unit: StockUnitSchema,
  qty: z.number().int(),
});
export type IngredientQty = z.infer<typeof IngredientQtySchema>;

/** A signature shake × bottles, and what one bottle takes by its recipe (the prep sheet's per-bottle line). */
export const ShakeCountSchema = z.object({ shakeId: z.string(), name: z.string(), bottles: z.number().int(), perBottle: z.array(IngredientQtySchema) });

/** Identical custom recipes are one row: its size, name, bottles, and what one bottle takes. */
export const CustomRecipeCountSchema = z.object({
  key: z.string(),
  name: z.string(),
  size: ShakeSizeSchema,
  bottles: z.number().int(),
  perBottle: z.array(IngredientQtySchema),
});
export type CustomRecipeCount = z.infer<typeof CustomRecipeCountSchema>;

/** What to blend: signature shakes × bottles, custom recipes, ingredient totals. */
export const BlendSchema = z.object({
  bottles: z.number().int(),
  shakes: z.array(ShakeCountSchema),
  customs: z.array(CustomRecipeCountSchema),
  ingredients: z.array(IngredientQtySchema),
});
export type Blend = z.infer<typeof BlendSchema>;

export const KitchenBatchSchema = z.object({
  id: Uuid,
  slotId: Uuid,
  date: IsoDate,
  startedAt: z.string(),
  startedBy: z.string().nullable(),
  readyAt: z.string().nullable(),
  readyBy: z.string().nullable(),
  /** Undone before it was Ready (decision 264): its orders went back to confirmed, its labels are void. */
  undoneAt: z.string().nullable(),
  undoneBy: z.string().nullable(),
  orderCount: z.number().int(),
});
export type KitchenBatch = z.infer<typeof KitchenBatchSchema>;

export const KitchenSlotSectionSchema = z.object({
  slot: KitchenSlotRef,
  /** Orders by status: confirmed ones wait for "Start batch". */
  orders: z.object({
    confirmed: z.number().int(),
    /** Preparing, in a batch not ready yet. */
    preparing: z.number().int(),
    /** Blended: in a batch marked Ready, waiting for a rider. */
    ready: z.number().int(),
    outForDelivery: z.number().int(),
    delivered: z.number().int(),
  }),
  blend: BlendSchema,
  /** Standing deliveries of this slot not yet placed as orders (before the cut-off). */
  forecast: BlendSchema,
  /** What "Start batch" would take now (the confirmed orders): the confirmation says it before starting. */
  toStart: z.object({ bottles: z.number().int(), ingredients: z.array(IngredientQtySchema) }),
  batches: z.array(KitchenBatchSchema),
});
export type KitchenSlotSection = z.infer<typeof KitchenSlotSectionSchema>;

export const KitchenDayIngredientSchema = IngredientQtySchema.extend({
  /** What the day's orders take. */
  ordered: z.number().int(),
  /** What the standing deliveries not yet ordered will take. */
  forecast: z.number().int(),
  onHand: z.number().int(),
  /** On hand less what open orders hold; null when the ingredient is not tracked. */
  free: z.number().int().nullable(),
  /** The forecast needs more than is free. */
  short: z.boolean(),
});

export const KitchenDaySchema = z.object({
  date: IsoDate,
  slots: z.array(KitchenSlotRef),
  sections: z.array(KitchenSlotSectionSchema),
  /** The whole day, orders and forecast (qty = ordered + forecast). */
  day: z.object({ bottles: z.number().int(), forecastBottles: z.number().int(), ingredients: z.array(KitchenDayIngredientSchema) }),
});
export type KitchenDay = z.infer<typeof KitchenDaySchema>;

export const StartBatchAnswerSchema = z.object({
  batch: KitchenBatchSchema.nullable(),
  /** Orders moved to "preparing" by this call (0 when a repeated call found nothing new). */
  moved: z.number().int(),
});
export type StartBatchAnswer = z.infer<typeof StartBatchAnswerSchema>;

export const UndoBatchAnswerSchema = z.object({
  batch: KitchenBatchSchema,
  /** Orders this call took back from preparing to confirmed (0 when a repeated call found the batch undone). */
  confirmed: z.number().int(),
  /** Orders of the batch cancelled meanwhile: they stay cancelled and what they used is free stock again. */
  cancelled: z.number().int(),
});
export type UndoBatchAnswer = z.infer<typeof UndoBatchAnswerSchema>;
