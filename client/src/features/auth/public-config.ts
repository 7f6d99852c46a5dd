import { ApiError, apiFetch } from '../../lib/api-fetch';

/** GET /api/config, once per page: whether Google sign-in (Supabase) is configured. */
export interface PublicConfig {
  supabaseUrl: string | null;
  supabaseAnonKey: string | null;
}

let pending: Promise<PublicConfig> | null = null;

export function getPublicConfig(): Promise<PublicConfig> {
  pending ??= apiFetch<PublicConfig>('/api/config').catch((e: unknown) => {
    // A refusal is an answer (not configured); a network failure is tried again next time.
    if (!(e instanceof ApiError)) pending = null;
    return { supabaseUrl: null, supabaseAnonKey: null };
  });
  return pending;
}

export function googleConfigured(c: PublicConfig): boolean {
  return !!(c.supabaseUrl && c.supabaseAnonKey);
}
