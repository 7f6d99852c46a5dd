import type { SupabaseClient } from '@supabase/supabase-js';
import { getPublicConfig, googleConfigured } from './public-config';
import { apiFetch } from '../../lib/api-fetch';

/**
 * supabase-js is loaded only when Supabase is configured (dynamic import: its
 * own chunk, never in the home bundle). It keeps its session in local storage,
 * refreshes it automatically and detects the session in the callback URL
 * (spec §7); the shop then exchanges its access token for the shop's own.
 */
let client: Promise<SupabaseClient | null> | null = null;

/**
 * Spec §7 and §9: the session in local storage (persistSession, the library's storage being
 * localStorage in a browser), automatic refresh (the library's own 30 s tick, refreshing when 3 ticks
 * remain: constants of the library, not options), the session read from the callback URL. The
 * realtime heartbeat (25 s) and join timeout (10 s) are the library's defaults, stated here so an
 * upgrade cannot move them.
 */
export const SUPABASE_OPTIONS = {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' as const },
  realtime: { heartbeatIntervalMs: 25_000, timeout: 10_000 },
};

export function getSupabase(): Promise<SupabaseClient | null> {
  client ??= getPublicConfig().then(async (cfg) => {
    if (!googleConfigured(cfg)) return null;
    const { createClient } = await import('@supabase/supabase-js');
    return createClient(cfg.supabaseUrl!, cfg.supabaseAnonKey!, SUPABASE_OPTIONS);
  });
  return client;
}

/** Whether this browser holds a Supabase session (its storage key is sb-<ref>-auth-token): checked without loading the library. */
export function hasHostedSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith('sb-') && k.endsWith('-auth-token')) return true;
    }
  } catch {
    /* storage disabled */
  }
  return false;
}

export interface ShopTokens {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: unknown;
}

/** Trade a Supabase access token for the shop's session (the server verifies it offline). */
export async function exchangeSupabaseToken(accessToken: string): Promise<ShopTokens> {
  const body = await apiFetch<Partial<ShopTokens> | undefined>('/api/auth/supabase', { method: 'POST', json: { access_token: accessToken } });
  if (!body?.access_token) throw new Error('Sign in failed');
  return body as ShopTokens;
}

/** The hosted refresh of spec §4: Supabase first, then exchanged. Null when there is no hosted session. */
export async function hostedRefresh(): Promise<ShopTokens | null> {
  if (!hasHostedSession()) return null;
  const sb = await getSupabase();
  if (!sb) return null;
  const { data, error } = await sb.auth.refreshSession();
  if (error || !data.session) return null;
  return exchangeSupabaseToken(data.session.access_token);
}
