import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

/**
 * The seed specification (shared/spec/seed-spec.md) as a suite: the client-side statements that
 * hold and had no test of their own (issue 28). Each test's name quotes the statement it checks,
 * prefixed with its section. Statements checked elsewhere are listed in docs/conformance.md.
 */

vi.mock('../../client/src/features/auth/public-config', () => ({
  getPublicConfig: async () => ({ supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'anon', paymentMode: 'test' }),
  googleConfigured: () => true,
}));

const oauth = vi.fn();
const createClient = vi.fn((_url: string, _key: string, _opts: unknown) => ({ auth: { signInWithOAuth: oauth } }));
vi.mock('@supabase/supabase-js', () => ({ createClient: (url: string, key: string, opts: unknown) => createClient(url, key, opts) }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let realFetch: typeof fetch;
let calls: string[];
function answer(by: (url: string) => Response | Promise<Response>) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    calls.push(url);
    return by(url);
  }) as typeof fetch;
}
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  realFetch = globalThis.fetch;
  calls = [];
  vi.stubGlobal('window', { location: { origin: 'https://shop.example', pathname: '/', search: '' }, addEventListener: () => {} });
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.unstubAllGlobals();
});

describe('§4 Authentication', () => {
  it('§4 "Google sign-in is ignored if one is already in progress"; §7 "redirecting to /auth/callback, with offline access and account selection requested"', async () => {
    let leave!: () => void;
    oauth.mockImplementation(() => new Promise((r) => (leave = () => r({ error: null }))));
    const { signInWithGoogle } = await import('../../client/src/features/auth/auth-context');
    const first = signInWithGoogle();
    await vi.waitFor(() => expect(oauth).toHaveBeenCalledTimes(1));
    await signInWithGoogle(); // a second click while the first is under way: nothing
    await signInWithGoogle();
    leave();
    await first;
    expect(oauth).toHaveBeenCalledTimes(1);
    expect(oauth.mock.calls[0][0]).toEqual({
      provider: 'google',
      options: { redirectTo: 'https://shop.example/auth/callback', queryParams: { access_type: 'offline', prompt: 'select_account' } },
    });
  });

  it('§4 "At start, the stored session is validated against the me call; if invalid, stored tokens are cleared" (decision 147: only a refusal is "invalid")', async () => {
    const { startupOutcome } = await import('../../client/src/features/auth/auth-context');
    const { ApiError } = await import('../../client/src/lib/api-fetch');
    expect(startupOutcome(new ApiError(401, 'Your session has expired.', {}))).toBe('clear');
    expect(startupOutcome(new ApiError(403, 'Forbidden', {}))).toBe('clear');
    for (const e of [new TypeError('Failed to fetch'), new ApiError(500, 'x', {}), new ApiError(502, 'x', ''), new ApiError(503, 'x', {}), new ApiError(429, 'x', {})])
      expect(startupOutcome(e), String(e)).toBe('retry');
  });
});

describe('§5 Validation rules', () => {
  it('§5 "Login and sign-up failures show the server message, falling back to Registration failed, Failed to sign in or Sign in failed"', async () => {
    const { requestSignIn, requestSignUp } = await import('../../client/src/features/auth/auth-context');
    const { messageOf } = await import('../../client/src/lib/errors');
    const shown = async (p: Promise<unknown>, fallback: string) => messageOf(await p.then(() => null, (e: unknown) => e), fallback);
    const signup = { email: 'a@b.in', password: 'long enough pass', username: 'asha', name: 'Asha', mobile: '9876543210' };

    answer(() => json(401, { message: 'Wrong e-mail or password.' }));
    expect(await shown(requestSignIn('a@b.in', 'x'), 'Sign in failed')).toBe('Wrong e-mail or password.');
    answer(() => json(409, { message: 'That e-mail is already registered.' }));
    expect(await shown(requestSignUp(signup), 'Registration failed')).toBe('That e-mail is already registered.');

    // No sentence from the server (network failure, an empty 502 from a proxy): the spec's fallbacks.
    answer(offline);
    expect(await shown(requestSignIn('a@b.in', 'x'), 'Sign in failed')).toBe('Failed to sign in');
    expect(await shown(requestSignUp(signup), 'Registration failed')).toBe('Registration failed');
    answer(() => new Response('', { status: 502 }));
    expect(await shown(requestSignIn('a@b.in', 'x'), 'Sign in failed')).toBe('Failed to sign in');
    expect(await shown(requestSignUp(signup), 'Registration failed')).toBe('Registration failed');
    // "Sign in failed": what the sign-in screens say when the failure carries no sentence at all.
    expect(messageOf(new TypeError('Failed to fetch'), 'Sign in failed')).toBe('Sign in failed');
  });

  it('§5 "Data is stale after 5 minutes by default; the cart uses 1 minute"; §9 "Default query cache: fresh 30 minutes, retained 120 minutes, retry 1, no refetch on window focus"', async () => {
    const { createQueryClient, STALE_EXCEPTIONS, keyPrefixOf } = await import('../../client/src/lib/query');
    const qc: QueryClient = createQueryClient();
    const opts = (key: unknown[]) => qc.defaultQueryOptions({ queryKey: key });
    // The cache's own defaults (a key that is none of the app's data).
    expect(opts(['something-else'])).toMatchObject({ staleTime: 30 * 60_000, gcTime: 120 * 60_000, retry: 1, refetchOnWindowFocus: false });
    // The app's data: any tRPC procedure (keys as @trpc/react-query makes them) and the REST reads.
    expect(opts([['catalogue', 'pricing'], { type: 'query' }]).staleTime).toBe(5 * 60_000);
    expect(opts([['favorites', 'list'], { type: 'query' }]).staleTime).toBe(5 * 60_000);
    expect(opts([['adminOrders', 'list'], { input: { page: 1 }, type: 'query' }]).staleTime).toBe(5 * 60_000);
    // The cart: 1 minute, for the server cart and for its quote.
    expect(opts([['cart', 'get'], { type: 'query' }]).staleTime).toBe(60_000);
    expect(opts(['cart', 'quote', { lines: [] }]).staleTime).toBe(60_000);
    // Every exception reaches the keys it names, and says why (a comment above its entry).
    const source = (await import('node:fs')).readFileSync('client/src/lib/query.ts', 'utf8');
    for (const [key, ms] of Object.entries(STALE_EXCEPTIONS)) {
      expect(opts([...keyPrefixOf(key), { type: 'query' }]).staleTime, key).toBe(ms);
      expect(source, key).toMatch(new RegExp(`// [^\\n]{20,}\\n  '${key.replace('.', '\\.')}': `));
    }
    // Retained 120 minutes and retried once everywhere, exceptions included.
    expect(opts([['orders', 'get'], { input: { id: 'x' }, type: 'query' }])).toMatchObject({ staleTime: 0, gcTime: 120 * 60_000, retry: 1 });
  });

  it('§9 "home signature shakes fresh for 60 seconds and 3 are shown": the home section asks with 60 s, the list page with the 5-minute default', async () => {
    const { createElement } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { httpBatchLink } = await import('@trpc/client');
    const { Router } = await import('wouter');
    const { trpc } = await import('../../client/src/lib/trpc');
    const { createQueryClient } = await import('../../client/src/lib/query');
    const { FeaturedShakes } = await import('../../client/src/features/catalogue/featured-shakes');
    const { useSignatureShakes } = await import('../../client/src/features/catalogue/use-signature-shakes');
    const staleTimeOf = (element: () => unknown) => {
      const qc = createQueryClient();
      // A fetch that never answers: only the query the render creates is looked at.
      const client = trpc.createClient({ links: [httpBatchLink({ url: 'http://shop.test/trpc', fetch: () => new Promise<Response>(() => {}) })] });
      const Probe = () => element() as ReturnType<typeof createElement>;
      const app = createElement(QueryClientProvider, { client: qc }, createElement(Router, { ssrPath: '/', children: createElement(Probe) }));
      renderToString(createElement(trpc.Provider, { client, queryClient: qc, children: app }));
      const q = qc.getQueryCache().findAll().find((x) => JSON.stringify(x.queryKey).includes('signatureShakes'));
      return ((q?.observers[0]?.options ?? q?.options) as { staleTime?: unknown } | undefined)?.staleTime;
    };
    expect(staleTimeOf(() => createElement(FeaturedShakes))).toBe(60_000);
    const ListProbe = () => {
      useSignatureShakes();
      return null;
    };
    expect(staleTimeOf(() => createElement(ListProbe))).toBe(5 * 60_000);
  });

  it('§5 no call site sets its own staleTime: the one table in client/src/lib/query.ts decides (decision 148)', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts') && p !== join('client', 'src', 'lib', 'query.ts')) {
          readFileSync(p, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              // useQuery options; an imperative fetch({ staleTime: 0 }) (always read now) is not a cache setting.
              if (/staleTime\s*:/.test(line) && !/\.fetch\(/.test(line) && !/useSignatureShakes|\{ staleTime \}/.test(line)) offenders.push(`${p}:${i + 1}`);
            });
        }
      }
    };
    walk(join('client', 'src'));
    expect(offenders).toEqual([]);
  });
});

describe('§7 The calls', () => {
  it('§7 "POST /api/auth/reset-password-brevo … on failure, falls back to the next call" (any failure but a rate limit, which is shown)', async () => {
    const { requestPasswordReset } = await import('../../client/src/features/auth/forms');
    const cases: Array<[string, () => Response | Promise<Response>]> = [
      ['a network failure', offline],
      ['500', () => json(500, { message: 'Something went wrong.' })],
      ['503 (Brevo not configured)', () => json(503, { message: 'E-mail is not configured.' })],
      ['400 from Brevo', () => json(400, { message: 'Brevo refused the request.' })],
    ];
    for (const [what, brevo] of cases) {
      calls = [];
      answer((url) => (url.endsWith('/reset-password-brevo') ? brevo() : json(200, { message: 'Check your e-mail.' })));
      expect(await requestPasswordReset('asha@example.in'), what).toBe('Check your e-mail.');
      expect(calls, what).toEqual(['/api/auth/reset-password-brevo', '/api/auth/reset-password']);
    }
    // The other side of the line: a rate limit is shown as it is, and not spent again on the second call.
    calls = [];
    answer(() => json(429, { message: 'Too many reset requests. Try again in 15 minutes.' }));
    await expect(requestPasswordReset('asha@example.in')).rejects.toThrow('429: Too many reset requests. Try again in 15 minutes.');
    expect(calls).toEqual(['/api/auth/reset-password-brevo']);
  });

  it('§7 "GET /api/user/orders?page={n}&pageSize={n} … defaults page 1, size 10": a call that gives no size asks for 10', async () => {
    const { fetchOrders } = await import('../../client/src/features/orders/orders-tab');
    const { tokens } = await import('../../client/src/features/auth/session');
    tokens.store({ access_token: 'a', refresh_token: 'r', expires_at: Date.now() + 600_000 });
    answer(() => json(200, { orders: [], totalCount: 0 }));
    await fetchOrders(1);
    expect(calls[0]).toBe('/api/user/orders?page=1&pageSize=10');
    tokens.clear();
  });

  it('§7 "The hosted identity client keeps the session in local storage, refreshes automatically and detects sessions in the URL"; §9 realtime heartbeat 25 s, join timeout 10 s', async () => {
    const { getSupabase, SUPABASE_OPTIONS } = await import('../../client/src/features/auth/supabase-client');
    await getSupabase();
    expect(createClient).toHaveBeenCalledTimes(1);
    const [url, key, opts] = createClient.mock.calls[0];
    expect([url, key]).toEqual(['https://abc.supabase.co', 'anon']);
    expect(opts).toBe(SUPABASE_OPTIONS);
    // persistSession with no storage of our own: the library keeps it in window.localStorage.
    expect(opts).toEqual({
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
      realtime: { heartbeatIntervalMs: 25_000, timeout: 10_000 },
    });
  });
});

describe('§8 Error catalogue', () => {
  it('§8 "Fallback texts: Failed to fetch profile, Failed to fetch subscription status, Failed to fetch subscription usage, Failed to fetch orders"', async () => {
    const { fetchSubscriptionStatus, fetchSubscriptionUsage } = await import('../../client/src/features/subscriptions/api');
    const { fetchOrders } = await import('../../client/src/features/orders/orders-tab');
    const { messageOf } = await import('../../client/src/lib/errors');
    const { TRPCClientError } = await import('@trpc/client');
    answer(offline);
    // A signed-in read with no session would be refused locally first: give it a token.
    const { tokens } = await import('../../client/src/features/auth/session');
    tokens.store({ access_token: 'a', refresh_token: 'r', expires_at: Date.now() + 600_000 });
    await expect(fetchSubscriptionStatus()).rejects.toThrow(/^Failed to fetch subscription status$/);
    await expect(fetchSubscriptionUsage()).rejects.toThrow(/^Failed to fetch subscription usage$/);
    await expect(fetchOrders(1)).rejects.toThrow(/^Failed to fetch orders$/);
    // The profile is read through tRPC: a network failure reaches the tab as "Failed to fetch".
    expect(messageOf(new TRPCClientError('Failed to fetch'), 'Failed to fetch profile')).toBe('Failed to fetch profile');
    // With the server's own sentence, that sentence.
    answer(() => json(503, { message: 'The shop is being updated. Try again in a minute.' }));
    await expect(fetchSubscriptionStatus()).rejects.toThrow(/^The shop is being updated\. Try again in a minute\.$/);
    tokens.clear();
  });
});
