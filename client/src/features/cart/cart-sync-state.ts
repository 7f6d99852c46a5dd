/**
 * Whether this tab is reconciling a signed-in customer's cart with the server (the cart and payment
 * pages wait for it), and which account the local cart mirrors. Kept apart from the reconciliation
 * itself (cart-sync.tsx), which loads only once there is an account to sync with (cart-sync-loader.tsx):
 * a guest's first view does not carry it.
 */
export const OWNER_KEY = 'cart_owner';

/** The cart's keys in local storage; a private window without storage reads nothing and keeps nothing. */
export const ls = {
  get: (k: string) => {
    try {
      return localStorage.getItem(k);
    } catch {
      return null;
    }
  },
  set: (k: string, v: string | null) => {
    try {
      if (v === null) localStorage.removeItem(k);
      else localStorage.setItem(k, v);
    } catch {
      /* private mode */
    }
  },
};

/** The account whose server cart this device's local cart mirrors, if any. */
export const cartOwner = (): string | null => ls.get(OWNER_KEY);

let syncing = false;
/** The reconciliation's code is on its way: the cart counts as still settling until that code has started. */
let loading = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const isCartSyncing = () => syncing || loading;

export function setCartSyncing(v: boolean): void {
  syncing = v;
  notify();
}

export function setCartSyncLoading(v: boolean): void {
  if (loading === v) return;
  loading = v;
  notify();
}

export function onCartSyncChange(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
