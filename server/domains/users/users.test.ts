import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signupUser } from '../auth/auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET/PATCH /api/user/profile', () => {
  it('shows the profile, and 401s without a token', async () => {
    const { input, answer } = await signupUser(t);
    const res = await t.request({ method: 'GET', url: '/api/user/profile', headers: auth(answer.access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: answer.user.id,
      email: input.email,
      name: 'Asha Rao',
      username: input.username,
      mobile: '+919876543210',
      role: 'customer',
      has_password: true,
      providers: ['password'],
    });
    expect(JSON.stringify(res.json())).not.toMatch(/argon2/);
    expect((await t.request({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
    const trpc = await t.request({ method: 'GET', url: '/trpc/users.profile', headers: auth(answer.access_token) });
    expect(trpc.json().result.data).toEqual(res.json());
  });

  it('changes only name, username and mobile; role, email, ids, points and timestamps are ignored', async () => {
    const { answer } = await signupUser(t);
    const before = await t.deps.db.selectFrom('users').selectAll().where('id', '=', answer.user.id).executeTakeFirstOrThrow();
    const res = await t.request({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: auth(answer.access_token),
      payload: {
        name: '  Asha Menon ',
        username: 'Asha.Menon' + Date.now().toString(36).slice(-4),
        mobile: '0 70123 45678',
        role: 'admin',
        email: 'takeover@example.in',
        email_verified: true,
        id: '00000000-0000-4000-8000-000000000001',
        points: 99999,
        created_at: '2000-01-01T00:00:00Z',
        disabled: true,
        password_hash: 'x',
        user_metadata: { role: 'admin' },
      },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      id: answer.user.id,
      name: 'Asha Menon',
      mobile: '+917012345678',
      role: 'customer',
      email: answer.user.email,
    });
    expect(p.username).toMatch(/^asha\.menon/);
    const after = await t.deps.db.selectFrom('users').selectAll().where('id', '=', answer.user.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      role: 'customer',
      email: before.email,
      email_verified: before.email_verified,
      disabled: false,
      password_hash: before.password_hash,
      created_at: before.created_at,
    });
  });

  it('refuses an invalid mobile or username with field errors, and a taken username with 409', async () => {
    const { answer } = await signupUser(t);
    const { input: other } = await signupUser(t);
    const bad = await t.request({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: auth(answer.access_token),
      payload: { mobile: '5123456789', username: 'no spaces!' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['mobile', 'username']);
    const taken = await t.request({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: auth(answer.access_token),
      payload: { username: other.username },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USERNAME_TAKEN');
    const long = await t.request({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: auth(answer.access_token),
      payload: { name: 'x'.repeat(81) },
    });
    expect(long.statusCode).toBe(400);
  });
});
