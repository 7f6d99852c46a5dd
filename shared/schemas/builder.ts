import { z } from 'zod';
import { NutritionSchema, AllergenSchema } from './catalogue';
import { Paise } from './common';

/** Builder limits (PRODUCT §4). */
export const BUILDER_LIMITS = {
  minAddInPortions: 1,
  maxAddInPortions: 5,
  maxPortionsPerIngredient: 2,
  maxSweeteners: 1,
  maxNameLength: 40,
  /** Add-in lines a recipe may list (5 portions can never need more). */
  maxAddInLines: 5,
} as const;
export const DEFAULT_SHAKE_NAME = 'My Custom Shake';

export const SHAKE_SIZES = ['regular', 'large'] as const;
export const ShakeSizeSchema = z.enum(SHAKE_SIZES);
export type ShakeSize = z.infer<typeof ShakeSizeSchema>;

/** Ingredient ids are uuids in our DB; bounded strings so a malformed id gets a clear refusal, not a parse crash. */
const IngredientId = z.string().min(1).max(80, 'ingredient id is at most 80 characters');

export const RecipeAddInSchema = z.object({
  ingredientId: IngredientId,
  portions: z
    .number()
    .int()
    .min(1, 'portions start at 1')
    .max(BUILDER_LIMITS.maxPortionsPerIngredient, 'at most 2 portions of one ingredient'),
});
export type RecipeAddIn = z.infer<typeof RecipeAddInSchema>;

/** What a custom shake is made of. The price is never part of it: it is always recomputed. */
export const CustomRecipeSchema = z.object({
  size: ShakeSizeSchema,
  baseId: IngredientId,
  addIns: z.array(RecipeAddInSchema).max(BUILDER_LIMITS.maxAddInLines, 'at most 5 add-ins'),
  name: z.string().trim().max(BUILDER_LIMITS.maxNameLength, 'A name is at most 40 characters').optional(),
});
export type CustomRecipe = z.infer<typeof CustomRecipeSchema>;

export const BuilderQuoteInputSchema = z.object({ recipe: CustomRecipeSchema });
export type BuilderQuoteInput = z.infer<typeof BuilderQuoteInputSchema>;

export const BuilderQuoteSchema = z.object({
  /** Deterministic cart id of the recipe ('custom:' + hash of size/base/portions). */
  id: z.string(),
  name: z.string(),
  price: Paise,
  nutrition: NutritionSchema,
  allergens: z.array(AllergenSchema),
  vegan: z.boolean(),
  valid: z.boolean(),
  /** Why the recipe cannot be ordered as it is (empty when valid). */
  problems: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type BuilderQuote = z.infer<typeof BuilderQuoteSchema>;

export const SavedRecipeSchema = z.object({
  id: z.string(),
  name: z.string(),
  recipe: CustomRecipeSchema,
  /** Current price from today's prices; null when the recipe can no longer be made (an ingredient is gone). */
  price: Paise.nullable(),
  available: z.boolean(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedRecipe = z.infer<typeof SavedRecipeSchema>;

export const SaveRecipeInputSchema = z.object({ recipe: CustomRecipeSchema });
export type SaveRecipeInput = z.infer<typeof SaveRecipeInputSchema>;

/** Saved recipes per customer. */
export const MAX_SAVED_RECIPES = 50;

/** The picture shown for every custom shake (cart line, quote, saved recipe). */
export const CUSTOM_SHAKE_IMAGE = '/images/shakes/custom.svg';

export const SavedShakeIdInputSchema = z.object({
  id: z.string().min(1).max(80, 'id is at most 80 characters'),
});
