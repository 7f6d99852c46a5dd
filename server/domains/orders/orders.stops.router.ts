import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import {
  AdminStopsInputSchema,
  AdminStopsSchema,
  AssignAnswerSchema,
  AssignInputSchema,
  ConfirmDeliveredInputSchema,
  RescheduleInputSchema,
  DeliveredInputSchema,
  DeliveryStopSchema,
  FailedInputSchema,
  NewCodeInputSchema,
  RiderCashInputSchema,
  RiderCashSchema,
  RiderOrderInputSchema,
  RiderRunsInputSchema,
  RiderRunsSchema,
  RiderStopAnswerSchema,
  RescheduleAnswerSchema,
  FailedAnswerSchema,
} from '../../../shared/schemas/stops';
import * as deliveries from './orders.stops.service';
import { riderKey } from './orders.rider-keys';
import { codeHash } from './orders.delivery-code';

const adminTags = ['admin', 'orders'];
const riderTags = ['rider'];

/** /admin/deliveries and /admin/riders/cash (PRODUCT.md §17): the manager's side of the last mile. */
export const stopsRouter = router({
  day: staffProcedure('stops:assign')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/deliveries',
        tags: adminTags,
        summary: 'The day’s (or slot’s) orders for riders, by slot in route order: who has each, picked up, delivered or failed',
        protect: true,
      },
    })
    .input(AdminStopsInputSchema)
    .output(AdminStopsSchema)
    .query(({ ctx, input }) => deliveries.day(ctx.deps, input)),

  assign: staffProcedure('stops:assign')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/deliveries/assign',
        tags: adminTags,
        summary:
          'Assign orders to a rider, or without riderId spread them by PIN code (the same PIN to the same rider); re-assigns a failed stop (audited)',
        protect: true,
      },
    })
    .input(AssignInputSchema)
    .output(AssignAnswerSchema)
    .mutation(({ ctx, input }) => deliveries.assign(ctx.deps, ctx.user, input)),

  confirm: staffProcedure('stops:assign')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/deliveries/{id}/confirm',
        tags: adminTags,
        summary: 'Confirm a delivery on the rider’s word (a stop locked after 5 wrong codes), with the cash collected (audited)',
        protect: true,
      },
    })
    .input(ConfirmDeliveredInputSchema)
    .output(DeliveryStopSchema)
    .mutation(({ ctx, input }) => deliveries.confirmDelivered(ctx.deps, ctx.user, input)),

  newCode: staffProcedure('stops:assign')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/deliveries/{id}/new-code',
        tags: adminTags,
        summary: 'Issue a new delivery code (unlocks a code locked after 5 wrong tries; the old code stops working; the customer sees the new one) (audited)',
        protect: true,
      },
    })
    .input(NewCodeInputSchema)
    .output(DeliveryStopSchema)
    .mutation(({ ctx, input }) => deliveries.newCode(ctx.deps, ctx.user, input)),

  reschedule: staffProcedure('stops:assign')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/deliveries/{id}/reschedule',
        tags: adminTags,
        summary: 'Move a stop not yet out (a failed delivery, typically) to another date and slot; the customer is told (audited)',
        protect: true,
      },
    })
    .input(RescheduleInputSchema)
    .output(RescheduleAnswerSchema)
    .mutation(({ ctx, input }) => deliveries.reschedule(ctx.deps, ctx.user, input)),

  cash: staffProcedure('riders:cash')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/riders/cash',
        tags: adminTags,
        summary: 'Each rider’s cash for the day against their delivered cash-on-delivery orders',
        protect: true,
      },
    })
    .input(RiderCashInputSchema)
    .output(RiderCashSchema)
    .query(({ ctx, input }) => deliveries.cash(ctx.deps, input)),
});

/** /rider (PRODUCT.md §17): a rider's own runs and stops; anyone else's stop is a 404. */
export const riderRouter = router({
  runs: staffProcedure('rider:deliver')
    .meta({
      openapi: {
        method: 'GET',
        path: '/rider/runs',
        tags: riderTags,
        summary: 'The rider’s runs of a day (today by default): slots in order, stops in route order from the kitchen (pinned stops nearest first, then by PIN code)',
        protect: true,
      },
    })
    .input(RiderRunsInputSchema)
    .output(RiderRunsSchema)
    .query(({ ctx, input }) => deliveries.runs(ctx.deps, ctx.user, input)),

  pickedUp: staffProcedure('rider:deliver')
    .meta({
      openapi: {
        method: 'POST',
        path: '/rider/orders/{id}/picked-up',
        tags: riderTags,
        summary: 'Picked up: the order is out for delivery and the customer’s page shows the delivery code (an Idempotency-Key header makes a repeat answer as the first)',
        protect: true,
      },
    })
    .input(RiderOrderInputSchema)
    .output(RiderStopAnswerSchema)
    .mutation(({ ctx, input }) => deliveries.pickedUp(ctx.deps, ctx.user, input.id, riderKey(ctx.req.headers['idempotency-key'], 'picked_up', input.id))),

  delivered: staffProcedure('rider:deliver')
    .meta({
      openapi: {
        method: 'POST',
        path: '/rider/orders/{id}/delivered',
        tags: riderTags,
        summary: 'Delivered, with the customer’s 4-digit code (and the cash collected for cash on delivery); 5 wrong codes lock the stop (an Idempotency-Key header makes a repeat answer as the first)',
        protect: true,
      },
    })
    .input(DeliveredInputSchema)
    .output(RiderStopAnswerSchema)
    .mutation(({ ctx, input }) =>
      deliveries.delivered(
        ctx.deps,
        ctx.user,
        input,
        // The code itself is never kept: the key's request is told apart by the code's keyed hash.
        riderKey(ctx.req.headers['idempotency-key'], 'delivered', input.id, { code: codeHash(ctx.deps, input.id, input.code), cashCollected: input.cashCollected ?? null }),
      ),
    ),

  failed: staffProcedure('rider:deliver')
    .meta({
      openapi: {
        method: 'POST',
        path: '/rider/orders/{id}/failed',
        tags: riderTags,
        summary: 'Could not deliver (not at home, address not found, refused): the order goes back to the manager (an Idempotency-Key header makes a repeat answer as the first)',
        protect: true,
      },
    })
    .input(FailedInputSchema)
    .output(FailedAnswerSchema)
    .mutation(({ ctx, input }) =>
      deliveries.failed(ctx.deps, ctx.user, input, riderKey(ctx.req.headers['idempotency-key'], 'failed', input.id, { reason: input.reason, note: input.note?.trim() || null })),
    ),
});
