import { z } from 'zod';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import {
  AdminPasswordResetAnswerSchema,
  AdminPasswordResetInputSchema,
  CustomerDetailSchema,
  CustomerIdInputSchema,
  CustomersListInputSchema,
  CustomersPageSchema,
  DashboardSchema,
  SignOutEverywhereAnswerSchema,
} from '../../../shared/schemas/auth';
import { DashboardReportInputSchema, DashboardReportSchema } from '../../../shared/schemas/dashboard';
import * as admin from './admin.service';
import * as morning from './morning.service';
import { purchasePlan } from './purchase-plan';
import { PurchasePlanInputSchema, PurchasePlanSchema } from '../../../shared/schemas/stock';
import {
  DashboardDayInputSchema,
  DashboardDaySchema,
  ForecastAnswerSchema,
  ForecastInputSchema,
  RetentionInputSchema,
  RetentionSchema,
} from '../../../shared/schemas/morning';

const tags = ['admin'];

export const adminRouter = router({
  dashboard: staffProcedure('dashboard:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/dashboard',
        tags,
        summary: 'Dashboard figures (customers, catalogue; other domains add theirs)',
        protect: true,
      },
    })
    .input(z.void())
    .output(DashboardSchema)
    .query(({ ctx }) => admin.dashboard(ctx.deps)),

  dashboardReport: staffProcedure('dashboard:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/dashboard/report',
        tags,
        summary:
          'Revenue, orders and average order value per day (IST) over a range with the previous period; orders by status; slot fill for 7 days; top shakes; new customers; active subscribers',
        protect: true,
      },
    })
    .input(DashboardReportInputSchema)
    .output(DashboardReportSchema)
    .query(({ ctx, input }) => admin.dashboardReport(ctx.deps, input)),

  dashboardDay: staffProcedure('dashboard:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/dashboard/day',
        tags,
        summary:
          "The owner's morning for a date (default today, IST): the next day's forecast per slot, the run per rider, standing deliveries not placed and customers short, the wallet liability, revenue with cash on delivery counted once delivered",
        protect: true,
      },
    })
    .input(DashboardDayInputSchema)
    .output(DashboardDaySchema)
    .query(({ ctx, input }) => morning.day(ctx.deps, input)),

  forecast: staffProcedure('dashboard:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/forecast',
        tags,
        summary:
          'Orders, bottles and revenue per slot for the next days from tomorrow: standing deliveries plus one-off orders by the stated rule (the same weekday’s median of the last 4 weeks)',
        protect: true,
      },
    })
    .input(ForecastInputSchema)
    .output(ForecastAnswerSchema)
    .query(({ ctx, input }) => morning.forecast(ctx.deps, input)),

  // The kitchen's and the owner's harvest and purchase plan (decision 262): whoever manages stock.
  purchasePlan: staffProcedure('stock:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/purchase-plan',
        tags,
        summary:
          'What to harvest at the farm or buy from each supplier, and by when: per ingredient and day from tomorrow, the forecast need by each recipe against on hand, reserved and par (also as .csv and .pdf)',
        protect: true,
      },
    })
    .input(PurchasePlanInputSchema)
    .output(PurchasePlanSchema)
    .query(({ ctx, input }) => purchasePlan(ctx.deps, input)),

  retention: staffProcedure('dashboard:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/retention',
        tags,
        summary:
          'Weekly cohorts by first order (IST weeks from Monday) with the customers still ordering 4, 8 and 12 weeks on, and why orders and plans were cancelled over the same weeks',
        protect: true,
      },
    })
    .input(RetentionInputSchema)
    .output(RetentionSchema)
    .query(({ ctx, input }) => morning.retention(ctx.deps, input)),

  customers: staffProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/customers',
        tags,
        summary: 'Customers, newest first; search by e-mail, name, username or mobile (X-Total-Count)',
        protect: true,
      },
    })
    .input(CustomersListInputSchema)
    .output(CustomersPageSchema)
    .query(({ ctx, input }) => admin.listCustomers(ctx.deps, ctx.user, input, ctx.resHeaders)),

  customer: staffProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/customers/{id}',
        tags,
        summary: 'One customer with the sections other domains add',
        protect: true,
      },
    })
    .input(CustomerIdInputSchema)
    .output(CustomerDetailSchema)
    .query(({ ctx, input }) => admin.customerDetail(ctx.deps, input.id)),

  signOutEverywhere: staffProcedure('customers:sessions')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/customers/{id}/sign-out',
        tags,
        summary: "End every session of a customer at once, on every server (their access tokens answer 401 from now on; audited)",
        protect: true,
      },
    })
    .input(CustomerIdInputSchema)
    .output(SignOutEverywhereAnswerSchema)
    .mutation(({ ctx, input }) => admin.signOutEverywhere(ctx.deps, ctx.user, input.id)),

  passwordReset: staffProcedure('customers:password-reset')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/password-reset',
        tags,
        summary: 'E-mail a customer a password reset link (audited)',
        protect: true,
      },
    })
    .input(AdminPasswordResetInputSchema)
    .output(AdminPasswordResetAnswerSchema)
    .mutation(({ ctx, input }) => admin.sendPasswordReset(ctx.deps, ctx.user, input, ctx.req.ip)),
});
