import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import { apiFetch, ApiError } from '../../lib/api-fetch';
import { tokens } from './session';
import { getPublicConfig, googleConfigured } from './public-config';
import { isStaffRole } from '../../../../shared/rules/staff-roles';

/**
 * The session as the rest of the client sees it (header, cart, guards).
 * The server decides every role; `isAdmin` only chooses what to show.
 */
export interface SessionUser {
  id: string;
  email: string;
  role: string;
  user_metadata: { name: string; role?: string; username?: string; mobile?: string };
  email_verified?: boolean;
}

type Status = 'loading' | 'authenticated' | 'unauthenticated';

export interface SignUpInput {
  email: string;
  password: string;
  username: string;
  name: string;
  mobile: string;
  /** The privacy notice's version the form showed, and the optional consents ticked. */
  consents?: { notice_version: string; whatsapp: boolean; marketing: boolean };
}

export interface AuthApi {
  user: SessionUser | null;
  status: Status;
  /**
   * True while a stored session could not be checked because the server was out of reach (network,
   * 5xx, 429): status stays 'loading', the tokens are kept and the check is retried (decision 147).
   */
  offline: boolean;
  isAdmin: boolean;
  signIn(email: string, password: string): Promise<void>;
  /** Resolves with signedIn false when the server answered without a session (it then says why in `message`). */
  signUp(p: SignUpInput): Promise<{ signedIn: boolean; message: string } | void>;
  signOut(): Promise<void>;
  signInWithGoogle(): Promise<void>;
  googleEnabled: boolean;
  /** Re-read the user after a profile change (name in the header). */
  refreshUser(): Promise<void>;
  /** Adopt a session answered by the server (password reset, Google exchange). */
  acceptSession(answer: AuthAnswerLike): void;
}

export interface AuthAnswerLike {
  user: SessionUser;
  access_token: string;
  refresh_token?: string | null;
  expires_at?: number | null;
}

/** Spec §6: the one fixed admin e-mail (build-time, optional). Display only. */
const FIXED_ADMIN_EMAIL = ((import.meta.env.VITE_ADMIN_EMAIL as string | undefined) ?? '').trim().toLowerCase();

/** Whether the back office is for this person: the owner (spec §6's three rules) or any staff role (PRODUCT.md §17). */
export function isAdminUser(user: SessionUser | null): boolean {
  if (!user) return false;
  return isStaffRole(user.role) || user.user_metadata?.role === 'admin' || (!!FIXED_ADMIN_EMAIL && user.email.toLowerCase() === FIXED_ADMIN_EMAIL);
}

/** Sign-in and sign-up through the one fetch wrapper (public auth paths carry no session logic there). */
async function postPublic(path: string, body: unknown): Promise<Record<string, unknown>> {
  return (await apiFetch<Record<string, unknown> | undefined>(path, { method: 'POST', json: body })) ?? {};
}

/** Whether the server's answer carried its own sentence (not just a status line). */
function serverSaid(e: ApiError): boolean {
  const b = e.body as { message?: unknown; error?: unknown } | null;
  return typeof b === 'object' && b !== null && ((typeof b.message === 'string' && !!b.message) || !!b.error);
}

/** Re-throw with the spec's fallback when the server gave no sentence (network failure, empty body). */
function withFallback(e: unknown, fallback: string): Error {
  if (e instanceof ApiError) {
    if (!serverSaid(e)) return new ApiError(e.status, fallback, e.body);
    return e;
  }
  return new Error(fallback);
}

let googleInFlight = false;

/**
 * Spec §4/§7: Google sign-in through the identity provider, back to /auth/callback, asking for offline
 * access and account selection; ignored while one is already in progress.
 */
export async function signInWithGoogle(): Promise<void> {
  if (googleInFlight) return;
  googleInFlight = true;
  try {
    const { getSupabase } = await import('./supabase-client');
    const sb = await getSupabase();
    if (!sb) throw new Error('Google sign-in is not available right now.');
    const { error } = await sb.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${window.location.origin}/auth/callback`, queryParams: { access_type: 'offline', prompt: 'select_account' } },
    });
    if (error) throw error;
    // The browser now leaves for Google; the flag stays set until then.
  } catch (e) {
    googleInFlight = false;
    throw e instanceof Error && e.message ? e : new Error('Sign in failed');
  }
}

/** Spec §5/§7: POST /api/auth/signin; a failure without the server's own sentence says "Failed to sign in". */
export async function requestSignIn(email: string, password: string): Promise<AuthAnswerLike> {
  let data: Record<string, unknown>;
  try {
    data = await postPublic('/api/auth/signin', { email, password });
  } catch (e) {
    throw withFallback(e, 'Failed to sign in');
  }
  if (!data.access_token || !data.user) throw new Error('Failed to sign in');
  return data as unknown as AuthAnswerLike;
}

/** Spec §5/§7: POST /api/auth/signup; a failure without the server's own sentence says "Registration failed". */
export async function requestSignUp(p: SignUpInput): Promise<Record<string, unknown>> {
  try {
    return await postPublic('/api/auth/signup', p);
  } catch (e) {
    throw withFallback(e, 'Registration failed');
  }
}

/**
 * Decision 147, the start-up rule: what a failed `me` check does with the stored tokens. A refusal
 * (401, 403) means the tokens are invalid: they are cleared and the visitor is a guest. Anything else
 * (no network, 5xx, 429) says nothing about the tokens: they are kept, the visitor is shown as
 * offline, neither signed in nor a guest, and the check is retried.
 */
export function startupOutcome(e: unknown): 'clear' | 'retry' {
  return e instanceof ApiError && (e.status === 401 || e.status === 403) ? 'clear' : 'retry';
}

/** Waits between start-up checks while offline (ms); the last repeats. Going online retries at once. */
export const OFFLINE_RETRY_MS = [2_000, 5_000, 10_000, 30_000];

const AuthContext = createContext<AuthApi | null>(null);

export function AuthProvider(props: { children: ReactNode }): JSX.Element {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [status, setStatus] = useState<Status>(() => (tokens.read().accessToken ? 'loading' : 'unauthenticated'));
  const [googleEnabled, setGoogleEnabled] = useState(false);
  const [offline, setOffline] = useState(false);
  const userRef = useRef<SessionUser | null>(null);
  const retries = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const apply = useCallback((u: SessionUser | null) => {
    userRef.current = u;
    setUser(u);
    setStatus(u ? 'authenticated' : 'unauthenticated');
  }, []);

  /** Spec §4: at start the stored session is validated with `me`; if invalid (refused) the tokens are cleared. */
  const validate = useCallback(
    async () => {
      if (!tokens.read().accessToken) {
        apply(null);
        return;
      }
      try {
        const { user: u } = await apiFetch<{ user: SessionUser }>('/api/auth/me');
        retries.current = 0;
        setOffline(false);
        apply(u);
      } catch (e) {
        // Spec §8: a failed validation returns false with a console warning.
        console.warn('Token validation failed', e);
        if (startupOutcome(e) === 'clear' || !tokens.read().accessToken) {
          tokens.clear();
          setOffline(false);
          apply(null);
          return;
        }
        // Out of reach: keep the tokens, show "offline", try again (decision 147).
        setOffline(true);
        if (!userRef.current) setStatus('loading');
        const wait = OFFLINE_RETRY_MS[Math.min(retries.current++, OFFLINE_RETRY_MS.length - 1)];
        clearTimeout(retryTimer.current);
        retryTimer.current = setTimeout(() => void validateRef.current(), wait);
      }
    },
    [apply],
  );
  const validateRef = useRef(validate);
  validateRef.current = validate;

  useEffect(() => {
    if (!offline) return;
    const now = () => {
      clearTimeout(retryTimer.current);
      void validateRef.current();
    };
    window.addEventListener('online', now);
    return () => {
      window.removeEventListener('online', now);
      clearTimeout(retryTimer.current);
    };
  }, [offline]);

  useEffect(() => {
    void validate();
    void getPublicConfig().then((c) => setGoogleEnabled(googleConfigured(c)));
    return tokens.subscribe((session) => {
      if (!session) {
        clearTimeout(retryTimer.current);
        setOffline(false);
        if (userRef.current) apply(null);
        else setStatus('unauthenticated');
        return;
      }
      // Tokens appeared or changed without us (another tab signed in): learn who it is.
      if (!userRef.current) void validate();
    });
  }, [apply, validate]);

  const acceptSession = useCallback(
    (a: AuthAnswerLike) => {
      userRef.current = a.user; // before the token listener fires, so it does not re-validate
      clearTimeout(retryTimer.current);
      setOffline(false);
      tokens.store({ access_token: a.access_token, refresh_token: a.refresh_token ?? null, expires_at: a.expires_at ?? null });
      apply(a.user);
    },
    [apply],
  );

  const api = useMemo<AuthApi>(
    () => ({
      user,
      status,
      offline,
      isAdmin: isAdminUser(user),
      googleEnabled,
      acceptSession,
      async signIn(email, password) {
        acceptSession(await requestSignIn(email, password));
      },
      async signUp(p) {
        const data = await requestSignUp(p);
        const message = typeof data.message === 'string' ? data.message : '';
        if (data.access_token && data.user) {
          acceptSession(data as unknown as AuthAnswerLike);
          return { signedIn: true, message };
        }
        return { signedIn: false, message };
      },
      async signOut() {
        // While the tokens can still say whose: this device's notifications end here (decision 286).
        for (const f of beforeSignOut) await f();
        const s = tokens.read();
        // Tell the server (ends the refresh-token family) without making the user wait for it.
        if (s.accessToken || s.refreshToken) {
          void apiFetch('/api/auth/signout', { method: 'POST', json: s.refreshToken ? { refresh_token: s.refreshToken } : {} }).catch(() => {});
        }
        userRef.current = null;
        tokens.clear();
        apply(null);
        if (googleEnabled) {
          const { getSupabase, hasHostedSession } = await import('./supabase-client');
          if (hasHostedSession()) await (await getSupabase())?.auth.signOut({ scope: 'local' }).catch(() => {});
        }
      },
      signInWithGoogle,
      async refreshUser() {
        await validate();
      },
    }),
    [user, status, offline, googleEnabled, acceptSession, apply, validate],
  );

  return <AuthContext.Provider value={api}>{props.children}</AuthContext.Provider>;
}

/**
 * Work a sign-out waits for before the tokens go, added by lazy code so the shell carries none of it:
 * lib/service-worker.ts ends this device's push subscription (decision 286). Each one catches its own errors.
 */
export const beforeSignOut: (() => Promise<void>)[] = [];

export function useAuth(): AuthApi {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/**
 * /auth/callback: Supabase has put its session in the URL; exchange it for the
 * shop's tokens. On failure the session is cleared (spec §4).
 */
export async function completeGoogleSignIn(accept: (a: AuthAnswerLike) => void): Promise<void> {
  const { getSupabase, exchangeSupabaseToken } = await import('./supabase-client');
  try {
    const sb = await getSupabase();
    if (!sb) throw new Error('Google sign-in is not configured.');
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    let session = (await sb.auth.getSession()).data.session;
    if (!session && code) session = (await sb.auth.exchangeCodeForSession(code)).data.session;
    const urlError = params.get('error_description') ?? new URLSearchParams(window.location.hash.slice(1)).get('error_description');
    if (!session) throw new Error(urlError ?? 'Sign in failed');
    const answer = await exchangeSupabaseToken(session.access_token);
    accept(answer as unknown as AuthAnswerLike);
  } catch (e) {
    tokens.clear();
    try {
      await (await getSupabase())?.auth.signOut({ scope: 'local' });
    } catch {
      /* nothing to clear */
    }
    throw e instanceof Error && e.message ? e : new Error('Sign in failed');
  } finally {
    googleInFlight = false;
  }
}
