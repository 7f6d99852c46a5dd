import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError, type AnyRouter } from '@trpc/server';
import {
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
} from '@trpc/server/unstable-core-do-not-import';

/**
 * The /trpc endpoint's common requests, answered without the Fetch round trip of tRPC's
 * Fastify adapter (11.x `fastifyRequestHandler` → `incomingMessageToRequest` → `resolveResponse`
 * → a Fetch Response read back as a web stream). What it answers is what `resolveResponse`
 * answers: the same procedure calls (as createCaller makes them), the same envelope
 * (`{"result":{"data":…}}`, an array for `?batch=1`), the same error shapes through the
 * router's error formatter, the same status (tRPC's `getHTTPStatusCode`, 207 for a mixed
 * batch, then responseMeta's), the same headers (`vary`, `content-type`, responseMeta's) in
 * the same order (a Fetch Headers object lists them sorted by lower-cased name).
 *
 * It takes only requests it can answer exactly: GET queries and POST mutations, single or
 * batched, JSON input that parses, every path a known query/mutation on the right method, no
 * streaming (`trpc-accept`/`accept: application/jsonl`), no subscription, no method override,
 * the router's default (identity) transformer. Everything else returns false and the caller
 * hands the request to the official adapter, errors included. `test/integration/trpc-adapter.test.ts`
 * sends the same requests through both and compares status, headers and body.
 *
 * One difference by construction: the body is sent whole, so it carries Content-Length
 * where the adapter streamed it chunked.
 */

/** How a router's procedure is called (as tRPC's own callers do); shared with the REST handler. */
export type ProcedureCall = (opts: {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: 'query' | 'mutation';
  signal: AbortSignal | undefined;
  batchIndex: number;
}) => Promise<unknown>;
type Procedure = ProcedureCall & { _def: { type: 'query' | 'mutation' | 'subscription' } };

export interface RpcCallInfo {
  isBatchCall: boolean;
  accept: null;
  type: 'query' | 'mutation';
  calls: { batchIndex: number; path: string; procedure: Procedure; getRawInput: () => Promise<unknown>; result: () => unknown }[];
  connectionParams: null;
  signal: AbortSignal | undefined;
  url: null;
}

export interface RpcHandlerOptions<Ctx> {
  router: AnyRouter;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply; info: RpcCallInfo }) => Promise<Ctx>;
  responseMeta: (opts: {
    ctx?: Ctx;
    info: RpcCallInfo;
    paths: string[];
    errors: TRPCError[];
    data: unknown[];
    type: string;
    eagerGeneration: boolean;
  }) => { status?: number; headers?: Record<string, string | undefined> } | undefined;
  onError: (opts: { error: TRPCError; type: string; path?: string; input: unknown; ctx?: Ctx; req: FastifyRequest }) => void;
}

const METHOD_OF = { query: 'GET', mutation: 'POST' } as const;

/** True when the default (identity) transformer is configured: then the envelope is JSON.stringify of the results. */
function usesIdentityTransformer(router: AnyRouter): boolean {
  const probe = {};
  const t = (
    router._def._config as { transformer: { input: { deserialize(v: unknown): unknown }; output: { serialize(v: unknown): unknown } } }
  ).transformer;
  return t.input.deserialize(probe) === probe && t.output.serialize(probe) === probe;
}

function isDataStream(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (isAsyncIterable(v)) return true;
  const values = Object.values(v);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

/**
 * Returns a handler `(req, reply, path) => Promise<boolean>`: true when it answered, false when
 * the request is for the official adapter (nothing has been read or sent then).
 */
export function createRpcHandler<Ctx>(opts: RpcHandlerOptions<Ctx>) {
  const router = opts.router;
  const config = router._def._config;
  const procedures = router._def.procedures as Record<string, Procedure | undefined>;
  const enabled = usesIdentityTransformer(router) && Object.keys(router._def.lazy ?? {}).length === 0;

  return async (req: FastifyRequest, reply: FastifyReply, rawPath: string): Promise<boolean> => {
    if (!enabled) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'POST') return false;
    const headers = req.headers;
    if (headers['trpc-accept'] !== undefined) return false;
    const accept = headers.accept;
    if (typeof accept === 'string' && accept.includes('application/jsonl')) return false;
    if (rawPath.includes('%')) return false;

    const url = req.url;
    const q = url.indexOf('?');
    const search = q < 0 ? null : new URLSearchParams(url.slice(q + 1));
    if (search?.has('connectionParams')) return false;
    const isBatchCall = search?.get('batch') === '1';
    const paths = isBatchCall ? rawPath.split(',') : [rawPath];

    // Procedures: each a known query (GET) or mutation (POST).
    const procs: Procedure[] = [];
    for (const path of paths) {
      const proc = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
      if (!proc || typeof proc !== 'function') return false;
      const type = proc._def.type;
      if (type === 'subscription' || METHOD_OF[type] !== method) return false;
      procs.push(proc);
    }

    // Input, parsed up front; anything that would be an input error goes to the adapter.
    let inputs: unknown;
    if (method === 'GET') {
      const raw = search?.get('input');
      if (raw) {
        try {
          inputs = JSON.parse(raw);
        } catch {
          return false;
        }
      }
    } else {
      const contentType = headers['content-type'];
      if (typeof contentType !== 'string' || !contentType.startsWith('application/json')) return false;
      const body = req.body;
      if (typeof body !== 'string' || body === '') return false;
      try {
        inputs = JSON.parse(body);
      } catch {
        return false;
      }
    }
    const inputAt: unknown[] = [];
    if (inputs !== undefined) {
      if (!isBatchCall) inputAt[0] = inputs;
      else {
        if (!isObject(inputs)) return false;
        for (let i = 0; i < paths.length; i++) inputAt[i] = (inputs as Record<string, unknown>)[i];
      }
    }

    const calls: RpcCallInfo['calls'] = paths.map((path, index) => ({
      batchIndex: index,
      path,
      procedure: procs[index]!,
      getRawInput: async () => inputAt[index],
      result: () => inputAt[index],
    }));
    const type = procs[0]!._def.type as 'query' | 'mutation';
    const info: RpcCallInfo = { isBatchCall, accept: null, type, calls, connectionParams: null, signal: undefined, url: null };

    let ctx: Ctx | undefined;
    let ctxError: TRPCError | undefined;
    try {
      ctx = await opts.createContext({ req, res: reply, info });
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }

    const results = await Promise.all(
      calls.map(async (call): Promise<[TRPCError, undefined] | [undefined, unknown]> => {
        try {
          if (ctxError) throw ctxError;
          const data = await call.procedure({
            path: call.path,
            getRawInput: call.getRawInput,
            ctx,
            type: call.procedure._def.type as 'query' | 'mutation',
            signal: undefined,
            batchIndex: call.batchIndex,
          });
          return [undefined, data];
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          opts.onError({ error, path: call.path, input: call.result(), ctx, type: call.procedure._def.type, req });
          return [error, undefined];
        }
      }),
    );

    const shapeOf = (error: TRPCError, call: RpcCallInfo['calls'][number] | undefined, callType: string) =>
      getErrorShape({ config, ctx, error, input: call?.result(), path: call?.path, type: callType as 'query' });
    const streamError = () =>
      new TRPCError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
      });

    let envelope: unknown;
    let errors: TRPCError[];
    if (!isBatchCall) {
      const call = calls[0]!;
      const [error, data] = results[0]!;
      if (!error && isDataStream(data)) {
        // resolveResponse throws this to its outer catch: onError without a path, an error shape without one.
        const e = streamError();
        opts.onError({ error: e, path: undefined, input: undefined, ctx, type: info.type, req });
        envelope = { error: shapeOf(e, undefined, info.type) };
        errors = [e];
      } else {
        envelope = error ? { error: shapeOf(error, call, info.type) } : { result: { data } };
        errors = error ? [error] : [];
      }
    } else {
      const settled = results.map(([error, data]) =>
        !error && isDataStream(data) ? ([streamError(), undefined] as const) : ([error, data] as const),
      );
      envelope = settled.map(([error, data], i) =>
        error ? { error: shapeOf(error, calls[i], calls[i]!.procedure._def.type) } : { result: { data } },
      );
      errors = settled.flatMap(([error]) => (error ? [error] : []));
    }

    let status = getHTTPStatusCode(envelope as Parameters<typeof getHTTPStatusCode>[0]);
    const meta =
      opts.responseMeta({
        ctx,
        info,
        paths: calls.map((c) => c.path),
        data: Array.isArray(envelope) ? envelope : [envelope],
        errors,
        eagerGeneration: false,
        type,
      }) ?? {};
    if (meta.status) status = meta.status;

    // As a Fetch Headers object would hold and list them: lower-cased, last write wins, sorted.
    const out = new Map<string, string>([
      ['vary', 'trpc-accept, accept'],
      ['content-type', 'application/json'],
    ]);
    if (meta.headers)
      for (const key of Object.keys(meta.headers)) {
        const value = meta.headers[key];
        if (typeof value === 'string') out.set(key.toLowerCase(), value);
      }
    void reply.code(status);
    for (const key of [...out.keys()].sort()) void reply.header(key, out.get(key));
    // A Buffer: Fastify adds "; charset=utf-8" to a string's JSON content type, the adapter's answer has none.
    await reply.send(Buffer.from(JSON.stringify(envelope)));
    return true;
  };
}
