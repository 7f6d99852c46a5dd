import { router } from '../../trpc/init';
import { staffProcedure, authedProcedure } from '../../trpc/procedures';
import {
  AdminCustomerWalletInput,
  AdminCustomerWalletSchema,
  AdminWalletAdjustInput,
  AdminWalletsListInput,
  AdminWalletsPageSchema,
  RefundBalanceInputSchema,
  RefundBalanceResultSchema,
  TopUpInputSchema,
  TopUpResultSchema,
  TopUpStartSchema,
  UserWalletSchema,
  WalletPageInput,
} from '../../../shared/schemas/wallet';
import { CheckoutSuccessInput, TestCompleteGatewayOrderInput } from '../../../shared/schemas/common';
import * as wallet from './wallet.service';

const tags = ['wallet', 'user'];
const adminTags = ['admin', 'wallet'];

export const walletRouter = router({
  mine: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/wallet',
        tags,
        summary:
          'The signed-in customer’s wallet: balance, what a balance refund would return, top-up limits and the ledger (newest first, paged; X-Total-Count)',
        protect: true,
      },
    })
    .input(WalletPageInput)
    .output(UserWalletSchema)
    .query(({ ctx, input }) => wallet.userWallet(ctx.deps, ctx.user, input, ctx.resHeaders)),

  topUp: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/wallet/top-up',
        tags: ['wallet', 'payment'],
        summary: 'Start a top-up of ₹200–₹20,000 (amount in paise; send an Idempotency-Key header): a gateway order for that amount',
        protect: true,
      },
    })
    .input(TopUpInputSchema)
    .output(TopUpStartSchema)
    .mutation(({ ctx, input }) => wallet.createTopUp(ctx.deps, ctx.user, input, ctx.req.headers['idempotency-key'])),

  verifyTopUp: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/wallet/top-up/verify',
        tags: ['wallet', 'payment'],
        summary: 'Checkout’s success callback for a top-up: the signature is checked and the wallet credited once (400 on a bad signature)',
        protect: true,
      },
    })
    .input(CheckoutSuccessInput)
    .output(TopUpResultSchema)
    .mutation(({ ctx, input }) => wallet.verifyTopUp(ctx.deps, ctx.user, input)),

  testCompleteTopUp: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/wallet/top-up/test/complete',
        tags: ['wallet', 'payment'],
        summary: 'Test payment mode only: complete a top-up with success or failure; 404 in Razorpay mode',
        protect: true,
      },
    })
    .input(TestCompleteGatewayOrderInput)
    .output(TopUpResultSchema)
    .mutation(({ ctx, input }) => wallet.completeTestTopUp(ctx.deps, ctx.user, input)),

  refundBalance: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/wallet/refund',
        tags,
        summary:
          'Refund my balance: what came from top-ups goes back to those payments, newest first, through the refund outbox (send an Idempotency-Key header)',
        protect: true,
      },
    })
    .input(RefundBalanceInputSchema)
    .output(RefundBalanceResultSchema)
    .mutation(({ ctx, input }) => wallet.refundBalance(ctx.deps, ctx.user, input, ctx.req.headers['idempotency-key'])),

  adminList: staffProcedure('wallets:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/wallets',
        tags: adminTags,
        summary: 'Customers’ wallet balances, largest first; search by e-mail or name (X-Total-Count)',
        protect: true,
      },
    })
    .input(AdminWalletsListInput)
    .output(AdminWalletsPageSchema)
    .query(({ ctx, input }) => wallet.listWallets(ctx.deps, input, ctx.resHeaders)),

  adminLedger: staffProcedure('wallets:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/wallets/{userId}',
        tags: adminTags,
        summary: 'A customer’s wallet balance and ledger, newest first (X-Total-Count)',
        protect: true,
      },
    })
    .input(AdminCustomerWalletInput)
    .output(AdminCustomerWalletSchema)
    .query(({ ctx, input }) => wallet.customerWallet(ctx.deps, input, ctx.resHeaders)),

  adminAdjust: staffProcedure('wallets:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/wallets/{userId}/adjust',
        tags: adminTags,
        summary: 'Add (or, negative, take away) money in paise with a reason; audited; never below zero (409 WALLET_INSUFFICIENT)',
        protect: true,
      },
    })
    .input(AdminWalletAdjustInput)
    .output(AdminCustomerWalletSchema)
    .mutation(({ ctx, input }) => wallet.adjust(ctx.deps, ctx.user, input, ctx.resHeaders)),
});
