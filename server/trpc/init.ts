import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { requestIdOfError, type Context } from './context';
import { shopError } from '../lib/errors';
import type { Permission } from '../../shared/rules/staff';

/**
 * Every procedure's meta: its REST path (trpc-to-openapi), and who may call it — set by the procedure
 * type (server/trpc/procedures.ts), never by hand: `access` says which type, `permission` what a
 * staff procedure needs (decision 136).
 */
export type ShopMeta = OpenApiMeta & {
  access?: 'public' | 'signed-in' | 'staff';
  permission?: Permission;
  /**
   * A signed-in procedure that reads the caller's session in its own first statement instead of a
   * read of its own before it (decision 320: placing an order). Its middleware confirms the session
   * before any answer leaves, whatever the procedure did.
   */
  sessionInItsStatement?: true;
};

export { INTERNAL_MESSAGE } from '../lib/errors';

/** The one initTRPC of the server. */
export const t = initTRPC
  .context<Context>()
  .meta<ShopMeta>()
  .create({
    // Subscriptions over SSE (the order page's live status): a ping keeps proxies from closing an
    // idle stream, and a client that hears nothing for 25 s reconnects.
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 25_000 } },
    // tRPC keeps its envelope ({ error: { message, code: -32…, data } }); `data` carries the shop's
    // own answer (server/lib/errors.ts shopError): code, fieldErrors, requestId, and the HTTP status.
    errorFormatter({ shape, error, ctx }) {
      const e = shopError(error);
      return {
        message: e.message,
        code: shape.code,
        data: {
          code: e.code,
          httpStatus: e.status,
          ...(e.fieldErrors ? { fieldErrors: e.fieldErrors } : {}),
          requestId: ctx?.req.id ?? requestIdOfError.get(error),
          path: shape.data.path,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
