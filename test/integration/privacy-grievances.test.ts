import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, uniqueMobile } from '../helpers/factories';
import { addAddress } from './orders-fixtures';
import { portClient } from '../helpers/port-client';

/**
 * Grievances (decision 278) and addresses masked for staff (decision 279), over a real port as the
 * shop's pages call them.
 */
let now = new Date('2026-12-06T10:00:00+05:30');
const clock = { now: () => now };
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { PRIVACY_OFFICER_NAME: 'Leela Iyer', PRIVACY_ANSWER_DAYS: 5 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (auth: string | null, method: string, path: string, body?: unknown) =>
  portClient(base, t.deps.config.PUBLIC_URL)(auth, method, path, body);

const messagesOf = (userId: string, event: string) =>
  t.deps.db.selectFrom('messages').select(['id', 'title', 'body']).where('user_id', '=', userId).where('event', '=', event).execute();
const mailsOf = (userId: string) =>
  t.deps.db
    .selectFrom('mail_outbox')
    .innerJoin('messages', 'messages.id', 'mail_outbox.message_id')
    .select(['mail_outbox.to_email', 'mail_outbox.subject'])
    .where('messages.user_id', '=', userId)
    .execute();

describe('grievances', () => {
  it('a customer complains: acknowledged through their own channels with the date due; the owner answers once, even twice at once; both see it', async () => {
    // A customer with a verified number and no e-mail: the acknowledgement goes by SMS, never promised by e-mail.
    const u = await createUser(t.deps.db, { name: 'Asha Rao' });
    const mobile = `+91${uniqueMobile()}`;
    await t.deps.db
      .updateTable('users')
      .set({ email: null, email_verified: false, mobile, mobile_verified_at: now.toISOString() })
      .where('id', '=', u.id)
      .execute();
    const auth = await t.bearer(u);
    const ownerUser = await createUser(t.deps.db, { role: 'admin', name: 'Priya Menon' });
    const owner = await t.bearer(ownerUser);
    const support = await t.bearer(await createUser(t.deps.db, { role: 'support', name: 'Sunil Das' }));

    // Refusals: signed out, and a bad form, each with a sentence; nothing recorded.
    expect((await call(null, 'POST', '/user/privacy/grievances', { subject: 'Hello', details: 'Some details here' })).status).toBe(401);
    const bad = await call(auth, 'POST', '/user/privacy/grievances', { subject: 'x', details: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(expect.arrayContaining(['subject', 'details']));

    const complaint = {
      subject: 'Marketing texts after I said no',
      details: 'I withdrew the offers consent on 1 Dec and still got an offer by SMS on 4 Dec.',
    };
    const asked = await call(auth, 'POST', '/user/privacy/grievances', complaint);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const dueBy = new Date(now.getTime() + 5 * 86_400_000).toISOString();
    expect(asked.body.grievance).toMatchObject({ ...complaint, status: 'open', askedAt: now.toISOString(), dueBy, answer: null });
    expect(asked.body.acknowledged).toMatch(/^We sent the acknowledgement by SMS to \+91 \d\d••• \d{5}/);
    expect(asked.body.acknowledged).not.toMatch(/e-mail/);
    const ack = await messagesOf(u.id, 'grievance_received');
    expect(ack).toHaveLength(1);
    expect(ack[0]!.body).toContain('Leela Iyer answers you by 11 Dec 2026');
    expect(await mailsOf(u.id)).toEqual([]);

    // Their list: open, with the date.
    const mine = await call(auth, 'GET', '/user/privacy/grievances');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ answerDays: 5, grievances: [{ id: asked.body.grievance.id, status: 'open', dueBy }] });

    // The owner's desk lists it with the exports and deletions: its state and deadline, what was written.
    expect((await call(support, 'GET', '/admin/privacy/requests')).status).toBe(403);
    const listed = (await call(owner, 'GET', '/admin/privacy/requests')).body.requests.find(
      (r: { id: string }) => r.id === asked.body.grievance.id,
    );
    expect(listed).toMatchObject({
      kind: 'grievance',
      person: 'Asha Rao',
      state: 'Waiting for an answer',
      dueBy,
      done: false,
      overdue: false,
      grievance: { subject: complaint.subject, details: complaint.details, answer: null },
    });

    // Support may not answer; a short answer is refused; an unknown one is a 404.
    const path = `/admin/privacy/grievances/${asked.body.grievance.id}/answer`;
    const text = 'We are sorry: a campaign list was built before your withdrawal. It is fixed and you will get no more offers.';
    expect((await call(support, 'POST', path, { answer: text })).status).toBe(403);
    expect((await call(owner, 'POST', path, { answer: 'ok' })).status).toBe(400);
    expect((await call(owner, 'POST', `/admin/privacy/grievances/${crypto.randomUUID()}/answer`, { answer: text })).status).toBe(404);

    // Six days on it is overdue on the desk.
    now = new Date(now.getTime() + 6 * 86_400_000);
    const late = (await call(await t.bearer(ownerUser), 'GET', '/admin/privacy/requests')).body.requests.find(
      (r: { id: string }) => r.id === asked.body.grievance.id,
    );
    expect(late.overdue).toBe(true);

    // Two answers at once (two owners' tabs): one is stored and sent, the other refused with a sentence.
    const fresh = await t.bearer(ownerUser);
    const [a, b] = await Promise.all([
      call(fresh, 'POST', path, { answer: text }),
      call(fresh, 'POST', path, { answer: `${text} Again.` }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    const lost = a.status === 200 ? b : a;
    expect(lost.body.message).toMatch(/already answered on/);
    expect(won.body.told).toMatch(/^Sent by SMS to/);
    const answered = await messagesOf(u.id, 'grievance_answered');
    expect(answered).toHaveLength(1);
    expect(answered[0]!.body).toContain(won.body.grievance.answer);
    const stored = await t.deps.db
      .selectFrom('privacy_grievances')
      .select(['status', 'answer', 'answered_by'])
      .where('user_id', '=', u.id)
      .execute();
    expect(stored).toEqual([{ status: 'answered', answer: won.body.grievance.answer, answered_by: ownerUser.id }]);

    // The customer sees the answer; the desk sees it answered, by whom, no longer overdue.
    const after = (await call(await t.bearer(u), 'GET', '/user/privacy/grievances')).body.grievances[0];
    expect(after).toMatchObject({ status: 'answered', answer: won.body.grievance.answer, answeredAt: now.toISOString() });
    const desk = (await call(fresh, 'GET', '/admin/privacy/requests')).body.requests.find(
      (r: { id: string }) => r.id === asked.body.grievance.id,
    );
    expect(desk).toMatchObject({ state: 'Answered', done: true, overdue: false, grievance: { answeredBy: 'Priya Menon' } });
    // Audited: received by the person, answered by the owner.
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'privacy_grievance')
      .where('entity_id', '=', asked.body.grievance.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'privacy.grievance.received', actor_id: u.id },
      { action: 'privacy.grievance.answered', actor_id: ownerUser.id },
    ]);
  });

  it('someone with neither a verified e-mail nor number is told in their inbox only; five a day, then 429 with Retry-After', async () => {
    const u = await createUser(t.deps.db, { name: 'Ravi Kumar' });
    await t.deps.db.updateTable('users').set({ email_verified: false, mobile_verified_at: null }).where('id', '=', u.id).execute();
    const auth = await t.bearer(u);
    const first = await call(auth, 'POST', '/user/privacy/grievances', {
      subject: 'My old address',
      details: 'Please tell me why you still keep my old address.',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.acknowledged).toBe('We put the acknowledgement in your messages on this site.');
    expect(await messagesOf(u.id, 'grievance_received')).toHaveLength(1);
    expect(await mailsOf(u.id)).toEqual([]);
    for (let i = 0; i < 4; i++) {
      expect(
        (await call(auth, 'POST', '/user/privacy/grievances', { subject: `Another ${i}`, details: 'One more question about my data.' }))
          .status,
      ).toBe(200);
    }
    const sixth = await call(auth, 'POST', '/user/privacy/grievances', {
      subject: 'Too many',
      details: 'One more question about my data.',
    });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(auth, 'GET', '/user/privacy/grievances')).body.grievances).toHaveLength(5);
  });
});

describe('addresses masked for staff', () => {
  it('the customer detail shows each address masked (PIN code kept); Show answers one in full with one access-log row the customer sees', async () => {
    const c = await createUser(t.deps.db, { name: 'Nandini Shetty' });
    const addressId = await addAddress(t.deps.db, c.id, '560038');
    const secret = { line1: '7 Gulmohar Enclave Nandinistreet', line2: 'Flat 3B Tower Kesari', landmark: 'Behind the Banyan Temple' };
    await t.deps.db.updateTable('addresses').set(secret).where('id', '=', addressId).execute();
    const other = await createUser(t.deps.db, { name: 'Someone Else' });
    const othersAddress = await addAddress(t.deps.db, other.id, '560001');
    const supportUser = await createUser(t.deps.db, { role: 'support', name: 'Farah Khan' });
    const staff = await t.bearer(supportUser);

    const detail = await call(staff, 'GET', `/admin/customers/${c.id}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const list = await call(staff, 'GET', `/admin/customers?search=${encodeURIComponent('Nandini Shetty')}&page=1&pageSize=5`);
    // No line of the address leaks from either door.
    const answered = JSON.stringify(detail.body) + JSON.stringify(list.body);
    for (const line of Object.values(secret)) expect(answered).not.toContain(line);
    expect(answered).not.toContain('Gulmohar');
    const row = detail.body.sections.find((s: { key: string }) => s.key === 'addresses').rows[0];
    expect(row).toEqual({ label: 'Asha Rao (default)', value: '7•••, Bengaluru 560038', reveal: { field: 'address', addressId } });

    // A Show needs the address; someone else's address is not this customer's.
    expect((await call(staff, 'POST', `/admin/customers/${c.id}/reveal`, { field: 'address' })).status).toBe(400);
    expect((await call(staff, 'POST', `/admin/customers/${c.id}/reveal`, { field: 'address', addressId: othersAddress })).status).toBe(404);
    const viewed = () =>
      t.deps.db
        .selectFrom('audit_log')
        .select(['actor_id', 'after'])
        .where('action', '=', 'privacy.viewed')
        .where('entity_id', '=', c.id)
        .execute();
    expect(await viewed()).toEqual([]);

    const shown = await call(staff, 'POST', `/admin/customers/${c.id}/reveal`, { field: 'address', addressId, screen: 'admin/customers' });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toEqual({ value: `${secret.line1}, ${secret.line2}, ${secret.landmark}, Bengaluru, Karnataka 560038` });
    const rows = await viewed();
    expect(rows).toEqual([{ actor_id: supportUser.id, after: { field: 'address', screen: 'admin/customers', addressId } }]);
    expect(JSON.stringify(rows)).not.toContain('Gulmohar');
    // One row per Show.
    expect((await call(staff, 'POST', `/admin/customers/${c.id}/reveal`, { field: 'address', addressId })).status).toBe(200);
    expect(await viewed()).toHaveLength(2);

    const seen = await call(await t.bearer(c), 'GET', '/user/data-access');
    expect(seen.body.entries).toEqual([
      { at: now.toISOString(), who: 'Farah Khan (Support)', what: 'Your delivery address', screen: 'the customers screen' },
      { at: now.toISOString(), who: 'Farah Khan (Support)', what: 'Your delivery address', screen: 'the customers screen' },
    ]);
  });
});
