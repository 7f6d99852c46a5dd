import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Cache } from '../lib/cache';
import { CATALOGUE_CACHE } from '../domains/catalogue/catalogue.service';

/**
 * Hot public reads (the catalogue) answered from memory, before routing, parsing,
 * tRPC and validation: the procedures still run on a miss and their answer is
 * what gets stored. Entries are dropped on the same invalidation broadcast as the
 * service cache, so an admin edit is visible on every instance at once, and each
 * entry lives at most its route's time limit (60 s for the catalogue and pricing).
 * Only user-independent GETs of public procedures are listed (a test checks that no
 * procedure behind authedProcedure/staffProcedure matches), and a request carrying
 * an Authorization header is never answered from, nor stored into, the cache.
 */
export interface CachedRoute {
  /** Exact path (no query) as the client sends it. */
  path: string | RegExp;
  /** Invalidation prefix, e.g. 'catalogue:'. */
  tag: string;
  /** How long an entry may be served, in milliseconds. */
  ttlMs: number;
}

/** The public reads the app caches: the catalogue and pricing, through /api and /trpc (batches of catalogue reads too). */
export const PUBLIC_CACHED_ROUTES: CachedRoute[] = [
  { path: /^\/api\/(shakes\/[^/]+|ingredients|pricing)$/, tag: CATALOGUE_CACHE, ttlMs: 60_000 },
  { path: /^\/trpc\/catalogue\.[a-zA-Z]+(,catalogue\.[a-zA-Z]+)*$/, tag: CATALOGUE_CACHE, ttlMs: 60_000 },
];

interface Entry {
  body: Buffer;
  type: string;
  /** What a hit answers with besides the body and its type (etag, cache-control, vary), set at once. */
  headers: Record<string, string>;
  etag: string;
  tag: string;
  /** The `now()` after which the entry is not served. */
  expires: number;
  gzip?: Buffer;
  br?: Buffer;
}

const MAX_ENTRIES = 500;

/** The client's cache-busting parameter (client/src/lib/api-fetch.ts, spec §7): a new value on every call. */
export const CACHE_BUST_PARAM = '_t';

/**
 * The cache key of a URL: the URL without the cache-busting timestamp, so that a catalogue read the
 * client marks with `_t` (to get past the browser's and proxies' caches) is still answered from here.
 * Every other parameter stays in the key, in the order sent.
 */
export function cacheKeyOf(url: string): string {
  const q = url.indexOf('?');
  if (q < 0 || !url.includes(`${CACHE_BUST_PARAM}=`, q)) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((part) => part !== CACHE_BUST_PARAM && !part.startsWith(`${CACHE_BUST_PARAM}=`));
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

export function registerResponseCache(
  app: FastifyInstance,
  cache: Cache,
  routes: CachedRoute[],
  now: () => number = () => performance.now(),
): void {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const routeOf = (url: string): CachedRoute | null => {
    const p = url.split('?')[0];
    for (const r of routes) if (typeof r.path === 'string' ? r.path === p : r.path.test(p)) return r;
    return null;
  };
  cache.onInvalidate((prefix) => {
    generation++;
    for (const [k, e] of entries) if (e.tag.startsWith(prefix) || prefix.startsWith(e.tag)) entries.delete(k);
  });

  app.decorateRequest('cacheGen', -1);
  // The URL as the client sent it (trpc-to-openapi's plugin rewrites req.raw.url without /api).
  app.decorateRequest('cacheKey', '');
  // Callback hooks, not async ones: every request passes both, and an async hook costs a promise and a
  // microtask turn each (decision 186).
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' || req.headers.authorization !== undefined) return done();
    const key = cacheKeyOf(req.url);
    let hit = entries.get(key);
    if (hit && hit.expires <= now()) {
      entries.delete(key);
      hit = undefined;
    }
    if (!hit) {
      if (routeOf(key)) {
        (req as unknown as { cacheGen: number }).cacheGen = generation;
        (req as unknown as { cacheKey: string }).cacheKey = key;
      }
      return done();
    }
    // Answered here: the hook does not call done().
    reply.headers(hit.headers);
    if (req.headers['if-none-match'] === hit.etag) return void reply.code(304).send();
    reply.header('content-type', hit.type);
    const accept = req.headers['accept-encoding'];
    if (accept !== undefined && hit.body.length >= 1024) {
      if (/\bbr\b/.test(accept)) {
        hit.br ??= zlib.brotliCompressSync(hit.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
        return void reply.header('content-encoding', 'br').send(hit.br);
      }
      if (/\bgzip\b/.test(accept)) {
        hit.gzip ??= zlib.gzipSync(hit.body);
        return void reply.header('content-encoding', 'gzip').send(hit.gzip);
      }
    }
    reply.send(hit.body);
  });

  // Runs before compression (registered first), so the stored body is the plain JSON.
  app.addHook('onSend', (req, reply, payload, done) => {
    const { cacheGen: gen, cacheKey: key } = req as unknown as { cacheGen: number; cacheKey: string };
    if (gen < 0 || gen !== generation || reply.statusCode !== 200) return done(null, payload);
    const route = routeOf(key);
    if (!route) return done(null, payload);
    // tRPC answers with a fetch Response (a stream); read it once, on the miss.
    if (payload instanceof Response) {
      if (payload.status !== 200) return done(null, payload);
      payload.headers.forEach((v, k) => {
        if (k !== 'content-length') reply.header(k, v);
      });
    }
    toBuffer(payload).then((body) => {
      if (!body) return done(null, payload);
      const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      const headers = { etag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
      const type = String(reply.getHeader('content-type') ?? 'application/json');
      entries.set(key, { body, type, headers, etag, tag: route.tag, expires: now() + route.ttlMs });
      reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      done(null, body);
    }, done);
  });
}

async function toBuffer(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Response) return Buffer.from(await payload.arrayBuffer());
  if (payload && typeof (payload as ReadableStream).getReader === 'function') {
    return Buffer.from(await new Response(payload as ReadableStream).arrayBuffer());
  }
  if (payload && typeof (payload as AsyncIterable<Buffer>)[Symbol.asyncIterator] === 'function') {
    const chunks: Buffer[] = [];
    for await (const c of payload as AsyncIterable<Buffer | string>) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
    return Buffer.concat(chunks);
  }
  return null;
}
