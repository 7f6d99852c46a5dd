/**
 * Spec §4 (Cart) free-unit rule, subscribers only:
 * - plan "Wellness Weekly" frees the cheapest signature item, only if one exists;
 * - any other plan frees the cheapest item with price above 0;
 * - no qualifying item or no subscription → all free flags reset.
 * One unit of one line is free (PRODUCT §9: at most 1 free unit per order, only while units remain).
 */
export const WELLNESS_WEEKLY = 'Wellness Weekly';

export interface FreeUnitLine {
  id: string;
  type: 'signature' | 'custom';
  name: string;
  price: number;
}

/**
 * The rule a plan carries (a subscription keeps the rule it was bought with). Wellness Weekly's is
 * 'cheapest_signature'; the other plans' 'cheapest_priced'.
 */
export type FreeUnitRule = 'cheapest_signature' | 'cheapest_priced';

export interface SubscriptionPlanInfo {
  planName: string;
  /** The plan's own rule; when absent it follows from the plan's name (spec: Wellness Weekly or not). */
  rule?: FreeUnitRule;
  /** Free units left in the current period; null when unknown (treated as available). */
  remainingFreeUnits: number | null;
}

export interface FreeItemInfo {
  itemId: string;
  itemName: string;
  freeUnitPrice: number;
}

export function freeUnitRuleOf(plan: Pick<SubscriptionPlanInfo, 'planName' | 'rule'>): FreeUnitRule {
  return plan.rule ?? (plan.planName === WELLNESS_WEEKLY ? 'cheapest_signature' : 'cheapest_priced');
}

/** Index of the line that gets the free unit, or -1. Ties go to the line that was added first. */
export function pickFreeLine(lines: readonly FreeUnitLine[], plan: SubscriptionPlanInfo | null): number {
  if (!plan) return -1;
  if (plan.remainingFreeUnits !== null && plan.remainingFreeUnits < 1) return -1;
  const wellness = freeUnitRuleOf(plan) === 'cheapest_signature';
  let best = -1;
  lines.forEach((line, i) => {
    const qualifies = wellness ? line.type === 'signature' : line.price > 0;
    if (!qualifies) return;
    if (best === -1 || line.price < lines[best]!.price) best = i;
  });
  return best;
}

/** The cart lines with isFreeUnit / freeUnitPrice set by the rule (all reset when nothing qualifies). */
export function applyFreeUnit<T extends FreeUnitLine>(
  lines: readonly T[],
  plan: SubscriptionPlanInfo | null,
): { lines: (T & { isFreeUnit: boolean; freeUnitPrice: number })[]; freeItem: FreeItemInfo | null } {
  const idx = pickFreeLine(lines, plan);
  const out = lines.map((l, i) => ({ ...l, isFreeUnit: i === idx, freeUnitPrice: i === idx ? l.price : 0 }));
  const free = idx === -1 ? null : lines[idx]!;
  return {
    lines: out,
    freeItem: free ? { itemId: free.id, itemName: free.name, freeUnitPrice: free.price } : null,
  };
}
