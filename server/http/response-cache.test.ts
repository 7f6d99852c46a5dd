import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { createUser } from '../../test/helpers/factories';
import { fillPath, guardOf, listProcedures, type Guard } from '../../test/helpers/procedures';
import Fastify from 'fastify';
import { cacheKeyOf, PUBLIC_CACHED_ROUTES, registerResponseCache } from './response-cache';
import { createCache } from '../lib/cache';
import { createLocalBus } from '../lib/events';
import type { AuthUser } from '../trpc/context';

/**
 * The response cache answers public catalogue reads from memory. It must never hold an answer
 * that depends on who asks: no procedure behind authedProcedure/adminProcedure may match its
 * patterns (checked for every procedure of the router, found by asking each one), and a
 * request with an Authorization header is neither answered from it nor stored into it.
 */
let t: TestApp;
let customer: AuthUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await createUser(t.deps.db);
});
afterAll(async () => {
  await t?.close();
});

const matches = (url: string) => PUBLIC_CACHED_ROUTES.some((r) => (typeof r.path === 'string' ? r.path === url : r.path.test(url)));

describe('response cache', () => {
  it('no signed-in procedure can be cached: none of their /trpc or /api paths match, and only public GET queries do', async () => {
    const procs = listProcedures();
    expect(procs.length).toBeGreaterThan(50);
    const guarded: { name: string; guard: Guard; urls: string[] }[] = [];
    const cachedPublic: string[] = [];
    for (const p of procs) {
      const guard = await guardOf(t, p.name, customer);
      const urls = [`/trpc/${p.name}`, `/trpc/catalogue.pricing,${p.name}`, ...(p.openapi ? [`/api${fillPath(p.openapi.path)}`] : [])];
      if (guard !== 'public') guarded.push({ name: p.name, guard, urls });
      else if (urls.some(matches)) {
        cachedPublic.push(p.name);
        // What the cache holds is a GET answer: the procedure is a query.
        if (p.openapi) expect(p.openapi.method, p.name).toBe('GET');
      }
    }
    // The classification found the guarded procedures (the check is not vacuous).
    expect(guarded.map((g) => g.name)).toEqual(
      expect.arrayContaining(['auth.me', 'cart.get', 'orders.place', 'admin.dashboard', 'audit.list']),
    );
    expect(guarded.filter((g) => g.urls.some(matches)).map((g) => g.name)).toEqual([]);
    expect(cachedPublic.sort()).toEqual(['catalogue.ingredients', 'catalogue.pricing', 'catalogue.shake', 'catalogue.signatureShakes']);
  });

  it('a request with a bearer token is never answered from the cache nor stored into it', async () => {
    const auth = await t.bearer(customer);
    // A signed-in read first: it must not be stored.
    const signedIn = await t.request({ method: 'GET', url: '/api/pricing', headers: { authorization: auth } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const guest1 = await t.request({ method: 'GET', url: '/api/pricing' });
    expect(guest1.headers.etag).toBeDefined();
    // Stored now (guest): a guest's repeat is answered with the same entity, a signed-in one is not.
    const guest2 = await t.request({ method: 'GET', url: '/api/pricing', headers: { 'if-none-match': String(guest1.headers.etag) } });
    expect(guest2.statusCode).toBe(304);
    const signedIn2 = await t.request({
      method: 'GET',
      url: '/api/pricing',
      headers: { authorization: auth, 'if-none-match': String(guest1.headers.etag) },
    });
    expect(signedIn2.statusCode).toBe(200);
    expect(signedIn2.headers.etag).toBeUndefined();
    expect(signedIn2.json()).toEqual(guest1.json());
  });

  it('caches /api and /trpc catalogue reads with a time limit of 60 s', async () => {
    for (const r of PUBLIC_CACHED_ROUTES) expect(r.ttlMs).toBe(60_000);
    for (const url of ['/api/ingredients', '/trpc/catalogue.ingredients']) {
      const first = await t.request({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('an entry is served until its time limit, then the route answers again', async () => {
    let clock = 0;
    let calls = 0;
    const app = Fastify();
    registerResponseCache(app, createCache(createLocalBus()), [{ path: '/count', tag: 'test:', ttlMs: 60_000 }], () => clock);
    app.get('/count', async () => ({ calls: ++calls }));
    await app.ready();
    const get = async () => (await app.inject({ method: 'GET', url: '/count' })).json() as { calls: number };
    expect(await get()).toEqual({ calls: 1 });
    clock = 59_999;
    expect(await get()).toEqual({ calls: 1 });
    clock = 60_000;
    expect(await get()).toEqual({ calls: 2 });
    expect(await get()).toEqual({ calls: 2 });
    await app.close();
  });

  it('ignores the client\'s timestamp parameter _t (spec §7 no-cache reads), so a warm catalogue read runs nothing', async () => {
    expect(cacheKeyOf('/trpc/catalogue.signatureShakes?batch=1&input=%7B%7D&_t=1700000000000')).toBe('/trpc/catalogue.signatureShakes?batch=1&input=%7B%7D');
    expect(cacheKeyOf('/api/shakes/signature?_t=1')).toBe('/api/shakes/signature');
    expect(cacheKeyOf('/api/shakes/signature?_tx=1')).toBe('/api/shakes/signature?_tx=1');
    let calls = 0;
    const app = Fastify();
    registerResponseCache(app, createCache(createLocalBus()), [{ path: '/count', tag: 'test:', ttlMs: 60_000 }], () => 0);
    app.get('/count', async () => ({ calls: ++calls }));
    await app.ready();
    const get = async (url: string) => ((await app.inject({ method: 'GET', url })).json() as { calls: number }).calls;
    expect([await get('/count?_t=1'), await get('/count?_t=2'), await get('/count')]).toEqual([1, 1, 1]);
    // Any other parameter is part of the key.
    expect(await get('/count?x=1&_t=3')).toBe(2);
    await app.close();

    // The real app: the timestamped reads the client sends are accepted by tRPC and the REST layer and share one entry.
    const trpcUrl = '/trpc/catalogue.signatureShakes?batch=1&input=%7B%7D';
    const first = await t.request({ method: 'GET', url: `${trpcUrl}&_t=1`, headers: { 'cache-control': 'no-cache', pragma: 'no-cache' } });
    expect(first.statusCode).toBe(200);
    const again = await t.request({ method: 'GET', url: `${trpcUrl}&_t=2`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const rest = await t.request({ method: 'GET', url: '/api/shakes/signature?_t=3' });
    expect(rest.statusCode).toBe(200);
    const rest2 = await t.request({ method: 'GET', url: '/api/shakes/signature?_t=4', headers: { 'if-none-match': String(rest.headers.etag) } });
    expect(rest2.statusCode).toBe(304);
  });
});
