import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { freshIp, lastMailTo, movableClock, newSignup, post, signupUser, tokenFromMail } from './auth.test-helpers';
import { INVALID_CREDENTIALS_MESSAGE, RESET_SENT_MESSAGE, SIGNUP_MESSAGE } from './auth.service';
import { TOO_MANY_MESSAGE } from '../../lib/rate-limit';
import { dummyHash, verifyPassword } from '../../lib/passwords';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { ADMIN_EMAILS: ['boss@hydroshakes.in'] as never } });
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('sign-up', () => {
  it('creates the account and answers user, session, access_token, refresh_token (expires_at in ms)', async () => {
    const input = newSignup({ mobile: '+91 98765-43210', username: 'Asha.Rao_' + Date.now().toString(36) });
    const res = await post(t, '/api/auth/signup', input, {}, freshIp());
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.message).toBe(SIGNUP_MESSAGE);
    expect(a.user).toMatchObject({
      email: input.email,
      role: 'customer',
      user_metadata: { name: 'Asha Rao', role: 'customer', mobile: '+919876543210' },
    });
    expect(a.user.user_metadata.username).toBe(String(input.username).toLowerCase());
    expect(a.session).toMatchObject({
      access_token: a.access_token,
      refresh_token: a.refresh_token,
      expires_at: a.expires_at,
      token_type: 'bearer',
    });
    expect(a.expires_at).toBeGreaterThan(clock.now().getTime() + 14 * 60_000);
    expect(a.expires_at).toBeLessThanOrEqual(clock.now().getTime() + 15 * 60_000);
    const who = await me(a.access_token);
    expect(who.statusCode).toBe(200);
    expect(who.json().user).toMatchObject({
      id: a.user.id,
      email: input.email,
      role: 'customer',
      user_metadata: { name: 'Asha Rao', role: 'customer' },
    });
    const row = await t.deps.db
      .selectFrom('users')
      .select(['password_hash', 'mobile'])
      .where('id', '=', a.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.mobile).toBe('+919876543210');
    expect((await lastMailTo(t, input.email))?.template).toBe('welcome');
  });

  it('ignores role, ids, points, verification and timestamps sent with the sign-up (mass assignment)', async () => {
    const input = newSignup({
      role: 'admin',
      id: '00000000-0000-4000-8000-000000000001',
      points: 100000,
      email_verified: true,
      created_at: '2000-01-01T00:00:00Z',
      user_metadata: { role: 'admin', name: 'Root' },
      disabled: false,
    });
    const res = await post(t, '/api/auth/signup', input, {}, freshIp());
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.user.role).toBe('customer');
    expect(a.user.user_metadata.role).toBe('customer');
    expect(a.user.id).not.toBe('00000000-0000-4000-8000-000000000001');
    const row = await t.deps.db.selectFrom('users').selectAll().where('id', '=', a.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'customer', email_verified: false, name: 'Asha Rao' });
    expect(new Date(row.created_at).getFullYear()).toBeGreaterThan(2020);
    // The admin area stays closed to this token.
    const adm = await t.request({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: `Bearer ${a.access_token}` } });
    expect(adm.statusCode).toBe(403);
  });

  it('answers field errors for a bad username, mobile, short or common password and e-mail', async () => {
    const res = await post(
      t,
      '/api/auth/signup',
      { email: 'not-an-email', password: 'password123', username: 'A b', name: '', mobile: '12345' },
      {},
      freshIp(),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['email', 'mobile', 'name', 'password', 'username']);
    expect(body.fieldErrors.password[0]).toMatch(/too common/);
    const short = await post(t, '/api/auth/signup', newSignup({ password: 'Ab1!x' }), {}, freshIp());
    expect(short.json().fieldErrors.password[0]).toMatch(/at least 8/);
    const long = await post(t, '/api/auth/signup', newSignup({ password: 'x'.repeat(129) }), {}, freshIp());
    expect(long.json().fieldErrors.password[0]).toMatch(/at most 128/);
  });

  it('accepts a 128-character password and checks all of it (no truncation)', async () => {
    const pw = 'g'.repeat(64) + 'Hydro-Greens-' + 'q'.repeat(51);
    expect(pw).toHaveLength(128);
    const { input } = await signupUser(t, { password: pw });
    const wrongTail = pw.slice(0, 127) + 'z';
    expect((await post(t, '/api/auth/signin', { email: input.email, password: wrongTail }, {}, freshIp())).statusCode).toBe(401);
    expect((await post(t, '/api/auth/signin', { email: input.email, password: pw }, {}, freshIp())).statusCode).toBe(200);
  });

  it('refuses a taken username with a field error', async () => {
    const { input } = await signupUser(t);
    const res = await post(t, '/api/auth/signup', newSignup({ username: input.username }), {}, freshIp());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USERNAME_TAKEN', fieldErrors: { username: [expect.stringMatching(/taken/)] } });
  });

  it('answers a sign-up for a registered e-mail with the same status and message, no session, and tells the owner', async () => {
    const { input } = await signupUser(t);
    const again = await post(t, '/api/auth/signup', newSignup({ email: input.email, password: 'Another-Secret-99' }), {}, freshIp());
    const fresh = await post(t, '/api/auth/signup', newSignup(), {}, freshIp());
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json().message).toBe(fresh.json().message);
    expect(again.json()).toMatchObject({ user: null, session: null, access_token: null });
    expect((await lastMailTo(t, input.email))?.template).toBe('already-registered');
    // The owner repeating their own sign-up simply gets in.
    const owner = await post(t, '/api/auth/signup', { ...input }, {}, freshIp());
    expect(owner.json().access_token).toEqual(expect.any(String));
  });
});

describe('sign-in', () => {
  it('signs in with the spec answer and rejects a wrong password and an unknown e-mail identically', async () => {
    const { input } = await signupUser(t);
    const ok = await post(t, '/api/auth/signin', { email: input.email.toUpperCase(), password: input.password }, {}, freshIp());
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['access_token', 'expires_at', 'refresh_token', 'session', 'user']);
    const wrong = await post(t, '/api/auth/signin', { email: input.email, password: 'Not-The-Password-1' }, {}, freshIp());
    const unknown = await post(
      t,
      '/api/auth/signin',
      { email: `nobody.${Date.now()}@example.in`, password: 'Not-The-Password-1' },
      {},
      freshIp(),
    );
    for (const r of [wrong, unknown]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE });
    }
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
  });

  it('checks an unknown e-mail against a hash that costs what a real one costs (dummy hash)', async () => {
    const { input } = await signupUser(t);
    const stored = (await t.deps.db.selectFrom('users').select('password_hash').where('email', '=', input.email).executeTakeFirstOrThrow()).password_hash!;
    // argon2's cost is fixed by the parameters in the hash: the dummy is made with the real ones.
    const params = (h: string) => /^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/.exec(h)?.[0];
    expect(params(stored)).toBe('$argon2id$v=19$m=19456,t=2,p=1$');
    expect(params(await dummyHash())).toBe(params(stored));
    // And the check is really run for an unknown e-mail: its answer costs this process at least half
    // the CPU of one verify (CPU time, not wall time: other processes on the machine do not move it;
    // without the dummy hash the answer costs a few database reads, under a tenth of a verify).
    const cpu = async (work: () => Promise<unknown>) => {
      let least = Infinity;
      for (let i = 0; i < 3; i++) {
        const u0 = process.cpuUsage();
        await work();
        const u = process.cpuUsage(u0);
        least = Math.min(least, u.user + u.system);
      }
      return least;
    };
    const verify = await cpu(() => verifyPassword(stored, 'Not-The-Password-1'));
    const unknown = await cpu(() => post(t, '/api/auth/signin', { email: `ghost.${Date.now()}.${Math.random()}@example.in`, password: 'Not-The-Password-1' }, {}, freshIp()));
    expect(unknown).toBeGreaterThan(verify / 2);
  });

  it('limits failed sign-ins by e-mail + address: an attacker on address A locks only A; the owner on address B gets in at once', async () => {
    const { input } = await signupUser(t);
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) {
      const r = await post(t, '/api/auth/signin', { email: input.email, password: `Wrong-Password-${i}` }, {}, attacker);
      expect(r.statusCode).toBe(401);
    }
    // Address A is locked for this e-mail, even with the right password.
    const blocked = await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_MESSAGE });
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // The owner, from another address (a new device), signs in at once.
    const owner = await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, freshIp());
    expect(owner.statusCode).toBe(200);
    // Same answer for an unknown account under attack (no enumeration through the limiter).
    const ghost = `ghost.${Date.now()}@example.in`;
    for (let i = 0; i < 5; i++) await post(t, '/api/auth/signin', { email: ghost, password: `Wrong-Password-${i}` }, {}, attacker);
    expect((await post(t, '/api/auth/signin', { email: ghost, password: 'Wrong-Password-x' }, {}, attacker)).statusCode).toBe(429);
    clock.advance(retry * 1000 + 1000);
    expect((await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, attacker)).statusCode).toBe(200);
  });

  it('slows failed sign-ins down from the same address after the second, on the app clock', async () => {
    const { input } = await signupUser(t);
    const ip = freshIp();
    const fail = (i: number) => post(t, '/api/auth/signin', { email: input.email, password: `Wrong-Password-${i}` }, {}, ip);
    const waited: number[] = [];
    for (let i = 0; i < 2; i++) {
      const before = clock.waits.length;
      expect((await fail(i)).statusCode).toBe(401);
      waited.push(clock.waits.slice(before).reduce((a, b) => a + b, 0));
    }
    // The 3rd failure: its answer is held until the clock has let 250 ms pass.
    const sleep = clock.sleep;
    let release!: () => void;
    const asked: number[] = [];
    clock.sleep = (ms) => {
      asked.push(ms);
      return new Promise<void>((r) => (release = r)).then(() => sleep(ms));
    };
    let answered = false;
    const third = fail(2).then((r) => ((answered = true), r));
    try {
      await expect.poll(() => asked, { timeout: 10_000 }).toEqual([250]);
      await new Promise((r) => setImmediate(r));
      expect(answered).toBe(false);
    } finally {
      clock.sleep = sleep;
      release();
    }
    expect((await third).statusCode).toBe(401);
    waited.push(asked[0]!);
    const before = clock.waits.length;
    expect((await fail(3)).statusCode).toBe(401);
    waited.push(clock.waits.slice(before).reduce((a, b) => a + b, 0));
    // None for the first two, then 250 ms more for each failure (decision 095).
    expect(waited).toEqual([0, 0, 250, 500]);
    // Another address starts from nothing.
    const before2 = clock.waits.length;
    expect((await post(t, '/api/auth/signin', { email: input.email, password: 'Wrong-Password-x' }, {}, freshIp())).statusCode).toBe(401);
    expect(clock.waits.slice(before2)).toEqual([]);
  });

  it('an e-mail attacked from many addresses: addresses that failed are refused, an address with no failure still gets in', async () => {
    const { input } = await signupUser(t);
    const addresses = Array.from({ length: 10 }, () => freshIp());
    // 50 failures spread over 10 addresses (5 each would lock each of them anyway; 5 here, so each has failed).
    for (let round = 0; round < 5; round++) {
      await Promise.all(addresses.map((ip, i) => post(t, '/api/auth/signin', { email: input.email, password: `Wrong-${round}-${i}-pass` }, {}, ip)));
    }
    const rotated = freshIp();
    // A fresh address gets one try (wrong password: 401)...
    expect((await post(t, '/api/auth/signin', { email: input.email, password: 'Wrong-once-more' }, {}, rotated)).statusCode).toBe(401);
    // ...and then it is refused, because the e-mail is over its budget from everywhere.
    expect((await post(t, '/api/auth/signin', { email: input.email, password: 'Wrong-twice-more' }, {}, rotated)).statusCode).toBe(429);
    // The owner on a new device is not.
    expect((await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, freshIp())).statusCode).toBe(200);
  });

  it('limits sign-in attempts per address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await post(t, '/api/auth/signin', { email: `spray${i}.${Date.now()}@example.in`, password: 'Wrong-Password-1' }, {}, ip);
      statuses.push(r.statusCode);
      if (r.statusCode === 429) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is unaffected.
    expect((await post(t, '/api/auth/signin', { email: 'x@example.in', password: 'Wrong-Password-1' }, {}, freshIp())).statusCode).toBe(
      401,
    );
  });

  it('limits sign-ups per address', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await post(t, '/api/auth/signup', newSignup(), {}, ip)).statusCode;
    expect(last).toBe(429);
  });

  it('makes a verified e-mail on ADMIN_EMAILS an admin, never one that is unverified', async () => {
    const { answer } = await signupUser(t, { email: 'boss@hydroshakes.in' });
    expect(answer.user.role).toBe('customer');
    await t.deps.db.updateTable('users').set({ email_verified: true }).where('id', '=', answer.user.id).execute();
    const again = await post(t, '/api/auth/signin', { email: 'boss@hydroshakes.in', password: 'Green-Glow-2026!' }, {}, freshIp());
    expect(again.json().user).toMatchObject({ role: 'admin', user_metadata: { role: 'admin' } });
    const adm = await t.request({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${again.json().access_token}` },
    });
    expect(adm.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers known and unknown e-mails the same, and mails a single-use link to the known one', async () => {
    const { input, answer } = await signupUser(t);
    const known = await post(t, '/api/auth/reset-password', { email: input.email }, {}, freshIp());
    const unknown = await post(t, '/api/auth/reset-password', { email: `nobody.${Date.now()}@example.in` }, {}, freshIp());
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ ok: true, message: RESET_SENT_MESSAGE });
    expect(unknown.json()).toEqual(known.json());

    const mail = await lastMailTo(t, input.email);
    expect(mail?.template).toBe('password-reset');
    const token = tokenFromMail(mail!.text);
    expect(mail!.text).toContain('http://localhost:3000/reset-password?token=');
    expect(Buffer.from(token.slice(4), 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.deps.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);

    const done = await post(t, '/api/auth/reset-password/complete', { token, password: 'Fresh-Basil-2027' }, {}, freshIp());
    expect(done.statusCode).toBe(200);
    expect(done.json().access_token).toEqual(expect.any(String));
    // All earlier sessions are over, the old password is gone, the new one works.
    expect((await post(t, '/api/auth/refresh', { refresh_token: answer.refresh_token })).statusCode).toBe(401);
    expect((await me(answer.access_token)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, freshIp())).statusCode).toBe(401);
    expect((await post(t, '/api/auth/signin', { email: input.email, password: 'Fresh-Basil-2027' }, {}, freshIp())).statusCode).toBe(200);
    // Once only.
    const twice = await post(t, '/api/auth/reset-password/complete', { token, password: 'Another-Basil-2028' }, {}, freshIp());
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('expires reset links after 30 minutes', async () => {
    const { input } = await signupUser(t);
    await post(t, '/api/auth/reset-password', { email: input.email }, {}, freshIp());
    const token = tokenFromMail((await lastMailTo(t, input.email))!.text);
    clock.advance(30 * 60_000 + 1000);
    const late = await post(t, '/api/auth/reset-password/complete', { token, password: 'Fresh-Basil-2027' }, {}, freshIp());
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('refuses the -brevo call for every address when Brevo is not configured, so the client falls back', async () => {
    const { input } = await signupUser(t);
    const known = await post(t, '/api/auth/reset-password-brevo', { email: input.email }, {}, freshIp());
    const unknown = await post(t, '/api/auth/reset-password-brevo', { email: `nobody.${Date.now()}@example.in` }, {}, freshIp());
    expect(known.statusCode).toBe(503);
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json().message).toBe(known.json().message);
  });

  it('limits reset requests per e-mail + address and per address (429 + Retry-After); the inbox budget is silent', async () => {
    const { input } = await signupUser(t);
    const attacker = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post(t, '/api/auth/reset-password', { email: input.email }, {}, attacker)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    // The owner, elsewhere, still asks and gets a link.
    const before = await t.deps.db.selectFrom('password_resets').select('id').where('user_id', '=', (await t.deps.db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirstOrThrow()).id).execute();
    expect((await post(t, '/api/auth/reset-password', { email: input.email }, {}, freshIp())).statusCode).toBe(200);
    const userId = (await t.deps.db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirstOrThrow()).id;
    const after = await t.deps.db.selectFrom('password_resets').select('id').where('user_id', '=', userId).execute();
    expect(after.length).toBe(before.length + 1);
    // Past 5 mails an hour the inbox gets no more, and the answer does not change.
    for (let i = 0; i < 3; i++) expect((await post(t, '/api/auth/reset-password', { email: input.email }, {}, freshIp())).statusCode).toBe(200);
    expect((await t.deps.db.selectFrom('password_resets').select('id').where('user_id', '=', userId).execute()).length).toBe(5);
    const ip = freshIp();
    const byIp: number[] = [];
    for (let i = 0; i < 11; i++)
      byIp.push((await post(t, '/api/auth/reset-password', { email: `n${i}.${Date.now()}@example.in` }, {}, ip)).statusCode);
    expect(byIp[10]).toBe(429);
    const r = await post(t, '/api/auth/reset-password', { email: `n.${Date.now()}@example.in` }, {}, ip);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a new password that is common or the username', async () => {
    const { input } = await signupUser(t);
    await post(t, '/api/auth/reset-password', { email: input.email }, {}, freshIp());
    const token = tokenFromMail((await lastMailTo(t, input.email))!.text);
    const weak = await post(t, '/api/auth/reset-password/complete', { token, password: 'password123' }, {}, freshIp());
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_FAILED');
    expect(weak.json().fieldErrors.password[0]).toMatch(/too common/);
  });
});

describe('profile through /api/auth/profile', () => {
  it('changes name, username and mobile, answers the user, and ignores privileged fields', async () => {
    const { answer } = await signupUser(t);
    const res = await t.request({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${answer.access_token}` },
      payload: {
        name: 'Asha R.',
        mobile: '7012345678',
        role: 'admin',
        user_metadata: { role: 'admin' },
        email: 'evil@example.in',
        id: 'x',
        points: 5,
        created_at: '2000-01-01T00:00:00Z',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: answer.user.id,
      email: answer.user.email,
      role: 'customer',
      user_metadata: { name: 'Asha R.', role: 'customer', mobile: '+917012345678' },
    });
    const row = await t.deps.db.selectFrom('users').selectAll().where('id', '=', answer.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'customer', email: answer.user.email });
  });

  it('needs a token', async () => {
    const res = await t.request({ method: 'PATCH', url: '/api/auth/profile', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('needs the current password (400, not 401), then ends the other sessions but keeps this one', async () => {
    const { input, answer } = await signupUser(t);
    const other = (await post(t, '/api/auth/signin', { email: input.email, password: input.password }, {}, freshIp())).json();
    const auth = { authorization: `Bearer ${answer.access_token}` };
    const wrong = await post(t, '/api/auth/password', { current_password: 'nope-nope-nope', new_password: 'Mint-Leaf-Shake-9' }, auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.current_password).toBeDefined();
    const ok = await post(t, '/api/auth/password', { current_password: input.password, new_password: 'Mint-Leaf-Shake-9' }, auth);
    expect(ok.statusCode).toBe(200);
    expect((await me(answer.access_token)).statusCode).toBe(200);
    expect((await post(t, '/api/auth/refresh', { refresh_token: answer.refresh_token })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(401);
    expect((await lastMailTo(t, input.email))?.template).toBe('password-changed');
  });
});
