import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import { OrderHistoryInput, OrderHistorySchema, OrderIdInput, OrderSchema, PlaceOrderInputSchema } from '../../../shared/schemas/orders';
import { PlacedOrderSchema } from '../../../shared/schemas/payments';
import * as orders from './orders.service';
import { orderLifecycleProcedures } from './orders.lifecycle.router';

export const ordersRouter = router({
  ...orderLifecycleProcedures,
  place: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders',
        tags: ['orders'],
        summary: 'Place an order (send an Idempotency-Key header: the same key returns the same order)',
        description:
          'One transaction: reprices the cart, checks the address PIN code, books the delivery slot and writes the order with an immutable price breakdown — or writes nothing. ' +
          'Online orders answer with `payment` (how to open Checkout) and expire after 30 minutes unpaid. ' +
          'Refusals: 409 SLOT_FULL / SLOT_CLOSED / OUT_OF_STOCK / PRICE_CHANGED / IDEMPOTENCY_MISMATCH, 400 NOT_SERVICEABLE / PAYMENT_METHOD_UNAVAILABLE.',
        protect: true,
      },
      // The session is read in the placing transaction's first statement (decision 320).
      sessionInItsStatement: true,
    })
    .input(PlaceOrderInputSchema)
    .output(PlacedOrderSchema)
    .mutation(({ ctx, input }) => orders.placeOrder(ctx.deps, ctx.user, input, ctx.req.headers['idempotency-key'], { session: ctx.session })),

  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders/{id}',
        tags: ['orders'],
        summary: 'One order (its owner or an admin; anyone else gets 404)',
        protect: true,
      },
    })
    .input(OrderIdInput)
    .output(OrderSchema)
    .query(({ ctx, input }) => orders.getOrder(ctx.deps, ctx.user, input.id)),

  history: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/orders',
        tags: ['orders', 'user'],
        summary: 'The signed-in customer’s orders, newest first (page from 1, pageSize 1–50, default 10); total in X-Total-Count',
        protect: true,
      },
    })
    .input(OrderHistoryInput)
    .output(OrderHistorySchema)
    .query(({ ctx, input }) => orders.history(ctx.deps, ctx.user, input, ctx.resHeaders)),
});
