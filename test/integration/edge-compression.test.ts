import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { operationsOf, type OpenApiDoc, type Operation } from '../helpers/openapi';
import type { Clock } from '../../server/lib/clock';
import { addDays, istToday } from '../../shared/rules/slots';
import { customer, loadShop, orderBody, place, type Customer } from './orders-fixtures';

/**
 * Every GET operation of the OpenAPI document, through a real port, as a guest, a customer and an
 * admin, with `Accept-Encoding: br`, `gzip` and none: after decompression every answer is the same
 * bytes, on a cold cache (first request after the cache's time limit — the injected clock moved past
 * it — and after an invalidation) and on a warm one. Compression is invisible to inject(), so the
 * answers are read raw from a socket (node:http, no automatic decoding) and decoded here with zlib.
 */

let now = new Date('2026-11-27T04:30:00.000Z');
const clock: Clock = { now: () => now };
let t: TestApp;
let base: string;
let doc: OpenApiDoc;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const auth: Record<'guest' | 'customer' | 'admin', string | null> = { guest: null, customer: null, admin: null };
const params: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();

  // Data behind every path parameter: seeded rows and a few made here, so answers are full lists and
  // real items (above the 8 KiB where compression streams), not only 404s.
  const shop = await loadShop(t);
  const buyer: Customer = await customer(t);
  const admin = await createUser(t.deps.db, { role: 'admin' });
  auth.customer = buyer.auth;
  auth.admin = await t.bearer(admin);
  const orderIds: string[] = [];
  for (let i = 0; i < 8; i++) {
    const r = await place(t, buyer, orderBody(shop, buyer));
    expect(r.statusCode, r.body).toBe(200);
    orderIds.push(r.json().order.id);
  }
  const plans = (await t.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans as { id: string }[];
  const created = await t.request({
    method: 'POST',
    url: '/api/subscription-payment/create',
    headers: { authorization: buyer.auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    payload: JSON.stringify({ planId: plans[1]!.id }),
  });
  expect(created.statusCode, created.body).toBe(200);
  const key = await t.request({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: { authorization: auth.admin, 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'compression test', scopes: ['orders:read'] }),
  });
  expect(key.statusCode, key.body).toBeLessThan(300);
  const image = await t.request({
    method: 'POST',
    url: '/api/admin/images',
    headers: { authorization: auth.admin, 'content-type': 'image/png' },
    payload: await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 40, g: 160, b: 90 } } })
      .png()
      .toBuffer(),
  });
  expect(image.statusCode, image.body).toBe(201);
  const coupon = await t.deps.db.selectFrom('coupons').select('id').executeTakeFirstOrThrow();
  const ingredient = await t.deps.db.selectFrom('ingredients').select('id').executeTakeFirstOrThrow();

  Object.assign(params, {
    'shakes/{id}': shop.shakes[0]!.id,
    'reviews/{id}': shop.shakes[0]!.id,
    pincode: '560038',
    date: shop.date,
    'customers/{id}': buyer.user.id,
    userId: buyer.user.id,
    'orders/{id}': orderIds[0]!,
    'subscriptions/{id}': created.json().subscription.id,
    'coupons/{id}': coupon.id,
    'api-keys/{id}': key.json().key?.id ?? key.json().id,
    file: image.json().url.split('/').pop(),
    ingredientId: ingredient.id,
    shakeId: shop.shakes[0]!.id,
    slotId: shop.slotId,
  });
});
afterAll(async () => {
  agent.destroy();
  await t?.close();
});

/** The URL of a GET operation with its path filled and every list at its largest page. */
function urlOf(o: Operation): string {
  let path = o.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const byPath = Object.entries(params).find(
      ([k]) => k.includes('/') && o.path.includes(k.replace('{id}', '')) && k.endsWith(`{${name}}`),
    );
    const v = byPath?.[1] ?? params[name];
    if (!v) throw new Error(`no value for {${name}} in ${o.key}`);
    return encodeURIComponent(v);
  });
  const query = new URLSearchParams();
  for (const p of o.parameters.filter((x) => x.in === 'query')) {
    const schema = (p.schema ?? {}) as { maximum?: number };
    if (p.name === 'pageSize' && typeof schema.maximum === 'number') query.set('pageSize', String(schema.maximum));
    else if (p.required && p.name === 'id') query.set('id', params['shakes/{id}']!);
    // The day the placed orders are for (the deliveries board and the riders' cash are per day).
    else if (p.required && p.name === 'date') query.set('date', addDays(istToday(now), 1));
    // The kitchen's printouts are per slot.
    else if (p.required && p.name === 'slotId') query.set('slotId', params.slotId!);
    // A delivery photo's signed link (exp, sig): a made-up one, answered the same refusal in every encoding.
    else if (p.required && p.name === 'exp') query.set('exp', String(Math.floor(now.getTime() / 1000) + 600));
    else if (p.required && p.name === 'sig') query.set('sig', 'A'.repeat(43));
    else if (p.required) throw new Error(`no value for required ?${String(p.name)} in ${o.key}`);
  }
  path = `/api${path}`;
  return query.size ? `${path}?${query}` : path;
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  body: Buffer;
}

/** One request as a browser sends it, answered bytes decoded by what content-encoding says. */
function get(url: string, encoding: string | null, authorization: string | null, requestId: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      base + url,
      {
        agent,
        headers: {
          accept: 'application/json',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
          // Error bodies carry the request id: the same one for every variant of a request.
          'x-request-id': requestId,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
          ...(authorization ? { authorization } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const ce = res.headers['content-encoding'];
          try {
            const body = ce === 'br' ? zlib.brotliDecompressSync(raw) : ce === 'gzip' ? zlib.gunzipSync(raw) : raw;
            resolve({ status: res.statusCode!, headers: res.headers, raw, body });
          } catch (e) {
            reject(new Error(`${url} (${encoding}): ${ce} body of ${raw.length} bytes does not decode: ${String(e)}`));
          }
        });
      },
    );
    req.on('error', reject);
  });
}

/** Runs `work` over `items`, `n` at a time. */
async function inBatches<T>(items: T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const ROLES = ['guest', 'customer', 'admin'] as const;

describe('every GET of the OpenAPI document answers the same bytes with br, gzip and no encoding', () => {
  it('guest, customer and admin; cold (after invalidation and after the time limit) and warm', async () => {
    const gets = operationsOf(doc).filter((o) => o.method === 'get');
    expect(gets.length).toBeGreaterThan(50);
    const cases = gets.flatMap((o) => ROLES.map((role) => ({ o, role, url: urlOf(o), id: `cmp-${crypto.randomUUID()}` })));

    // Each step starts cold: by invalidation (step 0) or by the clock passing the caches' time limit.
    // The encoding asked first meets the cold cache and turns in each step; the plain answer is the reference.
    const steps: { cold: 'invalidate' | 'expire'; order: (string | null)[] }[] = [
      { cold: 'invalidate', order: ['br', 'gzip', null] },
      { cold: 'expire', order: ['br', null] },
      { cold: 'expire', order: ['gzip', null] },
      { cold: 'expire', order: [null, 'br'] },
    ];
    const mismatches: string[] = [];
    let large = 0;
    for (const step of steps) {
      if (step.cold === 'invalidate') await t.deps.cache.invalidate('');
      else now = new Date(now.getTime() + 61_000);
      const answers = new Map<string, Raw[]>();
      // A cold pass (the first encoding meets the cold cache, the others a warm one), then on the
      // first step a second, all-warm pass.
      for (const pass of step.cold === 'invalidate' ? ['cold', 'warm'] : ['cold']) {
        for (const enc of step.order) {
          // Four requests at a time over four kept-alive connections (a browser opens six); each case's
          // encodings still come one after another, so "first after expiry" means what it says.
          await inBatches(cases, 4, async (c) => {
            const r = await get(c.url, enc, auth[c.role], c.id);
            const k = `${c.role} ${c.url}`;
            if (!answers.has(k)) answers.set(k, []);
            answers.get(k)!.push(r);
            const label = `${step.cold}/${pass} ${k} [${enc ?? 'none'}]`;
            const declared = r.headers['content-length'];
            if (declared !== undefined && Number(declared) !== r.raw.length)
              mismatches.push(`${label}: content-length ${declared}, ${r.raw.length} bytes sent`);
            if (r.body.length === 0 && r.status !== 204 && r.status !== 304) mismatches.push(`${label}: ${r.status} with an empty body`);
            if (enc === null && r.headers['content-encoding'])
              mismatches.push(`${label}: encoded (${r.headers['content-encoding']}) though not asked`);
          });
        }
      }
      for (const [k, list] of answers) {
        const first = list.find((r) => !r.headers['content-encoding'])!;
        if (first.body.length > 8 * 1024) large++;
        for (const r of list) {
          if (r.status !== first.status) mismatches.push(`${step.cold} ${k}: status ${r.status} vs ${first.status}`);
          else if (!r.body.equals(first.body))
            mismatches.push(
              `${step.cold} ${k} [${r.headers['content-encoding'] ?? 'none'}]: ${r.body.length} bytes vs ${first.body.length}`,
            );
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The test reaches the sizes that stream through the compressor (above 8 KiB on 2 cores).
    expect(large).toBeGreaterThan(5);
  }, 180_000);
});
