import { formatRupees } from '../../../../shared/rules/money';

/**
 * What a plan's free shakes are worth, from the plan and the menu's prices — never a "₹ per free
 * shake" figure, which read as the plan costing more than buying when it is below the cheapest
 * shake. One free shake per order: the cheapest in that order, so each free
 * shake is worth between the menu's cheapest and dearest signature shake.
 */
export function planValueLine(plan: { price: number; freeUnits: number }, menuPrices: readonly number[]): string | null {
  if (plan.freeUnits <= 0 || menuPrices.length === 0) return null;
  const low = Math.min(...menuPrices);
  const high = Math.max(...menuPrices);
  const each = low === high ? formatRupees(low) : `${formatRupees(low)}–${formatRupees(high)}`;
  const worth = low === high ? formatRupees(low * plan.freeUnits) : `${formatRupees(low * plan.freeUnits)}–${formatRupees(high * plan.freeUnits)}`;
  return `${plan.freeUnits} free shakes (one per order) worth ${each} each on the menu: ${worth} of shakes for ${formatRupees(plan.price)}.`;
}

const WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve'];

/** "Nine recipes", "14 recipes": a count at the start of a sentence. */
export function countSentenceStart(n: number, one: string, many: string): string {
  const word = n < WORDS.length ? WORDS[n]! : String(n);
  return `${word} ${n === 1 ? one : many}`;
}
