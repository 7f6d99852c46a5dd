import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../../shared/rules/staff';
import type { AppDeps } from '../../deps';
import { createContext } from '../../trpc/context';
import { AppError, refuseUnstorableText, shopError, shopErrorBody } from '../../lib/errors';
import { PurchasePlanInputSchema } from '../../../shared/schemas/stock';
import { planCsv, planPdf, purchasePlan } from './purchase-plan';

/**
 * The harvest and purchase plan as files (decision 262): `.csv` like the order desk's export, `.pdf`
 * like the kitchen's printouts — plain Fastify routes with the same bearer-token check and permission
 * (stock:manage) as GET /api/admin/purchase-plan.
 */
export async function registerPurchasePlanFiles(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const fail = (reply: FastifyReply, req: FastifyRequest, e: unknown) => {
    const shaped = shopError(e);
    if (shaped.unexpected) req.log.error({ err: e }, 'purchase plan file failed');
    return reply
      .code(shaped.status)
      .headers(shaped.headers)
      .header('cache-control', 'no-store')
      .send(shopErrorBody(shaped, String(req.id)));
  };
  const file = (ext: 'csv' | 'pdf') => async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const ctx = await createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'rest' });
      if (!ctx.user)
        throw new AppError('UNAUTHORIZED', ctx.tokenRejected ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.');
      if (ctx.apiKey || !can(ctx.user.role, 'stock:manage'))
        throw new AppError('FORBIDDEN', 'The purchase plan is for kitchen staff, managers and owners.');
      refuseUnstorableText(req.query);
      const parsed = PurchasePlanInputSchema.safeParse(req.query ?? {});
      if (!parsed.success) return fail(reply, req, parsed.error);
      const plan = await purchasePlan(deps, parsed.data);
      const filename = `hydro-shakes-purchase-plan-${plan.dates[0]}`;
      if (ext === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}.csv"`)
          .header('cache-control', 'no-store')
          .send(planCsv(plan));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await planPdf(plan));
    } catch (e) {
      return fail(reply, req, e);
    }
  };
  app.get('/api/admin/purchase-plan.csv', file('csv'));
  app.get('/api/admin/purchase-plan.pdf', file('pdf'));
}
