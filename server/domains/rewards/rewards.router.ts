import { router } from '../../trpc/init';
import { staffProcedure, authedProcedure } from '../../trpc/procedures';
import {
  AdminAdjustInput,
  AdminCustomerRewardsInput,
  AdminCustomerRewardsSchema,
  AdminRewardsListInput,
  AdminRewardsPageSchema,
  RewardsPageInput,
  UserRewardsSchema,
} from '../../../shared/schemas/rewards';
import * as rewards from './rewards.service';

const adminTags = ['admin', 'rewards'];

export const rewardsRouter = router({
  mine: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/rewards',
        tags: ['rewards', 'user'],
        summary:
          'The signed-in customer’s reward points: balance, what the next order can redeem, the earning rules and the ledger (newest first, paged; total in X-Total-Count)',
        protect: true,
      },
    })
    .input(RewardsPageInput)
    .output(UserRewardsSchema)
    .query(({ ctx, input }) => rewards.userRewards(ctx.deps, ctx.user, input, ctx.resHeaders)),

  adminList: staffProcedure('rewards:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/rewards',
        tags: adminTags,
        summary: 'Customers’ points balances, most first; search by e-mail or name (X-Total-Count)',
        protect: true,
      },
    })
    .input(AdminRewardsListInput)
    .output(AdminRewardsPageSchema)
    .query(({ ctx, input }) => rewards.listBalances(ctx.deps, input, ctx.resHeaders)),

  adminLedger: staffProcedure('rewards:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/rewards/{userId}',
        tags: adminTags,
        summary: 'A customer’s points balance and ledger, newest first (X-Total-Count)',
        protect: true,
      },
    })
    .input(AdminCustomerRewardsInput)
    .output(AdminCustomerRewardsSchema)
    .query(({ ctx, input }) => rewards.customerLedger(ctx.deps, input, ctx.resHeaders)),

  adminAdjust: staffProcedure('rewards:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/rewards/{userId}/adjust',
        tags: adminTags,
        summary: 'Add (or, negative, take away) points with a reason; audited; never below zero (409 INSUFFICIENT_POINTS)',
        protect: true,
      },
    })
    .input(AdminAdjustInput)
    .output(AdminCustomerRewardsSchema)
    .mutation(({ ctx, input }) => rewards.adjust(ctx.deps, ctx.user, input, ctx.resHeaders)),
});
