import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z, ZodError } from 'zod';
import type { Context } from './context';
import { appCodeOf, AppError } from '../lib/errors';

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** The one initTRPC of the server. */
export const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Subscriptions over SSE (the order page's live status): a ping keeps proxies from closing an
    // idle stream, and a client that hears nothing for 25 s reconnects.
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 25_000 } },
    errorFormatter({ shape, error, ctx }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      const app = error instanceof AppError ? error : error.cause instanceof AppError ? error.cause : null;
      return {
        ...shape,
        message: internal ? INTERNAL_MESSAGE : zodError ? summariseZod(zodError) : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          appCode: internal ? 'INTERNAL' : zodError ? 'VALIDATION_FAILED' : appCodeOf(error),
          requestId: ctx?.req.id,
          fieldErrors: zodError ? z.flattenError(zodError).fieldErrors : undefined,
          details: app?.details,
          path: shape.data.path,
        },
      };
    },
  });

/** "email: Invalid email address; password: Too short" — readable in a toast or a log. */
export function summariseZod(err: ZodError): string {
  const parts = err.issues.slice(0, 5).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  return parts.length ? parts.join('; ') : 'The request is not valid.';
}

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
