/**
 * The token handling of spec §4, with no React and no globals so it can be
 * tested with fake timers, a fake fetch and a fake storage.
 *
 * - Three local-storage entries: access_token, refresh_token, expires_at (ms),
 *   and the same in memory: when storage fails (blocked, full) the page keeps
 *   working on the memory copy for the rest of the visit.
 * - getValidToken: wait for a running refresh; refresh when expires_at has
 *   passed; else the current token. Any error → null and a console warning.
 * - refresh: without a refresh token, the current access token. Otherwise the
 *   hosted (Supabase) session refresh first when configured, then the shop's own
 *   POST /api/auth/refresh. One refresh at a time in this tab (a shared promise)
 *   and across tabs (navigator.locks): a tab that waited for another tab's
 *   refresh adopts its tokens instead of spending the rotated refresh token.
 */
export const ACCESS_KEY = 'access_token';
export const REFRESH_KEY = 'refresh_token';
export const EXPIRES_KEY = 'expires_at';
export const REFRESH_LOCK = 'hydro-shakes-token-refresh';

export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number | null;
}

/** The part of an auth answer the manager keeps (spec names). */
export interface TokenAnswer {
  access_token: string;
  refresh_token?: string | null;
  expires_at?: number | null;
}

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface TokenManagerOptions {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch: typeof fetch;
  now?: () => number;
  /** navigator.locks when the browser has it. */
  locks?: LockManagerLike | null;
  /** The hosted identity provider's refresh (Supabase, exchanged for shop tokens); null when not configured or no hosted session. */
  hostedRefresh?: () => Promise<TokenAnswer | null>;
  warn?: (...args: unknown[]) => void;
  refreshUrl?: string;
}

export type SessionListener = (session: StoredSession | null) => void;

export class RefreshRejectedError extends Error {
  constructor(readonly status: number) {
    super(`${status}: the session could not be refreshed`);
  }
}

export interface TokenManager {
  read(): StoredSession;
  store(answer: TokenAnswer): void;
  clear(): void;
  getValidToken(): Promise<string | null>;
  /** Refresh now. `stale` is the access token a request was refused with: if another tab already replaced it, that one is used. */
  refresh(stale?: string | null): Promise<string | null>;
  isRefreshing(): boolean;
  subscribe(listener: SessionListener): () => void;
  /** Call from a `storage` event: another tab signed in, refreshed or signed out. */
  onStorage(key: string | null): void;
}

export function createTokenManager(opts: TokenManagerOptions): TokenManager {
  const now = opts.now ?? (() => Date.now());
  const warn = opts.warn ?? ((...a: unknown[]) => console.warn(...a));
  const listeners = new Set<SessionListener>();
  let running: Promise<string | null> | null = null;

  // Spec §4: tokens are kept "in memory and local storage". Local storage is the copy other tabs and
  // the next visit see; memory is the copy this page falls back on once storage fails (private
  // browsing with storage blocked, quota full): from the first failure on, this page reads memory, so
  // a sign-in or a refresh still holds for the visit.
  let memory: StoredSession = { accessToken: null, refreshToken: null, expiresAt: null };
  let storageWorks = true;
  const get = (k: string) => {
    try {
      return opts.storage.getItem(k);
    } catch {
      storageWorks = false;
      return null;
    }
  };
  const set = (k: string, v: string | null) => {
    try {
      if (v === null) opts.storage.removeItem(k);
      else opts.storage.setItem(k, v);
    } catch {
      storageWorks = false;
    }
  };

  function read(): StoredSession {
    if (storageWorks) {
      const exp = get(EXPIRES_KEY);
      const n = exp === null ? NaN : Number(exp);
      const fromStorage = { accessToken: get(ACCESS_KEY), refreshToken: get(REFRESH_KEY), expiresAt: Number.isFinite(n) ? n : null };
      if (storageWorks) {
        memory = fromStorage;
        return { ...fromStorage };
      }
    }
    return { ...memory };
  }

  function notify(s: StoredSession | null) {
    for (const l of [...listeners]) {
      try {
        l(s);
      } catch (e) {
        warn('auth listener failed', e);
      }
    }
  }

  function store(a: TokenAnswer) {
    memory = { accessToken: a.access_token, refreshToken: a.refresh_token ?? null, expiresAt: a.expires_at ?? null };
    set(ACCESS_KEY, a.access_token);
    // The spec allows both to be absent; an absent one is removed, never left stale.
    set(REFRESH_KEY, a.refresh_token ?? null);
    set(EXPIRES_KEY, a.expires_at != null ? String(a.expires_at) : null);
    notify(read());
  }

  function clear() {
    const before = read();
    const had = before.accessToken !== null || before.refreshToken !== null;
    memory = { accessToken: null, refreshToken: null, expiresAt: null };
    set(ACCESS_KEY, null);
    set(REFRESH_KEY, null);
    set(EXPIRES_KEY, null);
    if (had) notify(null);
  }

  async function ownRefresh(refreshToken: string): Promise<string> {
    const res = await opts.fetch(opts.refreshUrl ?? '/api/auth/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${refreshToken}` },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    if (!res.ok) throw new RefreshRejectedError(res.status);
    const body = (await res.json()) as Partial<TokenAnswer> & { session?: Partial<TokenAnswer> };
    const access = body.access_token ?? body.session?.access_token;
    if (!access) throw new RefreshRejectedError(res.status);
    store({ access_token: access, refresh_token: body.refresh_token ?? body.session?.refresh_token ?? null, expires_at: body.expires_at ?? body.session?.expires_at ?? null });
    return access;
  }

  async function doRefresh(before: StoredSession, stale: string | null): Promise<string | null> {
    const current = read();
    // Another tab refreshed (or signed out) while we waited for the lock.
    if (current.refreshToken !== before.refreshToken || (stale && current.accessToken && current.accessToken !== stale)) {
      if (current.accessToken && (current.expiresAt === null || current.expiresAt > now())) return current.accessToken;
    }
    if (!current.refreshToken) return current.accessToken;
    if (opts.hostedRefresh) {
      try {
        const hosted = await opts.hostedRefresh();
        if (hosted?.access_token) {
          store(hosted);
          return hosted.access_token;
        }
      } catch (e) {
        warn('Hosted session refresh failed; using the shop refresh', e);
      }
    }
    try {
      return await ownRefresh(current.refreshToken);
    } catch (e) {
      // A refused refresh ends the session (spec §4); a network failure keeps it for the next try.
      if (e instanceof RefreshRejectedError && e.status >= 400 && e.status < 500 && e.status !== 429) clear();
      throw e;
    }
  }

  function refresh(stale: string | null = null): Promise<string | null> {
    if (running) return running;
    const before = read();
    if (!before.refreshToken) return Promise.resolve(before.accessToken);
    const task = () => doRefresh(before, stale);
    running = (opts.locks ? opts.locks.request(REFRESH_LOCK, task) : task()).finally(() => {
      running = null;
    });
    return running;
  }

  async function getValidToken(): Promise<string | null> {
    try {
      if (running) return await running;
      const s = read();
      if (!s.accessToken) return null;
      if (s.expiresAt !== null && now() >= s.expiresAt) return await refresh(s.accessToken);
      return s.accessToken;
    } catch (e) {
      warn('Could not get a valid access token', e);
      return null;
    }
  }

  return {
    read,
    store,
    clear,
    getValidToken,
    refresh,
    isRefreshing: () => running !== null,
    subscribe(l) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    onStorage(key) {
      if (key === null || key === ACCESS_KEY) {
        const s = read();
        notify(s.accessToken ? s : null);
      }
    },
  };
}
