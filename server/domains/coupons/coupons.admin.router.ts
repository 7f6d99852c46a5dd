import { z } from 'zod';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import {
  AdminCouponListSchema,
  AdminCouponSchema,
  CouponFieldsSchema,
  CouponIdInputSchema,
  CouponUsageSchema,
  UpdateCouponInputSchema,
} from '../../../shared/schemas/coupons';
import * as coupons from './coupons.service';

const tags = ['admin'];

/** /admin/coupons: list with uses and what is left, create, edit, deactivate, usage per coupon. Changes are audited. */
export const adminCouponsRouter = router({
  list: staffProcedure('coupons:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/coupons',
        tags,
        summary: 'Every coupon with its uses, what is left and the discount given',
        protect: true,
      },
    })
    .input(z.void())
    .output(AdminCouponListSchema)
    .query(({ ctx }) => coupons.list(ctx.deps)),

  create: staffProcedure('coupons:manage')
    .meta({ openapi: { method: 'POST', path: '/admin/coupons', tags, summary: 'Create a coupon (audited)', protect: true } })
    .input(CouponFieldsSchema)
    .output(AdminCouponSchema)
    .mutation(({ ctx, input }) => coupons.create(ctx.deps, ctx.user, input)),

  update: staffProcedure('coupons:manage')
    .meta({ openapi: { method: 'PUT', path: '/admin/coupons/{id}', tags, summary: 'Edit a coupon (audited)', protect: true } })
    .input(UpdateCouponInputSchema)
    .output(AdminCouponSchema)
    .mutation(({ ctx, input }) => coupons.update(ctx.deps, ctx.user, input.id, input.coupon)),

  deactivate: staffProcedure('coupons:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/coupons/{id}/deactivate',
        tags,
        summary: 'Stop a coupon being used (audited)',
        protect: true,
      },
    })
    .input(CouponIdInputSchema)
    .output(AdminCouponSchema)
    .mutation(({ ctx, input }) => coupons.deactivate(ctx.deps, ctx.user, input.id)),

  usage: staffProcedure('coupons:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/coupons/{id}/usage',
        tags,
        summary: 'The orders that used a coupon and the discount each got',
        protect: true,
      },
    })
    .input(CouponIdInputSchema)
    .output(CouponUsageSchema)
    .query(({ ctx, input }) => coupons.usage(ctx.deps, input.id)),
});
