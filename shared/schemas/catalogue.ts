import { z } from 'zod';
import { Paise, Uuid } from './common';

export const ALLERGENS = ['dairy', 'nuts', 'soy', 'gluten'] as const;
export const AllergenSchema = z.enum(ALLERGENS);
export type Allergen = z.infer<typeof AllergenSchema>;

export const INGREDIENT_CATEGORIES = ['base', 'greens', 'fruit', 'protein', 'superfood', 'sweetener'] as const;
export const IngredientCategorySchema = z.enum(INGREDIENT_CATEGORIES);
export type IngredientCategory = z.infer<typeof IngredientCategorySchema>;

/** Spec fields (id, name, price, image, description, calories, protein, carbs, fat) plus ours. */
export const SignatureShakeSchema = z.object({
  id: Uuid,
  slug: z.string(),
  name: z.string(),
  price: Paise,
  image: z.string(),
  description: z.string(),
  calories: z.number(),
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
  fibre: z.number(),
  sugar: z.number(),
  ingredients: z.array(z.string()),
  allergens: z.array(AllergenSchema),
  vegan: z.boolean(),
  tags: z.array(z.string()),
  inStock: z.boolean(),
  /** Free stock cannot cover one more bottle: shown "Sold out for now". inStock stays the manual switch. */
  soldOut: z.boolean(),
  sortOrder: z.number().int(),
});
export type SignatureShake = z.infer<typeof SignatureShakeSchema>;

/** One shake's page: each ingredient named on it, matched to the ingredient list (hydroponic ones marked). */
export const ShakeDetailSchema = SignatureShakeSchema.extend({
  ingredientDetails: z.array(
    z.object({
      name: z.string(),
      /** The builder's ingredient of that name, when there is one (for "build something like this"). */
      slug: z.string().nullable(),
      category: z.enum(['base', 'greens', 'fruit', 'protein', 'superfood', 'sweetener']).nullable(),
      hydroponic: z.boolean(),
    }),
  ),
});
export type ShakeDetail = z.infer<typeof ShakeDetailSchema>;

export const NutritionSchema = z.object({
  kcal: z.number(),
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
  fibre: z.number(),
  sugar: z.number(),
});
export type Nutrition = z.infer<typeof NutritionSchema>;

export const IngredientSchema = z.object({
  id: Uuid,
  slug: z.string(),
  name: z.string(),
  category: IngredientCategorySchema,
  description: z.string(),
  price: Paise,
  nutrition: NutritionSchema,
  allergens: z.array(AllergenSchema),
  vegan: z.boolean(),
  hydroponic: z.boolean(),
  inStock: z.boolean(),
  /** Free stock cannot cover one more portion: the builder shows "Sold out for now" and cannot choose it. */
  soldOut: z.boolean(),
  sortOrder: z.number().int(),
});
export type Ingredient = z.infer<typeof IngredientSchema>;

export const SizeSchema = z.object({
  label: z.string(),
  ml: z.number().int().positive(),
  price: Paise,
  /** Multiplies portion nutrition and add-in prices. */
  factor: z.number().positive().max(5),
});

export const PricingSchema = z.object({
  sizes: z.object({ regular: SizeSchema, large: SizeSchema }),
  deliveryFee: Paise,
  freeDeliveryThreshold: Paise,
  gstRatePercent: z.number().min(0).max(28),
  codLimit: Paise,
  /** Rupees paid per point earned (1 point per ₹20). */
  rupeesPerPoint: z.number().int().min(1),
  subscriberPointsMultiplier: z.number().int().min(1).max(10),
  pointValue: Paise,
  maxRedeemPercent: z.number().int().min(0).max(100),
  minRedeemPoints: z.number().int().min(0),
});
export type Pricing = z.infer<typeof PricingSchema>;

export const DEFAULT_PRICING: Pricing = {
  sizes: {
    regular: { label: 'Regular', ml: 350, price: 14900, factor: 1 },
    large: { label: 'Large', ml: 500, price: 19900, factor: 1.4 },
  },
  deliveryFee: 4900,
  freeDeliveryThreshold: 49900,
  gstRatePercent: 5,
  codLimit: 150000,
  rupeesPerPoint: 20,
  subscriberPointsMultiplier: 2,
  pointValue: 100,
  maxRedeemPercent: 20,
  minRedeemPoints: 50,
};

export const ShakeIdInput = z.object({
  id: z.string().min(1).max(80, 'id is at most 80 characters'),
});
