import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { deliverPending, enqueueMail, kickMail, type MailDeps } from '../../lib/mail';
import { runJobNow } from '../../lib/jobs';
import { outboxJobs } from '../../lib/outbox.jobs';
import { freshIp, movableClock, post, signupUser, tokenFromMail } from './auth.test-helpers';

/** The real Brevo adapter and outbox worker against a local fake Brevo HTTP API. */
interface Received {
  headers: http.IncomingHttpHeaders;
  url: string;
  body: {
    sender: { email: string };
    to: Array<{ email: string; name?: string }>;
    subject: string;
    htmlContent: string;
    textContent: string;
  };
}
let brevo: http.Server;
let received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: { messageId: '<m1@brevo>' } };
let t: TestApp;
const clock = movableClock();

beforeAll(async () => {
  brevo = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ headers: req.headers, url: req.url ?? '', body: JSON.parse(raw || '{}') });
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => brevo.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(brevo.address() as AddressInfo).port}`;
  t = await createTestApp({ clock, config: { BREVO_API_KEY: 'xkeysib-test', BREVO_API_URL: url, MAIL_FROM: 'hello@hydroshakes.in' } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => brevo?.close(r));
});
beforeEach(async () => {
  // Each test starts with an empty outbox and a well-behaved Brevo.
  await kickMail(t.deps);
  await t.deps.db.deleteFrom('mail_outbox').execute();
  received = [];
  answer = { status: 201, body: { messageId: '<m1@brevo>' } };
});

const msg = (to: string) => ({ to, toName: 'Asha', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', template: 'test' });
const outbox = () => t.deps.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

describe('Brevo delivery', () => {
  it('sends through POST /v3/smtp/email with the api-key header and marks the mail sent', async () => {
    await enqueueMail(t.deps.db, msg('asha@example.in'));
    const round = await deliverPending(t.deps);
    expect(round).toMatchObject({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0].url).toBe('/v3/smtp/email');
    expect(received[0].headers['api-key']).toBe('xkeysib-test');
    expect(received[0].body).toMatchObject({
      sender: { email: 'hello@hydroshakes.in' },
      to: [{ email: 'asha@example.in', name: 'Asha' }],
      subject: 'Hello',
      htmlContent: '<p>Hi</p>',
      textContent: 'Hi',
    });
    expect((await outbox())[0]).toMatchObject({ status: 'sent', provider_message_id: '<m1@brevo>', attempts: 1 });
    // Nothing left: a second round sends nothing again.
    expect((await deliverPending(t.deps)).sent).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('keeps a mail pending after a Brevo outage and delivers it on a later round', async () => {
    answer = { status: 503, body: { message: 'down' } };
    await enqueueMail(t.deps.db, msg('later@example.in'));
    expect((await deliverPending(t.deps)).retry).toBe(1);
    let row = (await outbox())[0];
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/503/);
    // Not retried before its backoff has passed.
    answer = { status: 201, body: { messageId: '<m2@brevo>' } };
    expect((await deliverPending(t.deps)).sent).toBe(0);
    clock.advance(61_000);
    expect((await deliverPending(t.deps)).sent).toBe(1);
    row = (await outbox())[0];
    expect(row).toMatchObject({ status: 'sent', attempts: 2, provider_message_id: '<m2@brevo>' });
  });

  it('gives up at once on a message Brevo refuses (400), and after 5 attempts otherwise', async () => {
    answer = { status: 400, body: { code: 'invalid_parameter', message: 'bad email' } };
    await enqueueMail(t.deps.db, msg('bad@example.in'));
    expect((await deliverPending(t.deps)).failed).toBe(1);
    expect((await outbox())[0].status).toBe('failed');

    answer = { status: 500, body: {} };
    await enqueueMail(t.deps.db, msg('flaky@example.in'));
    for (let i = 0; i < 5; i++) {
      await deliverPending(t.deps);
      clock.advance(20 * 60_000);
    }
    const flaky = (await outbox()).find((m) => m.to_email === 'flaky@example.in')!;
    expect(flaky).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('delivers a reset link through /auth/reset-password-brevo right away', async () => {
    const { input } = await signupUser(t);
    await kickMail(t.deps);
    received = [];
    const res = await post(t, '/api/auth/reset-password-brevo', { email: input.email }, {}, freshIp());
    expect(res.statusCode).toBe(200);
    await kickMail(t.deps);
    const mail = received.find((r) => r.body.to[0].email === input.email);
    expect(mail?.body.subject).toBe('Reset your Hydro Shakes password');
    const token = tokenFromMail(mail!.body.textContent);
    const done = await post(t, '/api/auth/reset-password/complete', { token, password: 'Fresh-Basil-2027' }, {}, freshIp());
    expect(done.statusCode).toBe(200);
  });

  it('runs as a background job (the outbox round the job engine calls)', async () => {
    await enqueueMail(t.deps.db, msg('worker@example.in'));
    await runJobNow(t.deps, outboxJobs, 'outbox-mail');
    expect(received.some((r) => r.body.to[0].email === 'worker@example.in')).toBe(true);
  });
});

describe('without BREVO_API_KEY', () => {
  it('prints the mail (with its link) to the log and marks it logged', async () => {
    const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const log = { info: (obj: Record<string, unknown>, m: string) => lines.push({ obj, msg: m }), warn: () => {}, error: () => {} };
    const deps = { ...t.deps, config: { ...t.deps.config, BREVO_API_KEY: undefined }, log } as unknown as MailDeps;
    await enqueueMail(t.deps.db, { ...msg('local@example.in'), text: 'Open http://localhost:3000/reset-password?token=hsp_abc' });
    expect((await deliverPending(deps)).logged).toBe(1);
    expect(received).toHaveLength(0);
    expect(lines[0].obj.text).toContain('/reset-password?token=hsp_abc');
    expect(lines[0].obj.links).toEqual(['http://localhost:3000/reset-password?token=hsp_abc']);
    expect((await outbox())[0].status).toBe('logged');
  });
});
