import { z } from 'zod';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';
import { IngredientSchema, PricingSchema, ShakeDetailSchema, ShakeIdInput, SignatureShakeSchema } from '../../../shared/schemas/catalogue';
import * as catalogue from './catalogue.service';

export const catalogueRouter = router({
  signatureShakes: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/shakes/signature',
        tags: ['catalogue'],
        summary: 'Active signature shakes, in display order',
        protect: false,
      },
    })
    .input(z.void())
    .output(z.array(SignatureShakeSchema))
    .query(({ ctx }) => catalogue.listSignatureShakes(ctx.deps)),

  shake: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/shakes/{id}',
        tags: ['catalogue'],
        summary: 'One signature shake by id or slug, with its ingredients (hydroponic ones marked)',
        protect: false,
      },
    })
    .input(ShakeIdInput)
    .output(ShakeDetailSchema)
    .query(({ ctx, input }) => catalogue.getShakeDetail(ctx.deps, input.id)),

  ingredients: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/ingredients',
        tags: ['catalogue'],
        summary: 'Active ingredients for the shake builder',
        protect: false,
      },
    })
    .input(z.void())
    .output(z.array(IngredientSchema))
    .query(({ ctx }) => catalogue.listIngredients(ctx.deps)),

  pricing: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/pricing',
        tags: ['catalogue'],
        summary: 'Public prices: builder sizes, delivery fee and thresholds, GST',
        protect: false,
      },
    })
    .input(z.void())
    .output(PricingSchema)
    .query(({ ctx }) => catalogue.getPricing(ctx.deps)),
});
