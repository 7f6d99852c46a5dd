import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenManager, type LockManagerLike, type TokenManager } from './token-manager';
import { createAuthFetch, NO_AUTH_TOKEN, needsAuth, needsNoCache, toApiError, apiFetch } from '../../lib/api-fetch';

/** A Storage over a Map; several managers sharing one = several tabs of one browser. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => (m.has(k) ? m.get(k)! : null),
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** navigator.locks for several "tabs": one holder at a time, FIFO. */
function sharedLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, cb: () => Promise<T>): Promise<T> {
      const run = tail.then(cb, cb);
      tail = run.catch(() => {});
      return run;
    },
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake shop server: refresh rotates tokens after `delay` ms; protected calls accept only the current access token. */
function fakeServer(opts: { delay?: number } = {}) {
  let n = 0;
  let current = { access: 'a0', refresh: 'r0' };
  const calls: Array<{ url: string; auth: string | null }> = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const auth = new Headers(init?.headers).get('authorization');
    calls.push({ url, auth });
    if (url.startsWith('/api/auth/refresh')) {
      if (opts.delay) await new Promise((r) => setTimeout(r, opts.delay));
      const given = JSON.parse(String(init?.body ?? '{}')).refresh_token;
      if (given !== current.refresh) return json(401, { message: 'Your session has expired. Please sign in again.' });
      n++;
      current = { access: `a${n}`, refresh: `r${n}` };
      return json(200, { access_token: current.access, refresh_token: current.refresh, expires_at: Date.now() + 900_000, user: {} });
    }
    if (auth !== `Bearer ${current.access}`) return json(401, { message: 'Your session has expired. Please sign in again.' });
    return json(200, { ok: true, url });
  });
  return {
    fetch: fetchFn as unknown as typeof fetch,
    calls,
    refreshCalls: () => calls.filter((c) => c.url.startsWith('/api/auth/refresh')).length,
    expireAccess() {
      current = { ...current, access: `${current.access}-rotated-server-side` };
    },
  };
}

function seed(storage: Storage, s: { access?: string; refresh?: string; expiresAt?: number }) {
  if (s.access) storage.setItem('access_token', s.access);
  if (s.refresh) storage.setItem('refresh_token', s.refresh);
  if (s.expiresAt !== undefined) storage.setItem('expires_at', String(s.expiresAt));
}

let warn: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  warn = vi.fn<(...args: unknown[]) => void>();
});
afterEach(() => {
  vi.useRealTimers();
});

function manager(storage: Storage, server: ReturnType<typeof fakeServer>, extra: Partial<Parameters<typeof createTokenManager>[0]> = {}): TokenManager {
  return createTokenManager({ storage, fetch: server.fetch, warn, ...extra });
}

describe('getValidToken (spec §4)', () => {
  it('returns null without a stored access token', async () => {
    const tm = manager(memoryStorage(), fakeServer());
    expect(await tm.getValidToken()).toBeNull();
  });

  it('returns the current token while expires_at (ms) is in the future, and refreshes once it has passed', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() + 60_000 });
    const tm = manager(storage, server);
    expect(await tm.getValidToken()).toBe('a0');
    expect(server.refreshCalls()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(await tm.getValidToken()).toBe('a1');
    expect(server.refreshCalls()).toBe(1);
    expect(storage.getItem('access_token')).toBe('a1');
    expect(storage.getItem('refresh_token')).toBe('r1');
    expect(Number(storage.getItem('expires_at'))).toBeGreaterThan(Date.now());
  });

  it('waits for a running refresh instead of starting another', async () => {
    const storage = memoryStorage();
    const server = fakeServer({ delay: 500 });
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() - 1 });
    const tm = manager(storage, server);
    const first = tm.getValidToken();
    const second = tm.getValidToken();
    await vi.advanceTimersByTimeAsync(500);
    expect(await Promise.all([first, second])).toEqual(['a1', 'a1']);
    expect(server.refreshCalls()).toBe(1);
  });

  it('yields no token and a console warning on any error', async () => {
    const storage = memoryStorage();
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() - 1 });
    const tm = createTokenManager({ storage, fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch, warn });
    expect(await tm.getValidToken()).toBeNull();
    expect(warn).toHaveBeenCalled();
    // A network failure does not end the session.
    expect(storage.getItem('refresh_token')).toBe('r0');
  });
});

describe('refresh', () => {
  it('without a refresh token returns the current access token', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    seed(storage, { access: 'a0' });
    expect(await manager(storage, server).refresh()).toBe('a0');
    expect(server.refreshCalls()).toBe(0);
  });

  it('tries the hosted (Supabase) refresh first and stores its tokens, telling listeners', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() - 1 });
    const hosted = vi.fn(async () => ({ access_token: 'google-a', refresh_token: 'google-r', expires_at: Date.now() + 900_000 }));
    const tm = manager(storage, server, { hostedRefresh: hosted });
    const seen: Array<string | null> = [];
    tm.subscribe((s) => seen.push(s?.accessToken ?? null));
    expect(await tm.refresh()).toBe('google-a');
    expect(hosted).toHaveBeenCalledOnce();
    expect(server.refreshCalls()).toBe(0);
    expect(storage.getItem('refresh_token')).toBe('google-r');
    expect(seen).toEqual(['google-a']);
  });

  it('falls back to the shop refresh when the hosted refresh fails or has no session', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() - 1 });
    const tm = manager(storage, server, { hostedRefresh: async () => { throw new Error('offline'); } });
    expect(await tm.refresh()).toBe('a1');
    const tm2 = manager(storage, server, { hostedRefresh: async () => null });
    expect(await tm2.refresh()).toBe('a2');
  });

  it('clears the three entries and tells listeners when the server refuses the refresh', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    seed(storage, { access: 'a0', refresh: 'stolen-and-rotated', expiresAt: Date.now() - 1 });
    const tm = manager(storage, server);
    const seen: unknown[] = [];
    tm.subscribe((s) => seen.push(s));
    expect(await tm.getValidToken()).toBeNull();
    expect([storage.getItem('access_token'), storage.getItem('refresh_token'), storage.getItem('expires_at')]).toEqual([null, null, null]);
    expect(seen).toEqual([null]);
  });

  it('refreshes once across tabs: the waiting tab adopts the new tokens instead of reusing the rotated one', async () => {
    const storage = memoryStorage();
    const server = fakeServer({ delay: 300 });
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() - 1 });
    const locks = sharedLocks();
    const tab1 = manager(storage, server, { locks });
    const tab2 = manager(storage, server, { locks });
    const p1 = tab1.getValidToken();
    const p2 = tab2.getValidToken();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await Promise.all([p1, p2])).toEqual(['a1', 'a1']);
    expect(server.refreshCalls()).toBe(1);
  });
});

describe('the fetch wrapper (spec §7, §8)', () => {
  function setup(opts: { delay?: number } = {}) {
    const storage = memoryStorage();
    const server = fakeServer(opts);
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() + 600_000 });
    const tm = manager(storage, server);
    return { storage, server, tm, f: createAuthFetch({ tokens: tm, fetch: server.fetch }) };
  }

  it('adds the bearer token for the spec prefixes only, and credentials always', async () => {
    const { server, f } = setup();
    await f('/api/user/profile');
    await f('/api/shakes/signature');
    await f('/trpc/cart.get');
    expect(server.calls.map((c) => [c.url.split('?')[0], c.auth])).toEqual([
      ['/api/user/profile', 'Bearer a0'],
      ['/api/shakes/signature', null],
      ['/trpc/cart.get', 'Bearer a0'],
    ]);
    for (const p of ['user', 'orders', 'payment', 'subscription-payment', 'auth', 'admin', 'slot-configuration', 'delivery-slots']) expect(needsAuth(`/api/${p}/x`)).toBe(true);
    expect(needsAuth('/api/ingredients')).toBe(false);
    const init = (server.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0][1] as RequestInit;
    expect(init.credentials).toBe('include');
  });

  it('adds no-cache headers and a timestamp for admin orders, active orders, available slots, slot-by-date and shakes', async () => {
    const { server, f } = setup();
    await f('/api/delivery-slots/date/2026-11-23?planType=one_time');
    expect(server.calls[0].url).toMatch(/^\/api\/delivery-slots\/date\/2026-11-23\?planType=one_time&_t=\d+$/);
    const headers = new Headers(((server.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0][1] as RequestInit).headers);
    expect(headers.get('cache-control')).toMatch(/no-cache/);
    expect(headers.get('pragma')).toBe('no-cache');
    for (const p of ['/api/admin/orders', '/api/orders/active', '/api/delivery-slots/available?from=x', '/api/shakes/signature']) expect(needsNoCache(p)).toBe(true);
    for (const p of ['/api/orders/123', '/api/user/orders', '/api/ingredients']) expect(needsNoCache(p)).toBe(false);
  });

  it('answers a synthetic 401 "No authentication token available" without calling the server', async () => {
    const server = fakeServer();
    const tm = manager(memoryStorage(), server);
    const f = createAuthFetch({ tokens: tm, fetch: server.fetch });
    const res = await f('/api/user/profile');
    expect(res.status).toBe(401);
    expect((await toApiError(res)).message).toBe(`401: ${NO_AUTH_TOKEN}`);
    expect(server.calls).toHaveLength(0);
  });

  it('turns concurrent 401s into one refresh and one retry each', async () => {
    const { server, f } = setup({ delay: 200 });
    server.expireAccess(); // the server no longer accepts a0 (e.g. its clock is ahead)
    const results = Promise.all([f('/api/user/profile'), f('/api/orders/active'), f('/trpc/users.profile'), f('/api/user/orders?page=1')]);
    await vi.advanceTimersByTimeAsync(1000);
    const res = await results;
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(server.refreshCalls()).toBe(1);
    const retried = server.calls.filter((c) => c.auth === 'Bearer a1');
    expect(retried).toHaveLength(4);
  });

  it('signs out locally when the retry is refused too', async () => {
    const storage = memoryStorage();
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() + 600_000 });
    const always401 = vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/auth/refresh') ? json(200, { access_token: 'a1', refresh_token: 'r1', expires_at: Date.now() + 1000 }) : json(401, { message: 'nope' }),
    ) as unknown as typeof fetch;
    const tm = createTokenManager({ storage, fetch: always401, warn });
    const f = createAuthFetch({ tokens: tm, fetch: always401 });
    const res = await f('/api/user/profile');
    expect(res.status).toBe(401);
    expect(storage.getItem('access_token')).toBeNull();
    expect(storage.getItem('refresh_token')).toBeNull();
  });

  it('formats errors as "status: message" from message, error, or the first 200 characters', async () => {
    expect((await toApiError(json(409, { message: 'That slot is full.' }))).message).toBe('409: That slot is full.');
    expect((await toApiError(json(400, { error: 'Bad thing' }))).message).toBe('400: Bad thing');
    const long = 'x'.repeat(500);
    expect((await toApiError(new Response(long, { status: 502 }))).message).toBe(`502: ${'x'.repeat(200)}`);
    const withFields = await toApiError(json(400, { message: 'm', fieldErrors: { email: ['bad'] }, details: { fieldErrors: { username: ['taken'] } } }));
    expect(withFields.fieldErrors).toEqual({ email: ['bad'], username: ['taken'] });
  });

  it('apiFetch throws the formatted error on a non-OK answer', async () => {
    const orig = globalThis.fetch;
    globalThis.fetch = (async () => json(404, { message: 'That shake was not found.' })) as typeof fetch;
    try {
      await expect(apiFetch('/api/shakes/nope')).rejects.toThrow('404: That shake was not found.');
    } finally {
      globalThis.fetch = orig;
    }
  });
});

describe('tokens in memory and local storage (spec §4)', () => {
  const blocked = (mode: 'all' | 'writes'): Storage => {
    const m = memoryStorage();
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    return { ...m, getItem: mode === 'all' ? refuse : () => null, setItem: refuse, removeItem: refuse } as Storage;
  };

  for (const mode of ['all', 'writes'] as const) {
    it(`with storage blocked (${mode === 'all' ? 'every call throws' : 'writes throw, reads say nothing'}), a sign-in and a refresh still hold for the visit`, async () => {
      const server = fakeServer();
      const tm = manager(blocked(mode), server);
      expect(tm.read().accessToken).toBeNull();
      tm.store({ access_token: 'a0', refresh_token: 'r0', expires_at: Date.now() + 60_000 });
      expect(tm.read()).toEqual({ accessToken: 'a0', refreshToken: 'r0', expiresAt: Date.now() + 60_000 });
      expect(await tm.getValidToken()).toBe('a0');
      vi.advanceTimersByTime(60_000);
      // The expired token is refreshed with the refresh token held in memory, and the new pair is kept there.
      expect(await tm.getValidToken()).toBe('a1');
      expect(server.refreshCalls()).toBe(1);
      expect(tm.read().refreshToken).toBe('r1');
      const f = createAuthFetch({ tokens: tm, fetch: server.fetch });
      expect((await f('/api/user/profile')).status).toBe(200);
      tm.clear();
      expect(tm.read().accessToken).toBeNull();
    });
  }

  it('with working storage, local storage stays the shared copy: another tab signing out is seen here', async () => {
    const storage = memoryStorage();
    const tm = manager(storage, fakeServer());
    tm.store({ access_token: 'a0', refresh_token: 'r0', expires_at: Date.now() + 60_000 });
    expect(storage.getItem('access_token')).toBe('a0');
    storage.removeItem('access_token');
    storage.removeItem('refresh_token');
    expect(tm.read().accessToken).toBeNull();
  });
});

describe('a failed refresh (decision 146: only a refused refresh ends the session)', () => {
  const answers: Array<[string, () => Response | Promise<Response>, 'kept' | 'ended']> = [
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'kept'],
    ['500', () => json(500, { message: 'Something went wrong on our side.' }), 'kept'],
    ['502 from a proxy', () => new Response('<html>Bad gateway</html>', { status: 502 }), 'kept'],
    ['503', () => json(503, { message: 'Try again in a moment.' }), 'kept'],
    ['429', () => json(429, { message: 'Too many attempts.' }), 'kept'],
    ['401', () => json(401, { message: 'Your session has expired. Please sign in again.' }), 'ended'],
    ['403', () => json(403, { message: 'Forbidden' }), 'ended'],
    ['400', () => json(400, { message: 'refresh_token: Required' }), 'ended'],
    ['200 without an access token (a server defect, not a refusal)', () => json(200, {}), 'kept'],
  ];
  for (const [what, answer, outcome] of answers) {
    it(`a refresh answered by ${what}: the session is ${outcome}`, async () => {
      const storage = memoryStorage();
      seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() - 1 });
      const seen: unknown[] = [];
      const tm = createTokenManager({ storage, fetch: (async () => answer()) as typeof fetch, warn });
      tm.subscribe((s) => seen.push(s));
      expect(await tm.getValidToken()).toBeNull();
      if (outcome === 'kept') {
        expect(storage.getItem('refresh_token')).toBe('r0');
        expect(storage.getItem('access_token')).toBe('a0');
        expect(seen).toEqual([]);
      } else {
        expect([storage.getItem('access_token'), storage.getItem('refresh_token'), storage.getItem('expires_at')]).toEqual([null, null, null]);
        expect(seen).toEqual([null]);
      }
    });
  }
});

describe('no-cache through tRPC (spec §7)', () => {
  it('marks a tRPC batch that reads admin orders, active orders, slots or shakes, and no other', async () => {
    for (const p of ['/trpc/adminOrders.list', '/trpc/orders.active', '/trpc/slots.available', '/trpc/slots.slotsByDate', '/trpc/catalogue.signatureShakes', '/trpc/reviews.ratings,catalogue.shake', '/trpc/adminOrders.get'])
      expect(needsNoCache(`${p}?batch=1&input=%7B%7D`), p).toBe(true);
    for (const p of ['/trpc/catalogue.pricing', '/trpc/orders.get', '/trpc/adminCoupons.list', '/trpc/cart.get,users.profile']) expect(needsNoCache(p), p).toBe(false);
    const server = fakeServer();
    const storage = memoryStorage();
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() + 600_000 });
    const f = createAuthFetch({ tokens: manager(storage, server), fetch: server.fetch, now: () => 1234 });
    await f('/trpc/catalogue.signatureShakes?batch=1&input=%7B%7D');
    expect(server.calls[0].url).toBe('/trpc/catalogue.signatureShakes?batch=1&input=%7B%7D&_t=1234');
    const headers = new Headers(((server.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0][1] as RequestInit).headers);
    expect([headers.get('cache-control'), headers.get('pragma'), headers.get('expires')]).toEqual(['no-cache, no-store, must-revalidate', 'no-cache', '0']);
  });
});

describe('a returning visitor whose refresh fails at start-up (decisions 146, 147)', () => {
  const failures: Array<[string, () => Response | Promise<Response>]> = [
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['503', () => json(503, { message: 'Try again in a moment.' })],
    ['502 from a proxy', () => new Response('<html>Bad gateway</html>', { status: 502 })],
    ['429', () => json(429, { message: 'Too many attempts.' })],
  ];
  for (const [what, answer] of failures) {
    it(`an access token hours old and a refresh answered by ${what}: the "me" check fails without a 401 and the tokens stay`, async () => {
      const storage = memoryStorage();
      seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() - 3 * 3_600_000 });
      const calls: string[] = [];
      const fetchFn = (async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        if (url.startsWith('/api/auth/refresh')) return answer();
        return json(200, { user: { id: 'u1' } });
      }) as typeof fetch;
      const tm = createTokenManager({ storage, fetch: fetchFn, warn });
      const authFetch = createAuthFetch({ tokens: tm, fetch: fetchFn });
      const outcome = await authFetch('/api/auth/me').then(
        (res) => res.status,
        () => 'rejected',
      );
      // A 401 here is what the start-up rule reads as "signed out" and clears every token for.
      expect(outcome).not.toBe(401);
      expect([storage.getItem('access_token'), storage.getItem('refresh_token')]).toEqual(['a0', 'r0']);
    });
  }

  it('a request refused with 401 whose refresh then fails without a refusal keeps the tokens for the next try', async () => {
    const storage = memoryStorage();
    seed(storage, { access: 'a0', refresh: 'r0', expiresAt: Date.now() + 60_000 });
    const fetchFn = (async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/auth/refresh') ? json(503, { message: 'Try again in a moment.' }) : json(401, { message: 'Your session has expired.' })) as typeof fetch;
    const tm = createTokenManager({ storage, fetch: fetchFn, warn });
    await createAuthFetch({ tokens: tm, fetch: fetchFn })('/api/user/orders');
    expect([storage.getItem('access_token'), storage.getItem('refresh_token')]).toEqual(['a0', 'r0']);
  });
});
