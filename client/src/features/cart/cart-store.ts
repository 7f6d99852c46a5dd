import { useMemo, useSyncExternalStore } from 'react';
import { toast } from '../../components/toast';
import {
  addLine,
  clampQuantity,
  consumeSubscriptionPurchasedFlag,
  countItems,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  removeLine,
  setLineQuantity,
} from '../../../../shared/rules/cart-rules';
import { applyFreeUnit, type FreeItemInfo } from '../../../../shared/rules/free-unit';
import type { CustomRecipe } from '../../../../shared/schemas/builder';
import { requestSubscriptionRefresh, useSubscriptionPlan } from './use-subscription-plan';

export type { CustomRecipe } from '../../../../shared/schemas/builder';
export type { FreeItemInfo } from '../../../../shared/rules/free-unit';

export interface CartItem {
  id: string;
  type: 'signature' | 'custom';
  name: string;
  /** Paise, as shown when added; display only — the server quote prices the cart. */
  price: number;
  image: string;
  quantity: number;
  isFreeUnit: boolean;
  freeUnitPrice: number;
  recipe?: CustomRecipe;
}

export interface AddItemInput {
  id: string;
  type: 'signature' | 'custom';
  name: string;
  price: number;
  image: string;
  recipe?: CustomRecipe;
}

export const CART_STORAGE_KEY = 'cart';

const storage = (): Storage | null => {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
};

/** Stored carts come from an older build or a hand-edited localStorage: keep only well-formed lines. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return [];
    const out: CartItem[] = [];
    for (const it of data) {
      if (!it || typeof it !== 'object') continue;
      const o = it as Record<string, unknown>;
      if (typeof o.id !== 'string' || !o.id || o.id.length > 200) continue;
      if (o.type !== 'signature' && o.type !== 'custom') continue;
      if (out.some((x) => x.id === o.id && x.type === o.type)) continue;
      out.push({
        id: o.id,
        type: o.type,
        name: typeof o.name === 'string' ? o.name.slice(0, 120) : '',
        price: typeof o.price === 'number' && Number.isFinite(o.price) && o.price >= 0 ? Math.round(o.price) : 0,
        image: typeof o.image === 'string' ? o.image : '',
        quantity: clampQuantity(typeof o.quantity === 'number' ? o.quantity : 1),
        isFreeUnit: false,
        freeUnitPrice: 0,
        ...(o.type === 'custom' && o.recipe && typeof o.recipe === 'object' ? { recipe: o.recipe as CustomRecipe } : {}),
      });
      if (out.length >= MAX_CART_LINES) break;
    }
    return out;
  } catch {
    return [];
  }
}

let items: CartItem[] = parseStoredCart(storage()?.getItem(CART_STORAGE_KEY) ?? null);
const listeners = new Set<() => void>();

function persist() {
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Private mode / quota: the cart still works for this tab.
  }
}

function commit(next: CartItem[]) {
  items = next;
  persist();
  listeners.forEach((l) => l());
}

export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getCartItems = (): CartItem[] => items;

/** Replace the whole cart (server sync / merge on sign-in). No toast. */
export function replaceCart(next: CartItem[]): void {
  commit(next.slice(0, MAX_CART_LINES).map((l) => ({ ...l, quantity: clampQuantity(l.quantity) })));
}

// Another tab changed the cart: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== CART_STORAGE_KEY) return;
    items = parseStoredCart(e.newValue);
    listeners.forEach((l) => l());
  });
}

/** Adds one (or `quantity`, from a shake page) of an item; the per-line limit still holds. */
export function addItem(input: AddItemInput, quantity = 1): void {
  if (consumeSubscriptionPurchasedFlag(storage())) requestSubscriptionRefresh();
  const { items: added, outcome } = addLine<CartItem>(items, {
    id: input.id,
    type: input.type,
    name: input.name,
    price: input.price,
    image: input.image,
    isFreeUnit: false,
    freeUnitPrice: 0,
    ...(input.recipe ? { recipe: input.recipe } : {}),
  });
  if (outcome === 'line-limit') {
    toast({
      title: 'Your cart is full',
      description: `A cart holds at most ${MAX_CART_LINES} different items. Remove one to add ${input.name}.`,
      variant: 'destructive',
    });
    return;
  }
  if (outcome === 'quantity-limit') {
    toast({
      title: 'Maximum quantity reached',
      description: `You can order at most ${MAX_LINE_QUANTITY} of ${input.name} at once.`,
      variant: 'destructive',
    });
    return;
  }
  let next = added;
  if (quantity > 1) {
    const line = next.find((l) => l.id === input.id && l.type === input.type);
    if (line) {
      const set = setLineQuantity(next, input.id, input.type, line.quantity + Math.floor(quantity) - 1);
      next = set.items;
      if (set.outcome === 'capped')
        toast({
          title: 'Maximum quantity reached',
          description: `You can order at most ${MAX_LINE_QUANTITY} of ${input.name} at once.`,
          variant: 'destructive',
        });
    }
  }
  commit(next);
  toast({ title: 'Added to cart', description: input.name, variant: 'success' });
}

export function updateQuantity(id: string, type: CartItem['type'], quantity: number): void {
  const { items: next, outcome } = setLineQuantity(items, id, type, quantity);
  if (outcome === 'ignored' || outcome === 'missing') return;
  if (outcome === 'capped') {
    toast({
      title: 'Maximum quantity reached',
      description: `You can order at most ${MAX_LINE_QUANTITY} of one item at once.`,
      variant: 'destructive',
    });
  }
  commit(next);
}

export function removeItem(id: string, type: CartItem['type']): void {
  try {
    const { items: next, removed } = removeLine(items, id, type);
    if (!removed) throw new Error('not in cart');
    commit(next);
    toast({ title: 'Removed from cart', description: 'Item has been removed from your cart.' });
  } catch {
    toast({ title: 'Error', description: 'Failed to remove item from cart. Please try again.', variant: 'destructive' });
  }
}

/** After the shopper saw a price change: remember today's prices so the notice goes away. */
export function acceptPrices(prices: readonly { id: string; type: CartItem['type']; unitPrice: number }[]): void {
  let changed = false;
  const next = items.map((it) => {
    const p = prices.find((x) => x.id === it.id && x.type === it.type);
    if (!p || p.unitPrice === it.price) return it;
    changed = true;
    return { ...it, price: p.unitPrice };
  });
  if (changed) commit(next);
}

export function clearCart(): void {
  commit([]);
}

export function useCart(): {
  items: CartItem[];
  itemCount: number;
  freeItem: FreeItemInfo | null;
  addItem(input: AddItemInput, quantity?: number): void;
  updateQuantity(id: string, type: CartItem['type'], quantity: number): void;
  removeItem(id: string, type: CartItem['type']): void;
  clearCart(): void;
} {
  const raw = useSyncExternalStore(subscribeCart, getCartItems, getCartItems);
  const plan = useSubscriptionPlan();
  const derived = useMemo(() => applyFreeUnit(raw, plan), [raw, plan]);
  return {
    items: derived.lines,
    itemCount: countItems(raw),
    freeItem: derived.freeItem,
    addItem,
    updateQuantity,
    removeItem,
    clearCart,
  };
}
