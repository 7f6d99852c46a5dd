import { tokens } from '../features/auth/session';
import type { TokenManager } from '../features/auth/token-manager';

/**
 * The one fetch wrapper (spec §7, §8). Every request sends credentials.
 * - Bearer authorization for the spec's path prefixes under /api (user, orders,
 *   payment, subscription-payment, auth, admin, slot-configuration,
 *   delivery-slots), and for every /trpc call when a token is held (procedure
 *   names do not carry those prefixes; public procedures ignore it).
 * - No-cache headers and a timestamp parameter for admin orders, active orders,
 *   available slots, slot-by-date and shakes, through /api and through /trpc.
 * - A 401 triggers one refresh and one retry; failing that, local sign-out.
 * - No token for a protected /api path: a synthetic 401 "No authentication token available".
 * - A non-OK answer becomes an ApiError whose message is "status: message".
 */
export const AUTH_PREFIXES = ['user', 'orders', 'payment', 'subscription-payment', 'auth', 'admin', 'slot-configuration', 'delivery-slots', 'rider'];
export const NO_AUTH_TOKEN = 'No authentication token available';

const NO_CACHE: RegExp[] = [
  /^\/api\/admin\/orders(\/|$)/,
  /^\/api\/orders\/active(\/|$)/,
  /^\/api\/delivery-slots\/available(\/|$)/,
  /^\/api\/delivery-slots\/date\//,
  /^\/api\/shakes(\/|$)/,
];

/**
 * The same reads through tRPC (the pages use tRPC, not /api): the procedures behind the REST paths
 * above. A batch that holds one of them is sent with the headers and the timestamp. A test derives
 * this list from the router's REST paths, so a procedure added under those paths must be named here.
 */
export const NO_CACHE_PROCEDURES = [
  'adminOrders.list',
  'adminOrders.get',
  'orders.active',
  'slots.available',
  'slots.slotsByDate',
  'catalogue.signatureShakes',
  'catalogue.shake',
  'reviews.forShake',
];

/** Auth calls that are made before there is a session: never refused for want of a token. */
const PUBLIC_AUTH = /^\/api\/auth\/(signin|signup|refresh|signout|reset-password(-brevo|\/complete)?|supabase)$/;

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return url.split('?')[0];
  }
}

export function needsAuth(url: string): boolean {
  const p = pathOf(url);
  if (p.startsWith('/trpc/')) return true;
  const m = /^\/api\/([^/]+)/.exec(p);
  return !!m && AUTH_PREFIXES.includes(m[1]);
}

export function requiresToken(url: string): boolean {
  const p = pathOf(url);
  return !p.startsWith('/trpc/') && needsAuth(url) && !PUBLIC_AUTH.test(p);
}

export function needsNoCache(url: string): boolean {
  const p = pathOf(url);
  if (p.startsWith('/trpc/')) return p.slice('/trpc/'.length).split(',').some((name) => NO_CACHE_PROCEDURES.includes(name));
  return NO_CACHE.some((r) => r.test(p));
}

/** The timestamp parameter; the server's response cache leaves it out of its key (server/http/response-cache.ts). */
export function withTimestamp(url: string, now = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}_t=${now}`;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own sentence (for people), without the status. */
    readonly serverMessage: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
  }
  get code(): string | undefined {
    return (this.body as { code?: string } | null)?.code;
  }
  /** Field errors of a validation failure (zod) or of a refusal that names a field. */
  get fieldErrors(): Record<string, string[]> {
    const b = this.body as { fieldErrors?: Record<string, string[]>; details?: { fieldErrors?: Record<string, string[]> } } | null;
    return { ...(b?.details?.fieldErrors ?? {}), ...(b?.fieldErrors ?? {}) };
  }
}

/** Spec §8: the message or error field of the body, else its first 200 characters. */
export async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  let message = text.slice(0, 200);
  try {
    body = JSON.parse(text);
    const b = body as { message?: unknown; error?: unknown };
    const m = typeof b?.message === 'string' ? b.message : typeof b?.error === 'string' ? b.error : (b?.error as { message?: unknown })?.message;
    if (typeof m === 'string' && m) message = m;
  } catch {
    /* not JSON: the first 200 characters */
  }
  return new ApiError(res.status, message || res.statusText || 'Request failed', body);
}

/** An answer made here, in the server's error shape, for a request that is not sent. */
function madeUp(status: 401 | 503, message: string, code: string): Response {
  return new Response(JSON.stringify({ message, code }), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * No usable token although the tokens are still held: the refresh they needed failed without a
 * refusal (network, 5xx, 429 — a refusal clears them). Nothing says the session is over, whatever the
 * access token's age, so the request fails as "out of reach", never as a 401 that would sign the
 * visitor out (decisions 146, 147).
 */
function heldAfterFailedRefresh(t: TokenManager): boolean {
  const s = t.read();
  return !!s.accessToken && !!s.refreshToken;
}


export interface AuthFetchDeps {
  tokens: TokenManager;
  fetch: typeof fetch;
  now?: () => number;
}

/** Builds the authorised fetch (exported for tests with fake tokens and fetch). */
export function createAuthFetch(d: AuthFetchDeps): typeof fetch {
  return async (input, init = {}) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const auth = needsAuth(url);
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    if (needsNoCache(url)) {
      headers.set('Cache-Control', 'no-cache, no-store, must-revalidate');
      headers.set('Pragma', 'no-cache');
      headers.set('Expires', '0');
      url = withTimestamp(url, (d.now ?? Date.now)());
    }
    let token: string | null = null;
    const p = pathOf(url);
    if (PUBLIC_AUTH.test(p)) {
      // Sign-in, sign-up, refresh, resets: no session logic; sign-out just names the session it ends.
      if (p === '/api/auth/signout' && !headers.has('authorization')) {
        const current = d.tokens.read().accessToken;
        if (current) headers.set('Authorization', `Bearer ${current}`);
      }
      return d.fetch(url, { ...init, headers, credentials: 'include' });
    }
    if (auth && !headers.has('authorization')) {
      token = await d.tokens.getValidToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      else if (heldAfterFailedRefresh(d.tokens)) return madeUp(503, 'We could not reach the shop. Check your connection.', 'UNAVAILABLE');
      else if (requiresToken(url)) return madeUp(401, NO_AUTH_TOKEN, 'UNAUTHORIZED');
    }
    const send = () => d.fetch(typeof input === 'string' || input instanceof URL ? url : new Request(url, input), { ...init, headers, credentials: 'include' });
    const res = await send();
    if (res.status !== 401 || !token) return res;

    // One refresh (shared by every request that failed at the same time) and one retry.
    let fresh: string | null = null;
    try {
      fresh = await d.tokens.refresh(token);
    } catch {
      // A refused refresh has cleared the tokens already; any other failure keeps them for the next try (decision 146).
      return res;
    }
    if (!fresh || fresh === token) {
      d.tokens.clear();
      return res;
    }
    headers.set('Authorization', `Bearer ${fresh}`);
    const retry = await send();
    if (retry.status === 401) d.tokens.clear();
    return retry;
  };
}

// Made on first use: session.ts and public-config.ts import this module, so `tokens` may not be
// initialised yet while this module is evaluated.
let made: typeof fetch | null = null;
const authFetch: typeof fetch = (input, init) => (made ??= createAuthFetch({ tokens, fetch: (i, o) => fetch(i, o) }))(input, init);

/** The tRPC client's fetch (providers.tsx). */
export const trpcFetch: typeof fetch = (input, init) => authFetch(input, init);

/**
 * REST call: JSON in (`json`), JSON out; throws ApiError ("status: message")
 * on a non-OK answer.
 */
export async function apiFetch<T = unknown>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const res = await authFetch(path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
