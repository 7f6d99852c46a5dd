import { z } from 'zod';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import { PricingSchema } from '../../../shared/schemas/catalogue';
import {
  AdminCatalogueListInputSchema,
  AdminIngredientSchema,
  AdminShakeSchema,
  IngredientFieldsSchema,
  IngredientUpdateInputSchema,
  PricingInputSchema,
  ReorderInputSchema,
  ShakeFieldsSchema,
  ShakeUpdateInputSchema,
} from '../../../shared/schemas/catalogue-admin';
import * as desk from './catalogue.admin.service';

const tags = ['admin'];

/** /admin/shakes, /admin/ingredients and /admin/pricing. Image uploads: catalogue.images.ts (a raw body, not JSON). */
export const adminCatalogueRouter = router({
  shakes: staffProcedure('catalogue:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/shakes',
        tags,
        summary: 'Every signature shake, active or not, in display order; search by name, slug or tag',
        protect: true,
      },
    })
    .input(AdminCatalogueListInputSchema)
    .output(z.array(AdminShakeSchema))
    .query(({ ctx, input }) => desk.listShakes(ctx.deps, input)),

  createShake: staffProcedure('catalogue:write')
    .meta({ openapi: { method: 'POST', path: '/admin/shakes', tags, summary: 'Add a signature shake (audited)', protect: true } })
    .input(ShakeFieldsSchema)
    .output(AdminShakeSchema)
    .mutation(({ ctx, input }) => desk.createShake(ctx.deps, ctx.user, input)),

  updateShake: staffProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/shakes/{id}',
        tags,
        summary: 'Change any fields of a shake: price, text, nutrition, active, in stock… (audited)',
        protect: true,
      },
    })
    .input(ShakeUpdateInputSchema)
    .output(AdminShakeSchema)
    .mutation(({ ctx, input }) => desk.updateShake(ctx.deps, ctx.user, input)),

  reorderShakes: staffProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/shakes/reorder',
        tags,
        summary: 'Set the display order of shakes (ids, first to last; audited)',
        protect: true,
      },
    })
    .input(ReorderInputSchema)
    .output(z.array(AdminShakeSchema))
    .mutation(({ ctx, input }) => desk.reorderShakes(ctx.deps, ctx.user, input)),

  ingredients: staffProcedure('catalogue:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/ingredients',
        tags,
        summary: 'Every ingredient, active or not; search by name, slug or category',
        protect: true,
      },
    })
    .input(AdminCatalogueListInputSchema)
    .output(z.array(AdminIngredientSchema))
    .query(({ ctx, input }) => desk.listIngredients(ctx.deps, input)),

  createIngredient: staffProcedure('catalogue:write')
    .meta({
      openapi: { method: 'POST', path: '/admin/ingredients', tags, summary: 'Add an ingredient to the builder (audited)', protect: true },
    })
    .input(IngredientFieldsSchema)
    .output(AdminIngredientSchema)
    .mutation(({ ctx, input }) => desk.createIngredient(ctx.deps, ctx.user, input)),

  updateIngredient: staffProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/ingredients/{id}',
        tags,
        summary: 'Change any fields of an ingredient: price, nutrition, in stock, active… (audited)',
        protect: true,
      },
    })
    .input(IngredientUpdateInputSchema)
    .output(AdminIngredientSchema)
    .mutation(({ ctx, input }) => desk.updateIngredient(ctx.deps, ctx.user, input)),

  reorderIngredients: staffProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/ingredients/reorder',
        tags,
        summary: 'Set the display order of ingredients (ids, first to last; audited)',
        protect: true,
      },
    })
    .input(ReorderInputSchema)
    .output(z.array(AdminIngredientSchema))
    .mutation(({ ctx, input }) => desk.reorderIngredients(ctx.deps, ctx.user, input)),

  pricing: staffProcedure('catalogue:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/pricing',
        tags,
        summary: 'The pricing settings as the next quote will use them',
        protect: true,
      },
    })
    .input(z.void())
    .output(PricingSchema)
    .query(({ ctx }) => desk.readPricing(ctx.deps)),

  savePricing: staffProcedure('pricing:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/pricing',
        tags,
        summary: 'Builder sizes, delivery fee and threshold, GST, COD limit, points rates — applied to new quotes at once (audited)',
        protect: true,
      },
    })
    .input(PricingInputSchema)
    .output(PricingSchema)
    .mutation(({ ctx, input }) => desk.savePricing(ctx.deps, ctx.user, input)),
});
