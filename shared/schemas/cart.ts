import { z } from 'zod';
import { Paise } from './common';
import { CustomRecipeSchema } from './builder';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../rules/cart-rules';
import { CouponOutcomeSchema, TypedCouponCode } from './coupons';
import { QuotePointsSchema } from './rewards';

export const CartItemTypeSchema = z.enum(['signature', 'custom']);

/**
 * A cart line as a client sends it. Only id, type, quantity and (for custom shakes) the recipe count;
 * `shownPrice` is the price the client displayed, used only to tell the shopper the price changed.
 * Names, prices and flags a client might add are not part of the schema and are dropped.
 */
export const CartLineInputSchema = z.object({
  id: z.string().min(1, 'Each line needs an id').max(200, 'A line id is at most 200 characters'),
  type: CartItemTypeSchema,
  quantity: z
    .number()
    .int('Quantities are whole numbers')
    .min(1, 'The quantity of a line is at least 1')
    .max(MAX_LINE_QUANTITY, `The quantity of a line is at most ${MAX_LINE_QUANTITY}`),
  recipe: CustomRecipeSchema.optional(),
  shownPrice: Paise.optional(),
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

const Lines = z
  .array(CartLineInputSchema)
  .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} different items`)
  .refine((lines) => new Set(lines.map((l) => `${l.type}:${l.id}`)).size === lines.length, {
    message: 'The same item appears twice in the cart; send it once with its quantity',
  });

/**
 * POST /api/cart/quote. couponCode is matched case-insensitively; the quote's `coupon` says what it
 * did (applied, or refused and why). pointsToRedeem: reward points to spend on this order (signed-in
 * customers; 1 point = ₹1, at least 50, at most 20% of the subtotal); when they cannot be applied the
 * quote grants none and says why (`points.refusal`).
 */
export const CartQuoteInputSchema = z.object({
  lines: Lines,
  couponCode: z.string().trim().max(20, 'A coupon code is at most 20 characters').optional(),
  pointsToRedeem: z.number().int().min(0).max(1_000_000).optional(),
});
export type CartQuoteInput = z.infer<typeof CartQuoteInputSchema>;

export const QuoteLineSchema = z.object({
  id: z.string(),
  type: CartItemTypeSchema,
  /** From the database (signature) or the recipe (custom); '' when unknown. */
  name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  /** Today's unit price in paise, from the database; 0 when unavailable. */
  unitPrice: Paise,
  /** unitPrice × quantity (before the free unit); 0 when unavailable. */
  lineTotal: Paise,
  available: z.boolean(),
  /** Why the line cannot be bought (inactive, out of stock, unknown, invalid recipe); null when available. */
  reason: z.string().nullable(),
  /** The client's shownPrice differs from unitPrice. */
  priceChanged: z.boolean(),
  shownPrice: Paise.nullable(),
  isFreeUnit: z.boolean(),
  freeUnitPrice: Paise,
  /** Custom lines: the canonical recipe that was priced. */
  recipe: CustomRecipeSchema.optional(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const FreeItemInfoSchema = z.object({ itemId: z.string(), itemName: z.string(), freeUnitPrice: Paise });

/**
 * The server's price of a cart. Every amount is integer paise and includes GST. The money fields are
 * priceBreakdown's output (shared/rules/price-breakdown.ts, decision 045):
 *   subtotal          Σ lineTotal of available lines (what free delivery is measured against)
 *   itemsTotal        subtotal − freeUnitDiscount − couponDiscount
 *   total             itemsTotal − pointsDiscount + deliveryFee      (≥ 0; what is charged)
 *   gst               the GST inside total: 2 × the CGST half rounded to the paisa (what the invoice splits)
 */
export const QuoteSchema = z.object({
  lines: z.array(QuoteLineSchema),
  itemCount: z.number().int(),
  subtotal: Paise,
  freeItem: FreeItemInfoSchema.nullable(),
  freeUnitDiscount: Paise,
  /** The coupon applied (upper-case); null when none was sent or it was refused (see `coupon`). */
  couponCode: z.string().nullable(),
  couponDiscount: Paise,
  /** What the code sent did: applied with its discount, or refused with a code and a message; null when none was sent. */
  coupon: CouponOutcomeSchema.nullable(),
  /** Points applied to this quote (0 when none were asked or they were refused). */
  pointsToRedeem: z.number().int(),
  pointsDiscount: Paise,
  /** Balance, the most this order can redeem, what it would take off, points it earns, why points were refused. */
  points: QuotePointsSchema,
  itemsTotal: Paise,
  deliveryFee: Paise,
  /** The fee before any waiver (for "free delivery" display). */
  standardDeliveryFee: Paise,
  freeDeliveryThreshold: Paise,
  /** How much more to add for free delivery; 0 when delivery is already free. */
  amountToFreeDelivery: Paise,
  deliveryWaivedBy: z.enum(['threshold', 'subscription']).nullable(),
  gstRatePercent: z.number(),
  gst: Paise,
  total: Paise,
  hasUnavailable: z.boolean(),
  hasPriceChanges: z.boolean(),
  /** The plan the free unit and free delivery came from; null for guests and non-subscribers. */
  subscriptionPlan: z.string().nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** A line of a customer's server-kept cart (names and prices are today's, from the quote). */
export const ServerCartSchema = z.object({
  lines: z.array(QuoteLineSchema),
  /** Bumped on every write; a client compares it to know whether its copy is current. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type ServerCart = z.infer<typeof ServerCartSchema>;

/** PUT replaces the whole cart (last writer wins; the version lets other devices see it changed). */
export const PutCartInputSchema = z.object({ lines: Lines });
export type PutCartInput = z.infer<typeof PutCartInputSchema>;
export const MergeCartInputSchema = z.object({
  lines: Lines,
  /** Chosen by the device; a retry with the same id (the first answer was lost) is applied once. */
  mergeId: z.uuid({ error: 'mergeId must be a UUID' }).optional(),
});
export type MergeCartInput = z.infer<typeof MergeCartInputSchema>;

/** POST /api/coupons/validate: a code against a cart (the quote's coupon answer, on its own). */
export const ValidateCouponInputSchema = z.object({ code: TypedCouponCode, lines: Lines });
export type ValidateCouponInput = z.infer<typeof ValidateCouponInputSchema>;
