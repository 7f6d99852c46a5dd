import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../../shared/rules/staff';
import type { AppDeps } from '../../deps';
import { createContext, type AuthUser } from '../../trpc/context';
import { AppError, refuseUnstorableText, shopError, shopErrorBody } from '../../lib/errors';
import { AdminOrdersInputSchema } from '../../../shared/schemas/order-lifecycle';
import { OrderIdInput } from '../../../shared/schemas/orders';
import * as desk from './orders.admin.service';
import * as orders from './orders.service';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { istToday } from '../../../shared/rules/slots';
import { ORDER_EVENTS_CHANNEL } from './order-events';

/**
 * The two order answers that are files, not JSON: the admin desk's CSV export
 * and the tax invoice PDF. Plain Fastify routes (more specific than the REST
 * catch-all, so they win), with the same bearer-token check as every procedure.
 */
export async function registerOrderFiles(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Listen on the order events channel from boot: on PostgreSQL the LISTEN is then in place before
  // the first order page subscribes, so no change published right after a page opens is missed.
  deps.bus.subscribe(ORDER_EVENTS_CHANNEL, () => {});
  const who = async (req: FastifyRequest): Promise<{ user: AuthUser | null; rejected: boolean }> => {
    const ctx = await createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'rest' });
    return { user: ctx.user, rejected: ctx.tokenRejected };
  };
  const fail = (reply: FastifyReply, req: FastifyRequest, e: unknown) => {
    const shaped = shopError(e);
    if (shaped.unexpected) req.log.error({ err: e }, 'order file failed');
    return reply
      .code(shaped.status)
      .headers(shaped.headers)
      .header('cache-control', 'no-store')
      .send(shopErrorBody(shaped, String(req.id)));
  };
  const signIn = (rejected: boolean) =>
    new AppError('UNAUTHORIZED', rejected ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.');

  app.get('/api/admin/orders/export.csv', async (req, reply) => {
    try {
      const { user, rejected } = await who(req);
      if (!user) throw signIn(rejected);
      if (!can(user.role, 'orders:read')) throw new AppError('FORBIDDEN', 'This area is for administrators only.');
      refuseUnstorableText(req.query);
      const parsed = AdminOrdersInputSchema.omit({ page: true, pageSize: true }).safeParse(req.query ?? {});
      if (!parsed.success) return fail(reply, req, parsed.error);
      const { csv, rows } = await desk.exportCsv(deps, parsed.data);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="hydro-shakes-orders-${istToday(deps.clock.now())}.csv"`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(rows))
        .send(csv);
    } catch (e) {
      return fail(reply, req, e);
    }
  });

  app.get<{ Params: { id: string } }>('/api/orders/:id/invoice.pdf', async (req, reply) => {
    try {
      const { user, rejected } = await who(req);
      if (!user) throw signIn(rejected);
      // A malformed id is simply an order that does not exist.
      const parsed = OrderIdInput.safeParse({ id: req.params.id });
      if (!parsed.success) throw new AppError('NOT_FOUND', 'That order was not found.');
      const inv = await orders.getInvoice(deps, user, parsed.data.id);
      const pdf = await renderInvoicePdf(inv);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="Hydro-Shakes-invoice-${inv.number.replace(/\//g, '-')}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    } catch (e) {
      return fail(reply, req, e);
    }
  });
}
