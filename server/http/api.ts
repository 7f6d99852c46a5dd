import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyRouter, TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi';
import { appRouter } from '../trpc/router';
import { createContext, requestIdOfError, type Context } from '../trpc/context';
import { declaredCoercionOnly } from '../trpc/strict-input';
import type { ShopMeta } from '../trpc/init';
import type { AppDeps } from '../deps';
import { shopError, shopErrorBody, type ShopError } from '../lib/errors';
import { refuseDeepJson } from './json-depth';

/**
 * The API edge: /trpc through tRPC's own Fastify plugin, /api through trpc-to-openapi's own
 * Fastify plugin. Nothing here answers a procedure call itself; what is ours is only:
 * - the context (server/trpc/context.ts),
 * - `responseMeta`: headers a procedure set on `ctx.resHeaders` (X-Total-Count), `no-store`,
 *   and for an error its status and headers (Retry-After) from the one table (server/lib/errors.ts),
 * - the error body: tRPC's envelope carries the shop's answer in `data` (the error formatter in
 *   server/trpc/init.ts); on /api the library's body is replaced by the shop's
 *   `{ message, code, fieldErrors?, requestId }` (registerErrorBodies, before compression).
 */

interface MetaOptions {
  ctx?: Context;
  errors: readonly TRPCError[];
  info?: { isBatchCall?: boolean };
}

function responseMeta({ ctx, errors, info }: MetaOptions): { status?: number; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...(ctx?.resHeaders ?? {}) };
  if (errors.length === 0) return { headers };
  const shaped = errors.map((e) => shopError(e));
  // Retry-After: the longest wait any refused call of the request asks for.
  const waits = shaped.map((e) => Number(e.headers['Retry-After'] ?? 0)).filter((s) => s > 0);
  if (waits.length) headers['Retry-After'] = String(Math.max(...waits));
  // A batch keeps tRPC's status (207 when calls differ); a single call's status comes from the shop's table.
  return info?.isBatchCall ? { headers } : { status: shaped[0]!.status, headers };
}

function logUnexpected(deps: AppDeps, error: TRPCError, path: string | undefined, req: FastifyRequest) {
  const e = shopError(error);
  if (e.unexpected) deps.log.error({ err: error.cause ?? error, path, reqId: req.id }, 'unhandled error in procedure');
  else if (e.code === 'SERVICE_BUSY') deps.log.warn({ err: error.cause ?? error, path, reqId: req.id }, 'database slow or away: answered 503');
}

/** The error an /api request ended with, for its body (see registerErrorBodies). */
const restErrors = new WeakMap<FastifyRequest, ShopError>();

/**
 * /api error bodies: trpc-to-openapi writes `{ message, code: <tRPC code>, issues?, data }`; the shop
 * answers `{ message, code, fieldErrors?, requestId }` built from the error itself. A root hook
 * registered before compression, so it sees the JSON text.
 */
export function registerErrorBodies(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const e = restErrors.get(req);
    if (!e || reply.statusCode < 400) return done(null, payload);
    reply.header('content-type', 'application/json; charset=utf-8');
    done(null, JSON.stringify(shopErrorBody(e, String(req.id))));
  });
}

/**
 * tRPC's plugin hands Fastify a Fetch `Response`; Fastify sends its body as a web stream, chunked: a
 * reader, a write per chunk and a last write for the end, two syscalls per answer where a JSON text
 * takes one (decision 300). A complete JSON answer (what tRPC builds from `JSON.stringify` for a
 * query, a mutation or a batch) goes on as its bytes, with its status and headers, so Fastify writes it
 * at once with its length; streams (SSE subscriptions, jsonl batches: chunked by tRPC) stay streams.
 */
function completeJsonAnswer(_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void): void {
  if (
    !(payload instanceof Response) ||
    payload.body === null ||
    payload.headers.get('content-type') !== 'application/json' ||
    payload.headers.has('transfer-encoding')
  ) {
    return done(null, payload);
  }
  reply.code(payload.status);
  for (const [name, value] of payload.headers) reply.header(name, value);
  // The bytes tRPC's Response already holds: as text they would be decoded here and encoded again
  // (and measured once more) by Fastify (decision 318).
  payload.arrayBuffer().then(
    (bytes) => done(null, Buffer.from(bytes)),
    (err: Error) => done(err),
  );
}

/**
 * The calls whose procedure reads the session in its own first statement (decision 320), from the
 * procedures' meta: their tRPC paths and their REST `METHOD /path` (below /api). A call is matched by its URL
 * before tRPC or trpc-to-openapi resolve it (createContext is not told the procedure); a URL that
 * names anything else — a batch of several calls, another route — is read as every other request.
 */
function sessionInItsStatementCalls(router: AnyRouter): { trpc: Set<string>; rest: Set<string> } {
  const trpc = new Set<string>();
  const rest = new Set<string>();
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, { _def: { meta?: ShopMeta } }>)) {
    const meta = procedure._def.meta;
    if (!meta?.sessionInItsStatement || meta.access !== 'signed-in') continue;
    trpc.add(path);
    if (meta.openapi) rest.add(`${meta.openapi.method} ${meta.openapi.path}`);
  }
  return { trpc, rest };
}

const pathOnly = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** /trpc: the typed client's endpoint (queries, mutations, batches, SSE subscriptions). */
export async function registerTrpc(app: FastifyInstance, deps: AppDeps, router: AnyRouter = appRouter): Promise<void> {
  declaredCoercionOnly();
  // tRPC's plugin hands the body on as text and parses it (and a GET's `input`) itself: the depth
  // limit is checked on that text before the context, the session or the input are looked at.
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      refuseDeepJson(req.body);
      refuseDeepJson((req.query as Record<string, unknown> | undefined)?.input);
      done();
    } catch (e) {
      done(e as Error);
    }
  });
  app.addHook('onSend', completeJsonAnswer);
  const deferred = sessionInItsStatementCalls(router).trpc;
  const options: FastifyTRPCPluginOptions<AnyRouter> = {
    prefix: '/trpc',
    trpcOptions: {
      router,
      createContext: ({ req }) =>
        createContext(deps, {
          id: String(req.id),
          ip: req.ip,
          headers: req.headers,
          via: 'trpc',
          sessionInItsStatement: deferred.size > 0 && deferred.has(pathOnly(req.url).slice('/trpc/'.length)),
        }),
      responseMeta: ({ ctx, errors, info }) => responseMeta({ ctx: ctx as Context | undefined, errors, info }),
      onError: ({ error, path, req }) => {
        // For the error formatter when there is no context yet (server/trpc/context.ts).
        requestIdOfError.set(error, String(req.id));
        logUnexpected(deps, error, path, req);
      },
    },
  };
  await app.register(fastifyTRPCPlugin, options);
}

/** /api: every procedure with `meta.openapi` as REST, through trpc-to-openapi's Fastify plugin. */
export async function registerRest(app: FastifyInstance, deps: AppDeps, router: AnyRouter = appRouter): Promise<void> {
  declaredCoercionOnly();
  allowBodylessCalls(app);
  awaitTheAnswer(app);
  answeredIsEnded(app);
  const deferred = sessionInItsStatementCalls(router).rest;
  await app.register(fastifyTRPCOpenApiPlugin, {
    basePath: '/api',
    router,
    createContext: ({ req }: { req: FastifyRequest }) =>
      createContext(deps, {
        id: String(req.id),
        ip: req.ip,
        headers: req.headers,
        via: 'rest',
        // trpc-to-openapi has taken /api off the URL by now.
        sessionInItsStatement: deferred.size > 0 && deferred.has(`${req.method} ${pathOnly(req.url)}`),
      }),
    responseMeta: ({ ctx, errors }: { ctx?: unknown; errors: TRPCError[] }) => responseMeta({ ctx: ctx as Context | undefined, errors }),
    onError: ({ error, path, req }: { error: TRPCError; path?: string; req: FastifyRequest }) => {
      restErrors.set(req, shopError(error));
      logUnexpected(deps, error, path, req);
    },
  } as Parameters<typeof fastifyTRPCOpenApiPlugin>[1]);
}

/**
 * trpc-to-openapi's Fastify handler is async and answers through a `res.end` shim that calls
 * `reply.send(body)` without returning the reply. Fastify then takes the handler's `undefined` as
 * "nothing sent yet" whenever the reply has not finished by the time the promise settles — which is
 * the case whenever an onSend hook is still working: @fastify/compress streams bodies above its
 * synchronous threshold (8 KiB on this machine size), and the response cache's hook is async on a
 * miss. Fastify then sends a second, empty answer (`content-length: 0`) and the first one fails with
 * "Cannot write headers after they are sent". Returning the reply (a thenable that settles when the
 * answer has been written) is Fastify's documented way for an async handler that sends by itself.
 */
function awaitTheAnswer(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, req, reply) {
      await handler.call(this, req, reply);
      return reply;
    };
  });
}

/**
 * trpc-to-openapi's Fastify handler hands the reply to tRPC's `incomingMessageToRequest` as if it were
 * Node's response, to get the call's abort signal. That helper aborts the signal when the response
 * closes unless `res.writableEnded` says the answer was written, and a Fastify reply has no such
 * property: every REST answer aborted its finished call at close, making a `DOMException` and running
 * the abort listeners (1.2 % of the calendar's server CPU in that exception alone). The reply now
 * reads it from the Node response it wraps, so only a client that leaves before its answer aborts the
 * call, as on `/trpc` (decision 327).
 */
function answeredIsEnded(app: FastifyInstance): void {
  app.decorateReply('writableEnded', {
    getter(this: FastifyReply) {
      return this.raw.writableEnded;
    },
  });
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A call without a body (`POST /api/orders/{id}/payment`, `/api/auth/signout`, a refresh with only the
 * bearer token) is answered whether or not it names a content type. trpc-to-openapi refuses any
 * body method without `application/json` (415 "Missing content-type header") and Fastify refuses an
 * empty body that says `application/json` (FST_ERR_CTP_EMPTY_JSON_BODY): in this scope an empty JSON
 * body is no input, and a request with no body and no content type is read as an empty JSON call.
 * A request that has a body still needs `application/json` (415 otherwise): JSON only for mutations.
 */
function allowBodylessCalls(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      // Before parsing: a body nested past the documented limit is a 400, never a stack overflow.
      refuseDeepJson(body);
    } catch (e) {
      return done(e as Error, undefined);
    }
    json(req, body as string, done);
  });
  app.addHook('preHandler', (req, _reply, done) => {
    const h = req.headers;
    const empty = h['transfer-encoding'] === undefined && (h['content-length'] === undefined || h['content-length'] === '0');
    if (BODY_METHODS.has(req.method) && h['content-type'] === undefined && empty) h['content-type'] = 'application/json';
    done();
  });
}
