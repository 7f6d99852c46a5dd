import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { TRPCError } from '@trpc/server';
import { appRouter } from '../trpc/router';
import { createContext, type Context } from '../trpc/context';
import type { AppDeps } from '../deps';
import { AppError, HTTP_STATUS } from '../lib/errors';
import { INTERNAL_MESSAGE } from '../trpc/init';
import { checkOpenApiRouter, createRestHandler } from '../trpc/rest-handler';
import { createRpcHandler } from '../trpc/rpc-handler';

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

/** The options both /trpc paths share: context, response headers, error logging. */
function trpcOptions(deps: AppDeps) {
  return {
    router: appRouter,
    createContext: ({ req }: { req: FastifyRequest }) =>
      createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'trpc' }),
    responseMeta: ({ ctx, errors }: { ctx?: Context; errors: readonly TRPCError[] }) => ({
      headers: { 'cache-control': 'no-store', ...(ctx?.resHeaders ?? {}), ...errorHeaders(errors) },
    }),
    onError: ({ error, path, req }: { error: TRPCError; path?: string; req: FastifyRequest }) =>
      logError(deps, error, path, { id: String(req.id) }),
  };
}

/**
 * /trpc: the typed client's endpoint. Its JSON parser stays inside this scope.
 *
 * The scope does what tRPC's fastifyTRPCPlugin does (body kept as a string, one route
 * `/trpc/:path`), but the route first offers the request to our own handler
 * (trpc/rpc-handler.ts: queries, mutations, batches, without the Fetch round trip) and hands
 * anything else (subscriptions, streaming, HEAD, bad input, unknown paths) to the adapter's own
 * `fastifyRequestHandler`, unchanged. `useOfficialAdapter` skips our handler (tests compare the two).
 */
export async function registerTrpc(app: FastifyInstance, deps: AppDeps, options: { useOfficialAdapter?: boolean } = {}): Promise<void> {
  const opts = trpcOptions(deps);
  const fast = options.useOfficialAdapter ? null : createRpcHandler<Context>(opts);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
  app.all('/trpc/:path', async (req, reply) => {
    const path = (req.params as { path: string }).path;
    if (fast && (await fast(req, reply, path))) return reply;
    await fastifyRequestHandler({ ...opts, req, res: reply, path });
    return reply;
  });
}

/**
 * /api: the same procedures as REST (trpc-to-openapi's paths and semantics, served by
 * our own handler, see trpc/rest-handler.ts) so that error bodies carry the shop's own
 * `code` (SLOT_FULL, not CONFLICT) and procedures can set headers like X-Total-Count.
 */
export async function registerRest(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await checkOpenApiRouter(appRouter);
  const handler = createRestHandler<Context>({
    router: appRouter,
    createContext: ({ req }) => createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'rest' }),
    responseMeta: ({ ctx, errors }) => ({
      headers: { 'cache-control': 'no-store', ...(ctx?.resHeaders ?? {}), ...errorHeaders(errors) },
    }),
    onError: ({ error, path, req }) => logError(deps, error, path, { id: String(req.id) }),
    errorBody: (body, req) => restErrorBody(body, String(req.id)),
  });

  const route = async (request: FastifyRequest, reply: FastifyReply) => {
    // The procedure paths are declared without /api.
    await handler(request, reply, (request.url ?? '/').replace(/^\/api/, '') || '/');
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
