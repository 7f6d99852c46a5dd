import { useSyncExternalStore } from 'react';

/**
 * The coupon code the shopper entered, kept for this tab (sessionStorage) so it follows them from
 * /cart to /payment and survives a reload. Whether it applies is always the server's answer (the
 * quote's `coupon`); this only remembers what was typed.
 */
const KEY = 'hs.couponCode';
const listeners = new Set<() => void>();

function read(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function setCouponCode(code: string): void {
  try {
    if (code) sessionStorage.setItem(KEY, code);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the code still applies on this page.
  }
  memory = code;
  listeners.forEach((l) => l());
}
let memory: string | null = null;

export function useCouponCode(): string {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => memory ?? (memory = read()),
    () => '',
  );
}
