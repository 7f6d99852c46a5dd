import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../../shared/rules/staff';
import type { AppDeps } from '../../deps';
import { createContext } from '../../trpc/context';
import { AppError, refuseUnstorableText, shopError, shopErrorBody } from '../../lib/errors';
import { KitchenSlotInputSchema } from '../../../shared/schemas/kitchen';
import * as kitchen from './kitchen.service';

/**
 * The kitchen's two printouts are files, not JSON (decision 181): plain Fastify routes with the same
 * bearer-token check and permission (kitchen:operate) as the kitchen's procedures.
 */
export async function registerKitchenFiles(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const fail = (reply: FastifyReply, req: FastifyRequest, e: unknown) => {
    const shaped = shopError(e);
    if (shaped.unexpected) req.log.error({ err: e }, 'kitchen file failed');
    return reply
      .code(shaped.status)
      .headers(shaped.headers)
      .header('cache-control', 'no-store')
      .send(shopErrorBody(shaped, String(req.id)));
  };
  const file =
    (render: (input: { date: string; slotId: string }) => Promise<{ pdf: Buffer; filename: string }>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const ctx = await createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'rest' });
        if (!ctx.user)
          throw new AppError(
            'UNAUTHORIZED',
            ctx.tokenRejected ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
          );
        // No API key scope grants the kitchen (shared/rules/staff.ts SCOPE_PERMISSIONS).
        if (ctx.apiKey || !can(ctx.user.role, 'kitchen:operate'))
          throw new AppError('FORBIDDEN', 'The kitchen is for kitchen staff, managers and owners.');
        refuseUnstorableText(req.query);
        const parsed = KitchenSlotInputSchema.safeParse(req.query ?? {});
        if (!parsed.success) return fail(reply, req, parsed.error);
        const { pdf, filename } = await render(parsed.data);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      } catch (e) {
        return fail(reply, req, e);
      }
    };
  app.get(
    '/api/admin/kitchen/prep-sheet.pdf',
    file((i) => kitchen.prepSheetPdf(deps, i)),
  );
  app.get(
    '/api/admin/kitchen/labels.pdf',
    file((i) => kitchen.labelsPdf(deps, i)),
  );
}
