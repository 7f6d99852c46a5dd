import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { customer, loadShop, orderBody, place, type Customer } from './orders-fixtures';
import { answerValidators, arbitraryFor, HOSTILE, operationsOf, type OpenApiDoc, type Operation } from '../helpers/openapi';

/**
 * A property-based fuzzer over every operation of the OpenAPI document, as an integrator's tools
 * read it: the operations, their inputs and their answers all come from /api/openapi.json at test
 * time, so an operation another domain adds later is fuzzed without an edit here. Each operation
 * gets RUNS requests from fast-check (fixed seed) as a guest, a customer and an admin: inputs that
 * fit the schemas with hostile values mixed in at every field (NUL, lone surrogates, wrong types,
 * huge numbers…), and now and then a body that is not JSON or no content type. Asserted for every
 * answer: no 5xx; the status is documented for the operation; the body validates (ajv) against the
 * schema documented for that status; 429 and 503 carry Retry-After; X-Total-Count is sent exactly
 * when it is documented; a signed-in operation answers a guest 401.
 */

const SEED = 14_2026;
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

let t: TestApp;
let doc: OpenApiDoc;
let shopper: Customer;
let admin: Customer;
const ids: string[] = [];

beforeAll(async () => {
  // Configured like a shop with Google sign-in and Brevo mail (tokens checked with the secret; mail to a closed
  // local port), so those operations are fuzzed past "not configured on this shop" (a deliberate 503).
  t = await createTestApp({
    config: { SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_JWT_SECRET: 'fuzz-supabase-secret-0123456789-0123456789', BREVO_API_KEY: 'fuzz', BREVO_API_URL: 'http://127.0.0.1:9' },
  });
  doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
  shopper = await customer(t);
  admin = await customer(t, { role: 'admin' });
  const shop = await loadShop(t);
  const placed = await place(t, shopper, orderBody(shop, shopper));
  expect(placed.statusCode).toBe(200);
  ids.push((placed.json() as { id: string }).id, shopper.addressId, shop.shakes[0]!.id, shop.slotId);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Role = 'guest' | 'customer' | 'admin';

interface Call {
  role: Role;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** How the body is sent: as JSON, as text/plain, with no content type. */
  bodyAs: 'json' | 'text' | 'none';
  idempotencyKey: string;
}

function callArbitrary(o: Operation): fc.Arbitrary<Call> {
  const opts = { ids };
  const params = (where: string) =>
    fc.record(Object.fromEntries(o.parameters.filter((p) => p.in === where).map((p) => [p.name as string, arbitraryFor(doc, p.schema as Record<string, unknown>, opts)])));
  return fc.record({
    role: fc.constant<Role>('guest'),
    path: params('path'),
    query: params('query'),
    body: o.body ? arbitraryFor(doc, o.body, opts) : fc.constantFrom(undefined, undefined, ...HOSTILE.slice(0, 4)),
    bodyAs: fc.constantFrom<Call['bodyAs']>('json', 'json', 'json', 'json', 'text', 'none'),
    idempotencyKey: fc.oneof(fc.uuid({ version: 4 }).map(String), fc.constantFrom('short', 'a\u0000b'.repeat(4))),
  });
}

function asText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v) ?? '';
}

/** A lone surrogate cannot be sent in a URL (UTF-8 has no bytes for it): a client sends U+FFFD, as URLSearchParams does. */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function urlOf(o: Operation, call: Call): string {
  const path = o.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(wellFormed(asText(call.path[k] ?? 'x')) || 'x'));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(call.query)) if (v !== undefined) qs.append(k, asText(v));
  const q = qs.toString();
  return `/api${path}${q ? `?${q}` : ''}`;
}

const figures = { requests: 0, operations: new Set<string>(), statuses: new Map<number, number>(), byRole: new Map<Role, number>() };

function sentHeaders(o: Operation, call: Call): Record<string, string> {
  const headers: Record<string, string> = {};
  if (call.role === 'customer') headers.authorization = shopper.auth;
  if (call.role === 'admin') headers.authorization = admin.auth;
  const idempotent = o.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  if (idempotent) headers['idempotency-key'] = call.idempotencyKey;
  return headers;
}

async function send(o: Operation, call: Call): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-request-id': `fuzz-${crypto.randomUUID()}`, ...sentHeaders(o, call) };
  let payload: string | undefined;
  if (o.method !== 'get' && call.body !== undefined) {
    payload = call.bodyAs === 'text' ? asText(call.body) : JSON.stringify(call.body);
    if (call.bodyAs === 'json') headers['content-type'] = 'application/json';
    if (call.bodyAs === 'text') headers['content-type'] = 'text/plain';
  }
  const res = await t.request({ method: o.method.toUpperCase() as 'GET', url: urlOf(o, call), headers, ...(payload !== undefined ? { payload } : {}) });
  figures.requests++;
  figures.operations.add(o.key);
  figures.statuses.set(res.statusCode, (figures.statuses.get(res.statusCode) ?? 0) + 1);
  figures.byRole.set(call.role, (figures.byRole.get(call.role) ?? 0) + 1);
  return res;
}

/** What the checks read of an answer: inject()'s answer, or one read from a real socket. */
type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers' | 'json'>;

/** Everything the document promises about one answer; a broken promise is described, not thrown. */
function problemsWith(o: Operation, call: Call, res: Answer, validatorFor: ReturnType<typeof answerValidators>): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`answered ${status}: ${res.body.slice(0, 300)}`);
  const documented = validatorFor(o, String(status));
  if (!documented) return [...problems, `status ${status} is not documented (documented: ${o.statuses.join(', ')}); body ${res.body.slice(0, 200)}`];
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (documented.validate) {
    if (!json) problems.push(`status ${status} should be JSON, is ${res.headers['content-type']}`);
    else if (!documented.validate(res.json())) problems.push(`body does not match the ${status} schema: ${JSON.stringify(documented.validate.errors?.slice(0, 3))}; body ${res.body.slice(0, 300)}`);
  }
  if (status >= 400 && res.json().requestId !== res.headers['x-request-id']) problems.push('requestId differs from X-Request-Id');
  if ((status === 429 || status === 503) && !(Number(res.headers['retry-after']) > 0)) problems.push(`${status} without Retry-After`);
  if (status === 200) {
    const promised = Boolean((documented.response.headers as Record<string, unknown> | undefined)?.['X-Total-Count']);
    const sent = res.headers['x-total-count'] !== undefined;
    if (promised !== sent) problems.push(promised ? 'X-Total-Count documented but not sent' : 'X-Total-Count sent but not documented');
  }
  // A guest gets 401 on a signed-in operation, unless the request is refused before any operation runs
  // (a body that is not JSON: 415; over 1 MiB: 413; a header holding a NUL or JSON nested too deep: 400;
  // a request line over 16 KiB: 431).
  const refusedHeader = status === 400 && sentHeaders(o, call)['idempotency-key']?.includes('\u0000');
  const tooDeep = status === 400 && String((res.json() as { message?: string }).message).includes('deeper than');
  if (o.isProtected && call.role === 'guest' && ![401, 413, 415, 431].includes(status) && !refusedHeader && !tooDeep)
    problems.push(`a guest got ${status}, not 401, on a signed-in operation`);
  return problems.map((p) => `${o.key} as ${call.role} → ${urlOf(o, call)} body ${asText(call.body).slice(0, 120)} (${call.bodyAs}): ${p}`);
}

describe('the OpenAPI document tells the truth about every operation', () => {
  it(`fuzzes every operation (${RUNS} runs × guest/customer/admin, seed ${SEED}): no 5xx, every answer matches its documented status and schema`, async () => {
    const validatorFor = answerValidators(doc);
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const started = Date.now();
    for (const [i, o] of operations.entries()) {
      for (const [r, role] of (['guest', 'customer', 'admin'] as const).entries()) {
        let recorded = false;
        await fc
          .assert(
            fc.asyncProperty(callArbitrary(o), async (generated) => {
              const call = { ...generated, role };
              const found = problemsWith(o, call, await send(o, call), validatorFor);
              problems.push(...found);
              recorded = found.length > 0;
              return found.length === 0;
            }),
            // endOnFailure: the problem is recorded above; no shrinking (it would send many more requests).
            { seed: SEED + i * 3 + r, numRuns: RUNS, endOnFailure: true },
          )
          .catch((e: unknown) => {
            // A broken promise is in `problems` (asserted below, all of them at once). Anything else —
            // a request that threw, a check that crashed — fails the test here, with its cause.
            if (!recorded) throw e;
          });
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `openapi fuzz: ${figures.requests} requests over ${figures.operations.size} operations in ${seconds} s; ` +
        `by role ${JSON.stringify(Object.fromEntries(figures.byRole))}; statuses ${JSON.stringify(Object.fromEntries([...figures.statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect([...new Set(problems)].slice(0, 25)).toEqual([]);
    expect(figures.operations.size).toBe(operations.length);
  }, 120_000);
});

/** One request over a real socket (Node's own parser and its 16 KiB limit), read as the checks read inject()'s. */
function overSocket(base: string, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Content-Length as clients send it (Node sends a DELETE's body without one otherwise).
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request(base + url, { method, headers: { 'accept-encoding': 'identity', ...headers, ...length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({ statusCode: res.statusCode!, body: text, headers: res.headers, json: () => JSON.parse(text) } as unknown as Answer),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('nested JSON and long query strings, through a real port', () => {
  it('every operation, as guest, customer and admin: bodies nested 1,000–10,000 levels (objects and arrays) and query strings of 2–40 kB get a documented answer, never a 5xx', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const validatorFor = answerValidators(doc);
    const operations = operationsOf(doc);
    const depths = fc.sample(fc.integer({ min: 1_000, max: 10_000 }), { seed: SEED, numRuns: operations.length * 3 });
    const lengths = fc.sample(fc.integer({ min: 2_000, max: 40_000 }), { seed: SEED + 1, numRuns: operations.length * 3 });
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let n = 0;
    for (const [i, o] of operations.entries()) {
      for (const [r, role] of (['guest', 'customer', 'admin'] as const).entries()) {
        const k = i * 3 + r;
        const call: Call = { role, path: {}, query: {}, body: undefined, bodyAs: 'json', idempotencyKey: crypto.randomUUID() };
        const path = `/api${o.path.replace(/\{(\w+)\}/g, () => crypto.randomUUID())}`;
        const headers = { 'x-request-id': `fuzz-${crypto.randomUUID()}`, ...sentHeaders(o, call) };
        const sends: { label: string; url: string; body?: string }[] = [];
        // A long query string on the operation's first query parameter (or an unknown one).
        const param = String(o.parameters.find((p) => p.in === 'query')?.name ?? 'q');
        sends.push({ label: `query of ${lengths[k]} characters`, url: `${path}?${param}=${'a'.repeat(lengths[k]!)}` });
        if (o.method !== 'get') {
          const d = depths[k]!;
          // Objects for one role, arrays for the next, an array inside a field for the third.
          const body = r === 0 ? '{"a":'.repeat(d) + '1' + '}'.repeat(d) : r === 1 ? '['.repeat(d) + ']'.repeat(d) : `{"x":${'['.repeat(d)}${']'.repeat(d)}}`;
          sends.push({ label: `body nested ${d} levels`, url: path, body });
        }
        for (const s of sends) {
          const res = await overSocket(base, o.method.toUpperCase(), s.url, s.body ? { ...headers, 'content-type': 'application/json' } : headers, s.body);
          n++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          problems.push(...problemsWith(o, { ...call, body: s.label }, res, validatorFor));
          if (s.body && o.body && res.statusCode !== 400) problems.push(`${o.key} as ${role}: ${s.label} answered ${res.statusCode}, not 400`);
        }
      }
    }
    console.log(`openapi fuzz (deep/long, real port): ${n} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    expect([...new Set(problems)].slice(0, 25)).toEqual([]);
    // Both refusals were reached: too deep (400) and a request line over 16 KiB (431).
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(431)).toBeGreaterThan(0);
  }, 180_000);
});
