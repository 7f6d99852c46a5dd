import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import {
  BatchIdInputSchema,
  KitchenBatchSchema,
  KitchenDayInputSchema,
  KitchenDaySchema,
  StartBatchAnswerSchema,
  StartBatchInputSchema,
  UndoBatchAnswerSchema,
} from '../../../shared/schemas/kitchen';
import * as kitchen from './kitchen.service';

const tags = ['admin', 'kitchen'];

/** /admin/kitchen (PRODUCT.md §16): the kitchen hands, managers and owners (kitchen:operate). */
export const kitchenRouter = router({
  day: staffProcedure('kitchen:operate')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/kitchen',
        tags,
        summary: 'What to blend by slot: signature shakes × bottles, custom recipes, ingredient totals, forecast and batches',
        protect: true,
      },
    })
    .input(KitchenDayInputSchema)
    .output(KitchenDaySchema)
    .query(({ ctx, input }) => kitchen.day(ctx.deps, input)),

  startBatch: staffProcedure('kitchen:operate')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/kitchen/batches',
        tags,
        summary: 'Start the batch of a slot: its confirmed orders move to preparing and their reserved stock is used (once)',
        protect: true,
      },
    })
    .input(StartBatchInputSchema)
    .output(StartBatchAnswerSchema)
    .mutation(({ ctx, input }) => kitchen.startBatch(ctx.deps, ctx.user, input)),

  markReady: staffProcedure('kitchen:operate')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/kitchen/batches/{id}/ready',
        tags,
        summary: 'Mark a batch ready for the riders (its ready time shows on the deliveries screen; once)',
        protect: true,
      },
    })
    .input(BatchIdInputSchema)
    .output(KitchenBatchSchema)
    .mutation(({ ctx, input }) => kitchen.markReady(ctx.deps, ctx.user, input.id)),

  undoBatch: staffProcedure('kitchen:operate')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/kitchen/batches/{id}/undo',
        tags,
        summary:
          'Undo a batch until it is ready: its orders go back to confirmed, the stock they used is given back (once) and held for them again, its labels are void',
        protect: true,
      },
    })
    .input(BatchIdInputSchema)
    .output(UndoBatchAnswerSchema)
    .mutation(({ ctx, input }) => kitchen.undoBatch(ctx.deps, ctx.user, input.id)),
});
