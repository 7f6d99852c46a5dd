import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_AUDIENCE, ACCESS_ISSUER, signAccessToken, verifyAccessToken, type TokenKeys } from './tokens';

const keys: TokenKeys = { secret: new TextEncoder().encode('a-test-secret-of-some-length-0123456789'), ttlSeconds: 900 };
const other: TokenKeys = { secret: new TextEncoder().encode('another-secret-of-some-length-987654321'), ttlSeconds: 900 };
const claims = { sub: '0b8a2c1e-1111-4222-8333-444455556666', email: 'a@example.in', role: 'customer' as const, name: 'A' };
const t0 = new Date('2025-01-01T10:00:00.000Z');

/** What jose alone says about a token, with the options verifyAccessToken uses (the reference). */
async function joseAccepts(token: string, now: Date): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      algorithms: ['HS256'],
      issuer: ACCESS_ISSUER,
      audience: ACCESS_AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload.typ === 'access' && typeof payload.sub === 'string' && typeof payload.email === 'string';
  } catch {
    return false;
  }
}

/** A token with our header and any payload, signed with `secret`. */
function forge(payload: unknown, secret = keys.secret, header: unknown = { alg: 'HS256', typ: 'JWT' }): string {
  const b = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${b(header)}.${typeof payload === 'string' ? Buffer.from(payload).toString('base64url') : b(payload)}`;
  return `${input}.${crypto.createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('verifyAccessToken (jose, with remembered tokens)', () => {
  it('accepts a token it signed and returns its claims', async () => {
    const { token } = await signAccessToken(keys, { ...claims, sid: '9d0e0b52-5a8c-4f4e-9b1e-2f3a4b5c6d7e' }, t0);
    expect(await verifyAccessToken(keys, token, new Date(t0.getTime() + 60_000))).toEqual({ ...claims, sid: '9d0e0b52-5a8c-4f4e-9b1e-2f3a4b5c6d7e' });
    // The header signAccessToken writes: {"alg":"HS256","typ":"JWT"}.
    expect(token.startsWith('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.')).toBe(true);
    expect(forge({}).startsWith('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.')).toBe(true);
  });

  const iat = Math.floor(t0.getTime() / 1000);
  const good = {
    typ: 'access',
    email: claims.email,
    role: 'customer',
    name: 'A',
    sub: claims.sub,
    iss: ACCESS_ISSUER,
    aud: ACCESS_AUDIENCE,
    iat,
    exp: iat + 900,
  };
  const cases: [string, () => Promise<string> | string, Date?][] = [
    ['well-formed', () => forge(good)],
    ['expired (exp == now)', () => forge(good), new Date((iat + 900) * 1000)],
    ['expired (exp < now)', () => forge(good), new Date((iat + 1000) * 1000)],
    ['one second before exp', () => forge(good), new Date((iat + 899) * 1000 + 999)],
    ['other key', () => forge(good, other.secret)],
    [
      'tampered payload',
      () => {
        const [h, , s] = forge(good).split('.');
        return `${h}.${Buffer.from(JSON.stringify({ ...good, role: 'admin' })).toString('base64url')}.${s}`;
      },
    ],
    ['tampered signature', () => forge(good).slice(0, -2) + 'AA'],
    ['no signature', () => forge(good).split('.').slice(0, 2).join('.') + '.'],
    ['four segments', () => `${forge(good)}.x`],
    ['wrong issuer', () => forge({ ...good, iss: 'someone' })],
    ['wrong audience', () => forge({ ...good, aud: 'other' })],
    ['audience array with ours', () => forge({ ...good, aud: ['x', ACCESS_AUDIENCE] })],
    ['audience array without ours', () => forge({ ...good, aud: ['x'] })],
    ['no iat', () => forge({ ...good, iat: undefined })],
    ['string iat', () => forge({ ...good, iat: String(iat) })],
    ['no exp', () => forge({ ...good, exp: undefined })],
    ['string exp', () => forge({ ...good, exp: String(iat + 900) })],
    ['no sub', () => forge({ ...good, sub: undefined })],
    ['numeric sub', () => forge({ ...good, sub: 42 })],
    ['no email', () => forge({ ...good, email: undefined })],
    ['refresh typ', () => forge({ ...good, typ: 'refresh' })],
    ['nbf in the future', () => forge({ ...good, nbf: iat + 10 })],
    ['nbf now', () => forge({ ...good, nbf: iat })],
    ['string nbf', () => forge({ ...good, nbf: 'soon' })],
    ['payload is an array', () => forge([1, 2])],
    ['payload is not JSON', () => forge('not json')],
    ['payload is null', () => forge(null)],
    ['alg none header', () => forge(good, keys.secret, { alg: 'none', typ: 'JWT' })],
    ['HS512 header', () => forge(good, keys.secret, { alg: 'HS512', typ: 'JWT' })],
    ['header without typ (jose path)', () => forge(good, keys.secret, { alg: 'HS256' })],
    ['garbage', () => 'a.b.c'],
  ];
  it.each(cases)('agrees with jose: %s', async (_name, make, at = new Date(t0.getTime() + 1000)) => {
    const token = await make();
    const ours = await verifyAccessToken(keys, token, at);
    expect(ours !== null).toBe(await joseAccepts(token, at));
  });

  // Correctly signed by us, but claims no caller can have: refused (a 401), never handed to a query.
  const malformed: [string, Record<string, unknown>][] = [
    ['sub is not a UUID', { ...good, sub: 'not-a-uuid' }],
    ['sub is an SQL fragment', { ...good, sub: "' or 1=1 --" }],
    ['sub is empty', { ...good, sub: '' }],
    ['sub has a NUL byte', { ...good, sub: `${claims.sub}\u0000` }],
    ['sid is not a UUID', { ...good, sid: 'abc' }],
    ['sid is a number', { ...good, sid: 7 }],
    ['role is unknown', { ...good, role: 'root' }],
    ['role is missing', { ...good, role: undefined }],
    ['email is a number', { ...good, email: 5 }],
    ['name is an object', { ...good, name: { a: 1 } }],
  ];
  it.each(malformed)('refuses a signed token whose claims are malformed: %s', async (_name, payload) => {
    const token = forge(payload);
    expect(await verifyAccessToken(keys, token, new Date(t0.getTime() + 1000))).toBeNull();
  });

  it('a token accepted once is still refused once it expires, and before its nbf (remembered tokens get their time checks)', async () => {
    const token = forge({ ...good, nbf: iat + 5, exp: iat + 60 });
    expect(await verifyAccessToken(keys, token, new Date((iat + 4) * 1000))).toBeNull();
    expect(await verifyAccessToken(keys, token, new Date((iat + 5) * 1000))).not.toBeNull();
    expect(await verifyAccessToken(keys, token, new Date((iat + 30) * 1000))).not.toBeNull();
    expect(await verifyAccessToken(keys, token, new Date((iat + 4) * 1000))).toBeNull();
    expect(await verifyAccessToken(keys, token, new Date((iat + 60) * 1000))).toBeNull();
    // Another key never gets the remembered answer.
    expect(await verifyAccessToken(other, token, new Date((iat + 30) * 1000))).toBeNull();
  });

  it('the reference really rejects and accepts (the table is not vacuous)', async () => {
    expect(await joseAccepts(forge(good), new Date(t0.getTime() + 1000))).toBe(true);
    expect(await joseAccepts(forge(good, other.secret), new Date(t0.getTime() + 1000))).toBe(false);
  });

  it('jose-signed tokens of another shape still verify', async () => {
    const token = await new SignJWT({ ...good }).setProtectedHeader({ alg: 'HS256' }).sign(keys.secret);
    expect(await verifyAccessToken(keys, token, new Date(t0.getTime() + 1000))).toMatchObject({ sub: claims.sub });
  });
});
