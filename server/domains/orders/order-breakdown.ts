import type { Breakdown } from '../../../shared/rules/price-breakdown';
import type { PriceBreakdown } from '../../../shared/schemas/orders';

/**
 * An order's price breakdown as stored (decision 045): placement writes priceBreakdown's output into
 * these columns and every later reader — the order view, the invoice, the CSV — reads them back.
 * Orders placed before 045 keep what they stored; nothing here recomputes.
 */
export interface BreakdownColumns {
  subtotal_paise: number;
  free_unit_discount_paise: number;
  coupon_discount_paise: number;
  points_discount_paise: number;
  delivery_fee_paise: number;
  gst_paise: number;
  gst_rate_percent: number;
  total_paise: number;
}

/** The columns placement writes, from the quote's breakdown. */
export function breakdownColumns(b: Breakdown): BreakdownColumns {
  return {
    subtotal_paise: b.subtotal,
    free_unit_discount_paise: b.freeUnitDiscount,
    coupon_discount_paise: b.couponDiscount,
    points_discount_paise: b.pointsDiscount,
    delivery_fee_paise: b.deliveryFee,
    gst_paise: b.gst,
    gst_rate_percent: b.gstRatePercent,
    total_paise: b.total,
  };
}

/** The stored breakdown, as the order view shows it (PostgreSQL's numeric rate arrives as text). */
export function storedBreakdown(o: Omit<BreakdownColumns, 'gst_rate_percent'> & { gst_rate_percent: number | string }): PriceBreakdown {
  return {
    subtotal: o.subtotal_paise,
    freeUnitDiscount: o.free_unit_discount_paise,
    couponDiscount: o.coupon_discount_paise,
    pointsDiscount: o.points_discount_paise,
    deliveryFee: o.delivery_fee_paise,
    gst: o.gst_paise,
    gstRatePercent: Number(o.gst_rate_percent),
    total: o.total_paise,
  };
}
