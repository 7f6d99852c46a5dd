import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  financialYear,
  formatInvoiceAmount,
  formatInvoiceNumber,
  groupIndian,
  INVOICE_NUMBER_RE,
  splitInclusiveGst,
  taxableOf,
} from './gst-invoice';

describe('financial year (April–March)', () => {
  it('starts on 1 April and ends on 31 March', () => {
    expect(financialYear('2026-03-31')).toBe('2025-26');
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2026-11-22')).toBe('2026-27');
    expect(financialYear('2027-01-05')).toBe('2026-27');
    expect(financialYear('2099-12-31')).toBe('2099-00');
  });
  it('numbers invoices HS/FY/6 digits', () => {
    expect(formatInvoiceNumber('2026-27', 123)).toBe('HS/2026-27/000123');
    expect(formatInvoiceNumber('2026-27', 1_234_567)).toBe('HS/2026-27/1234567');
    expect(INVOICE_NUMBER_RE.test('HS/2026-27/000123')).toBe(true);
    expect(INVOICE_NUMBER_RE.test('HS-2026-27-000123')).toBe(false);
  });
});

describe('GST split of an inclusive price', () => {
  it('gives equal CGST and SGST halves that add up to exactly the amount paid', () => {
    for (const total of [1, 99, 4900, 19900, 29800, 34900, 49999, 149_900, 10_000_000]) {
      for (const rate of [5, 12, 18, 0.25]) {
        const s = splitInclusiveGst(total, rate);
        expect(s.cgst).toBe(s.sgst);
        expect(s.taxable + s.cgst + s.sgst).toBe(total);
        // Each half is the half-rate on the taxable value, to the paisa.
        expect(Math.abs(s.cgst - (s.taxable * rate) / 200)).toBeLessThanOrEqual(0.5 + rate / 200 + 1e-9);
      }
    }
  });
  it('₹298 at 5%: taxable ₹283.80, CGST ₹7.10, SGST ₹7.10', () => {
    expect(splitInclusiveGst(29800, 5)).toEqual({ taxable: 28380, cgst: 710, sgst: 710, tax: 1420, total: 29800 });
  });
  it('nothing to tax for a free order or a zero rate', () => {
    expect(splitInclusiveGst(0, 5)).toEqual({ taxable: 0, cgst: 0, sgst: 0, tax: 0, total: 0 });
    expect(splitInclusiveGst(5000, 0)).toEqual({ taxable: 5000, cgst: 0, sgst: 0, tax: 0, total: 5000 });
  });
  it('line taxable values', () => {
    expect(taxableOf(21000, 5)).toBe(20000);
    expect(taxableOf(21000, 0)).toBe(21000);
  });
});

describe('invoice amounts', () => {
  it('are written to the paisa with Indian grouping', () => {
    expect(formatInvoiceAmount(28381)).toBe('₹283.81');
    expect(formatInvoiceAmount(12_345_678_9)).toBe('₹12,34,567.89');
    expect(formatInvoiceAmount(5, 'Rs. ')).toBe('Rs. 0.05');
    expect(formatInvoiceAmount(-4900)).toBe('−₹49.00');
    expect(groupIndian(100000)).toBe('1,00,000');
    expect(groupIndian(999)).toBe('999');
  });
  it('in words, the Indian way', () => {
    expect(amountInWords(29800)).toBe('Rupees Two Hundred Ninety-Eight Only');
    expect(amountInWords(29815)).toBe('Rupees Two Hundred Ninety-Eight and Fifteen Paise Only');
    expect(amountInWords(1_00_000_00)).toBe('Rupees One Lakh Only');
    expect(amountInWords(12_34_567_00)).toBe('Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Only');
    expect(amountInWords(2_00_00_000_00)).toBe('Rupees Two Crore Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(50)).toBe('Rupees Zero and Fifty Paise Only');
  });
});
