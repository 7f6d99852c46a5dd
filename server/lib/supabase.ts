import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config';

/**
 * Google sign-in goes through Supabase; the server never calls Supabase to
 * trust a token. It verifies the Supabase access token offline — HS256 with
 * SUPABASE_JWT_SECRET, or the asymmetric keys of a JWKS (SUPABASE_JWKS_URL, by
 * default the project's /auth/v1/.well-known/jwks.json) — with the algorithms
 * pinned per key type, audience 'authenticated' and issuer `${SUPABASE_URL}/auth/v1`.
 */
export interface SupabaseIdentity {
  /** Supabase's user id: the subject the identity is linked by. */
  subject: string;
  email: string | null;
  /** Only true when the provider asserted it (Google does); an unverified e-mail never links accounts. */
  emailVerified: boolean;
  name: string;
  /** 'google', … (app_metadata.provider). */
  provider: string;
}

export type SupabaseVerifier = (token: string, now: Date) => Promise<SupabaseIdentity | null>;

const MAX_TOKEN_LENGTH = 8192;
const ASYMMETRIC = ['RS256', 'ES256'];

export function supabaseIssuer(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/auth/v1`;
}

export function createSupabaseVerifier(
  config: Pick<Config, 'SUPABASE_URL' | 'SUPABASE_JWT_SECRET' | 'SUPABASE_JWKS_URL'>,
): SupabaseVerifier | null {
  if (!config.SUPABASE_URL) return null;
  const issuer = supabaseIssuer(config.SUPABASE_URL);
  let key: Uint8Array | JWTVerifyGetKey;
  let algorithms: string[];
  if (config.SUPABASE_JWT_SECRET) {
    key = new TextEncoder().encode(config.SUPABASE_JWT_SECRET);
    algorithms = ['HS256'];
  } else {
    const jwksUrl = config.SUPABASE_JWKS_URL ?? `${issuer}/.well-known/jwks.json`;
    key = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 600_000 });
    algorithms = ASYMMETRIC;
  }

  return async (token, now) => {
    if (typeof token !== 'string' || !token || token.length > MAX_TOKEN_LENGTH) return null;
    try {
      const { payload } = await jwtVerify(token, key as Uint8Array, {
        algorithms,
        issuer,
        audience: 'authenticated',
        currentDate: now,
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 200) return null;
      if (payload.role !== 'authenticated' || payload.is_anonymous === true) return null;
      const meta = (payload.user_metadata ?? {}) as Record<string, unknown>;
      const app = (payload.app_metadata ?? {}) as Record<string, unknown>;
      const email = typeof payload.email === 'string' && payload.email.length <= 254 ? payload.email.trim().toLowerCase() : null;
      const rawName = [meta.full_name, meta.name].find((v) => typeof v === 'string' && v.trim()) as string | undefined;
      return {
        subject: payload.sub,
        email: email || null,
        emailVerified: meta.email_verified === true,
        name: (rawName ?? email?.split('@')[0] ?? '').trim().slice(0, 80),
        provider: typeof app.provider === 'string' ? app.provider.slice(0, 40) : 'supabase',
      };
    } catch {
      // Bad signature, wrong algorithm, expired, wrong issuer/audience, JWKS unreachable: all "not verified".
      return null;
    }
  };
}
