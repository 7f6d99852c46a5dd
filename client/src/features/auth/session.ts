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

export const tokens: TokenManager = createTokenManager({
  storage: typeof localStorage !== 'undefined' ? localStorage : { getItem: () => null, setItem: () => {}, removeItem: () => {} },
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
