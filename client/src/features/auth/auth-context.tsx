import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import { apiFetch, ApiError } from '../../lib/api-fetch';
import { tokens } from './session';
import { getPublicConfig, googleConfigured } from './public-config';
import { isStaffRole } from '../../../../shared/rules/staff';

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
}

export interface AuthApi {
  user: SessionUser | null;
  status: Status;
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
  acceptSession(answer: AuthAnswerLike, reason?: AuthChangeReason): void;
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

// --- module state: one session per page, shared by the provider and onAuthChange ---

export type AuthChangeReason = 'signin' | 'signup' | 'google' | 'reset' | 'signout' | 'expired' | 'other-tab';
type Listener = (user: SessionUser | null, reason: AuthChangeReason) => void;
const listeners = new Set<Listener>();
let currentUser: SessionUser | null = null;

/**
 * Called when the signed-in identity changes in this tab: sign-in, sign-up with a
 * session, return from Google, password reset, sign-out, session loss, another
 * tab signing in or out. Not called when a stored session is merely confirmed
 * at start (read `useAuth().user` for the current state). Returns an unsubscribe.
 */
export function onAuthChange(listener: (user: SessionUser | null, reason?: AuthChangeReason) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emit(user: SessionUser | null, reason: AuthChangeReason) {
  const changed = (currentUser?.id ?? null) !== (user?.id ?? null);
  currentUser = user;
  if (!changed) return;
  for (const l of [...listeners]) {
    try {
      l(user, reason);
    } catch (e) {
      console.warn('onAuthChange listener failed', e);
    }
  }
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

const AuthContext = createContext<AuthApi | null>(null);

export function AuthProvider(props: { children: ReactNode }): JSX.Element {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [status, setStatus] = useState<Status>(() => (tokens.read().accessToken ? 'loading' : 'unauthenticated'));
  const [googleEnabled, setGoogleEnabled] = useState(false);
  const userRef = useRef<SessionUser | null>(null);

  const apply = useCallback((u: SessionUser | null, reason: AuthChangeReason | null) => {
    userRef.current = u;
    setUser(u);
    setStatus(u ? 'authenticated' : 'unauthenticated');
    if (reason) emit(u, reason);
    else currentUser = u;
  }, []);

  /** Spec §4: at start the stored session is validated with `me`; if invalid the tokens are cleared. */
  const validate = useCallback(
    async (reason: AuthChangeReason | null) => {
      if (!tokens.read().accessToken) {
        apply(null, reason);
        return;
      }
      try {
        const { user: u } = await apiFetch<{ user: SessionUser }>('/api/auth/me');
        apply(u, reason);
      } catch (e) {
        console.warn('Token validation failed', e);
        // Refused → the session is over. A network failure leaves the tokens for the next visit.
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) tokens.clear();
        apply(null, reason);
      }
    },
    [apply],
  );

  useEffect(() => {
    void validate(null);
    void getPublicConfig().then((c) => setGoogleEnabled(googleConfigured(c)));
    return tokens.subscribe((session) => {
      if (!session) {
        if (userRef.current) apply(null, 'expired');
        else setStatus('unauthenticated');
        return;
      }
      // Tokens appeared or changed without us (another tab signed in): learn who it is.
      if (!userRef.current) void validate('other-tab');
    });
  }, [apply, validate]);

  const acceptSession = useCallback(
    (a: AuthAnswerLike, reason: AuthChangeReason = 'signin') => {
      userRef.current = a.user; // before the token listener fires, so it does not re-validate
      tokens.store({ access_token: a.access_token, refresh_token: a.refresh_token ?? null, expires_at: a.expires_at ?? null });
      apply(a.user, reason);
    },
    [apply],
  );

  const api = useMemo<AuthApi>(
    () => ({
      user,
      status,
      isAdmin: isAdminUser(user),
      googleEnabled,
      acceptSession: (a, reason = 'reset') => acceptSession(a, reason),
      async signIn(email, password) {
        let data: Record<string, unknown>;
        try {
          data = await postPublic('/api/auth/signin', { email, password });
        } catch (e) {
          throw withFallback(e, 'Failed to sign in');
        }
        if (!data.access_token || !data.user) throw new Error('Failed to sign in');
        acceptSession(data as unknown as AuthAnswerLike, 'signin');
      },
      async signUp(p) {
        let data: Record<string, unknown>;
        try {
          data = await postPublic('/api/auth/signup', p);
        } catch (e) {
          throw withFallback(e, 'Registration failed');
        }
        const message = typeof data.message === 'string' ? data.message : '';
        if (data.access_token && data.user) {
          acceptSession(data as unknown as AuthAnswerLike, 'signup');
          return { signedIn: true, message };
        }
        return { signedIn: false, message };
      },
      async signOut() {
        const s = tokens.read();
        // Tell the server (ends the refresh-token family) without making the user wait for it.
        if (s.accessToken || s.refreshToken) {
          void apiFetch('/api/auth/signout', { method: 'POST', json: s.refreshToken ? { refresh_token: s.refreshToken } : {} }).catch(() => {});
        }
        userRef.current = null;
        tokens.clear();
        apply(null, 'signout');
        if (googleEnabled) {
          const { getSupabase, hasHostedSession } = await import('./supabase-client');
          if (hasHostedSession()) await (await getSupabase())?.auth.signOut({ scope: 'local' }).catch(() => {});
        }
      },
      async signInWithGoogle() {
        // Spec §4: ignored while one is already in progress.
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
      },
      async refreshUser() {
        await validate(null);
      },
    }),
    [user, status, googleEnabled, acceptSession, apply, validate],
  );

  return <AuthContext.Provider value={api}>{props.children}</AuthContext.Provider>;
}

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
