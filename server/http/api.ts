import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { TRPCError } from '@trpc/server';
import { appRouter } from '../trpc/router';
import { createContext, type Context } from '../trpc/context';
import type { AppDeps } from '../deps';
import { AppError, HTTP_STATUS } from '../lib/errors';
import { INTERNAL_MESSAGE } from '../trpc/init';

function errorHeaders(errors: readonly TRPCError[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const e of errors) {
    const app = e instanceof AppError ? e : e.cause instanceof AppError ? e.cause : null;
    if (app?.retryAfter) headers['Retry-After'] = String(Math.max(1, Math.ceil(app.retryAfter)));
  }
  return headers;
}

function logError(deps: AppDeps, error: TRPCError, path: string | undefined, req: { id: string }) {
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    deps.log.error({ err: error.cause ?? error, path, reqId: req.id }, 'unhandled error in procedure');
  }
}

/** /trpc: the typed client's endpoint. Its JSON parser stays inside this scope. */
export async function registerTrpc(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }: { req: FastifyRequest }) =>
        createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'trpc' }),
      responseMeta: ({ ctx, errors }: { ctx?: Context; errors: readonly TRPCError[] }) => ({
        headers: { 'cache-control': 'no-store', ...(ctx?.resHeaders ?? {}), ...errorHeaders(errors) },
      }),
      onError: ({ error, path, req }: { error: TRPCError; path?: string; req: FastifyRequest }) =>
        logError(deps, error, path, { id: String(req.id) }),
    },
  });
}

/**
 * /api: the same procedures as REST (trpc-to-openapi). Wrapped here rather than
 * through the library's Fastify plugin so that error bodies carry the shop's own
 * `code` (SLOT_FULL, not CONFLICT) and procedures can set headers like X-Total-Count.
 */
export async function registerRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const handler = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req }: { req: FastifyRequest }) =>
      createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'rest' }),
    responseMeta: ({ ctx, errors }: { ctx?: Context; errors: readonly TRPCError[] }) => ({
      headers: { 'cache-control': 'no-store', ...(ctx?.resHeaders ?? {}), ...errorHeaders(errors) },
    }),
    onError: ({ error, path, req }: { error: TRPCError; path?: string; req: FastifyRequest }) =>
      logError(deps, error, path, { id: String(req.id) }),
  } as never);

  const route = async (request: FastifyRequest, reply: FastifyReply) => {
    // The handler speaks node-http; give it the few methods it uses on top of Fastify's objects.
    const req = request as unknown as Record<string, unknown>;
    const originalUrl = request.raw.url;
    req.once = request.raw.once.bind(request.raw);
    req.on = request.raw.on.bind(request.raw);
    req.off = request.raw.off.bind(request.raw);
    req.destroy = request.raw.destroy.bind(request.raw);
    const res = reply as unknown as Record<string, unknown>;
    Object.defineProperty(res, 'statusCode', {
      set: (v: number) => void reply.code(v),
      get: () => reply.raw.statusCode,
      configurable: true,
    });
    res.setHeader = (k: string, v: string) => void reply.header(k, v);
    res.end = (data: string) => {
      if (reply.sent) return;
      if (reply.raw.statusCode >= 400 && typeof data === 'string') data = restErrorBody(data, String(request.id));
      void reply.send(data);
    };
    res.once = reply.raw.once.bind(reply.raw);
    res.on = reply.raw.on.bind(reply.raw);
    res.off = reply.raw.off.bind(reply.raw);
    res.emit = reply.raw.emit.bind(reply.raw);
    res.removeListener = reply.raw.removeListener.bind(reply.raw);
    res.socket = reply.raw.socket;
    res.connection = reply.raw.socket;
    // The handler reads the URL synchronously before its first await: hand it the path
    // without /api, then put the real URL back for logging and hooks.
    request.raw.url = (originalUrl ?? '/').replace(/^\/api/, '') || '/';
    const done = handler(req as never, res as never);
    request.raw.url = originalUrl;
    await done;
    return reply;
  };
  app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/api/*', handler: route });
}

/** Reshape trpc-to-openapi's error body: top-level message + the shop's code, field errors, request id. */
function restErrorBody(raw: string, requestId: string): string {
  try {
    const body = JSON.parse(raw) as {
      message?: string;
      code?: string;
      data?: { appCode?: string; fieldErrors?: unknown; details?: unknown; httpStatus?: number };
      issues?: unknown;
    };
    const isValidation = body.message === 'Input validation failed';
    const code = isValidation ? 'VALIDATION_FAILED' : (body.data?.appCode ?? body.code ?? 'INTERNAL');
    const out = {
      message:
        code === 'INTERNAL'
          ? INTERNAL_MESSAGE
          : isValidation
            ? validationMessage(body.issues)
            : code === 'NOT_FOUND' && body.message === 'Not found'
              ? 'There is no API operation at this path. See /api/docs.'
              : (body.message ?? 'The request could not be completed.'),
      code,
      requestId,
      ...(isValidation ? { fieldErrors: fieldErrors(body.issues), issues: body.issues } : {}),
      ...(body.data?.fieldErrors ? { fieldErrors: body.data.fieldErrors } : {}),
      ...(body.data?.details ? { details: body.data.details } : {}),
    };
    return JSON.stringify(out);
  } catch {
    return JSON.stringify({ message: INTERNAL_MESSAGE, code: 'INTERNAL', requestId });
  }
}

type Issue = { path?: (string | number)[]; message?: string };
function validationMessage(issues: unknown): string {
  const list = Array.isArray(issues) ? (issues as Issue[]) : [];
  const parts = list.slice(0, 5).map((i) => (i.path?.length ? `${i.path.join('.')}: ${i.message}` : String(i.message)));
  return parts.length ? parts.join('; ') : 'The request is not valid.';
}
function fieldErrors(issues: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of Array.isArray(issues) ? (issues as Issue[]) : []) {
    const key = i.path?.length ? String(i.path[0]) : '_';
    (out[key] ??= []).push(String(i.message));
  }
  return out;
}

export { HTTP_STATUS };
