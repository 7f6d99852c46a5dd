import { useCallback, useSyncExternalStore } from 'react';
import type { CartItem } from './cart-store';
import { useCartQuote } from './use-cart-quote';

/**
 * "Use my points" at /cart and /payment: one switch, kept for the session so the choice made in the
 * cart is still on at checkout. The quote without points tells the most this order can redeem
 * (server-side: balance, 20% of the subtotal, the minimum); with the switch on, the shown quote is
 * the one that redeems exactly that many — the server prices it, and placement sends the same number.
 */
const KEY = 'hs.usePoints';
const listeners = new Set<() => void>();
const read = () => {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};
function write(on: boolean) {
  try {
    if (on) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    /* private mode: the switch still works for this page */
  }
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function usePointsQuote(items: readonly CartItem[], opts: { couponCode?: string } = {}) {
  const on = useSyncExternalStore(subscribe, read, () => false);
  const base = useCartQuote(items, opts);
  const max = base.data?.points.maxRedeemable ?? 0;
  const points = on ? max : 0;
  // With the switch off (or nothing to redeem) this is the same query as `base`: one request.
  const quote = useCartQuote(items, points > 0 ? { ...opts, pointsToRedeem: points } : opts);
  const setOn = useCallback((v: boolean) => write(v), []);
  return { quote, base, usePoints: on, setUsePoints: setOn };
}

/** After an order is placed the switch goes off: the next cart starts without points. */
export const resetPointsChoice = () => write(false);
