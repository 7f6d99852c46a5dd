import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import {
  AdminCancelInputSchema,
  AdminMarkPaidInputSchema,
  AdminOrderDetailSchema,
  AdminOrderIdInputSchema,
  AdminOrdersInputSchema,
  AdminOrdersPageSchema,
  AdminRefundInputSchema,
  AdminSetStatusInputSchema,
} from '../../../shared/schemas/order-lifecycle';
import * as desk from './orders.admin.service';

const tags = ['admin', 'orders'];

/** The admin orders desk (/admin/orders). The CSV export is a plain route: GET /api/admin/orders/export.csv. */
export const adminOrdersRouter = router({
  list: staffProcedure('orders:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/orders',
        tags,
        summary:
          'Orders, newest first: filter by status, payment status and method, delivery date, slot; search order number, e-mail, name or phone (X-Total-Count)',
        protect: true,
      },
    })
    .input(AdminOrdersInputSchema)
    .output(AdminOrdersPageSchema)
    .query(({ ctx, input }) => desk.listOrders(ctx.deps, ctx.user, input, ctx.resHeaders)),

  get: staffProcedure('orders:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/orders/{id}',
        tags,
        summary: 'One order with customer contact, payments and refunds',
        protect: true,
      },
    })
    .input(AdminOrderIdInputSchema)
    .output(AdminOrderDetailSchema)
    .query(({ ctx, input }) => desk.orderDetail(ctx.deps, ctx.user, input.id)),

  setStatus: staffProcedure('orders:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/orders/{id}/status',
        tags,
        summary:
          'Move an order one step: confirmed → preparing → out_for_delivery → delivered (409 INVALID_STATE otherwise); audited, e-mails the customer on the way and on delivery',
        protect: true,
      },
    })
    .input(AdminSetStatusInputSchema)
    .output(AdminOrderDetailSchema)
    .mutation(({ ctx, input }) => desk.setStatus(ctx.deps, ctx.user, input)),

  cancel: staffProcedure('orders:cancel')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/orders/{id}/cancel',
        tags,
        summary: 'Cancel with a reason: releases the slot, refunds an online payment in full (audited)',
        protect: true,
      },
    })
    .input(AdminCancelInputSchema)
    .output(AdminOrderDetailSchema)
    .mutation(({ ctx, input }) => desk.cancel(ctx.deps, ctx.user, input)),

  refund: staffProcedure('orders:refund')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/orders/{id}/refund',
        tags,
        summary:
          'Refund all or part of the captured payment (never more than captured; the idempotency key makes a repeat the same refund); audited',
        protect: true,
      },
    })
    .input(AdminRefundInputSchema)
    .output(AdminOrderDetailSchema)
    .mutation(({ ctx, input }) => desk.refund(ctx.deps, ctx.user, input)),

  markPaid: staffProcedure('orders:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/orders/{id}/mark-paid',
        tags,
        summary: 'Cash on delivery: the cash was collected (issues the tax invoice); audited',
        protect: true,
      },
    })
    .input(AdminMarkPaidInputSchema)
    .output(AdminOrderDetailSchema)
    .mutation(({ ctx, input }) => desk.markCodPaid(ctx.deps, ctx.user, input.id)),
});
