import { z } from 'zod';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import {
  ParLevelInputSchema,
  ShakeRecipeIdInputSchema,
  ShakeRecipeInputSchema,
  ShakeRecipeSchema,
  StockLedgerInputSchema,
  StockLedgerSchema,
  StockLevelSchema,
  StockMovementAnswerSchema,
  StockMovementInputSchema,
  StockOverviewSchema,
} from '../../../shared/schemas/stock';
import * as stock from './stock.service';

const tags = ['admin', 'stock'];

/** /admin/stock and the shakes' recipes (PRODUCT.md §16): kitchen staff, managers and owners (stock:manage). */
export const stockRouter = router({
  overview: staffProcedure('stock:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/stock',
        tags,
        summary: 'Every ingredient: on hand, reserved, free, par level, days of cover',
        protect: true,
      },
    })
    .input(z.void())
    .output(StockOverviewSchema)
    .query(({ ctx }) => stock.overview(ctx.deps)),

  // The dashboard's card and the kitchen's stock screen: whoever manages stock (kitchen, managers, owners).
  low: staffProcedure('stock:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/stock/low',
        tags,
        summary: 'Ingredients under their par level or sold out (the dashboard card)',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(StockLevelSchema))
    .query(({ ctx }) => stock.lowStock(ctx.deps)),

  recordMovement: staffProcedure('stock:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/stock/movements',
        tags,
        summary: 'Record stock received (batch, best-before), wasted (reason) or counted (a stock-take); audited',
        protect: true,
      },
    })
    .input(StockMovementInputSchema)
    .output(StockMovementAnswerSchema)
    .mutation(({ ctx, input }) => stock.recordMovement(ctx.deps, ctx.user, input)),

  ledger: staffProcedure('stock:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/stock/{ingredientId}/movements',
        tags,
        summary: 'One ingredient’s stock ledger, newest first',
        protect: true,
      },
    })
    .input(StockLedgerInputSchema)
    .output(StockLedgerSchema)
    .query(({ ctx, input }) => stock.ledger(ctx.deps, input)),

  setParLevel: staffProcedure('stock:manage')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/stock/{ingredientId}/par-level',
        tags,
        summary: 'Set an ingredient’s par level (audited)',
        protect: true,
      },
    })
    .input(ParLevelInputSchema)
    .output(StockLevelSchema)
    .mutation(({ ctx, input }) => stock.setParLevel(ctx.deps, ctx.user, input)),

  recipe: staffProcedure('recipes:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/shakes/{shakeId}/recipe',
        tags,
        summary: 'What one bottle of a signature shake takes of each ingredient',
        protect: true,
      },
    })
    .input(ShakeRecipeIdInputSchema)
    .output(ShakeRecipeSchema)
    .query(({ ctx, input }) => stock.readRecipe(ctx.deps, input.shakeId)),

  saveRecipe: staffProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/shakes/{shakeId}/recipe',
        tags,
        summary: 'Set a signature shake’s recipe quantities per bottle (audited)',
        protect: true,
      },
    })
    .input(ShakeRecipeInputSchema)
    .output(ShakeRecipeSchema)
    .mutation(({ ctx, input }) => stock.saveRecipe(ctx.deps, ctx.user, input)),
});
