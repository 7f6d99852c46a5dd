import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { registerErrorBodies, registerRest, registerTrpc } from '../../server/http/api';
import { router } from '../../server/trpc/init';
import { publicProcedure } from '../../server/trpc/procedures';
import { AppError, INTERNAL_MESSAGE, NO_OPERATION_MESSAGE } from '../../server/lib/errors';
import type { AuthUser } from '../../server/trpc/context';

/**
 * The edge's contract: the same requests through /trpc (tRPC's Fastify plugin) and /api
 * (trpc-to-openapi's Fastify plugin), and the answers the shop documents for them (README,
 * "API"). An error is `{ message, code, fieldErrors?, requestId }` on /api and the same
 * `message` with `data: { code, fieldErrors?, requestId, httpStatus }` in tRPC's envelope;
 * the status comes from server/lib/errors.ts; requestId is the x-request-id header. A library
 * upgrade that changes one of these answers fails here.
 */

let t: TestApp;
let customer: AuthUser;
let admin: AuthUser;
let customerAuth: string;
let adminAuth: string;
let shakeId: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createUser(t.deps.db);
  admin = await createUser(t.deps.db, { role: 'admin' });
  customerAuth = await t.bearer(customer);
  adminAuth = await t.bearer(admin);
  shakeId = (await t.caller(null).catalogue.signatureShakes())[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));
const JSON_TYPE = { 'content-type': 'application/json' };

interface Refusal {
  status: number;
  code: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
  requestId?: string;
}

/** The refusal as a client reads it, from either edge; checks what every refusal carries. */
function refusal(res: LightMyRequestResponse, via: 'trpc' | 'api'): Refusal {
  const body = res.json() as Record<string, unknown>;
  let r: Refusal;
  if (via === 'trpc' && body.error) {
    const e = body.error as { message: string; data: { code: string; httpStatus: number; fieldErrors?: Record<string, string[]>; requestId?: string } };
    expect(e.data.httpStatus).toBe(res.statusCode);
    r = { status: res.statusCode, code: e.data.code, message: e.message, fieldErrors: e.data.fieldErrors, requestId: e.data.requestId };
  } else {
    // /api, and Fastify's own refusals on either path: the shop's body, nothing else in it.
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId', ...('fieldErrors' in body ? ['fieldErrors'] : [])].sort());
    r = { status: res.statusCode, ...(body as unknown as Omit<Refusal, 'status'>) };
  }
  expect(typeof r.message).toBe('string');
  expect(r.message.length).toBeGreaterThan(3);
  expect(r.requestId).toBe(res.headers['x-request-id']);
  expect(res.headers['cache-control']).toBe('no-store');
  return r;
}

async function send(app: FastifyInstance, opts: InjectOptions & { url: string }) {
  return app.inject({ ...opts, headers: { 'x-request-id': `req-${crypto.randomUUID()}`, ...(opts.headers ?? {}) } });
}

/** The same call both ways: `trpc` is a tRPC request, `api` its REST twin. */
async function both(trpc: InjectOptions & { url: string }, api: InjectOptions & { url: string }, app: FastifyInstance = t.app) {
  return { trpc: await send(app, trpc), api: await send(app, api) };
}

describe('refusals: the same status, code and fields through /trpc and /api', () => {
  it('400 validation: VALIDATION_FAILED with a flat fieldErrors map and a message naming the field', async () => {
    const body = { lines: [{ id: 'x', type: 'signature', quantity: 0 }] };
    const { trpc, api } = await both(
      { method: 'POST', url: '/trpc/cart.quote', headers: JSON_TYPE, payload: body },
      { method: 'POST', url: '/api/cart/quote', headers: JSON_TYPE, payload: body },
    );
    for (const [via, res] of [['trpc', trpc], ['api', api]] as const) {
      const r = refusal(res, via);
      expect(r).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(r.message).toContain('lines.0.quantity');
      expect(r.fieldErrors).toEqual({ lines: [expect.stringContaining('at least 1')] });
    }
    // Nothing of the libraries' own shapes leaks: no `issues`, no `details`.
    expect(api.json()).not.toHaveProperty('issues');
    expect(trpc.json().error.data).not.toHaveProperty('details');
  });

  it('401 without a token, 401 "session expired" with a bad one, 403 for a customer on an admin operation', async () => {
    const noToken = await both({ method: 'GET', url: '/trpc/auth.me' }, { method: 'GET', url: '/api/auth/me' });
    for (const via of ['trpc', 'api'] as const) expect(refusal(noToken[via], via)).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    const bad = { authorization: 'Bearer not.a.token' };
    const badToken = await both({ method: 'GET', url: '/trpc/auth.me', headers: bad }, { method: 'GET', url: '/api/auth/me', headers: bad });
    for (const via of ['trpc', 'api'] as const)
      expect(refusal(badToken[via], via)).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Your session has expired. Please sign in again.' });
    const h = { authorization: customerAuth };
    const forbidden = await both({ method: 'GET', url: '/trpc/admin.dashboard', headers: h }, { method: 'GET', url: '/api/admin/dashboard', headers: h });
    for (const via of ['trpc', 'api'] as const) expect(refusal(forbidden[via], via)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('404: an unknown operation, and an item that does not exist', async () => {
    const op = await both({ method: 'GET', url: '/trpc/catalogue.nothing' }, { method: 'GET', url: '/api/nothing/here' });
    for (const via of ['trpc', 'api'] as const) expect(refusal(op[via], via)).toMatchObject({ status: 404, code: 'NOT_FOUND', message: NO_OPERATION_MESSAGE });
    const id = '00000000-0000-4000-8000-000000000000';
    const item = await both({ method: 'GET', url: `/trpc/catalogue.shake?input=${q({ id })}` }, { method: 'GET', url: `/api/shakes/${id}` });
    for (const via of ['trpc', 'api'] as const) expect(refusal(item[via], via)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it("409 with the shop's own code (USERNAME_TAKEN) and its field error", async () => {
    const suffix = crypto.randomBytes(4).toString('hex');
    const signup = (n: number) => ({
      email: `taken-${suffix}-${n}@example.in`,
      password: 'Sunflower-Lassi-2026',
      username: `taken_${suffix}`,
      name: 'Kavya Iyer',
      mobile: '+919812345678',
    });
    const first = await send(t.app, { method: 'POST', url: '/api/auth/signup', headers: JSON_TYPE, payload: signup(1) });
    expect(first.statusCode).toBe(200);
    const { trpc, api } = await both(
      { method: 'POST', url: '/trpc/auth.signup', headers: JSON_TYPE, payload: signup(2) },
      { method: 'POST', url: '/api/auth/signup', headers: JSON_TYPE, payload: signup(3) },
    );
    for (const [via, res] of [['trpc', trpc], ['api', api]] as const) {
      const r = refusal(res, via);
      expect(r).toMatchObject({ status: 409, code: 'USERNAME_TAKEN' });
      expect(r.fieldErrors).toEqual({ username: [r.message] });
    }
  });

  it('413 for a body over 1 MiB (refused by Fastify before either adapter: the shop body on both paths)', async () => {
    const big = JSON.stringify({ lines: [], couponCode: 'x'.repeat(1024 * 1024 + 10) });
    const { trpc, api } = await both(
      { method: 'POST', url: '/trpc/cart.quote', headers: JSON_TYPE, payload: big },
      { method: 'POST', url: '/api/cart/quote', headers: JSON_TYPE, payload: big },
    );
    for (const res of [trpc, api]) expect(refusal(res, 'api')).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('415 for a body that is not JSON (text/plain reaches the adapters; an unknown type is refused by Fastify)', async () => {
    const plain = { 'content-type': 'text/plain' };
    const text = await both(
      { method: 'POST', url: '/trpc/cart.quote', headers: plain, payload: '{"lines":[]}' },
      { method: 'POST', url: '/api/cart/quote', headers: plain, payload: '{"lines":[]}' },
    );
    for (const via of ['trpc', 'api'] as const)
      expect(refusal(text[via], via)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json.' });
    const xml = { 'content-type': 'application/xml' };
    const other = await both(
      { method: 'POST', url: '/trpc/cart.quote', headers: xml, payload: '<lines/>' },
      { method: 'POST', url: '/api/cart/quote', headers: xml, payload: '<lines/>' },
    );
    for (const res of [other.trpc, other.api]) expect(refusal(res, 'api')).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('400 for a body that is not valid JSON', async () => {
    const { trpc, api } = await both(
      { method: 'POST', url: '/trpc/cart.quote', headers: JSON_TYPE, payload: '{"lines":' },
      { method: 'POST', url: '/api/cart/quote', headers: JSON_TYPE, payload: '{"lines":' },
    );
    for (const [via, res] of [['trpc', trpc], ['api', api]] as const)
      expect(refusal(res, via)).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
  });

  it('429 with Retry-After when sign-in attempts run out', async () => {
    for (const via of ['trpc', 'api'] as const) {
      const body = { email: `nobody-${via}-${crypto.randomBytes(4).toString('hex')}@example.in`, password: 'wrong-password-1' };
      let res: LightMyRequestResponse | undefined;
      for (let i = 0; i < 12; i++) {
        res = await send(t.app, { method: 'POST', url: via === 'trpc' ? '/trpc/auth.signin' : '/api/auth/signin', headers: JSON_TYPE, payload: body });
        if (res.statusCode === 429) break;
        expect(res.statusCode).toBe(401);
      }
      expect(refusal(res!, via)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the error body the shop sends, in one schema every error answer refers to', async () => {
    const doc = (await send(t.app, { method: 'GET', url: '/api/openapi.json' })).json() as {
      servers: { url: string }[];
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }>; required?: string[] }>; responses: Record<string, unknown> };
      paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }>; security?: unknown[] }>>;
    };
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    expect(Object.keys(doc.components.schemas).filter((n) => n.startsWith('error.'))).toEqual([]);
    const error = doc.components.schemas.Error!;
    expect(Object.keys(error.properties ?? {}).sort()).toEqual(['code', 'fieldErrors', 'message', 'requestId']);
    expect(error.required?.sort()).toEqual(['code', 'message', 'requestId']);
    expect(error.properties!.code!.enum).toEqual(expect.arrayContaining(['VALIDATION_FAILED', 'SLOT_FULL', 'RATE_LIMITED', 'UNAVAILABLE']));
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops)) {
        expect(Array.isArray(op.security)).toBe(true);
        for (const [status, r] of Object.entries(op.responses)) if (Number(status) >= 400) expect(r.$ref).toMatch(/^#\/components\/responses\//);
      }
    expect(doc.paths['/orders']!.post!.responses).toHaveProperty('409');
    expect(doc.paths['/auth/signin']!.post!.responses).toHaveProperty('401');
    expect(doc.paths['/auth/signin']!.post!.responses).toHaveProperty('429');
    expect(doc.paths['/auth/signin']!.post!.security).toEqual([]);
    for (const p of ['/payment/webhook', '/orders/{id}/invoice.pdf', '/admin/orders/export.csv']) expect(doc.paths).toHaveProperty([p]);
  });
});

describe('JSON bodies are never coerced; query strings and path parameters may be', () => {
  const BAD_BOOLEANS = ['false', 'true', 1, [true]] as const;
  const BAD_NUMBERS = ['0x5', '3', true, [3]] as const;

  it('a number field sent as "0x5", "3", true or [3] is refused with 400 naming the field', async () => {
    for (const quantity of BAD_NUMBERS) {
      const body = { lines: [{ id: shakeId, type: 'signature', quantity }] };
      const { trpc, api } = await both(
        { method: 'POST', url: '/trpc/cart.quote', headers: JSON_TYPE, payload: body },
        { method: 'POST', url: '/api/cart/quote', headers: JSON_TYPE, payload: body },
      );
      for (const [via, res] of [['trpc', trpc], ['api', api]] as const) {
        const r = refusal(res, via);
        expect(r, `${JSON.stringify(quantity)} via ${via}`).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
        expect(r.message).toContain('lines.0.quantity');
      }
    }
    // The real thing still works both ways.
    const ok = { lines: [{ id: shakeId, type: 'signature', quantity: 3 }] };
    const { trpc, api } = await both(
      { method: 'POST', url: '/trpc/cart.quote', headers: JSON_TYPE, payload: ok },
      { method: 'POST', url: '/api/cart/quote', headers: JSON_TYPE, payload: ok },
    );
    expect(api.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(api.json());
  });

  it('an admin\'s {"active":"false"} never makes a PIN code serviceable: refused, nothing changed', async () => {
    const h = { ...JSON_TYPE, authorization: adminAuth };
    const pincode = '560099';
    const add = await send(t.app, { method: 'POST', url: '/api/admin/delivery-slots/pincodes', headers: h, payload: { pincode, area: 'Test Layout', active: false } });
    expect(add.statusCode).toBe(200);
    for (const active of BAD_BOOLEANS) {
      const { trpc, api } = await both(
        { method: 'POST', url: '/trpc/slots.admin.updatePincode', headers: h, payload: { pincode, active } },
        { method: 'PATCH', url: `/api/admin/delivery-slots/pincodes/${pincode}`, headers: h, payload: { active } },
      );
      for (const [via, res] of [['trpc', trpc], ['api', api]] as const) {
        const r = refusal(res, via);
        expect(r, `${JSON.stringify(active)} via ${via}`).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fieldErrors: { active: [expect.any(String)] } });
      }
    }
    const lookup = await send(t.app, { method: 'GET', url: `/api/delivery/pincodes/${pincode}` });
    expect(lookup.json()).toMatchObject({ serviceable: false });
  });

  it('{"isDefault":"false"} on an address is refused on both paths', async () => {
    const h = { ...JSON_TYPE, authorization: customerAuth };
    const id = '00000000-0000-4000-8000-000000000000';
    const { trpc, api } = await both(
      { method: 'POST', url: '/trpc/addresses.update', headers: h, payload: { id, isDefault: 'false' } },
      { method: 'PATCH', url: `/api/user/addresses/${id}`, headers: h, payload: { isDefault: 'false' } },
    );
    for (const [via, res] of [['trpc', trpc], ['api', api]] as const)
      expect(refusal(res, via)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fieldErrors: { isDefault: [expect.any(String)] } });
  });

  it('query strings are coerced where the schema says so (page, pageSize), with X-Total-Count on both paths', async () => {
    const h = { authorization: adminAuth };
    const { trpc, api } = await both(
      { method: 'GET', url: `/trpc/admin.customers?input=${q({ page: 1, pageSize: 1 })}`, headers: h },
      { method: 'GET', url: '/api/admin/customers?page=1&pageSize=1', headers: h },
    );
    expect(api.statusCode).toBe(200);
    expect(trpc.statusCode).toBe(200);
    expect(Number(api.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(trpc.headers['x-total-count']).toBe(api.headers['x-total-count']);
    expect(trpc.json().result.data).toEqual(api.json());
    const bad = await send(t.app, { method: 'GET', url: '/api/admin/customers?page=zero', headers: h });
    expect(refusal(bad, 'api')).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fieldErrors: { page: [expect.any(String)] } });
  });
});

describe('tRPC batches', () => {
  it('answers every call of a batch; a mixed batch is 207 with each refusal in the shop shape', async () => {
    const ok = await send(t.app, { method: 'GET', url: `/trpc/catalogue.pricing,catalogue.ingredients?batch=1&input=${q({})}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(2);
    const mixed = await send(t.app, { method: 'GET', url: `/trpc/system.health,auth.me?batch=1&input=${q({})}` });
    expect(mixed.statusCode).toBe(207);
    const [first, second] = mixed.json() as [{ result: unknown }, { error: { message: string; data: { code: string; requestId: string; httpStatus: number } } }];
    expect(first.result).toBeDefined();
    expect(second.error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, requestId: mixed.headers['x-request-id'] });
  });
});

describe('library semantics on a router of the edge itself', () => {
  // Procedures that exist only to pin down what the adapters do with them.
  const ProbeInput = z.object({ tag: z.array(z.string()).optional(), flag: z.string().optional() });
  const probeRouter = router({
    probe: publicProcedure
      .meta({ openapi: { method: 'GET', path: '/probe', tags: ['system'], summary: 'Echo the input' } })
      .input(ProbeInput)
      .output(ProbeInput)
      .query(({ input }) => input),
    busy: publicProcedure
      .meta({ openapi: { method: 'GET', path: '/busy', tags: ['system'], summary: 'Always busy' } })
      .input(z.object({}))
      .output(z.object({}))
      .query(() => {
        throw new AppError('UNAVAILABLE', 'The kitchen is busy. Please try again in a few seconds.', { retryAfter: 7 });
      }),
    broken: publicProcedure
      .meta({ openapi: { method: 'GET', path: '/broken', tags: ['system'], summary: 'Answers what its output schema refuses' } })
      .input(z.object({}))
      .output(z.object({ n: z.number() }))
      .query(() => ({ n: 'not a number' }) as unknown as { n: number }),
    // Answers at once, or with ?wait=yes only once the test lets it (a client can leave before its answer).
    watch: publicProcedure
      .meta({ openapi: { method: 'GET', path: '/watch', tags: ['system'], summary: 'Answers when let' } })
      .input(z.object({ wait: z.string().optional() }))
      .output(z.object({}))
      .query(async ({ ctx, input }) => {
        started.add(ctx.req.id);
        if (input.wait) await waitForLetGo;
        return {};
      }),
  });
  const started = new Set<string>();
  let letGo = () => {};
  const waitForLetGo = new Promise<void>((resolve) => (letGo = resolve));
  /** What the reply's `writableEnded` read when its response closed, by request id: tRPC's request helper aborts the call's signal when it is false. */
  const endedAtClose = new Map<string, boolean | undefined>();
  let edge: FastifyInstance;
  beforeAll(async () => {
    edge = Fastify({ genReqId: (req) => String(req.headers['x-request-id'] ?? 'none') });
    edge.addHook('onRequest', (req, reply, done) => {
      reply.header('x-request-id', req.id);
      reply.raw.once('close', () => endedAtClose.set(String(req.id), (reply as unknown as { writableEnded?: boolean }).writableEnded));
      done();
    });
    registerErrorBodies(edge);
    await edge.register(async (scope) => registerTrpc(scope, t.deps, probeRouter));
    await edge.register(async (scope) => registerRest(scope, t.deps, probeRouter));
    await edge.ready();
  });
  afterAll(async () => {
    await edge?.close();
  });

  it('a REST answer reads as ended when its response closes, so its call is not aborted; a client that leaves first is not ended', async () => {
    // trpc-to-openapi hands tRPC's request helper the Fastify reply as if it were Node's response, to get
    // the call's abort signal; the helper aborts it at close unless `writableEnded` (decision 327).
    await edge.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(edge.server.address() as { port: number }).port}`;
    const browser = { 'accept-encoding': 'br, gzip', origin: base, accept: 'application/json' };
    const answered = crypto.randomUUID();
    const res = await fetch(`${base}/api/watch`, { headers: { ...browser, 'x-request-id': answered } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    await expect.poll(() => endedAtClose.has(answered)).toBe(true);
    expect(endedAtClose.get(answered)).toBe(true);

    const left = crypto.randomUUID();
    // The waiting call ends with the test, whatever an assertion below says.
    onTestFinished(() => letGo());
    const leave = new AbortController();
    const answer = fetch(`${base}/api/watch?wait=yes`, { headers: { ...browser, 'x-request-id': left }, signal: leave.signal }).catch((e: Error) => e);
    await expect.poll(() => started.has(left)).toBe(true);
    leave.abort();
    expect(await answer).toBeInstanceOf(Error);
    await expect.poll(() => endedAtClose.has(left)).toBe(true);
    expect(endedAtClose.get(left)).toBe(false);
  });

  it('a GET array field sent once is a one-element array (?tag=a → ["a"]); several times, all of them', async () => {
    const once = await both({ method: 'GET', url: `/trpc/probe?input=${q({ tag: ['a'] })}` }, { method: 'GET', url: '/api/probe?tag=a' }, edge);
    expect(once.api.statusCode).toBe(200);
    expect(once.api.json()).toEqual({ tag: ['a'] });
    expect(once.trpc.json().result.data).toEqual({ tag: ['a'] });
    const twice = await send(edge, { method: 'GET', url: '/api/probe?tag=a&tag=b' });
    expect(twice.json()).toEqual({ tag: ['a', 'b'] });
  });

  it('500 with the generic message when an answer fails its own output schema (a bug of ours, never a 400)', async () => {
    const { trpc, api } = await both({ method: 'GET', url: '/trpc/broken?input=%7B%7D' }, { method: 'GET', url: '/api/broken' }, edge);
    for (const [via, res] of [['trpc', trpc], ['api', api]] as const) {
      expect(refusal(res, via)).toMatchObject({ status: 500, code: 'INTERNAL', message: INTERNAL_MESSAGE });
      expect(res.body).not.toContain('not a number');
    }
  });

  it('503 with Retry-After from an AppError with retryAfter, on both paths', async () => {
    const { trpc, api } = await both({ method: 'GET', url: '/trpc/busy?input=%7B%7D' }, { method: 'GET', url: '/api/busy' }, edge);
    for (const [via, res] of [['trpc', trpc], ['api', api]] as const) {
      expect(refusal(res, via)).toMatchObject({ status: 503, code: 'UNAVAILABLE', message: 'The kitchen is busy. Please try again in a few seconds.' });
      expect(res.headers['retry-after']).toBe('7');
    }
  });
});

describe('text the database cannot store (a NUL character, an unpaired surrogate): 400 naming the field, never 500', () => {
  /** A JSON body text with a lone surrogate escaped as JSON allows (`"\ud800"`). */
  const LONE = '"a\\ud800b"';

  it('every reported path answers 400 VALIDATION_FAILED naming the field; nothing is stored', async () => {
    const h = { authorization: customerAuth, ...JSON_TYPE };
    const cases: { method: 'PUT' | 'POST' | 'PATCH' | 'GET'; url: string; payload?: string; headers?: Record<string, string>; field: string }[] = [
      { method: 'PUT', url: '/api/user/cart', payload: JSON.stringify({ lines: [{ id: 'custom-1', type: 'custom', quantity: 1, recipe: { size: 'regular', baseId: 'x', addIns: [], name: '\u0000' } }] }), field: 'lines.0.recipe.name' },
      { method: 'PUT', url: '/api/user/cart', payload: JSON.stringify({ lines: [{ id: '\u0000', type: 'signature', quantity: 1 }] }), field: 'lines.0.id' },
      { method: 'POST', url: '/api/user/cart/merge', payload: `{"lines":[{"id":${LONE},"type":"signature","quantity":1}]}`, field: 'lines.0.id' },
      { method: 'PATCH', url: '/api/auth/profile', payload: JSON.stringify({ name: 'a\u0000b' }), field: 'name' },
      { method: 'PATCH', url: '/api/user/profile', payload: JSON.stringify({ name: 'a\u0000b' }), field: 'name' },
      { method: 'PATCH', url: '/api/user/profile', payload: `{"name":${LONE}}`, field: 'name' },
      { method: 'GET', url: '/api/admin/customers?search=%00', headers: { authorization: adminAuth }, field: 'search' },
      { method: 'GET', url: '/api/admin/orders/export.csv?search=a%00', headers: { authorization: adminAuth }, field: 'search' },
      { method: 'POST', url: '/trpc/auth.updateProfile', payload: JSON.stringify({ name: 'a\u0000b' }), field: 'name' },
      { method: 'GET', url: `/trpc/admin.customers?input=${q({ search: '\u0000' })}`, headers: { authorization: adminAuth }, field: 'search' },
    ];
    for (const c of cases) {
      const res = await send(t.app, { method: c.method, url: c.url, headers: c.headers ?? h, ...(c.payload ? { payload: c.payload } : {}) });
      const r = refusal(res, c.url.startsWith('/trpc') ? 'trpc' : 'api');
      expect(r, c.url).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(r.message, c.url).toContain(`${c.field}: Contains a NUL character or broken Unicode`);
      expect(Object.keys(r.fieldErrors ?? {}), c.url).toEqual([c.field.split('.')[0]]);
    }
    const me = (await send(t.app, { method: 'GET', url: '/api/user/profile', headers: { authorization: customerAuth } })).json() as { name: string };
    expect(me.name).not.toContain('\u0000');
  });

  it('a header the shop reads holding a NUL is refused the same way; a guest still gets 401 before any input is read', async () => {
    const res = await send(t.app, { method: 'GET', url: '/api/shakes/signature', headers: { 'user-agent': 'curl\u0000/8' } });
    const r = refusal(res, 'api');
    expect(r).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fieldErrors: { 'user-agent': [expect.any(String)] } });
    const guest = await send(t.app, { method: 'PATCH', url: '/api/user/profile', headers: JSON_TYPE, payload: JSON.stringify({ name: 'a\u0000b' }) });
    expect(refusal(guest, 'api')).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('text that is merely unusual is stored as sent: accents, Devanagari, an emoji (a surrogate pair)', async () => {
    const name = 'Kavyā नमस्ते 🥤';
    const res = await send(t.app, { method: 'PATCH', url: '/api/user/profile', headers: { authorization: customerAuth, ...JSON_TYPE }, payload: JSON.stringify({ name }) });
    expect(res.statusCode).toBe(200);
    const me = (await send(t.app, { method: 'GET', url: '/api/user/profile', headers: { authorization: customerAuth } })).json() as { name: string };
    expect(me.name).toBe(name);
  });
});

describe('a call without a body works with or without a content type; a body still has to be JSON', () => {
  async function session() {
    const s = crypto.randomBytes(4).toString('hex');
    const res = await send(t.app, {
      method: 'POST',
      url: '/api/auth/signup',
      headers: JSON_TYPE,
      payload: { email: `bodyless-${s}@example.in`, password: 'Sunflower-Lassi-2026', username: `bodyless_${s}`, name: 'Asha Rao', mobile: '+919812345678' },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { access_token: string; refresh_token: string };
  }

  it('POST /api/auth/refresh with only the refresh token as the bearer (spec §7), no content type: new tokens', async () => {
    const first = await session();
    const res = await send(t.app, { method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${first.refresh_token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json() as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(first.refresh_token);
    // The same with `content-type: application/json` and an empty body.
    const again = await send(t.app, { method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${next.refresh_token}`, ...JSON_TYPE } });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('POST /api/auth/signout, /api/orders/{id}/payment and /api/admin/orders/{id}/mark-paid reach the operation without a content type', async () => {
    const s = await session();
    const out = await send(t.app, { method: 'POST', url: '/api/auth/signout', headers: { authorization: `Bearer ${s.access_token}` } });
    expect(out.statusCode, out.body).toBe(200);
    const id = '00000000-0000-4000-8000-000000000000';
    const pay = await send(t.app, { method: 'POST', url: `/api/orders/${id}/payment`, headers: { authorization: customerAuth } });
    expect(refusal(pay, 'api')).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const paid = await send(t.app, { method: 'POST', url: `/api/admin/orders/${id}/mark-paid`, headers: { authorization: adminAuth } });
    expect(refusal(paid, 'api')).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('a body without a content type, or as text/plain, is still 415', async () => {
    const h = { authorization: customerAuth };
    const none = await send(t.app, { method: 'PATCH', url: '/api/user/profile', headers: h, payload: Buffer.from('{"name":"Asha"}') });
    expect(refusal(none, 'api')).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const text = await send(t.app, { method: 'PATCH', url: '/api/user/profile', headers: { ...h, 'content-type': 'text/plain' }, payload: '{"name":"Asha"}' });
    expect(refusal(text, 'api')).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
