/**
 * Pure cart rules (spec §4 Cart, PRODUCT §5). The client store and the server cart both use these.
 */
export const MAX_CART_LINES = 20;
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 20;
export const SUBSCRIPTION_PURCHASED_FLAG = 'subscription_purchased';

export type CartItemType = 'signature' | 'custom';

export interface CartLineBase {
  id: string;
  type: CartItemType;
  quantity: number;
}

export type AddOutcome = 'added' | 'incremented' | 'line-limit' | 'quantity-limit';

const sameLine = (a: { id: string; type: string }, id: string, type: string) => a.id === id && a.type === type;

/** Same id and type → quantity + 1; otherwise appended with quantity 1. Limits refuse without changing anything. */
export function addLine<T extends CartLineBase>(items: readonly T[], input: Omit<T, 'quantity'>): { items: T[]; outcome: AddOutcome } {
  const i = items.findIndex((it) => sameLine(it, input.id, input.type));
  if (i >= 0) {
    const current = items[i]!;
    if (current.quantity >= MAX_LINE_QUANTITY) return { items: [...items], outcome: 'quantity-limit' };
    const next = [...items];
    next[i] = { ...current, quantity: current.quantity + 1 };
    return { items: next, outcome: 'incremented' };
  }
  if (items.length >= MAX_CART_LINES) return { items: [...items], outcome: 'line-limit' };
  return { items: [...items, { ...input, quantity: 1 } as T], outcome: 'added' };
}

export type UpdateOutcome = 'updated' | 'ignored' | 'capped' | 'missing';

/** A quantity below 1 (or not a number) is ignored; above 20 is capped at 20. */
export function setLineQuantity<T extends CartLineBase>(
  items: readonly T[],
  id: string,
  type: CartItemType,
  quantity: number,
): { items: T[]; outcome: UpdateOutcome } {
  if (!Number.isFinite(quantity) || quantity < MIN_LINE_QUANTITY) return { items: [...items], outcome: 'ignored' };
  const i = items.findIndex((it) => sameLine(it, id, type));
  if (i < 0) return { items: [...items], outcome: 'missing' };
  const q = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
  const next = [...items];
  next[i] = { ...items[i]!, quantity: q };
  return { items: next, outcome: q < Math.floor(quantity) ? 'capped' : 'updated' };
}

export function removeLine<T extends CartLineBase>(items: readonly T[], id: string, type: CartItemType): { items: T[]; removed: boolean } {
  const next = items.filter((it) => !sameLine(it, id, type));
  return { items: next, removed: next.length !== items.length };
}

/** Merge two carts (sign-in): same line → quantities added, capped at 20; at most 20 lines, `primary` lines first. */
export function mergeLines<T extends CartLineBase>(primary: readonly T[], incoming: readonly T[]): T[] {
  const out: T[] = primary.slice(0, MAX_CART_LINES).map((l) => ({ ...l, quantity: clampQuantity(l.quantity) }));
  for (const line of incoming) {
    const i = out.findIndex((it) => sameLine(it, line.id, line.type));
    if (i >= 0) {
      out[i] = { ...out[i]!, quantity: Math.min(out[i]!.quantity + clampQuantity(line.quantity), MAX_LINE_QUANTITY) };
    } else if (out.length < MAX_CART_LINES) {
      out.push({ ...line, quantity: clampQuantity(line.quantity) });
    }
  }
  return out;
}

export function clampQuantity(q: number): number {
  if (!Number.isFinite(q)) return MIN_LINE_QUANTITY;
  return Math.max(MIN_LINE_QUANTITY, Math.min(MAX_LINE_QUANTITY, Math.floor(q)));
}

export const countItems = (items: readonly { quantity: number }[]): number => items.reduce((n, it) => n + it.quantity, 0);

/**
 * Spec: the `subscription_purchased` flag forces a subscription-status refresh on the next add.
 * Returns true (and clears the flag) when a refresh is due.
 */
export function consumeSubscriptionPurchasedFlag(storage: Pick<Storage, 'getItem' | 'removeItem'> | null): boolean {
  if (!storage) return false;
  try {
    if (storage.getItem(SUBSCRIPTION_PURCHASED_FLAG) === null) return false;
    storage.removeItem(SUBSCRIPTION_PURCHASED_FLAG);
    return true;
  } catch {
    return false;
  }
}
