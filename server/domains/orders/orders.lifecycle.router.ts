import * as orders from './orders.service';
import { z } from 'zod';
import { authedProcedure } from '../../trpc/procedures';
import { OrderIdInput, OrderSchema } from '../../../shared/schemas/orders';
import { ActiveOrdersSchema, CancelOrderInputSchema, ReorderSchema } from '../../../shared/schemas/order-lifecycle';
import { InvoiceSchema } from '../../../shared/schemas/invoices';
import * as lifecycle from './orders.lifecycle';

/**
 * The customer's procedures after checkout, spread into the orders router
 * ahead of `get`: REST paths are matched in router order, and
 * /orders/active must win over /orders/{id}.
 */
export const orderLifecycleProcedures = {
  active: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders/active',
        tags: ['orders'],
        summary: 'The signed-in customer’s orders not yet delivered (nor cancelled), soonest slot first',
        protect: true,
      },
    })
    .input(z.void())
    .output(ActiveOrdersSchema)
    .query(({ ctx }) => lifecycle.activeOrders(ctx.deps, ctx.user)),

  cancel: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/{id}/cancel',
        tags: ['orders'],
        summary:
          'Cancel an order while it is confirmed and until 2 hours before its slot; an online payment is refunded in full (409 INVALID_STATE says why not)',
        protect: true,
      },
    })
    .input(CancelOrderInputSchema)
    .output(OrderSchema)
    .mutation(({ ctx, input }) => lifecycle.cancelByCustomer(ctx.deps, ctx.user, input)),

  reorder: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders/{id}/reorder',
        tags: ['orders'],
        summary: 'The order’s items at today’s prices, with those no longer available, to put back in the cart',
        protect: true,
      },
    })
    .input(OrderIdInput)
    .output(ReorderSchema)
    .query(({ ctx, input }) => lifecycle.reorder(ctx.deps, ctx.user, input.id)),

  invoice: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders/{id}/invoice',
        tags: ['orders'],
        summary:
          'The GST tax invoice of a paid or delivered order (JSON; the PDF is GET /api/orders/{id}/invoice.pdf); 409 before it is issued',
        protect: true,
      },
    })
    .input(OrderIdInput)
    .output(InvoiceSchema)
    .query(({ ctx, input }) => orders.getInvoice(ctx.deps, ctx.user, input.id)),

  /** Live updates of one order over SSE (httpSubscriptionLink); not a REST path. */
  live: authedProcedure
    .input(OrderIdInput)
    .subscription(({ ctx, input, signal }) => lifecycle.liveOrder(ctx.deps, ctx.user, input.id, signal)),
};
