import { z } from 'zod';
import { router } from '../../trpc/init';
import { staffProcedure, authedProcedure, publicProcedure } from '../../trpc/procedures';
import {
  AdminExtendInputSchema,
  AdminRefundInputSchema,
  AdminSubscriptionDetailSchema,
  AdminSubscriptionListInputSchema,
  AdminSubscriptionListSchema,
  AutoRenewInputSchema,
  CancelInputSchema,
  CreateSubscriptionPaymentInputSchema,
  PauseInputSchema,
  PlanInputSchema,
  PlanListSchema,
  PlanSchema,
  PlanUpdateInputSchema,
  RenewInputSchema,
  SubscriptionCheckoutSchema,
  SubscriptionHistorySchema,
  SubscriptionIdInput,
  SubscriptionPaymentResultSchema,
  SubscriptionSchema,
  SubscriptionStatusAnswerSchema,
  SubscriptionUsageSchema,
  TestCompleteSubscriptionInputSchema,
  VerifySubscriptionPaymentInputSchema,
} from '../../../shared/schemas/subscriptions';
import * as subs from './subscriptions.service';
import * as billing from './subscriptions.billing';
import * as desk from './subscriptions.admin.service';

const Empty = z.object({}).optional();
const tags = ['subscriptions'];
const adminTags = ['admin', 'subscriptions'];

export const subscriptionsRouter = router({
  plans: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/subscription-plans', tags, summary: 'The plans on offer (price, period, free units, rule, perks)', protect: false } })
    .input(Empty)
    .output(PlanListSchema)
    .query(({ ctx }) => subs.listPlans(ctx.deps)),

  createPayment: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/subscription-payment/create',
        tags: ['subscriptions', 'payment'],
        summary:
          'Start buying a plan (send an Idempotency-Key header): a gateway order for the plan’s price. Buying the plan you have queues its next period.',
        protect: true,
      },
    })
    .input(CreateSubscriptionPaymentInputSchema)
    .output(SubscriptionCheckoutSchema)
    .mutation(({ ctx, input }) => billing.createPayment(ctx.deps, ctx.user, input, ctx.req.headers['idempotency-key'])),

  verifyPayment: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/subscription-payment/verify',
        tags: ['subscriptions', 'payment'],
        summary: 'Verify Razorpay Checkout’s success callback for a subscription payment (400 INVALID_SIGNATURE when it does not match)',
        protect: true,
      },
    })
    .input(VerifySubscriptionPaymentInputSchema)
    .output(SubscriptionPaymentResultSchema)
    .mutation(({ ctx, input }) => billing.verifyPayment(ctx.deps, ctx.user, input)),

  testComplete: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/subscription-payment/test/complete',
        tags: ['subscriptions', 'payment'],
        summary: 'Test payment mode only: complete a subscription payment with success or failure; 404 in Razorpay mode',
        protect: true,
      },
    })
    .input(TestCompleteSubscriptionInputSchema)
    .output(SubscriptionPaymentResultSchema)
    .mutation(({ ctx, input }) => billing.completeTestPayment(ctx.deps, ctx.user, input)),

  status: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/subscription-status',
        tags,
        summary: 'hasActiveSubscription, plan, status, period end, remaining free units',
        protect: true,
      },
    })
    .input(Empty)
    .output(SubscriptionStatusAnswerSchema)
    .query(({ ctx }) => subs.status(ctx.deps, ctx.user)),

  usage: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/subscription/usage',
        tags,
        summary: 'Free units in the running period: period start and end, allowed, used, remaining',
        protect: true,
      },
    })
    .input(Empty)
    .output(SubscriptionUsageSchema)
    .query(({ ctx }) => subs.usage(ctx.deps, ctx.user)),

  history: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/subscriptions', tags, summary: 'The customer’s subscriptions, newest first', protect: true },
    })
    .input(Empty)
    .output(SubscriptionHistorySchema)
    .query(({ ctx }) => subs.history(ctx.deps, ctx.user)),

  pause: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/subscriptions/{id}/pause',
        tags,
        summary: 'Pause for 1–14 days, once per period (the period end moves by the pause)',
        protect: true,
      },
    })
    .input(PauseInputSchema)
    .output(SubscriptionSchema)
    .mutation(({ ctx, input }) => subs.pause(ctx.deps, ctx.user, input)),

  resume: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/subscriptions/{id}/resume',
        tags,
        summary: 'Resume a paused subscription early (unused pause days come off the period end)',
        protect: true,
      },
    })
    .input(SubscriptionIdInput)
    .output(SubscriptionSchema)
    .mutation(({ ctx, input }) => subs.resume(ctx.deps, ctx.user, input)),

  cancel: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/subscriptions/{id}/cancel',
        tags,
        summary: 'Cancel with a reason: benefits continue to the end of the paid time, nothing renews',
        protect: true,
      },
    })
    .input(CancelInputSchema)
    .output(SubscriptionSchema)
    .mutation(({ ctx, input }) => subs.cancel(ctx.deps, ctx.user, input)),

  renew: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/subscriptions/{id}/renew',
        tags,
        summary: 'Pay for the next period (send an Idempotency-Key header); it starts at the current end, or now when it has ended',
        protect: true,
      },
    })
    .input(RenewInputSchema)
    .output(SubscriptionCheckoutSchema)
    .mutation(({ ctx, input }) => billing.renew(ctx.deps, ctx.user, input, ctx.req.headers['idempotency-key'])),

  autoRenew: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/subscriptions/{id}/auto-renew',
        tags,
        summary: 'Switch automatic renewal on or off',
        protect: true,
      },
    })
    .input(AutoRenewInputSchema)
    .output(SubscriptionSchema)
    .mutation(({ ctx, input }) => subs.setAutoRenew(ctx.deps, ctx.user, input)),

  // ---------- Admin ----------

  adminList: staffProcedure('subscriptions:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/subscriptions',
        tags: adminTags,
        summary: 'Subscriptions, filtered by plan, status, renewing soon (7 days) and customer',
        protect: true,
      },
    })
    .input(AdminSubscriptionListInputSchema)
    .output(AdminSubscriptionListSchema)
    .query(({ ctx, input }) => desk.adminList(ctx.deps, input, ctx.resHeaders)),

  adminDetail: staffProcedure('subscriptions:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/subscriptions/{id}',
        tags: adminTags,
        summary: 'One subscription with its periods, payments and free units used',
        protect: true,
      },
    })
    .input(SubscriptionIdInput)
    .output(AdminSubscriptionDetailSchema)
    .query(({ ctx, input }) => desk.adminDetail(ctx.deps, input.id)),

  adminExtend: staffProcedure('subscriptions:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/subscriptions/{id}/extend',
        tags: adminTags,
        summary: 'Extend the paid time by some days (audited)',
        protect: true,
      },
    })
    .input(AdminExtendInputSchema)
    .output(AdminSubscriptionDetailSchema)
    .mutation(({ ctx, input }) => desk.adminExtend(ctx.deps, ctx.user, input)),

  adminPause: staffProcedure('subscriptions:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/subscriptions/{id}/pause',
        tags: adminTags,
        summary: 'Pause for 1–14 days (audited)',
        protect: true,
      },
    })
    .input(PauseInputSchema)
    .output(AdminSubscriptionDetailSchema)
    .mutation(({ ctx, input }) => desk.adminPause(ctx.deps, ctx.user, input)),

  adminResume: staffProcedure('subscriptions:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/subscriptions/{id}/resume',
        tags: adminTags,
        summary: 'Resume a paused subscription (audited)',
        protect: true,
      },
    })
    .input(SubscriptionIdInput)
    .output(AdminSubscriptionDetailSchema)
    .mutation(({ ctx, input }) => desk.adminResume(ctx.deps, ctx.user, input)),

  adminCancel: staffProcedure('subscriptions:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/subscriptions/{id}/cancel',
        tags: adminTags,
        summary: 'Cancel with a reason; runs to the end of the paid time (audited)',
        protect: true,
      },
    })
    .input(CancelInputSchema)
    .output(AdminSubscriptionDetailSchema)
    .mutation(({ ctx, input }) => desk.adminCancel(ctx.deps, ctx.user, input)),

  adminRefund: staffProcedure('subscriptions:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/subscriptions/{id}/refund',
        tags: adminTags,
        summary: 'Refund (part of) a paid subscription payment (audited; never more than was paid)',
        protect: true,
      },
    })
    .input(AdminRefundInputSchema)
    .output(AdminSubscriptionDetailSchema)
    .mutation(({ ctx, input }) => desk.adminRefund(ctx.deps, ctx.user, input)),

  adminPlans: staffProcedure('subscriptions:read')
    .meta({
      openapi: { method: 'GET', path: '/admin/subscription-plans', tags: adminTags, summary: 'Every plan, offered or not', protect: true },
    })
    .input(Empty)
    .output(PlanListSchema)
    .query(({ ctx }) => desk.adminPlans(ctx.deps)),

  adminCreatePlan: staffProcedure('subscriptions:write')
    .meta({
      openapi: { method: 'POST', path: '/admin/subscription-plans', tags: adminTags, summary: 'Create a plan (audited)', protect: true },
    })
    .input(PlanInputSchema)
    .output(PlanSchema)
    .mutation(({ ctx, input }) => desk.adminCreatePlan(ctx.deps, ctx.user, input)),

  adminUpdatePlan: staffProcedure('subscriptions:write')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/subscription-plans/{id}',
        tags: adminTags,
        summary: 'Edit or deactivate a plan (audited). Existing subscribers keep what they bought.',
        protect: true,
      },
    })
    .input(PlanUpdateInputSchema)
    .output(PlanSchema)
    .mutation(({ ctx, input }) => desk.adminUpdatePlan(ctx.deps, ctx.user, input)),
});
