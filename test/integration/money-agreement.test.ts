import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { csvRupeesToPaise, invoiceTextToPaise, parseCsv } from '../helpers/csv';
import { pdfText } from '../helpers/pdf-text';
import { customers, expectInvariants, type Customer, loadStaffedShop, type StaffedShop } from './orders-fixtures';

/**
 * Issue 9, on PostgreSQL through real HTTP: for random carts, the quote (POST /api/cart/quote), the
 * placed order (POST /api/orders), the order view (GET /api/orders/{id}), the tax invoice (GET
 * /api/orders/{id}/invoice, and its PDF for a sample) and the admin CSV export show the same money.
 * Each answer is compared with the others, never with a formula of the test's own. The pure twin
 * over 100,000 carts is server/domains/orders/money-agreement.unit.test.ts.
 */
const CARTS = Number(process.env.MONEY_CARTS ?? 200);
const PARALLEL = 4;
const PDF_EVERY = 40;

let t: TestApp;
let shop: StaffedShop;
let shoppers: Customer[];

beforeAll(async () => {
  t = await createTestApp();
  shop = await loadStaffedShop(t);
  shoppers = await customers(t, PARALLEL * 2);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });
type Line = { id: string; type: 'signature'; quantity: number };

interface Seen {
  number: string;
  quote: Record<string, number>;
  placed: Record<string, number>;
  view: Record<string, number>;
  invoice: { total: number; subtotal: number; adjustments: { amount: number }[]; tax: { taxable: number; cgst: number; sgst: number } };
  pdf: string | null;
}

/** One cart through every output. */
async function throughTheShop(c: Customer, lines: Line[], withPdf: boolean): Promise<Seen> {
  const q = await t.request({ method: 'POST', url: '/api/cart/quote', headers: json(c.auth), payload: JSON.stringify({ lines }) });
  expect(q.statusCode, q.body).toBe(200);
  const place = shop.nextPlace();
  const placed = await t.request({
    method: 'POST',
    url: '/api/orders',
    headers: { ...json(c.auth), 'idempotency-key': crypto.randomUUID() },
    payload: JSON.stringify({ lines, addressId: c.addressId, ...place, paymentMethod: 'razorpay' }),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const order = placed.json().order as { id: string; number: string; breakdown: Record<string, number> };
  const paid = await t.request({
    method: 'POST',
    url: '/api/payment/test/complete',
    headers: json(c.auth),
    payload: JSON.stringify({ orderId: order.id, outcome: 'success' }),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const view = await t.request({ method: 'GET', url: `/api/orders/${order.id}`, headers: { authorization: c.auth } });
  expect(view.statusCode, view.body).toBe(200);
  const inv = await t.request({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: { authorization: c.auth } });
  expect(inv.statusCode, inv.body).toBe(200);
  let pdf: string | null = null;
  if (withPdf) {
    const file = await t.request({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers: { authorization: c.auth } });
    expect(file.statusCode).toBe(200);
    pdf = (await pdfText(file.rawPayload)).pages.join('\n');
  }
  return { number: order.number, quote: q.json(), placed: order.breakdown, view: view.json().breakdown, invoice: inv.json(), pdf };
}

/** Compares one order's outputs with each other; returns the CSV row it expects to find. */
function expectAgreement(s: Seen, csvRows: Map<string, Record<string, string>>): void {
  const money = ['subtotal', 'freeUnitDiscount', 'couponDiscount', 'pointsDiscount', 'deliveryFee', 'gst', 'gstRatePercent', 'total'];
  const pick = (o: Record<string, number>) => Object.fromEntries(money.map((k) => [k, o[k]]));
  // Quote = order as placed = order as viewed later.
  expect(pick(s.placed), s.number).toEqual(pick(s.quote));
  expect(pick(s.view), s.number).toEqual(pick(s.placed));
  const b = s.view;
  // Invoice: same total and subtotal; CGST + SGST is the order's GST; halves equal; taxable + tax = total.
  expect(s.invoice.total, s.number).toBe(b.total);
  expect(s.invoice.subtotal).toBe(b.subtotal);
  expect(s.invoice.subtotal + s.invoice.adjustments.reduce((n, a) => n + a.amount, 0)).toBe(s.invoice.total);
  expect(s.invoice.tax.cgst + s.invoice.tax.sgst, s.number).toBe(b.gst);
  expect(s.invoice.tax.cgst).toBe(s.invoice.tax.sgst);
  expect(s.invoice.tax.taxable + s.invoice.tax.cgst + s.invoice.tax.sgst).toBe(b.total);
  // The admin CSV, read back.
  const row = csvRows.get(s.number);
  expect(row, `${s.number} in the CSV`).toBeDefined();
  const csv = (h: string) => csvRupeesToPaise(row![h]!);
  expect({
    subtotal: csv('Subtotal (INR)'),
    discounts: csv('Discounts (INR)'),
    deliveryFee: csv('Delivery fee (INR)'),
    gst: csv('GST included (INR)'),
    total: csv('Total (INR)'),
    taxable: csv('Taxable value (INR)'),
    cgst: csv('CGST (INR)'),
    sgst: csv('SGST (INR)'),
  }).toEqual({
    subtotal: b.subtotal,
    discounts: b.freeUnitDiscount! + b.couponDiscount! + b.pointsDiscount!,
    deliveryFee: b.deliveryFee,
    gst: b.gst,
    total: b.total,
    taxable: s.invoice.tax.taxable,
    cgst: s.invoice.tax.cgst,
    sgst: s.invoice.tax.sgst,
  });
  // The PDF, as a viewer shows it: the tax summary row and the invoice total.
  if (s.pdf !== null) {
    const summary = /(₹[\d,]+\.\d\d) +(₹[\d,]+\.\d\d) +(₹[\d,]+\.\d\d) +(₹[\d,]+\.\d\d)\n/.exec(
      s.pdf.slice(s.pdf.indexOf('Taxable value')),
    );
    expect(summary, s.pdf).not.toBeNull();
    expect(summary!.slice(1).map(invoiceTextToPaise)).toEqual([s.invoice.tax.taxable, s.invoice.tax.cgst, s.invoice.tax.sgst, b.gst]);
    const total = /Invoice total \(incl\. GST\) *(₹[\d,]+\.\d\d)/.exec(s.pdf);
    expect(invoiceTextToPaise(total![1]!)).toBe(b.total);
  }
}

async function exportCsv(): Promise<Map<string, Record<string, string>>> {
  const res = await t.request({ method: 'GET', url: '/api/admin/orders/export.csv', headers: { authorization: shop.admin.auth } });
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  return new Map(rows.map((r) => [r[0]!, Object.fromEntries(header!.map((h, i) => [h, r[i]!]))]));
}

describe('quote, order, invoice, PDF and CSV show the same money (PostgreSQL, HTTP)', () => {
  it('the ₹1,508 order: GST ₹71.80 in the quote, on the order, on the invoice and its PDF, and in the CSV', async () => {
    // Arrange a catalogue where 4 shakes cost ₹1,508 (₹377 each).
    const mint = shop.shakes.find((s) => s.name === 'Mint Cooler') ?? shop.shakes[0]!;
    await t.deps.db.updateTable('signature_shakes').set({ price_paise: 37700 }).where('id', '=', mint.id).execute();
    const seen = await throughTheShop(shoppers[0]!, [{ id: mint.id, type: 'signature', quantity: 4 }], true);
    expect(seen.quote.total).toBe(150800);
    expect(seen.quote.gst).toBe(7180);
    expectAgreement(seen, await exportCsv());
    expect(seen.pdf).toMatch(/₹1,436\.20 +₹35\.90 +₹35\.90 +₹71\.80/);
  });

  it(`${CARTS} random carts`, async () => {
    const carts = fc.sample(
      fc.uniqueArray(
        // Small quantities are more likely, so both sides of the ₹499 free-delivery line come up.
        fc.record({ shake: fc.constantFrom(...shop.shakes), quantity: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 20 })) }),
        { minLength: 1, maxLength: 6, selector: (x) => x.shake.id },
      ),
      { numRuns: CARTS, seed: 9045 },
    );
    const seen: Seen[] = [];
    for (let i = 0; i < carts.length; i += PARALLEL) {
      const batch = carts.slice(i, i + PARALLEL);
      seen.push(
        ...(await Promise.all(
          batch.map((picks, j) =>
            throughTheShop(
              shoppers[(i + j) % shoppers.length]!,
              picks.map((p) => ({ id: p.shake.id, type: 'signature' as const, quantity: p.quantity })),
              (i + j) % PDF_EVERY === 0,
            ),
          ),
        )),
      );
    }
    const csvRows = await exportCsv();
    for (const s of seen) expectAgreement(s, csvRows);
    // Both sides of the free-delivery threshold were exercised.
    expect(seen.filter((s) => s.quote.deliveryFee! > 0).length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.quote.deliveryFee === 0).length).toBeGreaterThan(0);
    await expectInvariants(t.deps.db);
  }, 300_000);
});
