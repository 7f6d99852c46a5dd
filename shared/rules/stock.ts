import type { CustomRecipe } from '../schemas/builder';

/**
 * Stock rules shared by the server and the admin screens (PRODUCT.md §16, decision 160).
 * Quantities are whole units of an ingredient's stock unit (grams, millilitres or pieces).
 */

export const STOCK_UNITS = ['g', 'ml', 'pc'] as const;
export type StockUnit = (typeof STOCK_UNITS)[number];
export const STOCK_UNIT_LABELS: Record<StockUnit, string> = { g: 'g', ml: 'ml', pc: 'pcs' };

const plain = (n: number, digits: number) => n.toLocaleString('en-IN', { maximumFractionDigits: digits, useGrouping: false });

/**
 * "120 g", "1.25 kg", "12.5 kg", "749 L", "12 pcs": a stock quantity as the kitchen reads it (the stock
 * and kitchen screens, the prep sheet, refusals and alerts). From 1,000 g or ml it reads in kg or L,
 * with two decimals under 10, one under 100 and none above; digits are not grouped (grouping is for money).
 */
export function formatQuantity(qty: number, unit: StockUnit | string): string {
  const abs = Math.abs(qty);
  if ((unit === 'g' || unit === 'ml') && abs >= 1000) {
    const big = qty / 1000;
    const a = abs / 1000;
    return `${plain(big, a < 10 ? 2 : a < 100 ? 1 : 0)} ${unit === 'g' ? 'kg' : 'L'}`;
  }
  return `${plain(qty, 1)} ${STOCK_UNIT_LABELS[unit as StockUnit] ?? unit}`;
}

/** A Large bottle (500 ml) takes 1.4× a Regular one (350 ml) of everything in it. */
export const SIZE_QUANTITY_FACTOR = { regular: 1, large: 1.4 } as const;

/** The words a shopper sees for a shake or ingredient whose free stock cannot cover one more bottle. */
export const SOLD_OUT_LABEL = 'Sold out for now';
export const soldOutMessage = (name: string) => `${name} is sold out for now.`;

/** What one bottle of a custom recipe takes of one of its ingredients: portions × portion size × size factor, rounded up. */
export function customQuantity(portionQty: number, portions: number, size: CustomRecipe['size']): number {
  // Round to 6 places first so 25 × 1.4 = 35.000000000000004 does not become 36.
  return Math.ceil(Number((portionQty * portions * SIZE_QUANTITY_FACTOR[size]).toFixed(6)));
}

/** Days the free stock lasts at the recent daily use; null when nothing was used (no rate to measure). */
export function daysOfCover(free: number, usedPerDay: number): number | null {
  if (usedPerDay <= 0) return null;
  return Math.floor((free / usedPerDay) * 10) / 10;
}

/** Free stock (on hand − reserved) is under the par level: the dashboard says so and the admin is e-mailed once a day. */
export function isLowStock(level: { onHand: number; reserved: number; parLevel: number }): boolean {
  return level.parLevel > 0 && level.onHand - level.reserved < level.parLevel;
}
