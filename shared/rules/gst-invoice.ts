/**
 * GST tax invoice rules (pure; used by the server that issues invoices and the
 * browser that prints them). Prices in the shop include GST and delivery is
 * intra-state (Karnataka), so the tax is split into equal CGST and SGST halves.
 */

/** Indian financial year of a calendar date (YYYY-MM-DD, Asia/Kolkata): April–March, written "2026-27". */
export function financialYear(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** HS/2026-27/000123: consecutive per financial year. */
export function formatInvoiceNumber(fy: string, seq: number): string {
  return `HS/${fy}/${String(seq).padStart(6, '0')}`;
}
export const INVOICE_NUMBER_RE = /^HS\/\d{4}-\d{2}\/\d{6,}$/;

// The tax figures (taxable value, CGST, SGST) come from the order's price breakdown:
// invoiceTaxSplit in shared/rules/price-breakdown.ts (decision 045). No formula of their own here.

/**
 * Amounts on a tax invoice are written to the paisa ("₹283.81"): GST law wants
 * the exact tax, so this is the one place the shop shows decimals. Everywhere
 * else money goes through formatRupees (whole rupees).
 */
export function formatInvoiceAmount(paise: number, symbol = '₹'): string {
  const neg = paise < 0;
  const abs = Math.abs(Math.round(paise));
  const rupees = Math.floor(abs / 100);
  const p = String(abs % 100).padStart(2, '0');
  return `${neg ? '−' : ''}${symbol}${groupIndian(rupees)}.${p}`;
}

/** 1234567 → "12,34,567" (Indian grouping, written by hand so the server and the PDF need no Intl data). */
export function groupIndian(n: number): string {
  const s = String(Math.floor(Math.abs(n)));
  if (s.length <= 3) return s;
  const last3 = s.slice(-3);
  const rest = s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function below100(n: number): string {
  if (n < 20) return ONES[n]!;
  return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
}
function below1000(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  return [h ? `${ONES[h]} Hundred` : '', r ? below100(r) : ''].filter(Boolean).join(' ');
}

/** 29815 paise → "Rupees Two Hundred Ninety-Eight and Fifteen Paise Only" (Indian system: lakh, crore). */
export function amountInWords(paise: number): string {
  const abs = Math.abs(Math.round(paise));
  let r = Math.floor(abs / 100);
  const p = abs % 100;
  if (r === 0 && p === 0) return 'Rupees Zero Only';
  const parts: string[] = [];
  const crore = Math.floor(r / 10_000_000);
  r %= 10_000_000;
  const lakh = Math.floor(r / 100_000);
  r %= 100_000;
  const thousand = Math.floor(r / 1000);
  r %= 1000;
  if (crore) parts.push(`${below1000(crore)} Crore`);
  if (lakh) parts.push(`${below100(lakh)} Lakh`);
  if (thousand) parts.push(`${below100(thousand)} Thousand`);
  if (r) parts.push(below1000(r));
  const words = parts.join(' ');
  return `Rupees ${words || 'Zero'}${p ? ` and ${below100(p)} Paise` : ''} Only`;
}
