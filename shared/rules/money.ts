/**
 * The one money formatter: integer paise → "₹1,299" (Indian digit grouping, no decimals).
 */
// Made on first use: creating an Intl formatter at module load pulls ICU locale data into the
// server's memory at boot, whether or not anything is formatted (decision 034).
let inrFmt: Intl.NumberFormat | undefined;
const inr = () => (inrFmt ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, minimumFractionDigits: 0 }));

export function formatRupees(paise: number): string {
  const rupees = Math.round(paise / 100);
  return `${rupees < 0 ? '−' : ''}₹${inr().format(Math.abs(rupees))}`;
}

/** Whole rupees → paise. */
export const rupees = (r: number): number => Math.round(r * 100);

/** Round paise up to the next whole rupee (the builder's rule). */
export const ceilToRupee = (paise: number): number => Math.ceil(Math.round(paise * 1000) / 1000 / 100) * 100;
