import { z } from 'zod';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import {
  StaffInviteAnswerSchema,
  StaffInviteInputSchema,
  StaffListSchema,
  StaffUpdateAnswerSchema,
  StaffUpdateInputSchema,
} from '../../../shared/schemas/staff';
import * as staff from './staff.service';

const tags = ['admin', 'staff'];

/** /admin/staff (PRODUCT.md §17): the owner's team screen. */
export const staffRouter = router({
  list: staffProcedure('staff:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/staff',
        tags,
        summary: 'The team: role, access, invitation and last sign-in (owner only)',
        protect: true,
      },
    })
    .input(z.void())
    .output(StaffListSchema)
    .query(({ ctx }) => staff.list(ctx.deps)),

  invite: staffProcedure('staff:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/staff',
        tags,
        summary: 'Invite someone by e-mail with a role: they get a link to set a password (owner only; audited)',
        protect: true,
      },
    })
    .input(StaffInviteInputSchema)
    .output(StaffInviteAnswerSchema)
    .mutation(({ ctx, input }) => staff.invite(ctx.deps, ctx.user, input)),

  update: staffProcedure('staff:manage')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/staff/{id}',
        tags,
        summary: 'Change a staff member’s role, or disable / enable them: their sessions end on every server at once (owner only; audited)',
        protect: true,
      },
    })
    .input(StaffUpdateInputSchema)
    .output(StaffUpdateAnswerSchema)
    .mutation(({ ctx, input }) => staff.update(ctx.deps, ctx.user, input)),
});
