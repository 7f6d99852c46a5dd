import { router } from '../../trpc/init';
import { authedProcedure, publicProcedure } from '../../trpc/procedures';
import { z } from 'zod';
import {
  CartQuoteInputSchema,
  MergeCartInputSchema,
  PutCartInputSchema,
  QuoteSchema,
  ServerCartSchema,
  ValidateCouponInputSchema,
} from '../../../shared/schemas/cart';
import { CouponOutcomeSchema } from '../../../shared/schemas/coupons';
import * as cart from './cart.service';

export const cartRouter = router({
  quote: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cart/quote',
        tags: ['cart'],
        summary: 'Price a cart from the database: lines, availability, price changes, free unit, delivery, GST, total',
        protect: false,
      },
    })
    .input(CartQuoteInputSchema)
    .output(QuoteSchema)
    .mutation(({ ctx, input }) => cart.quote(ctx.deps, input, ctx.user?.id ?? null)),

  // In the cart domain (not coupons): the answer is the quote's, and the cart already depends on coupons (decision 070).
  validateCoupon: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/coupons/validate',
        tags: ['coupons'],
        summary: 'Check a coupon code against a cart: the discount it gives, or why it is refused (code and message)',
        protect: false,
      },
    })
    .input(ValidateCouponInputSchema)
    .output(CouponOutcomeSchema)
    .mutation(({ ctx, input }) => cart.validateCoupon(ctx.deps, input, ctx.user?.id ?? null)),

  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/cart',
        tags: ['cart'],
        summary: "The signed-in customer's cart, kept on the server, with today's prices",
      },
    })
    .input(z.void())
    .output(ServerCartSchema)
    .query(({ ctx }) => cart.getCart(ctx.deps, ctx.user.id)),

  put: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/user/cart', tags: ['cart'], summary: "Replace the signed-in customer's server cart" } })
    .input(PutCartInputSchema)
    .output(ServerCartSchema)
    .mutation(({ ctx, input }) => cart.putCart(ctx.deps, ctx.user.id, input)),

  merge: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/cart/merge',
        tags: ['cart'],
        summary: 'Merge a local cart into the server cart on sign-in (same line: quantities added, at most 20)',
      },
    })
    .input(MergeCartInputSchema)
    .output(ServerCartSchema)
    .mutation(({ ctx, input }) => cart.mergeCart(ctx.deps, ctx.user.id, input)),
});
