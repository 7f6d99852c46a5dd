import { describe, expect, it } from 'vitest';
import { amountInWords, financialYear, formatInvoiceAmount, formatInvoiceNumber, groupIndian, INVOICE_NUMBER_RE } from './gst-invoice';

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
