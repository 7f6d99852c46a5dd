import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createSupabaseVerifier } from '../../lib/supabase';
import { freshIp, post, signupUser } from './auth.test-helpers';

/**
 * Google sign-in: the real verifier against a local fake issuer (a JWKS HTTP
 * server with our own RS256 key), and the HS256 secret variant.
 */
const SUPABASE_URL = 'https://proj-test.supabase.co';
const ISSUER = `${SUPABASE_URL}/auth/v1`;
let jwks: http.Server;
let jwksUrl = '';
let jwksHits = 0;
let key: CryptoKey;
let otherKey: CryptoKey;
let t: TestApp;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = http.createServer((req, res) => {
    jwksHits++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/auth/v1/.well-known/jwks.json`;
  t = await createTestApp({ config: { SUPABASE_URL, SUPABASE_ANON_KEY: 'anon-key', SUPABASE_JWKS_URL: jwksUrl } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => jwks?.close(r));
});

let n = 0;
function googleUser(over: { email?: string; verified?: boolean; sub?: string } = {}) {
  n++;
  return { sub: over.sub ?? crypto.randomUUID(), email: over.email ?? `g${n}.${Date.now()}@gmail.com`, verified: over.verified ?? true };
}

async function supabaseToken(
  u: { sub: string; email: string; verified: boolean },
  o: { alg?: string; signKey?: CryptoKey | Uint8Array; iss?: string; aud?: string; exp?: number; kid?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: u.email,
    role: 'authenticated',
    app_metadata: { provider: 'google', providers: ['google'] },
    user_metadata: { email_verified: u.verified, full_name: 'Meera Iyer', iss: 'https://accounts.google.com' },
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: o.alg ?? 'RS256', kid: o.kid ?? 'k1' })
    .setSubject(u.sub)
    .setIssuer(o.iss ?? ISSUER)
    .setAudience(o.aud ?? 'authenticated')
    .setIssuedAt(now)
    .setExpirationTime(o.exp ?? now + 3600)
    .sign(o.signKey ?? key);
}

const exchange = (token: string) => post(t, '/api/auth/supabase', { access_token: token }, {}, freshIp());

describe('Google sign-in through Supabase (JWKS)', () => {
  it('exchanges a verified Supabase token for the shop session and creates the customer once', async () => {
    const u = googleUser();
    const res = await exchange(await supabaseToken(u));
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.user).toMatchObject({
      email: u.email,
      role: 'customer',
      email_verified: true,
      user_metadata: { name: 'Meera Iyer', role: 'customer' },
    });
    expect(jwksHits).toBeGreaterThan(0);
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${a.access_token}` } })).statusCode,
    ).toBe(200);
    // Same subject again → same account, even when the provider now reports another e-mail.
    const again = await exchange(await supabaseToken({ ...u, email: `changed.${u.email}` }));
    expect(again.json().user.id).toBe(a.user.id);
    const ids = await t.deps.db.selectFrom('user_identities').selectAll().where('user_id', '=', a.user.id).execute();
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatchObject({ provider: 'supabase', subject: u.sub });
  });

  it('refuses forged, expired, mis-addressed and wrongly signed tokens with 401', async () => {
    const u = googleUser();
    const now = Math.floor(Date.now() / 1000);
    const cases: Record<string, string> = {
      'other key': await supabaseToken(u, { signKey: otherKey }),
      'HS256 with the anon key (algorithm confusion)': await supabaseToken(u, {
        alg: 'HS256',
        signKey: new TextEncoder().encode('anon-key'),
      }),
      expired: await supabaseToken(u, { exp: now - 60 }),
      'wrong issuer': await supabaseToken(u, { iss: 'https://evil.supabase.co/auth/v1' }),
      'wrong audience': await supabaseToken(u, { aud: 'anon' }),
      'unknown kid': await supabaseToken(u, { kid: 'nope' }),
      garbage: 'a.b.c',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await exchange(token);
      expect(res.statusCode, name).toBe(401);
    }
    expect((await exchange('x'.repeat(9000))).statusCode).toBe(400);
    const count = await t.deps.db.selectFrom('users').select('id').where('email', '=', u.email).execute();
    expect(count).toHaveLength(0);
  });

  it('links to an existing account only when both sides verified the e-mail', async () => {
    // A password account whose owner never proved the inbox: not linked (pre-registration takeover).
    const { input: unverified } = await signupUser(t);
    const res = await exchange(await supabaseToken(googleUser({ email: unverified.email })));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);

    // A verified account and a verified Google e-mail: the same customer.
    const { input, answer } = await signupUser(t);
    await t.deps.db.updateTable('users').set({ email_verified: true }).where('id', '=', answer.user.id).execute();
    const linked = await exchange(await supabaseToken(googleUser({ email: input.email })));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().user.id).toBe(answer.user.id);

    // An unverified Google e-mail never links.
    const { input: other, answer: otherAnswer } = await signupUser(t);
    await t.deps.db.updateTable('users').set({ email_verified: true }).where('id', '=', otherAnswer.user.id).execute();
    expect((await exchange(await supabaseToken(googleUser({ email: other.email, verified: false })))).statusCode).toBe(409);
  });

  it('ignores any role in the Supabase metadata', async () => {
    const u = googleUser();
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      email: u.email,
      role: 'authenticated',
      app_metadata: { provider: 'google', role: 'admin' },
      user_metadata: { email_verified: true, role: 'admin' },
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject(u.sub)
      .setIssuer(ISSUER)
      .setAudience('authenticated')
      .setExpirationTime(now + 600)
      .sign(key);
    const res = await exchange(token);
    expect(res.json().user).toMatchObject({ role: 'customer', user_metadata: { role: 'customer' } });
  });
});

describe('the verifier on its own', () => {
  it('verifies HS256 tokens with SUPABASE_JWT_SECRET and pins that algorithm', async () => {
    const secret = 'super-secret-jwt-token-with-at-least-32-characters';
    const verify = createSupabaseVerifier({ SUPABASE_URL, SUPABASE_JWT_SECRET: secret, SUPABASE_JWKS_URL: undefined })!;
    const u = googleUser();
    const good = await supabaseToken(u, { alg: 'HS256', signKey: new TextEncoder().encode(secret) });
    expect(await verify(good, new Date())).toMatchObject({ subject: u.sub, email: u.email, emailVerified: true, provider: 'google' });
    expect(await verify(await supabaseToken(u, { alg: 'HS512', signKey: new TextEncoder().encode(secret) }), new Date())).toBeNull();
    expect(await verify(await supabaseToken(u), new Date())).toBeNull(); // RS256 where HS256 is configured
    expect(await verify(good, new Date(Date.now() + 2 * 3600_000))).toBeNull(); // expired by then
  });

  it('is off without SUPABASE_URL, and the exchange says so with 503', async () => {
    expect(createSupabaseVerifier({ SUPABASE_URL: undefined, SUPABASE_JWT_SECRET: undefined, SUPABASE_JWKS_URL: undefined })).toBeNull();
    const plain = await createTestApp();
    try {
      const res = await plain.request({ method: 'POST', url: '/api/auth/supabase', payload: { access_token: 'a.b.c' } });
      expect(res.statusCode).toBe(503);
    } finally {
      await plain.close();
    }
  });
});
