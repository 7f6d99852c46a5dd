import { router } from '../../trpc/init';
import { authedProcedure, staffProcedure } from '../../trpc/procedures';
import {
  AdminSchedulesInputSchema,
  AdminSchedulesPageSchema,
  CreateScheduleInputSchema,
  CreateVacationInputSchema,
  ScheduleCalendarInputSchema,
  ScheduleCalendarSchema,
  ForecastInputSchema,
  ForecastSchema,
  OkSchema,
  PutDayInputSchema,
  PutInstructionsInputSchema,
  ScheduleIdInput,
  ScheduleListSchema,
  ScheduleChangeSchema,
  ScheduleRemovedSchema,
  ScheduleSchema,
  SkipDayInputSchema,
  UpdateScheduleInputSchema,
  VacationIdInput,
  VacationSchema,
} from '../../../shared/schemas/schedules';
import { z } from 'zod';
import * as schedules from './schedules.service';
import { forecast } from './schedules.forecast';

const tags = ['schedules', 'user'];
const adminTags = ['admin', 'schedules'];
const NoInput = z.object({});

/** Standing deliveries (PRODUCT.md §15, decision 177). */
export const schedulesRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/schedules',
        tags,
        summary: 'The signed-in customer’s standing deliveries, each with its items priced today and its next delivery date',
        protect: true,
      },
    })
    .input(NoInput)
    .output(ScheduleListSchema)
    .query(({ ctx }) => schedules.list(ctx.deps, ctx.user)),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/schedules',
        tags,
        summary:
          'Set up a standing delivery: items (signature shakes or saved custom shakes, 1–5 each), days, slot, address, start and optional end date (409 DELIVERY_FIXED when the start date is past its cut-off)',
        protect: true,
      },
    })
    .input(CreateScheduleInputSchema)
    .output(ScheduleSchema)
    .mutation(({ ctx, input }) => schedules.create(ctx.deps, ctx.user, input)),

  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/user/schedules/{id}',
        tags,
        summary:
          'Change a schedule (items, days, slot, address, dates) or pause, resume or end it (status); days already fixed keep what they were fixed as: the change applies from `effectiveFrom`',
        protect: true,
      },
    })
    .input(UpdateScheduleInputSchema)
    .output(ScheduleChangeSchema)
    .mutation(({ ctx, input }) => schedules.update(ctx.deps, ctx.user, input)),

  remove: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/schedules/{id}',
        tags,
        summary: 'Delete a schedule (orders it placed stay; a day already fixed is still placed): from `effectiveFrom` it delivers nothing',
        protect: true,
      },
    })
    .input(ScheduleIdInput)
    .output(ScheduleRemovedSchema)
    .mutation(({ ctx, input }) => schedules.remove(ctx.deps, ctx.user, input.id)),

  calendar: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/deliveries',
        tags,
        summary:
          'The delivery calendar (default 30 days from today): each schedule once with its items and price, then each day’s state per schedule (planned, skipped, vacation, fixed, placed → its order, not_placed → the reason) with items and price only where the day differs',
        protect: true,
      },
    })
    .input(ScheduleCalendarInputSchema)
    .output(ScheduleCalendarSchema)
    .query(({ ctx, input }) => schedules.calendar(ctx.deps, ctx.user, input)),

  skip: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/deliveries/{date}/skip',
        tags,
        summary:
          'Skip a date’s delivery (one schedule, or all of that date); answers that date’s calendar; 409 DELIVERY_FIXED after the cut-off (21:00 the evening before)',
        protect: true,
      },
    })
    .input(SkipDayInputSchema)
    .output(ScheduleCalendarSchema)
    .mutation(({ ctx, input }) => schedules.skip(ctx.deps, ctx.user, input)),

  unskip: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/deliveries/{date}/skip',
        tags,
        summary: 'Take a skip back; answers that date’s calendar (409 DELIVERY_FIXED after the cut-off)',
        protect: true,
      },
    })
    .input(SkipDayInputSchema)
    .output(ScheduleCalendarSchema)
    .mutation(({ ctx, input }) => schedules.unskip(ctx.deps, ctx.user, input)),

  putInstructions: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/deliveries/{date}/instructions',
        tags,
        summary:
          'A drop-off note for the rider (“leave with security”, “ring twice”, at most 200 characters; empty: none) for that date’s deliveries, or with everyDay for every day of a schedule; answers that date’s calendar; 409 DELIVERY_FIXED after the cut-off',
        protect: true,
      },
    })
    .input(PutInstructionsInputSchema)
    .output(ScheduleCalendarSchema)
    .mutation(({ ctx, input }) => schedules.putInstructions(ctx.deps, ctx.user, input)),

  putDay: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/deliveries/{date}',
        tags,
        summary:
          'That date’s items for one schedule (changed quantities, a one-off extra; null: back to the schedule’s own); answers that date’s calendar; 409 DELIVERY_FIXED after the cut-off',
        protect: true,
      },
    })
    .input(PutDayInputSchema)
    .output(ScheduleCalendarSchema)
    .mutation(({ ctx, input }) => schedules.putDay(ctx.deps, ctx.user, input)),

  addVacation: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/vacations',
        tags,
        summary: 'A vacation: every schedule pauses from one date to another (409 DELIVERY_FIXED when the first date is past its cut-off)',
        protect: true,
      },
    })
    .input(CreateVacationInputSchema)
    .output(VacationSchema)
    .mutation(({ ctx, input }) => schedules.addVacation(ctx.deps, ctx.user, input)),

  removeVacation: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/vacations/{id}',
        tags,
        summary: 'Remove a vacation (one under way ends with the last fixed date)',
        protect: true,
      },
    })
    .input(VacationIdInput)
    .output(OkSchema)
    .mutation(({ ctx, input }) => schedules.removeVacation(ctx.deps, ctx.user, input.id)),

  adminList: staffProcedure('orders:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/schedules',
        tags: adminTags,
        summary: 'Every standing delivery with its customer; filter by status, slot, or customer e-mail or name (X-Total-Count)',
        protect: true,
      },
    })
    .input(AdminSchedulesInputSchema)
    .output(AdminSchedulesPageSchema)
    .query(({ ctx, input }) => schedules.adminList(ctx.deps, input, ctx.resHeaders)),

  forecast: staffProcedure('orders:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/schedules/forecast',
        tags: adminTags,
        summary: 'What the cut-off places for a date (default tomorrow), per slot and shake: skips, vacations and day changes applied',
        protect: true,
      },
    })
    .input(ForecastInputSchema)
    .output(ForecastSchema)
    .query(({ ctx, input }) => forecast(ctx.deps, input)),
});
