import { router } from '../../trpc/init';
import { staffProcedure, authedProcedure } from '../../trpc/procedures';
import { OrderIdInput } from '../../../shared/schemas/orders';
import {
  AdminChargesInputSchema,
  AdminChargesPageSchema,
  AdminRefundSchema,
  PaymentResultSchema,
  RefundIdInputSchema,
  RetryPaymentSchema,
  TestCompleteInputSchema,
  VerifyPaymentInputSchema,
} from '../../../shared/schemas/payments';
import * as payments from './payments.service';
import * as charges from './charges.service';

/** The webhook (raw body, signature-checked) is a plain Fastify route: see payments.webhook.ts. */
export const paymentsRouter = router({
  verify: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payment/verify',
        tags: ['payment'],
        summary:
          'Verify Razorpay Checkout’s success callback (400 INVALID_SIGNATURE when the signature does not match; nothing is written)',
        protect: true,
      },
    })
    .input(VerifyPaymentInputSchema)
    .output(PaymentResultSchema)
    .mutation(({ ctx, input }) => payments.verifyPayment(ctx.deps, ctx.user, input)),

  retry: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/{id}/payment',
        tags: ['payment', 'orders'],
        summary: 'A new payment attempt for an online order still waiting for payment',
        protect: true,
      },
    })
    .input(OrderIdInput)
    .output(RetryPaymentSchema)
    .mutation(({ ctx, input }) => payments.retryPayment(ctx.deps, ctx.user, input.id)),

  testComplete: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payment/test/complete',
        tags: ['payment'],
        summary: 'Test payment mode only (no Razorpay keys): complete the payment with success or failure; 404 in Razorpay mode',
        protect: true,
      },
    })
    .input(TestCompleteInputSchema)
    .output(PaymentResultSchema)
    .mutation(({ ctx, input }) => payments.completeTestPayment(ctx.deps, ctx.user, input)),

  retryRefund: staffProcedure('orders:refund')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/refunds/{id}/retry',
        tags: ['payment', 'admin'],
        summary:
          'Send again a refund the gateway finally refused (status failed), under its same idempotency key so it is never made twice; audited. 409 when it is pending or made',
        protect: true,
      },
    })
    .input(RefundIdInputSchema)
    .output(AdminRefundSchema)
    .mutation(({ ctx, input }) => payments.retryFailedRefund(ctx.deps, ctx.user, input.id)),

  adminCharges: staffProcedure('orders:refund')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/charges',
        tags: ['payment', 'admin'],
        summary:
          'Every charge the shop made — order payments, subscription payments, wallet top-ups, cash on delivery and wallet-paid orders — with kind, status, amounts and gateway ids, newest first (X-Total-Count)',
        protect: true,
      },
    })
    .input(AdminChargesInputSchema)
    .output(AdminChargesPageSchema)
    .query(({ ctx, input }) => charges.listCharges(ctx.deps, input, ctx.resHeaders)),
});
