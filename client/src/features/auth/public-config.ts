/** GET /api/config, once per page: whether Google sign-in (Supabase) is configured. */
export interface PublicConfig {
  supabaseUrl: string | null;
  supabaseAnonKey: string | null;
}

let pending: Promise<PublicConfig> | null = null;

export function getPublicConfig(): Promise<PublicConfig> {
  pending ??= fetch('/api/config', { credentials: 'include' })
    .then((r) => (r.ok ? (r.json() as Promise<PublicConfig>) : { supabaseUrl: null, supabaseAnonKey: null }))
    .catch(() => {
      pending = null; // try again next time
      return { supabaseUrl: null, supabaseAnonKey: null };
    });
  return pending;
}

export function googleConfigured(c: PublicConfig): boolean {
  return !!(c.supabaseUrl && c.supabaseAnonKey);
}
