import crypto, { createSecretKey, type KeyObject } from 'node:crypto';
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
  role: 'customer' | 'admin';
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

/** Returns the claims, or null for any token that is not a valid, current access token of ours. */
export async function verifyAccessToken(keys: TokenKeys, token: string, now = new Date()): Promise<AccessClaims | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  // Our own tokens (this exact header) are checked synchronously with node:crypto: jose's
  // WebCrypto verify is an async job per call and was ~14% of an order placement's CPU.
  // Anything else (another header) still goes through jose, so what is accepted is unchanged.
  const payload = token.startsWith(OUR_HEADER) ? verifyOurs(keys, token, now) : await verifyWithJose(keys, token, now);
  return payload ? claimsOf(payload) : null;
}

/** The protected header signAccessToken writes: {"alg":"HS256","typ":"JWT"}, base64url, and the dot. */
const OUR_HEADER = `${Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')}.`;
const B64URL = /^[A-Za-z0-9_-]+$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The same checks jwtVerify makes with our options: HS256 signature (constant-time compare),
 * a JSON object payload, required sub/exp/iat, issuer, audience, numeric iat/nbf/exp,
 * nbf not in the future and exp in the future (whole seconds, no tolerance).
 */
function verifyOurs(keys: TokenKeys, token: string, now: Date): Record<string, unknown> | null {
  const epoch = Math.floor(now.getTime() / 1000);
  // A token seen before (the very same text, so the same signature) needs only its time checks again.
  const seen = verifiedCache(keys).get(token);
  if (seen) return current(seen, epoch) ? seen : null;
  const p = checkSignatureAndClaims(keys, token);
  if (!p || !current(p, epoch)) return null;
  remember(keys, token, p);
  return p;
}

/** nbf not in the future and exp in the future (whole seconds, no tolerance), as jwtVerify checks them. */
function current(p: Record<string, unknown>, epoch: number): boolean {
  if (p.nbf !== undefined && (p.nbf as number) > epoch) return false;
  return (p.exp as number) > epoch;
}

/**
 * Tokens whose signature and time-independent claims checked out, by their full text, per
 * signing key: a signed-in client sends the same token for its whole lifetime (15 minutes),
 * and the HMAC, base64 and JSON work was ~3% of an order placement's CPU. Bounded: the
 * oldest entries go first.
 */
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
  m.set(token, Object.freeze(payload));
}

/** The signature and every check that does not depend on the time; numeric nbf/exp/iat are checked here. */
function checkSignatureAndClaims(keys: TokenKeys, token: string): Record<string, unknown> | null {
  const dot = token.indexOf('.', OUR_HEADER.length);
  if (dot < 0 || token.indexOf('.', dot + 1) >= 0) return null;
  const body = token.slice(OUR_HEADER.length, dot);
  const sig = token.slice(dot + 1);
  if (!B64URL.test(body) || !B64URL.test(sig)) return null;
  const expected = crypto.createHmac('sha256', keyObject(keys.secret)).update(token.slice(0, dot)).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(utf8.decode(Buffer.from(body, 'base64url')));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const p = payload as Record<string, unknown>;
  for (const claim of ['sub', 'exp', 'iat', 'iss', 'aud']) if (!Object.hasOwn(p, claim)) return null;
  if (p.iss !== ACCESS_ISSUER) return null;
  if (!(typeof p.aud === 'string' ? p.aud === ACCESS_AUDIENCE : Array.isArray(p.aud) && p.aud.includes(ACCESS_AUDIENCE))) return null;
  if (typeof p.iat !== 'number') return null;
  if (p.nbf !== undefined && typeof p.nbf !== 'number') return null;
  if (typeof p.exp !== 'number') return null;
  return p;
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
    if (e instanceof joseErrors.JOSEError || e instanceof TypeError || e instanceof SyntaxError) return null;
    return null;
  }
}

function claimsOf(payload: Record<string, unknown>): AccessClaims | null {
  if (payload.typ !== 'access') return null;
  const role = payload.role === 'admin' ? 'admin' : 'customer';
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
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
