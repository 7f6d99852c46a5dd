/**
 * The one place the shop computes money (decision 045). Pure, integer paise, no I/O; used by the
 * cart quote, order placement (whose result is stored on the order), the tax invoice, the admin
 * CSV and — through the stored figures — every screen that shows a price breakdown.
 *
 *   subtotal       Σ line totals of the lines that can be bought
 *   itemsTotal     subtotal − free unit − coupon                (never below 0)
 *   deliveryFee    0 when there is nothing to buy, when the subtotal reaches the free-delivery
 *                  threshold (PRODUCT §6: "free at a subtotal ≥ ₹499", measured on the subtotal,
 *                  before discounts) or when the customer's plan gives free delivery
 *   total          itemsTotal − points + deliveryFee            (never below 0; what is charged)
 *   gst            the GST inside `total` (prices include GST; delivery is taxed at the same rate):
 *                  2 × the CGST half, each half rounded half-up to the paisa on the total
 *                  (half = total × (rate/2) / (100 + rate)). Always even, so the invoice's CGST and
 *                  SGST are equal and taxable + CGST + SGST = total exactly.
 *
 * The invoice split (`invoiceTaxSplit`) is derived FROM a breakdown, never from a formula of its
 * own: its CGST + SGST is the breakdown's `gst`.
 */

export interface BreakdownPricing {
  /** The standard delivery fee, paise. */
  deliveryFee: number;
  /** Subtotal (paise) from which delivery is free. */
  freeDeliveryThreshold: number;
  /** GST rate in percent (0–28, up to two decimals). */
  gstRatePercent: number;
}

export interface BreakdownInput {
  /** Line totals (paise) of the lines that can be bought; unavailable lines are left out. */
  lineTotals: readonly number[];
  /** Value of the subscription's free unit (0 without one). */
  freeUnitDiscount?: number;
  /** Coupon discount granted (0 until coupons exist). */
  couponDiscount?: number;
  /** Reward-points discount granted (0 until points exist). */
  pointsDiscount?: number;
  /** The customer's plan gives free delivery. */
  planFreeDelivery?: boolean;
  pricing: BreakdownPricing;
}

export interface Breakdown {
  subtotal: number;
  freeUnitDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  itemsTotal: number;
  deliveryFee: number;
  standardDeliveryFee: number;
  freeDeliveryThreshold: number;
  /** How much more subtotal makes delivery free; 0 when it already is (or the cart is empty). */
  amountToFreeDelivery: number;
  deliveryWaivedBy: 'threshold' | 'subscription' | null;
  gstRatePercent: number;
  gst: number;
  total: number;
}

const nonNegInt = (n: number | undefined): number => Math.max(0, Math.round(n ?? 0));

/** Rate in basis points (5% → 500), so the arithmetic below stays in integers. */
const basisPoints = (ratePercent: number): number => Math.max(0, Math.round(ratePercent * 100));

/** round(num / den) with halves rounded up, for non-negative integers (exact: no floating point). */
const divRoundHalfUp = (num: number, den: number): number => Math.floor((2 * num + den) / (2 * den));

/**
 * The CGST (= SGST) half of the GST inside a GST-inclusive amount: amount × (rate/2) / (100 + rate),
 * rounded half-up to the paisa.
 */
export function gstHalfOf(inclusivePaise: number, ratePercent: number): number {
  const bp = basisPoints(ratePercent);
  if (inclusivePaise <= 0 || bp === 0) return 0;
  return divRoundHalfUp(inclusivePaise * bp, 2 * (10_000 + bp));
}

/** The GST part inside a GST-inclusive amount: always 2 × gstHalfOf. */
export function gstInside(inclusivePaise: number, ratePercent: number): number {
  return 2 * gstHalfOf(inclusivePaise, ratePercent);
}

/** The price breakdown of a cart or an order being placed. */
export function priceBreakdown(input: BreakdownInput): Breakdown {
  const { pricing } = input;
  const subtotal = input.lineTotals.reduce((n, t) => n + nonNegInt(t), 0);
  const freeUnitDiscount = Math.min(nonNegInt(input.freeUnitDiscount), subtotal);
  const couponDiscount = Math.min(nonNegInt(input.couponDiscount), subtotal - freeUnitDiscount);
  const itemsTotal = subtotal - freeUnitDiscount - couponDiscount;
  const pointsDiscount = Math.min(nonNegInt(input.pointsDiscount), itemsTotal);
  const hasItems = input.lineTotals.length > 0;
  const standardDeliveryFee = nonNegInt(pricing.deliveryFee);
  const freeDeliveryThreshold = nonNegInt(pricing.freeDeliveryThreshold);

  let deliveryWaivedBy: Breakdown['deliveryWaivedBy'] = null;
  if (hasItems && input.planFreeDelivery) deliveryWaivedBy = 'subscription';
  else if (hasItems && subtotal >= freeDeliveryThreshold) deliveryWaivedBy = 'threshold';
  const deliveryFee = !hasItems || deliveryWaivedBy ? 0 : standardDeliveryFee;
  const total = itemsTotal - pointsDiscount + deliveryFee;

  return {
    subtotal,
    freeUnitDiscount,
    couponDiscount,
    pointsDiscount,
    itemsTotal,
    deliveryFee,
    standardDeliveryFee,
    freeDeliveryThreshold,
    amountToFreeDelivery: hasItems && !deliveryWaivedBy ? Math.max(0, freeDeliveryThreshold - subtotal) : 0,
    deliveryWaivedBy,
    gstRatePercent: pricing.gstRatePercent,
    gst: gstInside(total, pricing.gstRatePercent),
    total,
  };
}

export interface InvoiceTaxSplit {
  ratePercent: number;
  /** Value before tax: total − cgst − sgst. */
  taxable: number;
  cgstRatePercent: number;
  cgst: number;
  sgstRatePercent: number;
  sgst: number;
  /** cgst + sgst: the breakdown's gst. */
  tax: number;
  /** taxable + cgst + sgst: the amount charged. */
  total: number;
}

/**
 * The tax invoice's figures, from a breakdown (a fresh one, or the one stored on an order). CGST +
 * SGST is the breakdown's `gst`, to the paisa. Breakdowns made by `priceBreakdown` have an even
 * GST, so the halves are equal; an order placed before decision 045 may have stored an odd GST
 * (older formula), whose halves then differ by one paisa (CGST takes it) rather than changing the
 * GST the customer was shown.
 */
export function invoiceTaxSplit(b: { total: number; gst: number; gstRatePercent: number }): InvoiceTaxSplit {
  const total = Math.max(0, b.total);
  const tax = Math.min(Math.max(0, b.gst), total);
  const cgst = Math.ceil(tax / 2);
  const sgst = tax - cgst;
  return {
    ratePercent: b.gstRatePercent,
    taxable: total - tax,
    cgstRatePercent: b.gstRatePercent / 2,
    cgst,
    sgstRatePercent: b.gstRatePercent / 2,
    sgst,
    tax,
    total,
  };
}
