import { router } from '../../trpc/init';
import { staffProcedure, authedProcedure, publicProcedure } from '../../trpc/procedures';
import { z } from 'zod';
import {
  CreateReviewInputSchema,
  HideReviewInputSchema,
  OrderIdInputSchema,
  OrderReviewablesSchema,
  RatingSummarySchema,
  ReviewSchema,
  ShakeReviewsInputSchema,
  ShakeReviewsSchema,
  TestimonialSchema,
} from '../../../shared/schemas/reviews';
import * as reviews from './reviews.service';

export const reviewsRouter = router({
  ratings: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/reviews/ratings',
        tags: ['reviews'],
        summary: 'Average rating and review count of every reviewed shake',
        protect: false,
      },
    })
    .input(z.void())
    .output(z.array(RatingSummarySchema))
    .query(({ ctx }) => reviews.ratings(ctx.deps)),

  forShake: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/shakes/{id}/reviews',
        tags: ['reviews'],
        summary: 'Newest visible reviews of a shake (by id or slug) and its average',
        protect: false,
      },
    })
    .input(ShakeReviewsInputSchema)
    .output(ShakeReviewsSchema)
    .query(({ ctx, input }) => reviews.forShake(ctx.deps, input.id)),

  latest: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/reviews/latest',
        tags: ['reviews'],
        summary: 'Recent reviews with words, for the home page',
        protect: false,
      },
    })
    .input(z.void())
    .output(z.array(TestimonialSchema))
    .query(({ ctx }) => reviews.latest(ctx.deps)),

  forOrder: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders/{id}/reviews',
        tags: ['reviews'],
        summary: 'The signature shakes of my order and my review of each',
      },
    })
    .input(OrderIdInputSchema)
    .output(OrderReviewablesSchema)
    .query(({ ctx, input }) => reviews.forOrder(ctx.deps, ctx.user, input.id)),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/reviews',
        tags: ['reviews'],
        summary: 'Review a shake from my delivered order (once per shake)',
      },
    })
    .input(CreateReviewInputSchema)
    .output(ReviewSchema)
    .mutation(({ ctx, input }) => reviews.create(ctx.deps, ctx.user, input)),

  adminForShake: staffProcedure('reviews:moderate')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reviews',
        tags: ['admin'],
        summary: 'Reviews of a shake including hidden ones',
        protect: true,
      },
    })
    .input(ShakeReviewsInputSchema)
    .output(ShakeReviewsSchema)
    .query(({ ctx, input }) => reviews.forShakeAdmin(ctx.deps, input.id)),

  setHidden: staffProcedure('reviews:moderate')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/reviews/{id}/hide',
        tags: ['admin'],
        summary: 'Hide a review (hidden: true) or show it again (audited)',
        protect: true,
      },
    })
    .input(HideReviewInputSchema)
    .output(ReviewSchema)
    .mutation(({ ctx, input }) => reviews.setHidden(ctx.deps, ctx.user, input)),
});
