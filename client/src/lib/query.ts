import { QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * How long the client's data stays fresh (decision 148). One reading of the spec:
 * - §9 "default query cache: fresh 30 minutes, retained 120, retry 1, no refetch on window focus" is
 *   the cache's configuration (the QueryClient's defaults);
 * - §5 "data is stale after 5 minutes by default; the cart uses 1 minute" is the app's data: every
 *   query of the app — all tRPC procedures and the REST reads below — is stale after 5 minutes, set
 *   here once through query defaults, never at the call site;
 * - the exceptions are listed in STALE_EXCEPTIONS, each with its reason.
 */
export const QUERY_FRESH_MS = 30 * 60_000;
export const QUERY_KEEP_MS = 120 * 60_000;
/** Spec §5: data hooks are stale after 5 minutes by default; the cart after 1 minute. */
export const STALE_DEFAULT_MS = 5 * 60_000;
export const STALE_CART_MS = 60_000;
/** Spec §9: home signature shakes fresh for 60 seconds; 3 are shown. */
export const HOME_SHAKES_FRESH_MS = 60_000;
export const HOME_SHAKES_COUNT = 3;
/** Delivery capacity: every order placed anywhere takes a place (also the slot fetcher's local-storage cache). */
export const STALE_SLOTS_MS = 60_000;
/** An order's state moves on the server (payment, kitchen, rider): lists of orders. */
export const STALE_ORDERS_MS = 30_000;

/** The first element of the REST reads' query keys (the tRPC ones are the procedure path). */
export const REST_QUERY_KEYS = ['orders-active', 'user-orders', 'subscription-status', 'subscription-usage', 'delivery-slots', 'cart'] as const;

/**
 * Every query that is not stale after STALE_DEFAULT_MS: the tRPC procedure ('cart.get') or the first
 * element of a REST read's key ('user-orders') → milliseconds. Each with its reason (kept in comments:
 * this table is in the home page's JavaScript budget).
 */
export const STALE_EXCEPTIONS: Record<string, number> = {
  // Spec §5: the cart uses 1 minute (another device may change it).
  'cart.get': STALE_CART_MS,
  // Spec §5: the cart and its quote (prices, coupon) use 1 minute.
  'cart': STALE_CART_MS,
  // Slot capacity changes with every order placed anywhere.
  'slots.available': STALE_SLOTS_MS,
  // Spec §7: slots by date, cached 60 s in local storage too.
  'delivery-slots': STALE_SLOTS_MS,
  // Active orders move on the server (payment, kitchen, rider).
  'orders-active': STALE_ORDERS_MS,
  // The order history shows those same statuses.
  'user-orders': STALE_ORDERS_MS,
  // The order page follows its status; read again on every visit (and live over SSE).
  'orders.get': 0,
  // A refund adds a credit note to the invoice.
  'orders.invoice': 60_000,
  // The shopper's own review, just written or edited: their write must show.
  'reviews.forOrder': 0,
  // Moderation acts on the latest reviews.
  'reviews.adminForShake': 0,
  // Other shoppers' reviews arrive at any time; as fresh as the home shakes.
  'reviews.forShake': 60_000,
  // Ratings on the shake cards follow the reviews.
  'reviews.ratings': 60_000,
  // Points are credited when an order is delivered or cancelled.
  'rewards.mine': 15_000,
  // Renewals and refunds of subscriptions happen on the server.
  'subscriptions.history': 30_000,
  // Free units are used by every order; a purchase changes the status.
  'subscription-status': 60_000,
  // Free units are used by every order.
  'subscription-usage': 60_000,
  // The profile is changed from the profile tab and from the admin back office.
  'users.profile': 60_000,
  // Addresses are added from checkout and from the profile (other tabs).
  'addresses.list': 60_000,
  // Plans are edited on another admin screen.
  'subscriptions.adminPlans': 60_000,
  // The served area changes a few times a year; each keystroke would ask again.
  'slots.pincode': 10 * 60_000,
};

/** The query-key prefix of an entry: a tRPC key starts with the procedure path as an array. */
export function keyPrefixOf(key: string): QueryKey {
  return (REST_QUERY_KEYS as readonly string[]).includes(key) ? [key] : [key.split('.')];
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_FRESH_MS, gcTime: QUERY_KEEP_MS, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
  // Every tRPC query: its key starts with an array (the procedure path), which `[[]]` matches.
  client.setQueryDefaults([[]], { staleTime: STALE_DEFAULT_MS });
  for (const k of REST_QUERY_KEYS) client.setQueryDefaults([k], { staleTime: STALE_DEFAULT_MS });
  // Later defaults win over earlier ones for the keys they match.
  for (const [key, ms] of Object.entries(STALE_EXCEPTIONS)) client.setQueryDefaults(keyPrefixOf(key), { staleTime: ms });
  return client;
}
