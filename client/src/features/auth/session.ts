import { createTokenManager, type LockManagerLike, type TokenManager } from './token-manager';
import { getPublicConfig, googleConfigured } from './public-config';

/**
 * The page's one token manager over window.localStorage. The hosted refresh
 * (Supabase) is tried first only when Supabase is configured and this browser
 * holds a Supabase session; its code is loaded on demand.
 */
function browserLocks(): LockManagerLike | null {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }).locks : undefined;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/**
 * window.localStorage, looked up on each use: where storage is blocked (private browsing, cookies
 * disabled) even reading the property throws, and the manager then keeps the tokens in memory.
 */
const pageStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (k) => window.localStorage.getItem(k),
  setItem: (k, v) => window.localStorage.setItem(k, v),
  removeItem: (k) => window.localStorage.removeItem(k),
};
const noStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => null,
  setItem: () => {},
  removeItem: () => {},
};

export const tokens: TokenManager = createTokenManager({
  storage: typeof window !== 'undefined' ? pageStorage : noStorage,
  // The refresh call is the fetch wrapper's own machinery (api-fetch.ts retries through it), so it
  // cannot go back through the wrapper; it is the one request made with the bare fetch.
  fetch: (input, init) => fetch(input, init),
  locks: browserLocks(),
  hostedRefresh: async () => {
    const cfg = await getPublicConfig();
    if (!googleConfigured(cfg)) return null;
    const { hostedRefresh } = await import('./supabase-client');
    return hostedRefresh();
  },
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => tokens.onStorage(e.key));
}
