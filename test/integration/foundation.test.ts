import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('catalogue over REST and tRPC', () => {
  it('lists the 8 seeded signature shakes with the spec fields, price in paise', async () => {
    const res = await t.request({ method: 'GET', url: '/api/shakes/signature' });
    expect(res.statusCode).toBe(200);
    const shakes = res.json();
    expect(shakes).toHaveLength(8);
    for (const s of shakes) {
      for (const k of ['id', 'name', 'price', 'image', 'description', 'calories', 'protein', 'carbs', 'fat']) expect(s).toHaveProperty(k);
      expect(Number.isInteger(s.price)).toBe(true);
      expect(s.price).toBeGreaterThanOrEqual(19900);
      expect(s.price).toBeLessThanOrEqual(34900);
    }
  });

  it('answers the same shapes through /trpc', async () => {
    const rest = (await t.request({ method: 'GET', url: '/api/shakes/signature' })).json();
    const trpc = (await t.request({ method: 'GET', url: '/trpc/catalogue.signatureShakes' })).json();
    expect(trpc.result.data).toEqual(rest);
  });

  it('finds a shake by slug or id, and 404s with a message for an unknown one', async () => {
    const bySlug = await t.request({ method: 'GET', url: '/api/shakes/green-glow' });
    expect(bySlug.statusCode).toBe(200);
    const byId = await t.request({ method: 'GET', url: `/api/shakes/${bySlug.json().id}` });
    expect(byId.json().name).toBe('Green Glow');
    const missing = await t.request({ method: 'GET', url: '/api/shakes/not-a-shake' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'That shake was not found.' });
  });

  it('serves at least 25 ingredients in all six categories, with hydroponic greens', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/ingredients' })).json();
    expect(list.length).toBeGreaterThanOrEqual(25);
    expect(new Set(list.map((i: { category: string }) => i.category))).toEqual(
      new Set(['base', 'greens', 'fruit', 'protein', 'superfood', 'sweetener']),
    );
    expect(list.filter((i: { category: string; hydroponic: boolean }) => i.category === 'greens').every((i: { hydroponic: boolean }) => i.hydroponic)).toBe(true);
  });

  it('publishes public pricing', async () => {
    const p = (await t.request({ method: 'GET', url: '/api/pricing' })).json();
    expect(p.sizes.regular).toMatchObject({ ml: 350, price: 14900 });
    expect(p.sizes.large).toMatchObject({ ml: 500, price: 19900, factor: 1.4 });
    expect(p).toMatchObject({ deliveryFee: 4900, freeDeliveryThreshold: 49900, gstRatePercent: 5 });
  });

  it('serves catalogue reads from the cache once warm, and drops it on invalidation', async () => {
    await t.request({ method: 'GET', url: '/api/shakes/signature' });
    await t.deps.db.updateTable('signature_shakes').set({ name: 'Renamed' }).where('slug', '=', 'green-glow').execute();
    const cached = (await t.request({ method: 'GET', url: '/api/shakes/green-glow' })).json();
    expect(cached.name).toBe('Green Glow');
    await t.deps.cache.invalidate('catalogue:');
    const fresh = (await t.request({ method: 'GET', url: '/api/shakes/green-glow' })).json();
    expect(fresh.name).toBe('Renamed');
    await t.deps.db.updateTable('signature_shakes').set({ name: 'Green Glow' }).where('slug', '=', 'green-glow').execute();
    await t.deps.cache.invalidate('catalogue:');
  });
});

describe('the error model', () => {
  it('answers an unknown /api path with 404 JSON, never the HTML shell', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers malformed JSON with 400 and a readable message', async () => {
    const res = await t.request({ method: 'POST', url: '/api/shakes/signature', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' }));
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/trpc/catalogue.pricing',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('gives validation errors field issues', async () => {
    const res = await t.request({ method: 'GET', url: `/api/shakes/${'x'.repeat(200)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { id: [expect.stringContaining('80')] } });
  });
});

describe('hardening', () => {
  it('sends security headers and no X-Powered-By', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).toMatch(/checkout\.razorpay\.com/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('allows CORS only for listed origins and never reflects others', async () => {
    const good = await t.request({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:3000' } });
    expect(good.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const evil = await t.request({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('compresses large JSON answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/ingredients', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('publishes an OpenAPI 3 document and the docs UI', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/shakes/signature', '/shakes/{id}', '/ingredients', '/pricing']));
    const ui = await t.request({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });
});

describe('the response cache for hot catalogue reads', () => {
  it('answers repeat reads from memory with an ETag and 304, over REST and tRPC', async () => {
    for (const url of ['/api/shakes/signature', '/trpc/catalogue.signatureShakes']) {
      const first = await t.request({ method: 'GET', url });
      const second = await t.request({ method: 'GET', url });
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBeTruthy();
      const revalidated = await t.request({ method: 'GET', url, headers: { 'if-none-match': String(second.headers.etag) } });
      expect(revalidated.statusCode).toBe(304);
    }
  });

  it('serves compressed cached bodies that decode to the same JSON', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/ingredients' });
    const gz = await t.request({ method: 'GET', url: '/api/ingredients', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('drops cached answers when the catalogue is invalidated', async () => {
    await t.request({ method: 'GET', url: '/api/shakes/mint-cooler' });
    await t.deps.db.updateTable('signature_shakes').set({ price_paise: 20900 }).where('slug', '=', 'mint-cooler').execute();
    expect((await t.request({ method: 'GET', url: '/api/shakes/mint-cooler' })).json().price).toBe(19900);
    await t.deps.cache.invalidate('catalogue:');
    // The broadcast arrives asynchronously, as NOTIFY does: the new price shows once it has.
    await expect.poll(async () => (await t.request({ method: 'GET', url: '/api/shakes/mint-cooler' })).json().price).toBe(20900);
    await t.deps.db.updateTable('signature_shakes').set({ price_paise: 19900 }).where('slug', '=', 'mint-cooler').execute();
    await t.deps.cache.invalidate('catalogue:');
  });
});
