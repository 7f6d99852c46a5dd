import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import {
  AutopaySchema,
  AutoRechargeInputSchema,
  DebitIdInputSchema,
  MandateStartSchema,
  MandateTestCompleteInputSchema,
  MandateVerifyInputSchema,
  PauseInputSchema,
  StartMandateInputSchema,
  TestDebitsInputSchema,
} from '../../../shared/schemas/autopay';
import * as autopay from './autopay.service';

const tags = ['autopay', 'user'];
const NoInput = z.object({});

export const autopayRouter = router({
  start: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/autopay/mandate',
        tags,
        summary:
          'Start UPI AutoPay: the authorisation order for a mandate up to maxAmount (≤ ₹15,000 a debit, as presented, 10 years); Idempotency-Key header required — one key makes one gateway order however many requests race',
        protect: true,
      },
    })
    .input(StartMandateInputSchema)
    .output(MandateStartSchema)
    .mutation(({ ctx, input }) => autopay.startMandate(ctx.deps, ctx.user, input, ctx.req.headers['idempotency-key'])),

  verify: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/autopay/mandate/verify',
        tags,
        summary: 'Checkout’s callback after the authorisation payment (signature checked): the mandate becomes active with its token',
        protect: true,
      },
    })
    .input(MandateVerifyInputSchema)
    .output(AutopaySchema)
    .mutation(({ ctx, input }) => autopay.verifyMandate(ctx.deps, ctx.user, input)),

  testComplete: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/autopay/mandate/test/complete',
        tags,
        summary: 'Test payment mode only: authorise (or decline) the AutoPay mandate; 404 in Razorpay mode',
        protect: true,
      },
    })
    .input(MandateTestCompleteInputSchema)
    .output(AutopaySchema)
    .mutation(({ ctx, input }) => autopay.completeTestMandate(ctx.deps, ctx.user, input)),

  testDebits: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/autopay/test/debits',
        tags,
        summary: 'Test payment mode only: what the simulated bank answers to the mandate’s next debits (success, failure, decline_later); 404 in Razorpay mode',
        protect: true,
      },
    })
    .input(TestDebitsInputSchema)
    .output(AutopaySchema)
    .mutation(({ ctx, input }) => autopay.setTestDebits(ctx.deps, ctx.user, input)),

  get: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/autopay', tags, summary: 'The AutoPay mandate (status, maximum, bank or app), the wallet auto-recharge setting and recent debits' },
    })
    .input(NoInput)
    .output(AutopaySchema)
    .query(({ ctx }) => autopay.getAutopay(ctx.deps, ctx.user)),

  pause: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/user/autopay/pause', tags, summary: 'Pause AutoPay (no debits; those announced are cancelled) or resume it', protect: true },
    })
    .input(PauseInputSchema)
    .output(AutopaySchema)
    .mutation(({ ctx, input }) => autopay.pause(ctx.deps, ctx.user, input.paused)),

  revoke: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/user/autopay', tags, summary: 'Cancel AutoPay: the mandate is revoked at the gateway (NPCI), then no debit is ever made on it', protect: true },
    })
    .input(NoInput)
    .output(AutopaySchema)
    .mutation(({ ctx }) => autopay.revoke(ctx.deps, ctx.user)),

  cancelDebit: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/autopay/debits/{id}/cancel',
        tags,
        summary: 'Cancel an announced AutoPay debit before it is made (the pre-debit notice’s Cancel); 409 once made',
        protect: true,
      },
    })
    .input(DebitIdInputSchema)
    .output(AutopaySchema)
    .mutation(({ ctx, input }) => autopay.cancelDebit(ctx.deps, ctx.user, input.id)),

  autoRecharge: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/wallet/auto-recharge',
        tags: ['autopay', 'wallet', 'user'],
        summary: 'Wallet auto-recharge through AutoPay: below threshold (paise) add amount (paise), announced 24 hours ahead; or { off: true }',
        protect: true,
      },
    })
    .input(AutoRechargeInputSchema)
    .output(AutopaySchema)
    .mutation(({ ctx, input }) => autopay.setAutoRecharge(ctx.deps, ctx.user, input)),
});
