import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { startFakeMsg91, type FakeMsg91 } from '../../../test/fakes/msg91-server';
import { createUser } from '../../../test/helpers/factories';
import { kickSms } from '../../lib/sms';
import { freshIp, lastMailTo, movableClock, post, signupUser, tokenFromMail } from './auth.test-helpers';
import { OTP_EXPIRED_MESSAGE, OTP_LOCKED_MESSAGE, sentMessage } from './otp.service';
import { MOBILE_TAKEN_MESSAGE } from '../users/mobile-numbers.service';

/**
 * Sign-in with a mobile number (PRODUCT.md §18) through the real MSG91 adapter against a local fake
 * MSG91 (real HTTP): the code is read from what MSG91 received, exactly as a phone would get it.
 */
const clock = movableClock();
let t: TestApp;
let msg91: FakeMsg91;
const TEMPLATE = 'tmpl-otp-6601';

beforeAll(async () => {
  msg91 = await startFakeMsg91({ authKey: 'msg91-test-key' });
  t = await createTestApp({ clock, config: { MSG91_AUTH_KEY: 'msg91-test-key', MSG91_API_URL: msg91.url, MSG91_OTP_TEMPLATE_ID: TEMPLATE } });
});
afterAll(async () => {
  await t?.close();
  await msg91?.close();
});

let n = 0;
const base = Math.floor(Math.random() * 1_000_000);
/** A fresh number each call (10 digits, starting 9). */
function newNumber(): string {
  n++;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String((base + n) % 1_000_000).padStart(6, '0')}`;
}
const stored = (mobile: string) => `+91${mobile}`;

async function requestCode(mobile: string, ip: string) {
  const res = await post(t, '/api/auth/otp/request', { mobile }, {}, ip);
  await kickSms(t.deps);
  return res;
}
/** The code as the phone got it: the `otp` variable of the latest SMS MSG91 accepted for the number. */
function codeSentTo(mobile: string): string {
  const code = msg91.lastVariable(stored(mobile), 'otp');
  if (!code) throw new Error(`no SMS reached ${mobile}`);
  return code;
}
const verify = (mobile: string, code: string, ip: string) => post(t, '/api/auth/otp/verify', { mobile, code }, {}, ip);
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign in with a mobile number', () => {
  it('request → the SMS carries a 6-digit code → verify → the session answer of sign-in; the same number signs in again', async () => {
    const mobile = newNumber();
    const ip = freshIp();
    const res = await requestCode(`+91 ${mobile.slice(0, 5)}-${mobile.slice(5)}`, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: sentMessage(stored(mobile)), resend_after: 30, expires_in: 300 });

    const sms = msg91.received.at(-1)!;
    expect(sms.authkey).toBe('msg91-test-key');
    expect(sms.template_id).toBe(TEMPLATE);
    expect(sms.recipients).toEqual([{ mobiles: `91${mobile}`, otp: expect.stringMatching(/^\d{6}$/) }]);
    // Once MSG91 has it, the outbox keeps no code in clear; the code table only its keyed hash.
    const out = await t.deps.db.selectFrom('sms_outbox').selectAll().where('to_mobile', '=', stored(mobile)).executeTakeFirstOrThrow();
    expect(out).toMatchObject({ status: 'sent', provider_message_id: sms.requestId });
    expect(out.text).not.toContain(sms.recipients[0]!.otp);
    const row = await t.deps.db.selectFrom('otp_codes').selectAll().where('mobile', '=', stored(mobile)).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(sms.recipients[0]!.otp);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const signed = await verify(mobile, codeSentTo(mobile), ip);
    expect(signed.statusCode).toBe(200);
    const a = signed.json();
    expect(a).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.stringMatching(/^hsr_/),
      expires_at: expect.any(Number),
      session: { token_type: 'bearer' },
      // A new number: a new account, the name asked next.
      user: { email: '', role: 'customer', user_metadata: { name: '', mobile: stored(mobile) } },
    });
    const me = await t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${a.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(a.user.id);

    // The name, asked next, through the profile call the spec already has.
    const named = await t.request({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${a.access_token}`, 'content-type': 'application/json' },
      payload: { name: 'Meera Iyer' },
    });
    expect(named.json().user.user_metadata.name).toBe('Meera Iyer');

    // The code works once.
    expect((await verify(mobile, codeSentTo(mobile), ip)).json().message).toBe(OTP_EXPIRED_MESSAGE);

    clock.advance(31_000);
    await requestCode(mobile, ip);
    const again = await verify(mobile, codeSentTo(mobile), ip);
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toMatchObject({ id: a.user.id, user_metadata: { name: 'Meera Iyer' } });
  });

  it('three wrong codes lock the code (429 with Retry-After), even the right one; a new code works', async () => {
    const mobile = newNumber();
    const ip = freshIp();
    await requestCode(mobile, ip);
    const code = codeSentTo(mobile);
    const first = await verify(mobile, wrong(code), ip);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'OTP_INVALID', message: 'That code is not right. 2 more tries, then ask for a new code.' });
    expect((await verify(mobile, wrong(code), ip)).json().message).toBe('That code is not right. One more try, then ask for a new code.');
    const third = await verify(mobile, wrong(code), ip);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'OTP_LOCKED', message: OTP_LOCKED_MESSAGE });
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(30);
    const right = await verify(mobile, code, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('OTP_LOCKED');

    clock.advance(31_000);
    await requestCode(mobile, ip);
    expect(codeSentTo(mobile)).toMatch(/^\d{6}$/);
    expect((await verify(mobile, codeSentTo(mobile), ip)).statusCode).toBe(200);
  });

  it('parallel guesses get no more than three comparisons out of one code', async () => {
    const mobile = newNumber();
    await requestCode(mobile, freshIp());
    const code = codeSentTo(mobile);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => verify(mobile, g, freshIp())));
    const compared = answers.filter((r) => r.json().code === 'OTP_INVALID' && /not right/.test(r.json().message)).length;
    expect(compared).toBeLessThanOrEqual(2);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(0);
    const row = await t.deps.db.selectFrom('otp_codes').select('attempts').where('mobile', '=', stored(mobile)).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(3);
  });

  it('a second code within 30 s is refused (429, Retry-After); after the wait it comes, and only the newest works', async () => {
    const mobile = newNumber();
    const ip = freshIp();
    await requestCode(mobile, ip);
    const firstCode = codeSentTo(mobile);
    const sent = msg91.received.length;
    clock.advance(10_000);
    const soon = await requestCode(mobile, freshIp());
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('RATE_LIMITED');
    expect(Number(soon.headers['retry-after'])).toBe(20);
    expect(msg91.received.length).toBe(sent);

    clock.advance(20_000);
    const later = await requestCode(mobile, ip);
    expect(later.statusCode).toBe(200);
    const secondCode = codeSentTo(mobile);
    // Only the newest code works: the first one is now just a wrong code.
    if (secondCode !== firstCode) expect((await verify(mobile, firstCode, ip)).json().code).toBe('OTP_INVALID');
    expect((await verify(mobile, secondCode, ip)).statusCode).toBe(200);
  });

  it('two requests at the same moment send one SMS', async () => {
    const mobile = newNumber();
    const answers = await Promise.all([requestCode(mobile, freshIp()), requestCode(mobile, freshIp())]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(msg91.received.filter((r) => r.recipients[0]!.mobiles === `91${mobile}`)).toHaveLength(1);
  });

  it('a code expires after 5 minutes (the app clock moved)', async () => {
    const mobile = newNumber();
    const ip = freshIp();
    await requestCode(mobile, ip);
    clock.advance(5 * 60_000 + 1_000);
    const res = await verify(mobile, codeSentTo(mobile), ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OTP_INVALID', message: OTP_EXPIRED_MESSAGE });
  });

  it('limits codes per number per hour and requests per address', async () => {
    const mobile = newNumber();
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(mobile, freshIp())).statusCode).toBe(200);
      clock.advance(31_000);
    }
    const sixth = await requestCode(mobile, freshIp());
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(30);

    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await requestCode(newNumber() + '', ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers a known and an unknown number alike: status, message (but the number) and timing', async () => {
    const known = newNumber();
    const ip = freshIp();
    await requestCode(known, ip);
    expect((await verify(known, codeSentTo(known), ip)).statusCode).toBe(200);
    clock.advance(31_000);

    const time = async (mobile: string) => {
      const start = performance.now();
      const res = await post(t, '/api/auth/otp/request', { mobile }, {}, freshIp());
      return { ms: performance.now() - start, status: res.statusCode, body: res.json() };
    };
    const knownRuns = [];
    const unknownRuns = [];
    // Four each: with the first code, the known number uses its five codes of the hour.
    for (let i = 0; i < 4; i++) {
      knownRuns.push(await time(known));
      unknownRuns.push(await time(newNumber()));
      clock.advance(31_000);
    }
    await kickSms(t.deps);
    for (const r of [...knownRuns, ...unknownRuns]) {
      expect(r.status).toBe(200);
      expect(r.body.message.replace(/\+91 \d{5} \d{5}/, 'N')).toBe('We have sent a 6-digit code to N. It works for 5 minutes.');
      expect(Object.keys(r.body).sort()).toEqual(['expires_in', 'message', 'ok', 'resend_after']);
    }
    const median = (xs: number[]) => {
      const s = xs.sort((a, b) => a - b);
      return (s[1]! + s[2]!) / 2;
    };
    const k = median(knownRuns.map((r) => r.ms));
    const u = median(unknownRuns.map((r) => r.ms));
    // The same statements run for both; what is left is noise on a shared machine.
    expect(Math.abs(k - u)).toBeLessThan(Math.max(50, 0.5 * Math.max(k, u)));

    // A wrong code: the same refusal for both.
    const a = await verify(known, '000000', freshIp());
    const b = await verify(newNumber(), '000000', freshIp());
    expect(a.statusCode).toBe(b.statusCode);
  });

  it('a number only typed on an account (never proven) does not sign into that account', async () => {
    const mobile = newNumber();
    const { answer } = await signupUser(t, { mobile });
    const ip = freshIp();
    await requestCode(mobile, ip);
    const res = await verify(mobile, codeSentTo(mobile), ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).not.toBe(answer.user.id);
    // Proof beats typing: the number is on the proving account only (decision 206).
    const holders = await t.deps.db.selectFrom('users').select('id').where('mobile', '=', stored(mobile)).execute();
    expect(holders.map((h) => h.id)).toEqual([res.json().user.id]);
  });

  it('a signed-in customer adds a number by verifying it; it then signs into their account; another account cannot take it', async () => {
    const mobile = newNumber();
    const { answer } = await signupUser(t);
    const auth = { authorization: `Bearer ${answer.access_token}` };
    const ip = freshIp();
    const asked = await post(t, '/api/auth/mobile/request', { mobile }, auth, ip);
    expect(asked.statusCode).toBe(200);
    await kickSms(t.deps);
    // The typed number cannot be switched by the profile form once verified; the code proves it.
    const done = await post(t, '/api/auth/mobile/verify', { mobile, code: codeSentTo(mobile) }, auth, ip);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.user_metadata.mobile).toBe(stored(mobile));
    const profile = await t.request({ method: 'GET', url: '/api/user/profile', headers: auth });
    expect(profile.json()).toMatchObject({ mobile: stored(mobile), mobile_verified: true });
    const patch = await t.request({ method: 'PATCH', url: '/api/user/profile', headers: { ...auth, 'content-type': 'application/json' }, payload: { mobile: '9000000001' } });
    expect(patch.statusCode).toBe(400);

    clock.advance(31_000);
    await requestCode(mobile, ip);
    const signed = await verify(mobile, codeSentTo(mobile), ip);
    expect(signed.json().user).toMatchObject({ id: answer.user.id, email: answer.user.email });

    const other = await signupUser(t);
    const otherAuth = { authorization: `Bearer ${other.answer.access_token}` };
    clock.advance(31_000);
    await post(t, '/api/auth/mobile/request', { mobile }, otherAuth, ip);
    await kickSms(t.deps);
    const taken = await post(t, '/api/auth/mobile/verify', { mobile, code: codeSentTo(mobile) }, otherAuth, ip);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'MOBILE_TAKEN', message: MOBILE_TAKEN_MESSAGE });
  });

  it('an SMS MSG91 refuses for a moment is sent again; the code still works', async () => {
    const mobile = newNumber();
    const ip = freshIp();
    msg91.failNext(1, 503);
    await requestCode(mobile, ip);
    const row = await t.deps.db.selectFrom('sms_outbox').selectAll().where('to_mobile', '=', stored(mobile)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('503');
    clock.advance(16_000);
    await kickSms(t.deps);
    expect((await verify(mobile, codeSentTo(mobile), ip)).statusCode).toBe(200);
  });

  it('refuses a malformed number or code with the field named', async () => {
    const bad = await post(t, '/api/auth/otp/request', { mobile: '12345' }, {}, freshIp());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.mobile).toBeDefined();
    const badCode = await post(t, '/api/auth/otp/verify', { mobile: newNumber(), code: '12ab' }, {}, freshIp());
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fieldErrors.code).toEqual(['Enter the 6-digit code from the SMS']);
  });
});

describe('one person, one account per number (over HTTP)', () => {
  let base = '';
  let ownerAuth = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ownerAuth = await t.bearer(await createUser(t.deps.db, { role: 'admin' }));
    // Over a real port every request comes from 127.0.0.1, whose per-address budgets the tests above spent.
    await t.deps.db.deleteFrom('rate_limit_buckets').where('key', 'like', '%:ip:%').execute();
  });
  const call = async (method: string, path: string, body?: unknown, authorization?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'accept-encoding': 'br, gzip',
        origin: t.deps.config.PUBLIC_URL,
        connection: 'keep-alive',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(authorization ? { authorization } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const signInByCode = async (mobile: string) => {
    expect((await call('POST', '/api/auth/otp/request', { mobile })).status).toBe(200);
    await kickSms(t.deps);
    return call('POST', '/api/auth/otp/verify', { mobile, code: codeSentTo(mobile) });
  };

  it('an invited rider who signs in by code with that number is in the rider account: no second account, the customer count unchanged', async () => {
    const mobile = newNumber();
    const email = `ravi.${mobile}@example.in`;
    const invited = await call('POST', '/api/admin/staff', { email, name: 'Ravi Kumar', role: 'rider', mobile: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` }, ownerAuth);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const customersBefore = (await call('GET', '/api/admin/dashboard', undefined, ownerAuth)).body.counts.customers;

    const signed = await signInByCode(mobile);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // The rider's own account, with their name: the client goes to /rider, not "What should we call you?".
    expect(signed.body.user).toMatchObject({ id: invited.body.member.id, email, role: 'rider', user_metadata: { name: 'Ravi Kumar' } });
    const listed = await call('GET', `/api/admin/customers?search=${mobile}`, undefined, ownerAuth);
    expect(listed.body.customers.map((c: { id: string }) => c.id)).toEqual([invited.body.member.id]);
    expect((await call('GET', '/api/admin/dashboard', undefined, ownerAuth)).body.counts.customers).toBe(customersBefore);
    // The invitation is accepted: the team list shows the sign-in.
    const team = await call('GET', '/api/admin/staff', undefined, ownerAuth);
    expect(team.body.staff.find((m: { id: string }) => m.id === invited.body.member.id)).toMatchObject({ invitePending: false, lastSignInAt: expect.any(String) });
    // And the same number signs into the same account again (after the 30 s resend wait).
    clock.advance(31_000);
    expect((await signInByCode(mobile)).body.user.id).toBe(invited.body.member.id);
  });

  it('inviting a number that is already on another account is refused with a sentence, and nothing is made', async () => {
    const mobile = newNumber();
    const first = await signInByCode(mobile);
    expect(first.status).toBe(200);
    const email = `meena.${mobile}@example.in`;
    const refused = await call('POST', '/api/admin/staff', { email, name: 'Meena', role: 'rider', mobile }, ownerAuth);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'MOBILE_TAKEN', message: expect.stringContaining('already on another account') });
    expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    // Two pending invitations cannot share a number either.
    const other = newNumber();
    expect((await call('POST', '/api/admin/staff', { email: `a.${other}@example.in`, name: 'A', role: 'rider', mobile: other }, ownerAuth)).status).toBe(200);
    expect((await call('POST', '/api/admin/staff', { email: `b.${other}@example.in`, name: 'B', role: 'kitchen', mobile: other }, ownerAuth)).body.code).toBe('MOBILE_TAKEN');
  });

  it('typing or verifying a number that signs into another account is refused', async () => {
    const mobile = newNumber();
    const rider = await call('POST', '/api/admin/staff', { email: `r.${mobile}@example.in`, name: 'Ravi', role: 'rider', mobile }, ownerAuth);
    expect(rider.status, JSON.stringify(rider.body)).toBe(200);
    const { answer } = await signupUser(t);
    const auth = `Bearer ${answer.access_token}`;
    const typed = await call('PATCH', '/api/user/profile', { mobile }, auth);
    expect(typed.status).toBe(409);
    expect(typed.body).toMatchObject({ code: 'MOBILE_TAKEN', message: MOBILE_TAKEN_MESSAGE });
    expect((await call('POST', '/api/auth/mobile/request', { mobile }, auth)).status).toBe(200);
    await kickSms(t.deps);
    const verified = await call('POST', '/api/auth/mobile/verify', { mobile, code: codeSentTo(mobile) }, auth);
    expect(verified.status).toBe(409);
    expect(verified.body.code).toBe('MOBILE_TAKEN');
    const holders = await t.deps.db.selectFrom('users').select('id').where('mobile', '=', stored(mobile)).execute();
    expect(holders.map((h) => h.id)).toEqual([rider.body.member.id]);
  });

  it('a staff invitation has its own page: the role, the shop and the first screen from the server; a first password sends no "password changed" alarm; a used or expired link says so and who to ask', async () => {
    const tag = newNumber();
    const email = `kiran.${tag}@example.in`;
    const invited = await call('POST', '/api/admin/staff', { email, name: 'Kiran Rao', role: 'kitchen' }, ownerAuth);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.told).toBe('Sent by e-mail to ki•••@example.in');
    const mail = await lastMailTo(t, email);
    expect(mail?.text).toMatch(/\/join\?token=hsp_/);
    const token = tokenFromMail(mail!.text);

    const seen = await call('POST', '/api/auth/invitation', { token });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({ role: 'kitchen', role_label: 'Kitchen', shop_name: 'Hydro Shakes', name: 'Kiran Rao', email, mobile: null, has_password: false, landing: '/admin/kitchen' });
    // The role is the server's: a role sent along is not read.
    const joined = await call('POST', '/api/auth/invitation/accept', { token, password: 'Tamarind-Monsoon-42', role: 'admin' });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({ landing: '/admin/kitchen', user: { email, role: 'kitchen', email_verified: true } });
    const mails = await t.deps.db.selectFrom('mail_outbox').select('template').where('to_email', '=', email).orderBy('id').execute();
    expect(mails.map((m) => m.template)).toEqual(['staff-invite']);

    // Used: said so, with how to get in.
    const used = await call('POST', '/api/auth/invitation', { token });
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({ code: 'INVITATION_INVALID', message: expect.stringContaining(`already used. Sign in with your e-mail ${email}`) });
    expect((await call('POST', '/api/auth/invitation/accept', { token, password: 'Another-Monsoon-43' })).body.message).toBe(used.body.message);

    // A rider's invitation with a number: its first screen is /rider; expired, it names who to ask.
    const mobile = newNumber();
    const rider = await call('POST', '/api/admin/staff', { email: `ravi.${mobile}@example.in`, name: 'Ravi', role: 'rider', mobile }, ownerAuth);
    const riderToken = tokenFromMail((await lastMailTo(t, `ravi.${mobile}@example.in`))!.text);
    expect((await call('POST', '/api/auth/invitation', { token: riderToken })).body).toMatchObject({ landing: '/rider', mobile: stored(mobile), role_label: 'Rider' });
    await t.deps.db.updateTable('password_resets').set({ expires_at: new Date(clock.now().getTime() - 60_000).toISOString() }).where('user_id', '=', rider.body.member.id).execute();
    const expired = await call('POST', '/api/auth/invitation', { token: riderToken });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'INVITATION_INVALID', message: expect.stringMatching(/^This invitation expired on .+\. Ask .+ to send you a new one\.$/) });
    const late = await call('POST', '/api/auth/invitation/accept', { token: riderToken, password: 'Tamarind-Monsoon-42' });
    expect(late.body.message).toBe(expired.body.message);
    // A customer's own reset link is no invitation.
    expect((await call('POST', '/api/auth/invitation', { token: `hsp_${'A'.repeat(43)}` })).body.message).toMatch(/^This invitation link is not valid\. Ask the shop’s owner/);
  });

  it('the page a sign-in started from comes back with the code, in whichever tab enters it; only ever a path on this site', async () => {
    const codeFor = async (mobile: string, return_to?: unknown) => {
      expect((await call('POST', '/api/auth/otp/request', { mobile, ...(return_to === undefined ? {} : { return_to }) })).status).toBe(200);
      await kickSms(t.deps);
      return codeSentTo(mobile);
    };
    const shake = newNumber();
    const signed = await call('POST', '/api/auth/otp/verify', { mobile: shake, code: await codeFor(shake, '/signature-shakes/green-glow?size=500') });
    expect(signed.body).toMatchObject({ return_to: '/signature-shakes/green-glow?size=500', user: { user_metadata: { name: '' } } });

    // Tab 1 asks from checkout; tab 2, opened on /auth, asks again (after the 30 s wait) and enters that code.
    const other = newNumber();
    await codeFor(other, '/cart?checkout=1');
    clock.advance(31_000);
    const tab2 = await call('POST', '/api/auth/otp/verify', { mobile: other, code: await codeFor(other) });
    expect(tab2.body.return_to).toBe('/cart?checkout=1');

    // Anything that could leave the site is ignored: never stored, never answered.
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/auth?mode=register']) {
      const mobile = newNumber();
      const answer = await call('POST', '/api/auth/otp/verify', { mobile, code: await codeFor(mobile, evil) });
      expect(answer.status, evil).toBe(200);
      expect(answer.body.return_to, evil).toBeNull();
      expect((await t.deps.db.selectFrom('otp_codes').select('return_to').where('mobile', '=', stored(mobile)).executeTakeFirstOrThrow()).return_to).toBeNull();
    }
    // Not a string at all: the field is named.
    const bad = await call('POST', '/api/auth/otp/request', { mobile: newNumber(), return_to: 42 });
    expect(bad.status).toBe(400);
  });
});

describe('without MSG91 keys', () => {
  it('keeps the SMS in the outbox (and the log) with the code, which signs in', async () => {
    const plain = await createTestApp({ clock });
    try {
      const mobile = newNumber();
      const ip = freshIp();
      expect((await post(plain, '/api/auth/otp/request', { mobile }, {}, ip)).statusCode).toBe(200);
      await kickSms(plain.deps);
      const row = await plain.deps.db.selectFrom('sms_outbox').selectAll().where('to_mobile', '=', stored(mobile)).executeTakeFirstOrThrow();
      expect(row.status).toBe('logged');
      const code = /^(\d{6}) is your Hydro Shakes code/.exec(row.text)?.[1];
      expect(code).toBeDefined();
      expect((await post(plain, '/api/auth/otp/verify', { mobile, code }, {}, ip)).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
