import type { CustomRecipe } from '../schemas/builder';
import { formatCount } from './money';

/**
 * Stock rules shared by the server and the admin screens (PRODUCT.md §16, decision 160).
 * Quantities are whole units of an ingredient's stock unit (grams, millilitres or pieces).
 */

export const STOCK_UNITS = ['g', 'ml', 'pc'] as const;
export type StockUnit = (typeof STOCK_UNITS)[number];
export const STOCK_UNIT_LABELS: Record<StockUnit, string> = { g: 'g', ml: 'ml', pc: 'pcs' };

/** "1,250 g", "12 pcs": a stock quantity as the kitchen reads it (the prep sheet, stock refusals and alerts). */
export const formatQuantity = (qty: number, unit: StockUnit | string): string =>
  `${formatCount(qty)} ${STOCK_UNIT_LABELS[unit as StockUnit] ?? unit}`;

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
