import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { registerTrpc } from '../../server/http/api';
import type { AuthUser } from '../../server/trpc/context';

/**
 * /trpc is answered by our own handler (server/trpc/rpc-handler.ts) for plain queries,
 * mutations and batches, and by tRPC's Fastify adapter for everything else. One server
 * mounts both on the same deps: /official/trpc (adapter only) and /ours/trpc (as the app
 * does). Every request goes to both; status, body and headers must be the same.
 */

let t: TestApp;
let both: FastifyInstance;
let customer: AuthUser;
let admin: AuthUser;
let customerAuth: string;
let adminAuth: string;
let shakeId: string;

beforeAll(async () => {
  t = await createTestApp();
  both = Fastify({ genReqId: (req) => String(req.headers['x-request-id'] ?? 'none') });
  await both.register(async (scope) => registerTrpc(scope, t.deps, { useOfficialAdapter: true }), { prefix: '/official' });
  await both.register(async (scope) => registerTrpc(scope, t.deps), { prefix: '/ours' });
  await both.ready();
  customer = await createUser(t.deps.db);
  admin = await createUser(t.deps.db, { role: 'admin' });
  customerAuth = await t.bearer(customer);
  adminAuth = await t.bearer(admin);
  shakeId = (await t.caller(null).catalogue.signatureShakes())[0]!.id;
});
afterAll(async () => {
  await both?.close();
  await t?.close();
});

/** Headers that depend on the transport, not on the answer. */
const TRANSPORT = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);
const answerHeaders = (res: LightMyRequestResponse) => Object.entries(res.headers).filter(([k]) => !TRANSPORT.has(k));

async function sendBoth(req: InjectOptions & { url: string }) {
  const id = crypto.randomUUID();
  const headers = { ...(req.headers ?? {}), 'x-request-id': id };
  const official = await both.inject({ ...req, url: `/official${req.url}`, headers });
  const ours = await both.inject({ ...req, url: `/ours${req.url}`, headers });
  return { official, ours };
}

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));
const json = { 'content-type': 'application/json' };
const unknownId = '00000000-0000-4000-8000-000000000000';

interface Case {
  name: string;
  req: InjectOptions & { url: string };
  /** Whether our handler answers it (else it must fall through to the adapter). */
  fast: boolean;
  status: number;
  /** For a mutation whose answer moves on each call (a version, a timestamp): what to blank out. */
  mask?: RegExp;
}
const masked = (body: string, mask?: RegExp) => (mask ? body.replace(mask, '"masked":true') : body);

const cases = (): Case[] => [
  { name: 'single query, no input', req: { method: 'GET', url: '/trpc/catalogue.signatureShakes' }, fast: true, status: 200 },
  {
    name: 'single query, input',
    req: { method: 'GET', url: `/trpc/catalogue.shake?input=${q({ id: shakeId })}` },
    fast: true,
    status: 200,
  },
  {
    name: 'query, not found',
    req: { method: 'GET', url: `/trpc/catalogue.shake?input=${q({ id: 'no-such-shake' })}` },
    fast: true,
    status: 404,
  },
  {
    name: 'signed-in query with X-Total-Count',
    req: { method: 'GET', url: `/trpc/orders.history?input=${q({ page: 1, pageSize: 10 })}`, headers: { authorization: customerAuth } },
    fast: true,
    status: 200,
  },
  { name: 'unauthorised (no token)', req: { method: 'GET', url: `/trpc/orders.history?input=${q({ page: 1 })}` }, fast: true, status: 401 },
  {
    name: 'unauthorised (bad token)',
    req: { method: 'GET', url: `/trpc/orders.history?input=${q({ page: 1 })}`, headers: { authorization: 'Bearer not.a.token' } },
    fast: true,
    status: 401,
  },
  {
    name: 'forbidden (customer on an admin query)',
    req: { method: 'GET', url: `/trpc/adminOrders.list?input=${q({})}`, headers: { authorization: customerAuth } },
    fast: true,
    status: 403,
  },
  {
    name: 'bad input',
    req: { method: 'GET', url: `/trpc/orders.history?input=${q({ page: 1, pageSize: 1000 })}`, headers: { authorization: customerAuth } },
    fast: true,
    status: 400,
  },
  {
    name: 'batch of several, one failing (207)',
    req: {
      method: 'GET',
      url: `/trpc/catalogue.pricing,orders.history,orders.get,users.profile?batch=1&input=${q({ 1: { page: 1, pageSize: 5 }, 2: { id: unknownId } })}`,
      headers: { authorization: customerAuth },
    },
    fast: true,
    status: 207,
  },
  {
    name: 'batch, all fine',
    req: {
      method: 'GET',
      url: `/trpc/catalogue.pricing,catalogue.shake,users.profile?batch=1&input=${q({ 1: { id: shakeId } })}`,
      headers: { authorization: customerAuth },
    },
    fast: true,
    status: 200,
  },
  {
    name: 'batch, all unauthorised',
    req: { method: 'GET', url: `/trpc/users.profile,orders.active?batch=1&input=${q({})}` },
    fast: true,
    status: 401,
  },
  {
    name: 'admin query with X-Total-Count',
    req: { method: 'GET', url: `/trpc/adminOrders.list?batch=1&input=${q({ 0: {} })}`, headers: { authorization: adminAuth } },
    fast: true,
    status: 200,
  },
  {
    name: 'mutation',
    req: {
      method: 'POST',
      url: '/trpc/cart.quote',
      headers: json,
      payload: JSON.stringify({ lines: [{ id: shakeId, type: 'signature', quantity: 2 }] }),
    },
    fast: true,
    status: 200,
  },
  {
    name: 'batched mutations, one with bad input',
    req: {
      method: 'POST',
      url: '/trpc/cart.quote,cart.quote?batch=1',
      headers: json,
      payload: JSON.stringify({ 0: { lines: [{ id: shakeId, type: 'signature', quantity: 1 }] }, 1: { lines: 'nope' } }),
    },
    fast: true,
    status: 207,
  },
  {
    name: 'signed-in mutation',
    req: {
      method: 'POST',
      url: '/trpc/cart.put?batch=1',
      headers: { ...json, authorization: customerAuth },
      payload: JSON.stringify({ 0: { lines: [{ id: shakeId, type: 'signature', quantity: 3 }] } }),
    },
    fast: true,
    status: 200,
    mask: /"version":\d+,"updatedAt":"[^"]+"/,
  },
  {
    name: 'sign-in with unknown e-mail',
    req: {
      method: 'POST',
      url: '/trpc/auth.signin',
      headers: json,
      payload: JSON.stringify({ email: 'nobody@example.in', password: 'wrong-password-1' }),
    },
    fast: true,
    status: 401,
  },
  { name: 'unknown procedure', req: { method: 'GET', url: '/trpc/nope.nothing' }, fast: false, status: 404 },
  {
    name: 'batch with an unknown procedure',
    req: { method: 'GET', url: '/trpc/catalogue.pricing,nope?batch=1' },
    fast: false,
    status: 207,
  },
  {
    name: 'query over POST',
    req: { method: 'POST', url: '/trpc/catalogue.pricing', headers: json, payload: '{}' },
    fast: false,
    status: 405,
  },
  { name: 'mutation over GET', req: { method: 'GET', url: '/trpc/cart.quote' }, fast: false, status: 405 },
  { name: 'input that is not JSON', req: { method: 'GET', url: '/trpc/catalogue.shake?input=%7Bnope' }, fast: false, status: 400 },
  {
    name: 'body that is not JSON',
    req: { method: 'POST', url: '/trpc/cart.quote', headers: json, payload: '{nope' },
    fast: false,
    status: 400,
  },
  {
    name: 'batch input not an object',
    req: { method: 'GET', url: `/trpc/catalogue.shake?batch=1&input=${q([1])}` },
    fast: false,
    status: 400,
  },
  {
    name: 'POST without content-type',
    req: { method: 'POST', url: '/trpc/cart.quote', payload: 'x', headers: { 'content-type': 'text/plain' } },
    fast: false,
    status: 415,
  },
  { name: 'HEAD', req: { method: 'HEAD', url: '/trpc/catalogue.pricing' }, fast: false, status: 204 },
  {
    name: 'streaming batch (jsonl)',
    req: { method: 'GET', url: `/trpc/catalogue.pricing?batch=1&input=${q({})}`, headers: { 'trpc-accept': 'application/jsonl' } },
    fast: false,
    status: 200,
  },
];

describe('/trpc: our handler answers as tRPC’s Fastify adapter does', () => {
  it.each(cases().map((c) => c.name))('%s', async (name) => {
    const c = cases().find((x) => x.name === name)!;
    const { official, ours } = await sendBoth(c.req);
    expect(official.statusCode).toBe(c.status);
    expect(ours.statusCode).toBe(official.statusCode);
    expect(masked(ours.body, c.mask)).toBe(masked(official.body, c.mask));
    if (c.mask) expect(ours.body).not.toBe(masked(ours.body, c.mask));
    expect(answerHeaders(ours)).toEqual(answerHeaders(official));
    // Which path answered: ours sends a string (Content-Length), the adapter streams a Response.
    if (c.fast && c.req.method !== 'HEAD') {
      expect(ours.headers['content-length']).toBeDefined();
      expect(official.headers['content-length']).toBeUndefined();
    } else if (c.req.method !== 'HEAD') {
      expect(ours.headers['content-length']).toBe(official.headers['content-length']);
    }
  });

  it('the app itself answers the same status and body as the adapter', async () => {
    for (const c of cases().filter((c) => c.req.method !== 'HEAD' && !c.name.includes('streaming'))) {
      const id = crypto.randomUUID();
      const headers = { ...(c.req.headers ?? {}), 'x-request-id': id };
      const official = await both.inject({ ...c.req, url: `/official${c.req.url}`, headers });
      const app = await t.request({ ...c.req, headers });
      expect([c.name, app.statusCode]).toEqual([c.name, official.statusCode]);
      // The app's error hook may add a request id from its own hook: compare parsed bodies.
      expect([c.name, JSON.parse(masked(app.body, c.mask))]).toEqual([c.name, JSON.parse(masked(official.body, c.mask))]);
      if (official.headers['x-total-count']) expect(app.headers['x-total-count']).toBe(official.headers['x-total-count']);
    }
  });
});
