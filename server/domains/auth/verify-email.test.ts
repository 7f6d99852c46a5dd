import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { freshIp, lastMailTo, movableClock, post, signupUser } from './auth.test-helpers';
import { EMAIL_TAKEN_MESSAGE, LINK_INVALID_MESSAGE } from './email-verification.service';
import { kickSms } from '../../lib/sms';

/** E-mail verification (PRODUCT.md §18): the link on sign-up and on a change, sent again from the profile. */
const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { ADMIN_EMAILS: ['chief@hydroshakes.in'] as never } });
});
afterAll(async () => {
  await t?.close();
});

/** The token of the latest verification mail to an address. */
async function linkTokenFor(email: string): Promise<string> {
  const mail = await t.deps.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_email', '=', email.toLowerCase())
    .where('template', '=', 'verify-email')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const m = /verify_email=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
  if (!m) throw new Error(`no verification link to ${email}`);
  return decodeURIComponent(m[1]!);
}
const confirm = (token: string) => post(t, '/api/auth/verify-email/confirm', { token }, {}, freshIp());
const ask = (auth: string, body: unknown = {}) => post(t, '/api/auth/verify-email/request', body, { authorization: `Bearer ${auth}` }, freshIp());
const profile = async (auth: string) => (await t.request({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${auth}` } })).json();

describe('e-mail verification', () => {
  it('mails a link on sign-up; opening it verifies the address, once', async () => {
    const { input, answer } = await signupUser(t);
    expect(answer.user).toMatchObject({ email: input.email });
    expect((await profile(answer.access_token)).email_verified).toBe(false);
    const token = await linkTokenFor(input.email);
    expect(token).toMatch(/^hsv_/);
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, email: input.email });
    expect((await profile(answer.access_token)).email_verified).toBe(true);
    // Stored hashed; works once.
    const rows = await t.deps.db.selectFrom('email_verifications').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID', message: LINK_INVALID_MESSAGE });
  });

  it('sends the link again from the profile (3 an hour, then 429 with Retry-After); only the newest works; links end after 24 h', async () => {
    const { input, answer } = await signupUser(t);
    const first = await linkTokenFor(input.email);
    for (let i = 0; i < 3; i++) {
      const r = await ask(answer.access_token);
      expect(r.statusCode).toBe(200);
      expect(r.json().message).toBe(`We have sent a link to ${input.email}. Open it to confirm your e-mail.`);
    }
    const fourth = await ask(answer.access_token);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await confirm(first)).statusCode).toBe(400);

    const newest = await linkTokenFor(input.email);
    clock.advance(24 * 3600_000 + 1000);
    expect((await confirm(newest)).json().code).toBe('EMAIL_LINK_INVALID');
  });

  it('a change takes effect only when the new address is confirmed; it is then verified (and ADMIN_EMAILS applies)', async () => {
    const { input, answer } = await signupUser(t);
    const res = await ask(answer.access_token, { email: 'Chief@HydroShakes.in' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('We have sent a link to chief@hydroshakes.in. Your e-mail changes to it when you open the link.');
    expect((await profile(answer.access_token)).email).toBe(input.email);
    const token = await linkTokenFor('chief@hydroshakes.in');
    expect((await confirm(token)).statusCode).toBe(200);
    const me = await t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${answer.access_token}` } });
    expect(me.json().user).toMatchObject({ email: 'chief@hydroshakes.in', email_verified: true, role: 'admin' });
  });

  it('a change tells the old address (a security notice through the outbox); the new address gets the link', async () => {
    const { input, answer } = await signupUser(t);
    const next = `moved.${Date.now()}@example.in`;
    const templatesTo = async (email: string) =>
      (await t.deps.db.selectFrom('mail_outbox').select(['template', 'text']).where('to_email', '=', email.toLowerCase()).orderBy('id').execute());
    const before = (await templatesTo(input.email)).length;
    expect((await ask(answer.access_token, { email: next })).statusCode).toBe(200);
    const old = (await templatesTo(input.email)).slice(before);
    expect(old.map((m) => m.template)).toEqual(['email-change-notice']);
    expect(old[0]!.text).toContain(next);
    expect(old[0]!.text).toContain('/reset-password');
    expect(old[0]!.text).not.toContain('verify_email=');
    expect((await templatesTo(next)).map((m) => m.template)).toEqual(['verify-email']);
    // Sending the link again to the account's own address is no change: no notice.
    const again = await ask(answer.access_token);
    expect(again.statusCode).toBe(200);
    expect((await templatesTo(input.email)).slice(before).map((m) => m.template)).toEqual(['email-change-notice', 'verify-email']);
  });

  it("asking for another account's address answers the same and mails nobody; a link whose address was taken meanwhile is refused", async () => {
    const a = await signupUser(t);
    const b = await signupUser(t);
    const before = await t.deps.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('to_email', '=', b.input.email).executeTakeFirstOrThrow();
    const res = await ask(a.answer.access_token, { email: b.input.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`We have sent a link to ${b.input.email}. Your e-mail changes to it when you open the link.`);
    const after = await t.deps.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('to_email', '=', b.input.email).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // A link to a free address; another account takes the address before it is opened.
    const free = `free.${Date.now()}@example.in`;
    await ask(a.answer.access_token, { email: free });
    const token = await linkTokenFor(free);
    await t.deps.db.updateTable('users').set({ email: free }).where('id', '=', b.answer.user.id).execute();
    const taken = await confirm(token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: EMAIL_TAKEN_MESSAGE });
  });

  it('an account started from a mobile number adds its first e-mail by confirming it', async () => {
    const mobile = `9${String(Date.now()).slice(-9)}`;
    const ip = freshIp();
    await post(t, '/api/auth/otp/request', { mobile }, {}, ip);
    await kickSms(t.deps);
    const sms = await t.deps.db.selectFrom('sms_outbox').select('text').where('to_mobile', '=', `+91${mobile}`).executeTakeFirstOrThrow();
    const signed = (await post(t, '/api/auth/otp/verify', { mobile, code: sms.text.slice(0, 6) }, {}, ip)).json();
    expect(signed.user.email).toBe('');
    const noAddress = await ask(signed.access_token);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fieldErrors.email).toEqual(['Enter your e-mail address']);

    const email = `phone.${Date.now()}@example.in`;
    expect((await ask(signed.access_token, { email })).statusCode).toBe(200);
    expect((await confirm(await linkTokenFor(email))).statusCode).toBe(200);
    expect(await profile(signed.access_token)).toMatchObject({ email, email_verified: true, mobile: `+91${mobile}`, mobile_verified: true });
    // Mail now reaches the account (the reset link, say).
    await post(t, '/api/auth/reset-password', { email }, {}, freshIp());
    expect((await lastMailTo(t, email))?.template).toBe('password-reset');
  });
});
