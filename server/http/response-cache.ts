import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Cache } from '../lib/cache';

/**
 * Hot public reads (the catalogue) answered from memory, before routing, parsing,
 * tRPC and validation: the procedures still run on a miss and their answer is
 * what gets stored. Entries are dropped on the same invalidation broadcast as the
 * service cache, so an admin edit is visible on every instance at once. Only
 * user-independent GETs are listed; a request carrying credentials still gets the
 * same public answer because these procedures never look at the caller.
 */
export interface CachedRoute {
  /** Exact path (no query) as the client sends it. */
  path: string | RegExp;
  /** Invalidation prefix, e.g. 'catalogue:'. */
  tag: string;
}

interface Entry {
  body: Buffer;
  type: string;
  etag: string;
  tag: string;
  /** When it was stored: an entry older than MAX_AGE_MS is a miss (a lost invalidation heals). */
  at: number;
  gzip?: Buffer;
  br?: Buffer;
}

const MAX_ENTRIES = 500;
/** The same time limit as the service cache (server/lib/cache.ts). */
const MAX_AGE_MS = 5 * 60_000;

export function registerResponseCache(app: FastifyInstance, cache: Cache, routes: CachedRoute[]): void {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const tagOf = (url: string): string | null => {
    const p = url.split('?')[0];
    for (const r of routes) if (typeof r.path === 'string' ? r.path === p : r.path.test(p)) return r.tag;
    return null;
  };
  cache.onInvalidate((prefix) => {
    generation++;
    for (const [k, e] of entries) if (e.tag.startsWith(prefix) || prefix.startsWith(e.tag)) entries.delete(k);
  });

  app.decorateRequest('cacheGen', -1);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    let hit = entries.get(req.url);
    if (hit && Date.now() - hit.at >= MAX_AGE_MS) {
      entries.delete(req.url);
      hit = undefined;
    }
    if (!hit) {
      if (tagOf(req.url)) (req as unknown as { cacheGen: number }).cacheGen = generation;
      return;
    }
    reply.header('etag', hit.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
    const accept = String(req.headers['accept-encoding'] ?? '');
    reply.type(hit.type);
    if (hit.body.length >= 1024 && /\bbr\b/.test(accept)) {
      hit.br ??= zlib.brotliCompressSync(hit.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header('content-encoding', 'br').send(hit.br);
    }
    if (hit.body.length >= 1024 && /\bgzip\b/.test(accept)) {
      hit.gzip ??= zlib.gzipSync(hit.body);
      return reply.header('content-encoding', 'gzip').send(hit.gzip);
    }
    return reply.send(hit.body);
  });

  // Runs before compression (registered first), so the stored body is the plain JSON.
  app.addHook('onSend', async (req, reply, payload) => {
    const gen = (req as unknown as { cacheGen: number }).cacheGen;
    if (gen < 0 || gen !== generation || reply.statusCode !== 200) return payload;
    const tag = tagOf(req.url);
    if (!tag) return payload;
    // tRPC answers with a fetch Response (a stream); read it once, on the miss.
    if (payload instanceof Response) {
      if (payload.status !== 200) return payload;
      payload.headers.forEach((v, k) => {
        if (k !== 'content-length') reply.header(k, v);
      });
    }
    const body = await toBuffer(payload);
    if (!body) return payload;
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(req.url, { body, type: String(reply.getHeader('content-type') ?? 'application/json'), etag, tag, at: Date.now() });
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    return body;
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
