import crypto, { createSecretKey, type KeyObject } from 'node:crypto';
import { USER_ROLES, type UserRole } from '../../shared/rules/staff';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/**
 * The shop's own access tokens: HS256 JWTs, short-lived, pinned algorithm,
 * issuer and audience. The role is written by the server at issue time and
 * read only from a token this server signed.
 */
export const ACCESS_ISSUER = 'hydro-shakes';
export const ACCESS_AUDIENCE = 'hydro-shakes-api';
const MAX_TOKEN_LENGTH = 4096;

export interface AccessClaims {
  sub: string;
  email: string;
  role: UserRole;
  name: string;
  /** The session (refresh-token family) this token was issued for; absent on tokens minted by tests. */
  sid?: string;
}

export interface TokenKeys {
  secret: Uint8Array;
  ttlSeconds: number;
}

/**
 * jose imports a raw Uint8Array key on every call; a KeyObject made once per secret
 * takes that work (about 8% of a signed-in request's CPU) off the hot path.
 */
const keyObjects = new WeakMap<Uint8Array, KeyObject>();
function keyObject(secret: Uint8Array): KeyObject {
  let k = keyObjects.get(secret);
  if (!k) keyObjects.set(secret, (k = createSecretKey(secret)));
  return k;
}

export async function signAccessToken(keys: TokenKeys, claims: AccessClaims, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + keys.ttlSeconds;
  const extra = claims.sid ? { sid: claims.sid } : {};
  const token = await new SignJWT({ email: claims.email, role: claims.role, name: claims.name, typ: 'access', ...extra })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ACCESS_ISSUER)
    .setAudience(ACCESS_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keyObject(keys.secret));
  return { token, expiresAt: exp * 1000 };
}

/**
 * Returns the claims, or null for any token that is not a valid, current access token of ours.
 * jose alone checks it (HS256 pinned, issuer, audience, sub/exp/iat required, nbf/exp against
 * `now`), with the KeyObject made once per secret.
 *
 * A token jose accepted is remembered by its full text (so the same signature), per key, in a
 * bounded map: a signed-in client sends the same token for its whole life (15 minutes) and the
 * remembered payload only needs its time checks again, which are made here on every use with
 * the same rule as jwtVerify (whole seconds, no tolerance). Measured in decision 040: jose's
 * verify (an async WebCrypto job) took 108–596 µs a call on the shared bench machine, a
 * remembered token 2–6 µs.
 */
export async function verifyAccessToken(keys: TokenKeys, token: string, now = new Date()): Promise<AccessClaims | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const seen = verifiedCache(keys).get(token);
  if (seen) return current(seen, epoch) ? claimsOf(seen) : null;
  const payload = await verifyWithJose(keys, token, now);
  if (!payload) return null;
  remember(keys, token, payload);
  return claimsOf(payload);
}

/** nbf not in the future and exp in the future (whole seconds, no tolerance), as jwtVerify checks them. */
function current(p: Record<string, unknown>, epoch: number): boolean {
  if (typeof p.nbf === 'number' && p.nbf > epoch) return false;
  return typeof p.exp === 'number' && p.exp > epoch;
}

/** Tokens jose accepted, by their full text, per signing key. Bounded: the oldest entries go first. */
const VERIFIED_MAX = 5_000;
const verified = new WeakMap<Uint8Array, Map<string, Record<string, unknown>>>();
function verifiedCache(keys: TokenKeys): Map<string, Record<string, unknown>> {
  let m = verified.get(keys.secret);
  if (!m) verified.set(keys.secret, (m = new Map()));
  return m;
}
function remember(keys: TokenKeys, token: string, payload: Record<string, unknown>): void {
  const m = verifiedCache(keys);
  if (m.size >= VERIFIED_MAX) m.delete(m.keys().next().value!);
  m.set(token, Object.freeze({ ...payload }));
}

async function verifyWithJose(keys: TokenKeys, token: string, now: Date): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, keyObject(keys.secret), {
      algorithms: ['HS256'],
      issuer: ACCESS_ISSUER,
      audience: ACCESS_AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  } catch (e) {
    // Anything jose refuses (JOSEError) or cannot read is simply not one of our tokens.
    if (e instanceof joseErrors.JOSEError) return null;
    return null;
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Only well-formed claims make a caller: a correctly signed token whose `sub` (or `sid`) is not a
 * UUID, or whose e-mail or role is of the wrong type, is refused here (401), never passed on to a
 * query that would fail on it (a 500).
 */
function claimsOf(payload: Record<string, unknown>): AccessClaims | null {
  if (payload.typ !== 'access') return null;
  if (typeof payload.sub !== 'string' || !UUID_RE.test(payload.sub)) return null;
  if (typeof payload.email !== 'string' || payload.email.length > 320) return null;
  if (typeof payload.role !== 'string' || !(USER_ROLES as readonly string[]).includes(payload.role)) return null;
  if (payload.sid !== undefined && (typeof payload.sid !== 'string' || !UUID_RE.test(payload.sid))) return null;
  if (payload.name !== undefined && typeof payload.name !== 'string') return null;
  const role = payload.role as UserRole;
  return {
    sub: payload.sub,
    email: payload.email,
    role,
    name: typeof payload.name === 'string' ? payload.name : '',
    ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
  };
}

/**
 * Opaque secrets (refresh tokens, reset tokens): 256 random bits, base64url,
 * with a readable prefix. Only their SHA-256 is stored — they are random, so a
 * fast hash is enough and lookups stay a single indexed equality.
 */
export function newOpaqueToken(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(32).toString('base64url')}`;
}

export function hashOpaqueToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

/** Only strings that could be one of ours are looked up (bounded length, expected alphabet). */
export function looksLikeOpaqueToken(token: unknown, prefix: string): token is string {
  return typeof token === 'string' && token.length <= 128 && new RegExp(`^${prefix}_[A-Za-z0-9_-]{40,64}$`).test(token);
}
