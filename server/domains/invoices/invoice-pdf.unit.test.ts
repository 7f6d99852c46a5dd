import { createRequire } from 'node:module';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/schemas/invoices';
import { priceBreakdown, invoiceTaxSplit } from '../../../shared/rules/price-breakdown';
import { pdfText } from '../../../test/helpers/pdf-text';
import { fonts, renderInvoicePdf, textRuns, woffToSfnt } from './invoice-pdf';

/** The ₹1,508 order whose invoice once disagreed with its quote: it must say ₹71.80 of GST, as the cart and the order do. */
function invoice1508(): Invoice {
  const b = priceBreakdown({ lineTotals: [99600, 51200], pricing: { deliveryFee: 4900, freeDeliveryThreshold: 49900, gstRatePercent: 5 } });
  const t = invoiceTaxSplit(b);
  return {
    number: 'HS/2026-27/000123',
    issuedAt: '2026-11-25T10:00:00.000Z',
    financialYear: '2026-27',
    orderId: '00000000-0000-4000-8000-000000000001',
    orderNumber: 'HS-1508',
    orderDate: '2026-11-24T10:00:00.000Z',
    seller: {
      name: 'Hydro Shakes',
      legalName: 'Hydro Shakes Farms Pvt Ltd',
      lines: ['12 Tower Road', 'Bengaluru 560001'],
      phone: '+91 80 1234 5678',
      email: 'hello@hydroshakes.in',
      gstin: '29ABCDE1234F1Z5',
      fssai: '12345678901234',
      state: 'Karnataka',
      stateCode: '29',
    },
    buyer: { name: 'Asha Rao', lines: ['4 MG Road', 'Bengaluru, Karnataka 560038'], phone: '+91 98765 43210', email: 'asha@example.com' },
    placeOfSupply: 'Karnataka (29)',
    lines: [
      { description: 'Green Glow', hsn: '2202', quantity: 4, unitPrice: 24900, amount: 99600, note: null },
      { description: 'Morning Boost (custom shake)', hsn: '2202', quantity: 2, unitPrice: 25600, amount: 51200, note: null },
    ],
    subtotal: b.subtotal,
    adjustments: [{ label: 'Delivery charges (SAC 996813)', amount: b.deliveryFee }],
    total: t.total,
    tax: { ratePercent: 5, taxable: t.taxable, cgstRatePercent: 2.5, cgst: t.cgst, sgstRatePercent: 2.5, sgst: t.sgst },
    amountInWords: 'Rupees One Thousand Five Hundred Eight Only',
    payment: { method: 'UPI', status: 'Payment Successful', paidAt: '2026-11-24T10:05:00.000Z' },
    remark: null,
  };
}

describe('invoice PDF', () => {
  it('embeds a font that has the ₹ glyph (U+20B9) and draws ₹ with it', () => {
    // fontkit is pdfkit's own font reader: resolve it from pdfkit, as pdfkit does.
    const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
      create(b: Buffer): { hasGlyphForCodePoint(cp: number): boolean; glyphForCodePoint(cp: number): { id: number } };
    };
    const f = fonts();
    for (const ext of [f.regularExt, f.boldExt]) {
      const font = fontkit.create(ext);
      expect(font.hasGlyphForCodePoint(0x20b9)).toBe(true);
      expect(font.glyphForCodePoint(0x20b9).id).toBeGreaterThan(0);
    }
    expect(fontkit.create(f.regular).hasGlyphForCodePoint(0x31)).toBe(true);
    expect(textRuns('₹1,508.00')).toEqual([
      { text: '₹', ext: true },
      { text: '1,508.00', ext: false },
    ]);
  });

  it('unwraps WOFF into the TrueType file fontkit reads', () => {
    const woff = fs.readFileSync(createRequire(import.meta.url).resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'));
    const ttf = woffToSfnt(woff);
    expect(ttf.readUInt32BE(0)).toBe(0x00010000);
    expect(ttf.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
  });

  it('prints the amounts with ₹ and the breakdown’s GST, split into equal halves', async () => {
    const pdf = await renderInvoicePdf(invoice1508());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, fonts: used } = await pdfText(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).not.toContain('Rs.');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('HS/2026-27/000123');
    expect(text).toMatch(/Invoice total \(incl\. GST\) *₹1,508\.00/);
    expect(text).toMatch(/Green Glow +2202 +4 +₹249\.00 +₹996\.00/);
    // Taxable ₹1,436.20, CGST ₹35.90, SGST ₹35.90, total tax ₹71.80.
    expect(text).toMatch(/₹1,436\.20 +₹35\.90 +₹35\.90 +₹71\.80/);
    expect(used.length).toBeGreaterThan(0);
  });
});
