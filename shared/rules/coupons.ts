/**
 * The one coupon rule (decision 070): whether a code gives a discount on this cart, and how much,
 * or why not — a stable code and a sentence a person understands. Pure; used by the cart quote
 * (and so by /api/coupons/validate and order placement, which price through the quote). Its
 * discount goes into priceBreakdown's `couponDiscount`, which caps it again against the subtotal;
 * the limits it reads (uses, the customer's uses, earlier orders) are decided for good inside the
 * placing transaction by conditional SQL.
 */
import { ceilToRupee, formatRupees } from './money';
import { formatDate } from './dates';

/** A–Z and 0–9, 4–20 characters, once upper-cased. */
export const COUPON_CODE_RE = /^[A-Z0-9]{4,20}$/;
export const COUPON_CODE_MESSAGE = 'A coupon code is 4 to 20 letters or digits.';

/** What a customer typed → the stored form (codes are matched case-insensitively, stored upper-case). */
export function normaliseCouponCode(input: string): string {
  return input.trim().toUpperCase();
}

export const COUPON_REFUSAL_CODES = [
  'COUPON_UNKNOWN',
  'COUPON_INACTIVE',
  'COUPON_NOT_YET_VALID',
  'COUPON_EXPIRED',
  'COUPON_EXHAUSTED',
  'COUPON_FIRST_ORDER_ONLY',
  'COUPON_ALREADY_USED',
  'COUPON_NOT_APPLICABLE',
  'COUPON_MINIMUM_NOT_MET',
] as const;
export type CouponRefusalCode = (typeof COUPON_REFUSAL_CODES)[number];

export type CouponKind = 'percent' | 'flat';
export type CouponAppliesTo = 'all' | 'signature' | 'custom';

export interface CouponRule {
  code: string;
  kind: CouponKind;
  /** percent: 1–100; flat: paise. */
  value: number;
  minSubtotal: number;
  maxDiscount: number | null;
  /** Asia/Kolkata calendar days, inclusive; null = open. */
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  appliesTo: CouponAppliesTo;
  active: boolean;
  /** Uses held by orders that are not cancelled. */
  uses: number;
}

export interface CouponCart {
  /** Today in Asia/Kolkata, YYYY-MM-DD. */
  today: string;
  /** The lines that can be bought: their type and line total (paise). */
  lines: readonly { type: 'signature' | 'custom'; lineTotal: number }[];
  /** The subtotal the minimum is measured on (all lines that can be bought, before discounts). */
  subtotal: number;
  /** The free unit already taken off (its line's type and value), or null. */
  freeUnit: { type: 'signature' | 'custom'; value: number } | null;
  /** The signed-in customer's history; null for a guest (checked again at placement, when signed in). */
  customer: {
    usesOfThisCoupon: number;
    hasEarlierOrders: boolean;
    /**
     * The customer's latest unpaid order (awaiting online payment), when there is one: a refusal caused
     * only by it names it and says how to free the code (pay for it, or cancel it).
     */
    unpaid?: { orderNumber: string; usesHeld: number; onlyUnpaidOrders: boolean } | null;
  } | null;
}

/** The refusal when an order not yet paid holds the code (or counts as the earlier order). */
export function unpaidHoldMessage(code: string, orderNumber: string, holds = true): string {
  return holds
    ? `${code} is held by your unpaid order ${orderNumber}. Pay for ${orderNumber} to use it there, or cancel ${orderNumber} to use ${code} on this order.`
    : `${code} is for your first order only, and your unpaid order ${orderNumber} counts as one. Cancel ${orderNumber} to use ${code} on this order.`;
}

export interface CouponRefusal {
  code: CouponRefusalCode;
  message: string;
  /** COUPON_MINIMUM_NOT_MET: how much more subtotal (paise) the coupon needs. */
  amountNeeded?: number;
}

export type CouponEvaluation =
  { ok: true; code: string; discount: number; summary: string } | { ok: false; code: string; refusal: CouponRefusal };

/** "50% off up to ₹100", "₹75 off", "10% off" — with the minimum when there is one. */
export function describeCoupon(c: Pick<CouponRule, 'kind' | 'value' | 'maxDiscount' | 'minSubtotal'>): string {
  const off =
    c.kind === 'percent'
      ? `${c.value}% off${c.maxDiscount ? ` up to ${formatRupees(c.maxDiscount)}` : ''}`
      : `${formatRupees(c.value)} off`;
  return c.minSubtotal > 0 ? `${off} on ${formatRupees(c.minSubtotal)} or more` : off;
}

/** A shop calendar day "2026-12-01" → "1 December 2026" (the day in Asia/Kolkata, where it is defined). */
const kolkataDay = (day: string): string => formatDate(`${day}T00:00:00+05:30`, 'longDate');

const itemsWord = { signature: 'signature shakes', custom: 'custom shakes' } as const;

/** The discount `coupon` gives this cart, or the first reason it does not (in the order a customer would fix them). */
export function evaluateCoupon(typed: string, coupon: CouponRule | null, cart: CouponCart): CouponEvaluation {
  const code = normaliseCouponCode(typed);
  const refuse = (r: CouponRefusal): CouponEvaluation => ({ ok: false, code, refusal: r });
  if (!coupon || !COUPON_CODE_RE.test(code)) {
    return refuse({ code: 'COUPON_UNKNOWN', message: `${code || 'That code'} is not a coupon we know. Check the spelling and try again.` });
  }
  if (!coupon.active) return refuse({ code: 'COUPON_INACTIVE', message: `${code} is no longer available.` });
  if (coupon.validFrom && cart.today < coupon.validFrom) {
    return refuse({ code: 'COUPON_NOT_YET_VALID', message: `${code} can be used from ${kolkataDay(coupon.validFrom)}.` });
  }
  if (coupon.validTo && cart.today > coupon.validTo) {
    return refuse({ code: 'COUPON_EXPIRED', message: `${code} expired on ${kolkataDay(coupon.validTo)}.` });
  }
  if (coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit) {
    return refuse({ code: 'COUPON_EXHAUSTED', message: `${code} has been used up. Try another code.` });
  }
  if (cart.customer) {
    const unpaid = cart.customer.unpaid ?? null;
    if (coupon.firstOrderOnly && cart.customer.hasEarlierOrders) {
      return refuse({
        code: 'COUPON_FIRST_ORDER_ONLY',
        message: unpaid?.onlyUnpaidOrders
          ? unpaidHoldMessage(code, unpaid.orderNumber, unpaid.usesHeld > 0)
          : `${code} is for your first order only.`,
      });
    }
    if (coupon.perCustomerLimit !== null && cart.customer.usesOfThisCoupon >= coupon.perCustomerLimit) {
      // Freed by cancelling the unpaid orders: their uses come back.
      const heldByUnpaid = !!unpaid && unpaid.usesHeld > 0 && cart.customer.usesOfThisCoupon - unpaid.usesHeld < coupon.perCustomerLimit;
      return refuse({
        code: 'COUPON_ALREADY_USED',
        message: heldByUnpaid
          ? unpaidHoldMessage(code, unpaid.orderNumber)
          : coupon.perCustomerLimit === 1
            ? `You have already used ${code}.`
            : `You have already used ${code} ${coupon.perCustomerLimit} times, as often as it allows.`,
      });
    }
  }
  let base = cart.lines
    .filter((l) => coupon.appliesTo === 'all' || l.type === coupon.appliesTo)
    .reduce((n, l) => n + Math.max(0, l.lineTotal), 0);
  if (cart.freeUnit && (coupon.appliesTo === 'all' || cart.freeUnit.type === coupon.appliesTo))
    base = Math.max(0, base - cart.freeUnit.value);
  if (base <= 0 && coupon.appliesTo !== 'all') {
    return refuse({
      code: 'COUPON_NOT_APPLICABLE',
      message: `${code} applies to ${itemsWord[coupon.appliesTo]} only, and there are none to pay for in your cart.`,
    });
  }
  if (cart.subtotal < coupon.minSubtotal) {
    const needed = coupon.minSubtotal - cart.subtotal;
    return refuse({
      code: 'COUPON_MINIMUM_NOT_MET',
      message: `Add ${formatRupees(ceilToRupee(needed))} more to use ${code}: it needs a subtotal of ${formatRupees(coupon.minSubtotal)}.`,
      amountNeeded: needed,
    });
  }
  if (base <= 0) return refuse({ code: 'COUPON_NOT_APPLICABLE', message: `There is nothing in your cart for ${code} to take off.` });
  let discount = coupon.kind === 'percent' ? Math.floor((base * coupon.value) / 100) : coupon.value;
  if (coupon.maxDiscount !== null) discount = Math.min(discount, coupon.maxDiscount);
  discount = Math.min(discount, base);
  return { ok: true, code, discount, summary: describeCoupon(coupon) };
}
