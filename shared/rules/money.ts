/**
 * The one money formatter: integer paise → "₹1,299" (Indian digit grouping, no decimals).
 */
// Made on first use: creating an Intl formatter at module load pulls ICU locale data into the
// server's memory at boot, whether or not anything is formatted (decision 034).
let inrFmt: Intl.NumberFormat | undefined;
const inr = () => (inrFmt ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, minimumFractionDigits: 0 }));

let countFmt: Intl.NumberFormat | undefined;
/** A count or quantity with Indian digit grouping ("1,00,000", "2.5"), made on first use like the money formatter. */
export const formatCount = (n: number): string => (countFmt ??= new Intl.NumberFormat('en-IN')).format(n);

export function formatRupees(paise: number): string {
  const rupees = Math.round(paise / 100);
  return `${rupees < 0 ? '−' : ''}₹${inr().format(Math.abs(rupees))}`;
}

/** Round paise up to the next whole rupee (the builder's rule). */
export const ceilToRupee = (paise: number): number => Math.ceil(Math.round(paise * 1000) / 1000 / 100) * 100;

/**
 * What can still be refunded of a charge: what was paid less what refunds (made or on their way)
 * already took; never below 0. The one formula, for every screen and every refund path.
 */
export const refundableOf = (amountPaise: number, refundedPaise: number): number => Math.max(0, amountPaise - refundedPaise);

/** Rupees as typed into a form ("120", "99.5", "1,299.50") → paise; null when it is not an amount. */
export function parseRupees(text: string): number | null {
  const m = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text.replaceAll(',', ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Paise → the text a rupee input starts with ("120", "99.50"): what parseRupees reads back. */
export const rupeesInput = (paise: number): string => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));
