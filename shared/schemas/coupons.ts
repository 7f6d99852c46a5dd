import { z } from 'zod';
import { IsoDate, Paise, Uuid } from './common';
import { COUPON_CODE_MESSAGE, COUPON_CODE_RE, COUPON_REFUSAL_CODES, normaliseCouponCode } from '../rules/coupons';

/** Coupons (PRODUCT §10, decision 070): the customer's check and the back office's forms. */

/** What a customer types: trimmed and upper-cased before it is matched (the rule says "unknown" for anything else). */
export const TypedCouponCode = z
  .string()
  .trim()
  .min(1, 'Enter a coupon code')
  .max(20, 'A coupon code is at most 20 characters')
  .transform(normaliseCouponCode);

/** What a coupon did to a cart: applied with its discount, or refused with why. Never absent when a code was sent. */
export const CouponOutcomeSchema = z.object({
  /** The code as matched (upper-case). */
  code: z.string(),
  applied: z.boolean(),
  /** The discount granted (paise); 0 when refused. */
  discount: Paise,
  /** "50% off up to ₹100 on ₹199 or more"; null when refused. */
  summary: z.string().nullable(),
  refusal: z
    .object({
      code: z.enum(COUPON_REFUSAL_CODES),
      message: z.string(),
      /** COUPON_MINIMUM_NOT_MET: paise still needed. */
      amountNeeded: Paise.nullable(),
    })
    .nullable(),
});
export type CouponOutcome = z.infer<typeof CouponOutcomeSchema>;

// ---------- Admin ----------

export const CouponKindSchema = z.enum(['percent', 'flat']);
export const CouponAppliesToSchema = z.enum(['all', 'signature', 'custom']);

const Limit = (what: string) =>
  z
    .number({ message: `Enter ${what}` })
    .int(`${what} is a whole number`)
    .min(1, `${what} is at least 1`)
    .max(1_000_000)
    .nullable();

export const CouponFieldsSchema = z
  .object({
    code: z.string().trim().transform(normaliseCouponCode).pipe(z.string().regex(COUPON_CODE_RE, COUPON_CODE_MESSAGE)),
    description: z.string().trim().max(200, 'The description is at most 200 characters'),
    kind: CouponKindSchema,
    /** percent: 1–100; flat: paise. */
    value: z.number({ message: 'Enter the value' }).int('The value is a whole number').min(1, 'The value is at least 1').max(10_000_000),
    minSubtotal: Paise,
    maxDiscount: Paise.min(1, 'The maximum discount is at least ₹0.01').nullable(),
    validFrom: IsoDate.nullable(),
    validTo: IsoDate.nullable(),
    usageLimit: Limit('The usage limit'),
    perCustomerLimit: Limit('The per-customer limit'),
    firstOrderOnly: z.boolean(),
    appliesTo: CouponAppliesToSchema,
    active: z.boolean(),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100' });
    if (c.validFrom && c.validTo && c.validFrom > c.validTo)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'The last day comes on or after the first day' });
  });
export type CouponFields = z.infer<typeof CouponFieldsSchema>;

export const AdminCouponSchema = z.object({
  id: Uuid,
  code: z.string(),
  description: z.string(),
  kind: CouponKindSchema,
  value: z.number().int(),
  minSubtotal: Paise,
  maxDiscount: Paise.nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  appliesTo: CouponAppliesToSchema,
  active: z.boolean(),
  /** Uses held by orders that are not cancelled. */
  uses: z.number().int(),
  /** usageLimit − uses; null when unlimited. */
  remaining: z.number().int().nullable(),
  /** Discount given on orders that are not cancelled (paise). */
  discountGiven: z.number().int(),
  /** "50% off up to ₹100 on ₹199 or more". */
  summary: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

export const AdminCouponListSchema = z.object({ coupons: z.array(AdminCouponSchema) });

export const CouponIdInputSchema = z.object({ id: Uuid });
export const UpdateCouponInputSchema = z.object({ id: Uuid, coupon: CouponFieldsSchema });

export const CouponUsageSchema = z.object({
  coupon: AdminCouponSchema,
  uses: z.array(
    z.object({
      orderId: Uuid,
      orderNumber: z.string(),
      customerEmail: z.string(),
      discount: Paise,
      at: z.string(),
      /** The order was cancelled or expired: the use was given back. */
      released: z.boolean(),
    }),
  ),
});
export type CouponUsage = z.infer<typeof CouponUsageSchema>;
