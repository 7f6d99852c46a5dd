import { QueryClient } from '@tanstack/react-query';

/** Spec §9: default cache fresh 30 min, kept 120 min, retry 1, no refetch on window focus. */
export const QUERY_FRESH_MS = 30 * 60_000;
export const QUERY_KEEP_MS = 120 * 60_000;
/** Spec §5: data hooks are stale after 5 minutes by default; the cart after 1 minute. */
export const STALE_DEFAULT_MS = 5 * 60_000;
export const STALE_CART_MS = 60_000;
/** Spec §9: home signature shakes fresh for 60 seconds; 3 are shown. */
export const HOME_SHAKES_FRESH_MS = 60_000;
export const HOME_SHAKES_COUNT = 3;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_FRESH_MS, gcTime: QUERY_KEEP_MS, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
