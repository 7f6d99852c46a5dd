import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError, type AnyRouter } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { z } from 'zod';
import type { ProcedureCall } from './rpc-handler';

/**
 * The REST twin of every procedure with `meta.openapi`: what trpc-to-openapi's
 * createOpenApiNodeHttpHandler (3.3) does, same routing, input, coercion, errors and
 * status codes, written against Fastify's request and reply. The library's handler
 * built a whole Fetch Request per call (headers copied, body re-serialised) only to
 * take its abort signal, which nothing here reads, and rebuilt zod schemas while
 * re-coercing the input schema on every call; on order placement that was ~10% of
 * the server's CPU. Here the per-procedure work is done once, on its first call.
 */

type AnyProcedure = ProcedureCall & {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[]; meta?: { openapi?: OpenApiMethodMeta } };
};
interface OpenApiMethodMeta {
  method: string;
  path: string;
  enabled?: boolean;
}
interface Entry {
  type: 'query' | 'mutation';
  path: string;
  procedure: AnyProcedure;
  /** Prepared on first use: whether the procedure takes input (its object schema coerced once). */
  input?: { usesInput: boolean };
}

export interface RestHandlerOptions<Ctx> {
  router: AnyRouter;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply; info: RestCallInfo }) => Promise<Ctx>;
  responseMeta: (opts: { ctx?: Ctx; errors: readonly TRPCError[]; data: unknown[]; type: string; paths?: string[] }) => {
    status?: number;
    headers?: Record<string, string | undefined>;
  };
  onError: (opts: { error: TRPCError; type: string; path?: string; input: unknown; ctx?: Ctx; req: FastifyRequest }) => void;
  /** Turns an error body (≥ 400) into the shop's own error shape. */
  errorBody: (body: string, req: FastifyRequest) => string;
}

export interface RestCallInfo {
  isBatchCall: false;
  accept: null;
  calls: [];
  type: string;
  connectionParams: null;
  /** Made on first read only (nothing reads it today): aborts when the client goes away. */
  readonly signal: AbortSignal;
  readonly url: URL;
}

/**
 * A path the URL parser leaves as it is: one leading slash, no empty segment, unreserved
 * characters, %XX escapes (not %2E, which it reads as a dot) and dots that cannot make a
 * "." or ".." segment. Anything else goes through new URL().
 */
const PLAIN_PATH = /^\/(?!\/)(?:[A-Za-z0-9_~-]|%(?![2][eE])[0-9A-Fa-f]{2}|\/(?!\/)|\.(?![./]|$))*$/;

export const TRPC_ERROR_CODE_HTTP_STATUS: Record<string, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  INTERNAL_SERVER_ERROR: 500,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  TIMEOUT: 408,
  CONFLICT: 409,
  CLIENT_CLOSED_REQUEST: 499,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  METHOD_NOT_SUPPORTED: 405,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UNPROCESSABLE_CONTENT: 422,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
  PAYMENT_REQUIRED: 402,
  PRECONDITION_REQUIRED: 428,
};

/**
 * As the library does outside production: a router it cannot describe fails at boot
 * (registerRest awaits this). trpc-to-openapi is loaded only then, never in production.
 */
export async function checkOpenApiRouter(router: AnyRouter): Promise<void> {
  if (process.env.NODE_ENV === 'production') return;
  const { generateOpenApiDocument } = await import('trpc-to-openapi');
  generateOpenApiDocument(router, { title: '', version: '', baseUrl: '' });
}

export function createRestHandler<Ctx>(opts: RestHandlerOptions<Ctx>) {
  const router = opts.router;
  const byMethod = procedureTable(router);
  const lookup = (method: string, path: string): { entry: Entry; pathInput: Record<string, string> } | undefined => {
    const table = byMethod.get(method);
    if (!table) return undefined;
    for (const [re, entry] of table) {
      const m = re.exec(path);
      if (m) return { entry, pathInput: { ...m.groups } };
    }
    return undefined;
  };

  return async (req: FastifyRequest, reply: FastifyReply, url: string): Promise<void> => {
    const send = (statusCode: number, headers: Record<string, string | undefined>, body: unknown) => {
      if (reply.sent) return;
      void reply.code(statusCode);
      void reply.header('Content-Type', 'application/json');
      for (const key in headers) if (headers[key] !== undefined) void reply.header(key, headers[key]);
      let data = JSON.stringify(body) as string | undefined;
      if (statusCode >= 400 && typeof data === 'string') data = opts.errorBody(data, req);
      void reply.send(data);
    };
    const method = req.method;
    // WHATWG URL parsing only for paths it could change (dot segments, odd characters);
    // a plain path is its own pathname. The URL object itself is made when read (info.url).
    const q = url.indexOf('?');
    const rawPath = q < 0 ? url : url.slice(0, q);
    let parsedUrl: URL | undefined;
    const parseUrl = () => (parsedUrl ??= new URL(url.startsWith('/') ? `http://127.0.0.1${url}` : url));
    const pathname = PLAIN_PATH.test(rawPath) ? rawPath : parseUrl().pathname;
    const path = `/${pathname.replace(/^\/|\/$/g, '')}`;
    let input: unknown = undefined;
    let ctx: Ctx | undefined = undefined;
    let data: unknown = undefined;
    const found = lookup(method, path);
    const entry = found?.entry;
    try {
      if (!entry) {
        // Can be used for warm-up
        if (method === 'HEAD') return send(204, {}, undefined);
        throw new TRPCError({ message: 'Not found', code: 'NOT_FOUND' });
      }
      const useBody = method !== 'GET' && method !== 'DELETE';
      const contentType = req.headers['content-type'];
      if (useBody && !contentType?.startsWith('application/json')) {
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header',
        });
      }
      const prepared = (entry.input ??= prepareInput(entry.procedure));
      if (prepared.usesInput) {
        input = { ...(useBody ? (req.body as object | undefined) : queryInput(req)), ...found.pathInput };
      }
      let signal: AbortSignal | undefined;
      const info: RestCallInfo = {
        isBatchCall: false,
        accept: null,
        calls: [],
        type: entry.type,
        connectionParams: null,
        get signal() {
          return (signal ??= abortSignalOf(req, reply));
        },
        get url() {
          return parseUrl();
        },
      };
      ctx = await opts.createContext({ req, res: reply, info });
      // What router.createCaller(ctx)[path](input) does, without its proxies and path lookup.
      const rawInput = input;
      data = await entry.procedure({
        path: entry.path,
        getRawInput: async () => rawInput,
        ctx,
        type: entry.type,
        signal: undefined,
        batchIndex: 0,
      });
      const meta = opts.responseMeta({ type: entry.type, paths: [entry.path], ctx, data: [data], errors: [] });
      send(meta?.status ?? 200, meta?.headers ?? {}, data);
    } catch (cause) {
      const error = errorFromUnknown(cause);
      opts.onError({ error, type: entry?.type ?? 'unknown', path: entry?.path, input, ctx, req });
      const meta = opts.responseMeta({
        type: entry?.type ?? 'unknown',
        paths: entry?.path ? [entry.path] : undefined,
        ctx,
        data: [data],
        errors: [error],
      });
      const errorShape = getErrorShape({
        config: router._def._config,
        error,
        type: entry?.type ?? 'unknown',
        path: entry?.path,
        input,
        ctx,
      }) as { message?: string } | undefined;
      const isInputValidationError = error.code === 'BAD_REQUEST' && error.cause instanceof Error && error.cause.name === 'ZodError';
      const statusCode = meta?.status ?? TRPC_ERROR_CODE_HTTP_STATUS[error.code] ?? 500;
      send(statusCode, meta?.headers ?? {}, {
        ...errorShape,
        message: isInputValidationError ? 'Input validation failed' : (errorShape?.message ?? error.message ?? 'An error occurred'),
        code: error.code,
        issues: isInputValidationError ? (error.cause as unknown as { issues: unknown }).issues : undefined,
      });
    }
  };
}

/** method → [path regexp, procedure], in router order (the first match wins, as in the library). */
function procedureTable(router: AnyRouter): Map<string, [RegExp, Entry][]> {
  const table = new Map<string, [RegExp, Entry][]>();
  for (const [path, p] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const openapi = p._def.meta?.openapi;
    if (!openapi || openapi.enabled === false || p._def.type === 'subscription') continue;
    const normal = `/${openapi.path.replace(/^\/|\/$/g, '')}`;
    const re = new RegExp(`^${normal.replace(/\{(.+?)\}/g, (_, key: string) => `(?<${key}>[^/]+)`)}$`, 'i');
    const list = table.get(openapi.method) ?? table.set(openapi.method, []).get(openapi.method)!;
    list.push([re, { type: p._def.type as 'query' | 'mutation', path, procedure: p }]);
  }
  return table;
}

/**
 * What the library worked out on every call, once: whether the procedure takes input
 * (not for z.void()/undefined/never) and, for an object input, its coercion of number,
 * boolean, bigint and date fields from strings (it sets `coerce` on those schemas).
 */
function prepareInput(procedure: AnyProcedure): { usesInput: boolean } {
  const inputs = procedure._def.inputs as z.ZodType[];
  const parser: z.ZodType =
    inputs.length >= 2
      ? inputs.reduce<z.ZodObject>((acc, i) => acc.merge(i as z.ZodObject), z.object({}))
      : inputs.length === 1
        ? inputs[0]!
        : z.object({});
  const unwrapped = unwrap(parser, true);
  const kind = kindOf(unwrapped);
  const usesInput = kind !== 'void' && kind !== 'undefined' && kind !== 'never';
  if (kind === 'object') coerce(unwrapped as z.ZodObject);
  return { usesInput };
}

function kindOf(t: unknown): string | undefined {
  return (t as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type;
}

/** trpc-to-openapi's unwrapZodType: arrays to their element, an enum to a string, wrappers to what they wrap. */
function unwrap(t: unknown, unwrapPreprocess: boolean): unknown {
  const s = t as {
    element: unknown;
    unwrap: () => unknown;
    def: { getter: () => unknown; out: unknown };
    _zod: { def: { in: unknown; out: unknown } };
  };
  switch (kindOf(t)) {
    case 'array':
      return unwrap(s.element, unwrapPreprocess);
    case 'enum':
      return STRING;
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
      return unwrap(s.unwrap(), unwrapPreprocess);
    case 'lazy':
      return unwrap(s.def.getter(), unwrapPreprocess);
    case 'pipe':
      if (!unwrapPreprocess) return t;
      if (kindOf(s._zod.def.out) === 'transform') return unwrap(s._zod.def.in, unwrapPreprocess);
      return unwrap(s.def.out, unwrapPreprocess);
    default:
      return t;
  }
}
const STRING = z.string();

function coerce(schema: z.ZodObject): void {
  for (const field of Object.values(schema.shape)) {
    const inner = unwrap(field, false);
    const kind = kindOf(unwrap(inner, false));
    if (kind === 'number' || kind === 'boolean' || kind === 'bigint' || kind === 'date')
      (inner as { _def: { coerce?: boolean } })._def.coerce = true;
    else if (kind === 'object') coerce(inner as z.ZodObject);
  }
}

/** Query string values, a key given once as its value, several times as the list (empty values left out, as the library does). */
function queryInput(req: FastifyRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const q = (req.query ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(q)) {
    const value = q[key];
    if (value) out[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return out;
}

function abortSignalOf(req: FastifyRequest, reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  const onAbort = () => {
    reply.raw.off('close', onAbort);
    req.raw.off('aborted', onAbort);
    ac.abort();
  };
  reply.raw.once('close', onAbort);
  req.raw.once('aborted', onAbort);
  return ac.signal;
}

function errorFromUnknown(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === 'TRPCError') return cause as TRPCError;
  const error = new TRPCError({
    message: 'Internal server error',
    code: 'INTERNAL_SERVER_ERROR',
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}
