import { describe, expect, it } from 'vitest';
import { gstInside, invoiceTaxSplit, priceBreakdown } from './price-breakdown';

const pricing = { deliveryFee: 4900, freeDeliveryThreshold: 49900, gstRatePercent: 5 };

describe('priceBreakdown', () => {
  it('₹1,508 at 5%: GST ₹71.80, the same figure the invoice splits into ₹35.90 + ₹35.90', () => {
    const b = priceBreakdown({ lineTotals: [150800], pricing });
    expect(b).toMatchObject({ subtotal: 150800, deliveryFee: 0, deliveryWaivedBy: 'threshold', total: 150800, gst: 7180 });
    expect(invoiceTaxSplit(b)).toMatchObject({ taxable: 143620, cgst: 3590, sgst: 3590, tax: 7180, total: 150800 });
  });

  it('charges delivery below the threshold and waives it from a subtotal of ₹499', () => {
    expect(priceBreakdown({ lineTotals: [24900, 24999], pricing })).toMatchObject({
      subtotal: 49899,
      deliveryFee: 4900,
      amountToFreeDelivery: 1,
      total: 54799,
    });
    expect(priceBreakdown({ lineTotals: [24900, 25000], pricing })).toMatchObject({ deliveryFee: 0, amountToFreeDelivery: 0 });
  });

  it('measures the threshold on the subtotal, before discounts', () => {
    const b = priceBreakdown({ lineTotals: [52000], couponDiscount: 7500, pricing });
    expect(b).toMatchObject({ itemsTotal: 44500, deliveryFee: 0, deliveryWaivedBy: 'threshold', total: 44500 });
  });

  it('gives free delivery with a plan that has it, and nothing to pay for an empty cart', () => {
    expect(priceBreakdown({ lineTotals: [14900], planFreeDelivery: true, pricing })).toMatchObject({
      deliveryFee: 0,
      deliveryWaivedBy: 'subscription',
      amountToFreeDelivery: 0,
      total: 14900,
    });
    expect(priceBreakdown({ lineTotals: [], pricing })).toMatchObject({
      subtotal: 0,
      deliveryFee: 0,
      gst: 0,
      total: 0,
      amountToFreeDelivery: 0,
    });
  });

  it('applies free unit, coupon and points in that order, never below zero', () => {
    const b = priceBreakdown({ lineTotals: [29800, 14900], freeUnitDiscount: 14900, couponDiscount: 50000, pointsDiscount: 9999, pricing });
    expect(b).toMatchObject({ subtotal: 44700, freeUnitDiscount: 14900, couponDiscount: 29800, pointsDiscount: 0, itemsTotal: 0 });
    expect(b.total).toBe(4900);
    const p = priceBreakdown({ lineTotals: [29800], pointsDiscount: 5000, pricing });
    expect(p).toMatchObject({ pointsDiscount: 5000, total: 29800 - 5000 + 4900 });
  });

  it('GST is even and within a paisa of the exact share; halves add up to the total', () => {
    for (const total of [1, 21, 99, 4900, 19900, 29800, 34900, 49999, 150800, 10_000_000]) {
      for (const rate of [5, 12, 18, 0.25, 28]) {
        const gst = gstInside(total, rate);
        expect(gst % 2).toBe(0);
        expect(Math.abs(gst - (total * rate) / (100 + rate))).toBeLessThanOrEqual(1);
        const s = invoiceTaxSplit({ total, gst, gstRatePercent: rate });
        expect(s.cgst).toBe(s.sgst);
        expect(s.taxable + s.cgst + s.sgst).toBe(total);
      }
    }
    expect(gstInside(5000, 0)).toBe(0);
    expect(gstInside(0, 5)).toBe(0);
  });

  it('an order stored with an odd GST (before decision 045) keeps it: CGST takes the extra paisa', () => {
    expect(invoiceTaxSplit({ total: 150800, gst: 7181, gstRatePercent: 5 })).toMatchObject({ taxable: 143619, cgst: 3591, sgst: 3590 });
  });
});
