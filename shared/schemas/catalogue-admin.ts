import { z } from 'zod';
import { Uuid } from './common';
import {
  AllergenSchema,
  IngredientCategorySchema,
  IngredientSchema,
  NutritionSchema,
  PricingSchema,
  SignatureShakeSchema,
  SizeSchema,
} from './catalogue';
import { StockUnitSchema } from './stock';

/** The back office's catalogue forms (/admin/shakes, /admin/ingredients, /admin/pricing). */

const Slug = z
  .string()
  .trim()
  .min(2, 'The slug needs at least 2 characters')
  .max(60, 'The slug is at most 60 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens in the slug (like "green-glow")');
const Name = z.string().trim().min(2, 'The name needs at least 2 characters').max(60, 'The name is at most 60 characters');
const Description = z.string().trim().max(600, 'The description is at most 600 characters');
/** Rupees shown, paise stored: a shake costs ₹1–₹5,000. */
const ShakePrice = z
  .number({ message: 'Enter a price' })
  .int('Prices are whole paise')
  .min(100, 'A shake costs at least ₹1')
  .max(500_000, 'A shake costs at most ₹5,000');
const Grams = (what: string) =>
  z
    .number({ message: `Enter ${what}` })
    .min(0, `${what} cannot be negative`)
    .max(2000, `${what} is at most 2000`);
const SortOrder = z.number().int('The sort order is a whole number').min(-100_000).max(100_000);
/** An image of ours (/api/images/…) or one shipped with the shop (/images/…); never another site's. */
export const ImagePath = z
  .string()
  .trim()
  .max(200, 'The image address is at most 200 characters')
  .regex(/^\/(api\/)?images\/[A-Za-z0-9/_.-]+$/, 'Upload an image, or use one of the shop\u2019s own images (/images/…)');

const List = (item: z.ZodString, max: number, what: string) => z.array(item).max(max, `At most ${max} ${what}`);

export const ShakeFieldsSchema = z.object({
  slug: Slug,
  name: Name,
  price: ShakePrice,
  image: ImagePath,
  description: Description,
  calories: z
    .number({ message: 'Enter the calories' })
    .int('Calories are a whole number')
    .min(0, 'Calories cannot be negative')
    .max(3000, 'Calories are at most 3000'),
  protein: Grams('Protein'),
  carbs: Grams('Carbs'),
  fat: Grams('Fat'),
  fibre: Grams('Fibre'),
  sugar: Grams('Sugar'),
  ingredients: List(z.string().trim().min(1).max(60, 'An ingredient name is at most 60 characters'), 20, 'ingredients'),
  allergens: z.array(AllergenSchema).max(4),
  vegan: z.boolean(),
  tags: List(z.string().trim().min(1).max(30, 'A tag is at most 30 characters'), 10, 'tags'),
  active: z.boolean(),
  inStock: z.boolean(),
  sortOrder: SortOrder,
});
export type ShakeFields = z.infer<typeof ShakeFieldsSchema>;

export const AdminShakeSchema = SignatureShakeSchema.extend({ active: z.boolean(), updatedAt: z.string() });
export type AdminShake = z.infer<typeof AdminShakeSchema>;

export const AdminCatalogueListInputSchema = z.object({
  search: z.string().trim().max(60, 'Search is at most 60 characters').optional(),
});
export type AdminCatalogueListInput = z.infer<typeof AdminCatalogueListInputSchema>;

export const ShakeUpdateInputSchema = ShakeFieldsSchema.partial().extend({ id: Uuid });
export type ShakeUpdateInput = z.infer<typeof ShakeUpdateInputSchema>;

export const ReorderInputSchema = z.object({
  ids: z.array(Uuid).min(1, 'Nothing to reorder').max(500),
});
export type ReorderInput = z.infer<typeof ReorderInputSchema>;

const Portion = (what: string) =>
  z
    .number({ message: `Enter ${what}` })
    .min(0, `${what} cannot be negative`)
    .max(1000, `${what} is at most 1000`);

export const IngredientFieldsSchema = z.object({
  slug: Slug,
  name: Name,
  category: IngredientCategorySchema,
  description: Description,
  price: z
    .number({ message: 'Enter a price' })
    .int('Prices are whole paise')
    .min(0, 'A price cannot be negative')
    .max(50_000, 'A portion costs at most ₹500'),
  nutrition: z.object({
    kcal: Portion('Calories'),
    protein: Portion('Protein'),
    carbs: Portion('Carbs'),
    fat: Portion('Fat'),
    fibre: Portion('Fibre'),
    sugar: Portion('Sugar'),
  }) satisfies z.ZodType<z.infer<typeof NutritionSchema>>,
  allergens: z.array(AllergenSchema).max(4),
  vegan: z.boolean(),
  hydroponic: z.boolean(),
  inStock: z.boolean(),
  active: z.boolean(),
  sortOrder: SortOrder,
  /** The unit stock is kept in; new ingredients start in grams. */
  stockUnit: StockUnitSchema.optional(),
  /** One portion in that unit (a base: the glass of a regular bottle); Large takes 1.4×. */
  portionQty: z
    .number({ message: 'Enter the portion size' })
    .int('A portion is a whole number of grams, millilitres or pieces')
    .min(0, 'A portion cannot be negative')
    .max(100_000, 'A portion is at most 100,000')
    .optional(),
});
export type IngredientFields = z.infer<typeof IngredientFieldsSchema>;

export const AdminIngredientSchema = IngredientSchema.extend({
  active: z.boolean(),
  updatedAt: z.string(),
  stockUnit: StockUnitSchema,
  portionQty: z.number().int(),
});
export type AdminIngredient = z.infer<typeof AdminIngredientSchema>;

export const IngredientUpdateInputSchema = IngredientFieldsSchema.partial().extend({ id: Uuid });
export type IngredientUpdateInput = z.infer<typeof IngredientUpdateInputSchema>;

/** What /admin/pricing may save: the public PricingSchema with limits a person can read. */
const SizeInput = SizeSchema.extend({
  label: z.string().trim().min(2, 'A size needs a label').max(20, 'A size label is at most 20 characters'),
  ml: z.number().int('Millilitres are a whole number').min(100, 'A size is at least 100 ml').max(1000, 'A size is at most 1000 ml'),
  price: z.number().int('Prices are whole paise').min(100, 'A size costs at least ₹1').max(200_000, 'A size costs at most ₹2,000'),
  factor: z.number({ message: 'Enter a size factor' }).min(0.5, 'The size factor is at least 0.5').max(3, 'The size factor is at most 3'),
});
export const PricingInputSchema = PricingSchema.extend({
  sizes: z.object({ regular: SizeInput, large: SizeInput }),
  deliveryFee: z
    .number()
    .int('Prices are whole paise')
    .min(0, 'The delivery fee cannot be negative')
    .max(50_000, 'The delivery fee is at most ₹500'),
  freeDeliveryThreshold: z
    .number()
    .int('Prices are whole paise')
    .min(0, 'The free-delivery threshold cannot be negative')
    .max(10_000_000, 'The free-delivery threshold is at most ₹1,00,000'),
  gstRatePercent: z.number({ message: 'Enter the GST rate' }).min(0, 'GST cannot be negative').max(28, 'GST is at most 28%'),
  codLimit: z
    .number()
    .int('Prices are whole paise')
    .min(0, 'The COD limit cannot be negative')
    .max(10_000_000, 'The COD limit is at most ₹1,00,000'),
  rupeesPerPoint: z
    .number()
    .int('Use whole rupees per point')
    .min(1, 'Customers earn at most 1 point per ₹1')
    .max(1000, 'At most ₹1,000 per point'),
  subscriberPointsMultiplier: z
    .number()
    .int('The multiplier is a whole number')
    .min(1, 'The multiplier is at least 1')
    .max(10, 'The multiplier is at most 10'),
  pointValue: z
    .number()
    .int('Prices are whole paise')
    .min(1, 'A point is worth at least 1 paisa')
    .max(10_000, 'A point is worth at most ₹100'),
  maxRedeemPercent: z.number().int('Use a whole percent').min(0, 'At least 0%').max(100, 'At most 100%'),
  minRedeemPoints: z.number().int('Use whole points').min(0, 'At least 0 points').max(100_000, 'At most 100,000 points'),
}).superRefine((p, ctx) => {
  if (p.sizes.large.ml <= p.sizes.regular.ml) {
    ctx.addIssue({ code: 'custom', path: ['sizes', 'large', 'ml'], message: 'The large size must hold more than the regular size' });
  }
  if (p.sizes.large.price < p.sizes.regular.price) {
    ctx.addIssue({ code: 'custom', path: ['sizes', 'large', 'price'], message: 'The large size cannot cost less than the regular size' });
  }
  if (p.sizes.regular.factor !== 1) {
    ctx.addIssue({ code: 'custom', path: ['sizes', 'regular', 'factor'], message: 'The regular size is the reference: its factor is 1' });
  }
  if (p.sizes.large.factor < 1) {
    ctx.addIssue({ code: 'custom', path: ['sizes', 'large', 'factor'], message: 'The large size factor is at least 1' });
  }
});
export type PricingInput = z.infer<typeof PricingInputSchema>;

export const UploadedImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** Upload limits (QUALITY.md: the type is decided from the bytes). */
export const IMAGE_UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  /** Pictures are re-encoded to this (the shake card's 4:3). */
  width: 960,
  height: 720,
  accepted: 'JPEG, PNG or WebP',
} as const;
