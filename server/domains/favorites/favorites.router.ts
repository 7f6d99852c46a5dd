import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import { OkSchema } from '../../../shared/schemas/common';
import { AddFavoriteInputSchema, FavoriteIdInputSchema, FavoriteSchema } from '../../../shared/schemas/favorites';
import * as favorites from './favorites.service';

export const favoritesRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/user/favorites', tags: ['favorites'], summary: 'My favourite signature shakes' } })
    .input(z.void())
    .output(z.array(FavoriteSchema))
    .query(({ ctx }) => favorites.list(ctx.deps, ctx.user.id)),

  add: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/favorites',
        tags: ['favorites'],
        summary: 'Add a signature shake to my favourites (idempotent)',
      },
    })
    .input(AddFavoriteInputSchema)
    .output(FavoriteSchema)
    .mutation(({ ctx, input }) => favorites.add(ctx.deps, ctx.user.id, input)),

  remove: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/favorites/{id}',
        tags: ['favorites'],
        summary: 'Remove a favourite (by the favourite id or the shake id)',
      },
    })
    .input(FavoriteIdInputSchema)
    .output(OkSchema)
    .mutation(({ ctx, input }) => favorites.remove(ctx.deps, ctx.user.id, input.id)),
});
