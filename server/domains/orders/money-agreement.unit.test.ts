import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBreakdown, invoiceTaxSplit } from '../../../shared/rules/price-breakdown';
import { CSV_INVOICE_HEADER, CSV_MONEY_HEADER, csvInvoiceFields, csvMoneyFields, csvRow } from '../../../shared/rules/order-lifecycle';
import { formatInvoiceAmount } from '../../../shared/rules/gst-invoice';
import { csvRupeesToPaise, invoiceTextToPaise, parseCsv } from '../../../test/helpers/csv';
import { breakdownColumns, storedBreakdown } from './order-breakdown';

/**
 * The cart quote, the stored order, the tax invoice and the admin CSV show the same money.
 * Each figure goes through the code that really produces it — priceBreakdown (the quote), the
 * columns placement stores and the order view reads back, invoiceTaxSplit (what issueInvoice
 * stores), the CSV writer's fields and rows, and the invoice's amount formatter (printable page and
 * PDF) — and is read back independently (a separate CSV reader, digit parsers), then compared.
 * The database-backed twin is test/integration/money-agreement.test.ts.
 */
const CSV_HEADER = [...CSV_MONEY_HEADER, ...CSV_INVOICE_HEADER];

function throughEveryOutput(input: Parameters<typeof priceBreakdown>[0]) {
  const quote = priceBreakdown(input);
  const order = storedBreakdown(breakdownColumns(quote));
  const invoice = invoiceTaxSplit({ total: order.total, gst: order.gst, gstRatePercent: order.gstRatePercent });
  const csvText = `\ufeff${csvRow(CSV_HEADER)}\r\n${csvRow([
    ...csvMoneyFields({ ...order, refunded: 0 }),
    ...csvInvoiceFields({ taxable: invoice.taxable, cgst: invoice.cgst, sgst: invoice.sgst }),
  ])}\r\n`;
  const [header, row] = parseCsv(csvText);
  const csv = Object.fromEntries(header!.map((h, i) => [h, csvRupeesToPaise(row![i]!)]));
  const printed = {
    taxable: invoiceTextToPaise(formatInvoiceAmount(invoice.taxable)),
    cgst: invoiceTextToPaise(formatInvoiceAmount(invoice.cgst)),
    sgst: invoiceTextToPaise(formatInvoiceAmount(invoice.sgst)),
    total: invoiceTextToPaise(formatInvoiceAmount(invoice.total)),
  };
  return { quote, order, invoice, csv, printed };
}

/**
 * Every disagreement, in words (empty when all outputs agree). Plain comparisons rather than
 * expect() per figure: 100,000 carts run in a few seconds.
 */
function disagreements(r: ReturnType<typeof throughEveryOutput>): string[] {
  const { quote, order, invoice, csv, printed } = r;
  const out: string[] = [];
  const same = (what: string, a: number, b: number) => {
    if (a !== b) out.push(`${what}: ${a} ≠ ${b}`);
  };
  // Quote → stored order (as the order view reads it): the same figures.
  for (const k of [
    'subtotal',
    'freeUnitDiscount',
    'couponDiscount',
    'pointsDiscount',
    'deliveryFee',
    'gst',
    'gstRatePercent',
    'total',
  ] as const)
    same(`order ${k}`, order[k], quote[k]);
  // The breakdown adds up and is never negative.
  same(
    'total = subtotal − discounts + delivery',
    quote.total,
    quote.subtotal - quote.freeUnitDiscount - quote.couponDiscount - quote.pointsDiscount + quote.deliveryFee,
  );
  if (quote.total < 0) out.push(`negative total ${quote.total}`);
  // Invoice: CGST + SGST is the order's GST, in equal halves, adding up to the total to the paisa.
  same('invoice CGST + SGST = order GST', invoice.cgst + invoice.sgst, order.gst);
  same('CGST = SGST', invoice.cgst, invoice.sgst);
  same('taxable + CGST + SGST = total', invoice.taxable + invoice.cgst + invoice.sgst, order.total);
  // The GST is the legal share of the total to within a paisa (not just any number that adds up).
  const exact = (quote.total * quote.gstRatePercent) / (100 + quote.gstRatePercent);
  if (Math.abs(quote.gst - exact) > 1 + 1e-6) out.push(`GST ${quote.gst} is not the ${quote.gstRatePercent}% share ${exact}`);
  // CSV, read back: the order's and the invoice's figures.
  same('CSV subtotal', csv['Subtotal (INR)']!, order.subtotal);
  same('CSV discounts', csv['Discounts (INR)']!, order.freeUnitDiscount + order.couponDiscount + order.pointsDiscount);
  same('CSV delivery fee', csv['Delivery fee (INR)']!, order.deliveryFee);
  same('CSV GST', csv['GST included (INR)']!, order.gst);
  same('CSV total', csv['Total (INR)']!, order.total);
  same('CSV taxable', csv['Taxable value (INR)']!, invoice.taxable);
  same('CSV CGST', csv['CGST (INR)']!, invoice.cgst);
  same('CSV SGST', csv['SGST (INR)']!, invoice.sgst);
  same('CSV CGST + SGST = CSV GST', csv['CGST (INR)']! + csv['SGST (INR)']!, csv['GST included (INR)']!);
  // The invoice as printed, read back.
  same('printed taxable', printed.taxable, invoice.taxable);
  same('printed CGST', printed.cgst, invoice.cgst);
  same('printed SGST', printed.sgst, invoice.sgst);
  same('printed total', printed.total, order.total);
  return out;
}

const pricingArb = fc.record({
  deliveryFee: fc.oneof(fc.constant(4900), fc.integer({ min: 0, max: 20_000 })),
  freeDeliveryThreshold: fc.oneof(fc.constant(49900), fc.integer({ min: 0, max: 500_000 })),
  gstRatePercent: fc.oneof(
    fc.constantFrom(5, 12, 18, 0, 28, 2.5),
    fc.integer({ min: 0, max: 2800 }).map((bp) => bp / 100),
  ),
});

describe('cart quote, stored order, invoice and CSV agree', () => {
  it('on the ₹1,508 order: GST ₹71.80 everywhere', () => {
    const r = throughEveryOutput({
      lineTotals: [99600, 51200],
      pricing: { deliveryFee: 4900, freeDeliveryThreshold: 49900, gstRatePercent: 5 },
    });
    expect(disagreements(r)).toEqual([]);
    expect(r.quote.gst).toBe(7180);
    expect(r.csv['GST included (INR)']).toBe(7180);
    expect(formatInvoiceAmount(r.invoice.cgst + r.invoice.sgst)).toBe('₹71.80');
  });

  it('on 100,000 random carts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 * 120_000 }), { maxLength: 20 }),
        fc.nat({ max: 120_000 }),
        fc.nat({ max: 200_000 }),
        fc.nat({ max: 100_000 }),
        fc.boolean(),
        pricingArb,
        (lineTotals, freeUnit, coupon, points, planFreeDelivery, pricing) => {
          const problems = disagreements(
            throughEveryOutput({
              lineTotals,
              freeUnitDiscount: freeUnit,
              couponDiscount: coupon,
              pointsDiscount: points,
              planFreeDelivery,
              pricing,
            }),
          );
          if (problems.length) throw new Error(problems.join('; '));
        },
      ),
      { numRuns: 100_000 },
    );
  }, 120_000);
});
