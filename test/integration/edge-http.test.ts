import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { answerValidators, operationsOf, type OpenApiDoc } from '../helpers/openapi';
import type { Clock } from '../../server/lib/clock';
import { signAccessToken } from '../../server/lib/tokens';
import { customer, loadShop, orderBody, place } from './orders-fixtures';

/**
 * The HTTP edge through a real port, with the headers real clients send (issue 20): deep JSON, a token
 * for nobody, a query string past Node's limit, an upper-case Origin, the Brevo reset's rate limit, and
 * the invoice's date and documented 409.
 */

// 01:30 on 27 Nov in Kolkata, still 26 Nov in UTC.
let now = new Date('2026-11-26T20:00:00.000Z');
const clock: Clock = { now: () => now };
let t: TestApp;
let base: string;
let doc: OpenApiDoc;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as OpenApiDoc;
});
afterAll(async () => {
  await t?.close();
});

const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'application/json', 'user-agent': 'Mozilla/5.0 Chrome/131.0' };
const json = { ...BROWSER, 'content-type': 'application/json' };
const nestedArrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
const nestedObjects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

describe('JSON nested past the documented depth (32) is a 400 before any other work', () => {
  it('5,000 levels of arrays or objects: 400 BAD_REQUEST with the limit in the message, on /api and /trpc, guest or admin operation', async () => {
    const targets = ['/api/coupons/validate', '/api/admin/coupons', '/api/orders', '/trpc/cart.validateCoupon'];
    for (const url of targets) {
      for (const body of [nestedArrays(5000), nestedObjects(5000), `{"code":${nestedArrays(10_000)}}`]) {
        const res = await fetch(base + url, { method: 'POST', headers: json, body });
        const answer = (await res.json()) as { code: string; message: string; requestId: string };
        expect(res.status, `${url} ${body.slice(0, 10)}`).toBe(400);
        expect(answer).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('deeper than 32 levels') });
        expect(answer.requestId).toBe(res.headers.get('x-request-id'));
      }
    }
    // tRPC's GET input too.
    const q = encodeURIComponent(nestedArrays(1000));
    const res = await fetch(`${base}/trpc/catalogue.signatureShakes?input=${q}`, { headers: BROWSER });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('deeper than 32 levels');
  });

  it('32 levels are read as usual (a field error), 33 are refused as too deep; the limit is in the document', async () => {
    const at = async (n: number) => {
      const res = await fetch(`${base}/api/coupons/validate`, {
        method: 'POST',
        headers: json,
        body: `{"code":"X","lines":${nestedArrays(n - 1)}}`,
      });
      return { status: res.status, ...((await res.json()) as { code: string }) };
    };
    expect(await at(32)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await at(33)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect((doc as unknown as { info: { description: string } }).info.description).toContain('at most 32 levels deep');
  });
});

describe('a correctly signed token for no open session or no user is refused', () => {
  it('a token without a session: 401 on signed-in routes (REST and tRPC), for a user who does not exist or one who does', async () => {
    const ghost = { sub: crypto.randomUUID(), email: 'ghost@example.in', role: 'customer' as const, name: 'Ghost' };
    const real = await createUser(t.deps.db);
    const realClaims = { sub: real.id, email: real.email, role: 'customer' as const, name: real.name };
    for (const claims of [ghost, realClaims]) {
      const token = (await signAccessToken(t.deps.tokenKeys, claims, clock.now())).token;
      for (const url of ['/api/user/orders', '/api/user/profile', '/trpc/orders.history']) {
        const res = await fetch(base + url, { headers: { ...BROWSER, authorization: `Bearer ${token}` } });
        expect(res.status, `${claims.email} ${url}`).toBe(401);
      }
    }
    // With a session of its own (what a sign-in gives, and t.bearer opens) the same user gets in.
    const ok = await fetch(`${base}/api/user/orders`, { headers: { ...BROWSER, authorization: await t.bearer(real) } });
    expect(ok.status).toBe(200);
  });

  it('a token naming a session that was never opened: 401', async () => {
    const real = await createUser(t.deps.db);
    const token = (
      await signAccessToken(
        t.deps.tokenKeys,
        { sub: real.id, email: real.email, role: 'customer', name: real.name, sid: crypto.randomUUID() },
        clock.now(),
      )
    ).token;
    const res = await fetch(`${base}/api/user/orders`, { headers: { ...BROWSER, authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });
});

/** A raw GET (fetch cannot send a request line this long without its own limits getting in the way). */
function rawGet(path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers: BROWSER }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('contract faults at the edge', () => {
  it('a query string past 16 KiB: the documented 431 with the shop error body, on every operation', async () => {
    const validatorFor = answerValidators(doc);
    const res = await rawGet(`/api/admin/orders?search=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    const body = JSON.parse(res.body) as { code: string; requestId: string; message: string };
    expect(body).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('16 KiB') });
    expect(body.requestId).toBe(res.headers['x-request-id']);
    for (const o of operationsOf(doc)) {
      const documented = validatorFor(o, '431');
      expect(documented, o.key).toBeDefined();
      expect(documented!.validate!(body), o.key).toBe(true);
    }
    // Just under the limit the operation itself answers (the field's own maximum).
    const shorter = await rawGet(`/api/delivery-slots/available?from=${'a'.repeat(15_000)}`);
    expect(shorter.status).toBe(400);
  });

  it('CORS: the exact allowed origin is answered with credentials; HTTP://LOCALHOST:3000 and other spellings are not', async () => {
    const ask = async (origin: string) => {
      const res = await fetch(`${base}/api/ingredients`, { headers: { ...BROWSER, origin } });
      return { allow: res.headers.get('access-control-allow-origin'), credentials: res.headers.get('access-control-allow-credentials') };
    };
    expect(await ask('http://localhost:3000')).toEqual({ allow: 'http://localhost:3000', credentials: 'true' });
    for (const origin of [
      'HTTP://LOCALHOST:3000',
      'http://LOCALHOST:3000',
      'http://localhost:3000/',
      'http://localhost:3000.evil.example',
      'null',
    ]) {
      expect((await ask(origin)).allow, origin).toBeNull();
    }
    const preflight = await fetch(`${base}/api/orders`, {
      method: 'OPTIONS',
      headers: {
        origin: 'HTTP://LOCALHOST:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('POST /api/auth/reset-password-brevo is rate limited before "not configured" (503): the 4th request for one address is 429', async () => {
    const email = `reset-${crypto.randomUUID()}@example.in`;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${base}/api/auth/reset-password-brevo`, { method: 'POST', headers: json, body: JSON.stringify({ email }) });
      statuses.push(res.status);
      retryAfter = res.headers.get('retry-after');
    }
    expect(statuses).toEqual([503, 503, 503, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('the invoice: 409 before it is issued (documented), and a cancellation at 01:30 IST shows that Kolkata day', async () => {
    const shop = await loadShop(t);
    const buyer = await customer(t);
    const admin = await createUser(t.deps.db, { role: 'admin' });
    const adminAuth = await t.bearer(admin);
    const placed = await place(t, buyer, orderBody(shop, buyer, { paymentMethod: 'razorpay' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order.id as string;

    const early = await fetch(`${base}/api/orders/${id}/invoice`, { headers: { ...BROWSER, authorization: buyer.auth } });
    expect(early.status).toBe(409);
    const validatorFor = answerValidators(doc);
    const op = operationsOf(doc).find((o) => o.key === 'GET /orders/{id}/invoice')!;
    expect(validatorFor(op, '409')?.validate?.(await early.json())).toBe(true);
    const pdfOp = operationsOf(doc).find((o) => o.key === 'GET /orders/{id}/invoice.pdf')!;
    expect(pdfOp.statuses).toContain('409');
    expect((await fetch(`${base}/api/orders/${id}/invoice.pdf`, { headers: { ...BROWSER, authorization: buyer.auth } })).status).toBe(409);

    const post = (url: string, body: unknown) =>
      fetch(base + url, { method: 'POST', headers: { ...json, authorization: adminAuth }, body: JSON.stringify(body) });
    // Paid online (the shop's test payment mode): the invoice is issued with the payment.
    const paid = await fetch(`${base}/api/payment/test/complete`, {
      method: 'POST',
      headers: { ...json, authorization: buyer.auth },
      body: JSON.stringify({ orderId: id, outcome: 'success' }),
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    now = new Date('2026-11-26T20:05:00.000Z'); // 01:35 IST on 27 Nov
    const cancelled = await post(`/api/admin/orders/${id}/cancel`, { reason: 'Customer asked to cancel' });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);

    const invoice = (await (
      await fetch(`${base}/api/orders/${id}/invoice`, { headers: { ...BROWSER, authorization: buyer.auth } })
    ).json()) as { remark: string };
    expect(invoice.remark).toContain('cancelled on 27 Nov 2026');
  });
});

describe('a /trpc answer goes out whole (decision 300)', () => {
  // Raw bytes and headers as they left the server, without fetch's decoding.
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(base + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('a query with its length, the same JSON plain or compressed; a jsonl batch still streams', async () => {
    // Signed in, so the public catalogue's answer cache (which reads the answer itself) stays out of it.
    const { auth } = await customer(t);
    const path = '/trpc/catalogue.signatureShakes';
    const plain = await raw(path, { accept: 'application/json', authorization: auth });
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect(plain.headers['transfer-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store');
    const data = (JSON.parse(plain.body.toString('utf8')) as { result: { data: { name: string }[] } }).result.data;
    expect(data.length).toBeGreaterThan(0);

    const br = await raw(path, { ...BROWSER, authorization: auth });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));

    const streamed = await raw('/trpc/catalogue.signatureShakes?batch=1&input=%7B%7D', { 'trpc-accept': 'application/jsonl', authorization: auth });
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(streamed.body.toString('utf8')).toContain(JSON.stringify(data[0]!.name));
  });
});
