import crypto from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { ACCESS_AUDIENCE, ACCESS_ISSUER, signAccessToken } from '../../lib/tokens';
import { freshIp, movableClock, post, signupUser } from './auth.test-helpers';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string) => t.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const refresh = (token: string, how: 'body' | 'bearer' | 'both' = 'body') =>
  post(
    t,
    '/api/auth/refresh',
    how === 'bearer' ? {} : { refresh_token: token },
    how === 'body' ? {} : { authorization: `Bearer ${token}` },
  );

describe('the access token rejection matrix', () => {
  it('answers 401 (never 5xx) on REST and tRPC for every kind of bad token', async () => {
    const { answer } = await signupUser(t);
    const secret = t.deps.tokenKeys.secret;
    const now = Math.floor(clock.now().getTime() / 1000);
    const claims = { email: answer.user.email, role: 'admin', name: 'x', typ: 'access' };
    const signed = (alg: string, key: Uint8Array, over: { iss?: string; aud?: string; exp?: number; typ?: string } = {}) =>
      new SignJWT({ ...claims, ...(over.typ ? { typ: over.typ } : {}) })
        .setProtectedHeader({ alg })
        .setSubject(answer.user.id)
        .setIssuer(over.iss ?? ACCESS_ISSUER)
        .setAudience(over.aud ?? ACCESS_AUDIENCE)
        .setIssuedAt(now - 10)
        .setExpirationTime(over.exp ?? now + 600)
        .sign(key);
    const expired = (
      await signAccessToken(
        t.deps.tokenKeys,
        { sub: answer.user.id, email: answer.user.email, role: 'customer', name: 'x' },
        new Date(clock.now().getTime() - 3600_000),
      )
    ).token;
    const [h, p] = answer.access_token.split('.');
    const cases: Record<string, string> = {
      'alg none': new UnsecuredJWT({ ...claims })
        .setSubject(answer.user.id)
        .setIssuer(ACCESS_ISSUER)
        .setAudience(ACCESS_AUDIENCE)
        .setExpirationTime(now + 600)
        .encode(),
      'wrong key': await signed('HS256', crypto.randomBytes(48)),
      'other HMAC algorithm with our key': await signed('HS512', secret),
      expired,
      'wrong issuer': await signed('HS256', secret, { iss: 'someone-else' }),
      'wrong audience': await signed('HS256', secret, { aud: 'authenticated' }),
      'not an access token': await signed('HS256', secret, { typ: 'refresh' }),
      'refresh token used as access': answer.refresh_token,
      'tampered payload': `${h}.${Buffer.from(JSON.stringify({ sub: answer.user.id, role: 'admin' })).toString('base64url')}.${answer.access_token.split('.')[2]}`,
      'truncated signature': `${h}.${p}.`,
      garbage: 'not-a-jwt',
      'binary junk': '%%%.@@@.###',
      oversized: `${h}.${'A'.repeat(6000)}.sig`,
    };
    for (const [name, token] of Object.entries(cases)) {
      for (const url of ['/api/auth/me', '/trpc/auth.me', '/api/user/profile', '/api/admin/dashboard']) {
        const res = await get(url, token);
        expect(res.statusCode, `${name} on ${url}`).toBe(401);
      }
    }
    // And the real token still works.
    expect((await get('/api/auth/me', answer.access_token)).statusCode).toBe(200);
  });

  it('accepts a token until its expiry and not after (15 minutes)', async () => {
    const { answer } = await signupUser(t);
    clock.advance(14 * 60_000);
    expect((await get('/api/auth/me', answer.access_token)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    const res = await get('/api/auth/me', answer.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please sign in again.');
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh (body or bearer) and answers new tokens', async () => {
    const { answer } = await signupUser(t);
    const r1 = await refresh(answer.refresh_token, 'bearer');
    expect(r1.statusCode).toBe(200);
    const a1 = r1.json();
    expect(a1.refresh_token).not.toBe(answer.refresh_token);
    expect(a1.access_token).toEqual(expect.any(String));
    expect(a1.expires_at).toBeGreaterThan(clock.now().getTime());
    const r2 = await refresh(a1.refresh_token, 'body');
    expect(r2.statusCode).toBe(200);
    expect((await get('/api/auth/me', r2.json().access_token)).statusCode).toBe(200);
    // Through tRPC too.
    const r3 = await post(t, '/trpc/auth.refresh', { refresh_token: r2.json().refresh_token });
    expect(r3.statusCode).toBe(200);
    expect(r3.json().result.data.refresh_token).toEqual(expect.any(String));
    // Stored hashed only.
    const rows = await t.deps.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === a1.refresh_token)).toBe(false);
  });

  it('lets a just-rotated token be used again within 10 s (two tabs), then treats reuse as theft and revokes the family', async () => {
    const { answer } = await signupUser(t);
    const first = (await refresh(answer.refresh_token)).json();
    clock.advance(9_000);
    const tab2 = await refresh(answer.refresh_token);
    expect(tab2.statusCode).toBe(200);
    clock.advance(2_000); // 11 s after the rotation
    const thief = await refresh(answer.refresh_token);
    expect(thief.statusCode).toBe(401);
    // The whole family is gone: the newest tokens of both tabs, and access tokens for `me`.
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(tab2.json().refresh_token)).statusCode).toBe(401);
    expect((await get('/api/auth/me', first.access_token)).statusCode).toBe(401);
    const s = await t.deps.db.selectFrom('auth_sessions').select(['revoked_reason']).where('user_id', '=', answer.user.id).execute();
    expect(s.map((r) => r.revoked_reason)).toContain('refresh-token-reuse');
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const { input, answer } = await signupUser(t);
    const other = (await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, freshIp())).json();
    await refresh(answer.refresh_token);
    clock.advance(11_000);
    expect((await refresh(answer.refresh_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('refuses unknown, malformed, missing and expired refresh tokens with 401', async () => {
    const { answer } = await signupUser(t);
    for (const bad of ['hsr_' + 'A'.repeat(43), 'garbage', answer.access_token, 'x'.repeat(400)]) {
      const r = await refresh(bad);
      expect(r.statusCode === 401 || r.statusCode === 400, bad.slice(0, 10)).toBe(true);
      expect(r.statusCode).toBeLessThan(500);
    }
    expect((await post(t, '/api/auth/refresh', {})).statusCode).toBe(401);
    clock.advance(31 * 24 * 3600_000);
    expect((await refresh(answer.refresh_token)).statusCode).toBe(401);
  });

  it('refreshes concurrently without a 5xx (one rotation wins, the racer is inside the grace window)', async () => {
    const { answer } = await signupUser(t);
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(answer.refresh_token)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().refresh_token)).size).toBe(5);
  });
});

describe('sign-out', () => {
  it('ends the session: its refresh token and `me` stop working; other sessions go on', async () => {
    const { input, answer } = await signupUser(t);
    const other = (await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, freshIp())).json();
    const out = await post(t, '/api/auth/signout', {}, { authorization: `Bearer ${answer.access_token}` });
    expect(out.statusCode).toBe(200);
    expect((await refresh(answer.refresh_token)).statusCode).toBe(401);
    expect((await get('/api/auth/me', answer.access_token)).statusCode).toBe(401);
    expect((await get('/api/auth/me', other.access_token)).statusCode).toBe(200);
  });

  it('also ends the session named by a refresh token, and is harmless without any token', async () => {
    const { answer } = await signupUser(t);
    expect((await post(t, '/api/auth/signout', { refresh_token: answer.refresh_token })).statusCode).toBe(200);
    expect((await refresh(answer.refresh_token)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/signout', {})).statusCode).toBe(200);
    // A body-less POST, as the OpenAPI document allows (no body, no content type): harmless, 200.
    const bare = await t.request({ method: 'POST', url: '/api/auth/signout' });
    expect(bare.statusCode).toBe(200);
    // A body that is not JSON is still refused (JSON only for mutations), never a 5xx.
    const text = await t.request({ method: 'POST', url: '/api/auth/signout', headers: { 'content-type': 'text/plain' }, payload: 'bye' });
    expect(text.statusCode).toBe(415);
  });
});
