import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure, publicProcedure } from '../../trpc/procedures';
import { OkSchema } from '../../../shared/schemas/common';
import {
  BuilderQuoteInputSchema,
  BuilderQuoteSchema,
  SavedRecipeSchema,
  SavedShakeIdInputSchema,
  SaveRecipeInputSchema,
} from '../../../shared/schemas/builder';
import * as builder from './builder.service';

export const builderRouter = router({
  quote: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/custom-shakes/quote',
        tags: ['builder'],
        summary: 'Authoritative price, nutrition and problems of a custom shake recipe',
        protect: false,
      },
    })
    .input(BuilderQuoteInputSchema)
    .output(BuilderQuoteSchema)
    .mutation(({ ctx, input }) => builder.quote(ctx.deps, input.recipe)),

  saved: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/custom-shakes',
        tags: ['builder'],
        summary: "My shakes: saved custom recipes with today's price",
      },
    })
    .input(z.void())
    .output(z.array(SavedRecipeSchema))
    .query(({ ctx }) => builder.listSaved(ctx.deps, ctx.user.id)),

  save: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/custom-shakes',
        tags: ['builder'],
        summary: 'Save a custom recipe (saving the same recipe again renames it)',
      },
    })
    .input(SaveRecipeInputSchema)
    .output(SavedRecipeSchema)
    .mutation(({ ctx, input }) => builder.save(ctx.deps, ctx.user.id, input)),

  remove: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/user/custom-shakes/{id}', tags: ['builder'], summary: 'Delete a saved recipe' } })
    .input(SavedShakeIdInputSchema)
    .output(OkSchema)
    .mutation(({ ctx, input }) => builder.remove(ctx.deps, ctx.user.id, input.id)),
});
