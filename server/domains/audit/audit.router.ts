import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import { AuditLogInputSchema, AuditLogPageSchema } from '../../../shared/schemas/audit';
import * as audit from './audit.service';

export const auditRouter = router({
  list: staffProcedure('audit:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/audit-log',
        tags: ['admin'],
        summary:
          'The audit log of admin actions, newest first; filter by entity, entity id, actor (e-mail or user id) and action prefix (X-Total-Count)',
        protect: true,
      },
    })
    .input(AuditLogInputSchema)
    .output(AuditLogPageSchema)
    .query(({ ctx, input }) => audit.listAudit(ctx.deps, input, ctx.resHeaders)),
});
