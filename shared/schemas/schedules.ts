import { z } from 'zod';
import { Paise, Uuid } from './common';
import { CartLineInputSchema } from './cart';
import { SlotDate } from './delivery';
import {
  CALENDAR_DAYS,
  DAY_STATES,
  MAX_SCHEDULE_LINES,
  MAX_SCHEDULE_QUANTITY,
  MAX_VACATION_DAYS,
  SCHEDULE_DAY_KINDS,
  SCHEDULE_STATUSES,
} from '../rules/schedules';
import { daysBetween } from '../rules/slots';

/**
 * A scheduled line: a cart line (so the cut-off places it as it is), quantity 1–5. A custom line must
 * be one of the customer's saved shakes ("My shakes"): its id is the saved recipe's `custom:<hash>`.
 */
export const ScheduleLineSchema = CartLineInputSchema.extend({
  quantity: z
    .number()
    .int('Quantities are whole numbers')
    .min(1, 'The quantity of a line is at least 1')
    .max(MAX_SCHEDULE_QUANTITY, `A scheduled line holds at most ${MAX_SCHEDULE_QUANTITY} bottles`),
});
export type ScheduleLine = z.infer<typeof ScheduleLineSchema>;

export const ScheduleItemsSchema = z
  .array(ScheduleLineSchema)
  .min(1, 'Choose at least one shake')
  .max(MAX_SCHEDULE_LINES, `A delivery holds at most ${MAX_SCHEDULE_LINES} different shakes`)
  .refine((lines) => new Set(lines.map((l) => `${l.type}:${l.id}`)).size === lines.length, {
    message: 'The same shake appears twice; send it once with its quantity',
  });

export const ScheduleDayKindSchema = z.enum(SCHEDULE_DAY_KINDS, {
  message: "days is 'daily', 'weekdays', 'alternate' or 'chosen'",
});
export const ScheduleStatusSchema = z.enum(SCHEDULE_STATUSES, { message: "status is 'active', 'paused' or 'ended'" });
const Weekdays = z
  .array(z.number().int().min(0, 'Weekdays are 0 (Sunday) to 6 (Saturday)').max(6, 'Weekdays are 0 (Sunday) to 6 (Saturday)'))
  .max(7, 'There are seven days in a week')
  .refine((w) => new Set(w).size === w.length, { message: 'A weekday appears twice' });

const chosenNeedsWeekdays = (v: { days?: string; weekdays?: number[] }) => v.days !== 'chosen' || (v.weekdays?.length ?? 0) > 0;
const chosenMessage = { message: 'Choose at least one day of the week', path: ['weekdays'] };

/** POST /api/user/schedules */
export const CreateScheduleInputSchema = z
  .object({
    items: ScheduleItemsSchema,
    days: ScheduleDayKindSchema,
    /** For days = 'chosen': 0 = Sunday … 6 = Saturday. */
    weekdays: Weekdays.optional(),
    slotId: Uuid,
    addressId: Uuid,
    startDate: SlotDate,
    endDate: SlotDate.nullable().optional(),
  })
  .refine(chosenNeedsWeekdays, chosenMessage)
  .refine((v) => !v.endDate || v.endDate >= v.startDate, { message: 'The end date is on or after the start date', path: ['endDate'] });
export type CreateScheduleInput = z.infer<typeof CreateScheduleInputSchema>;

/** PATCH /api/user/schedules/{id}: any of the fields; status pauses, resumes or ends it. */
export const UpdateScheduleInputSchema = z
  .object({
    id: Uuid,
    items: ScheduleItemsSchema.optional(),
    days: ScheduleDayKindSchema.optional(),
    weekdays: Weekdays.optional(),
    slotId: Uuid.optional(),
    addressId: Uuid.optional(),
    startDate: SlotDate.optional(),
    endDate: SlotDate.nullable().optional(),
    status: ScheduleStatusSchema.optional(),
  })
  .refine(chosenNeedsWeekdays, chosenMessage);
export type UpdateScheduleInput = z.infer<typeof UpdateScheduleInputSchema>;

export const ScheduleIdInput = z.object({ id: Uuid });

export const ScheduleItemSchema = z.object({
  id: z.string(),
  type: z.enum(['signature', 'custom']),
  /** Today's name; '' when the shake is gone from the menu. */
  name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  /** Today's unit price; 0 when it cannot be bought. */
  unitPrice: Paise,
  lineTotal: Paise,
  available: z.boolean(),
  /** Why it cannot be bought; null when it can. */
  reason: z.string().nullable(),
  recipe: CartLineInputSchema.shape.recipe,
});
export type ScheduleItem = z.infer<typeof ScheduleItemSchema>;

export const ScheduleSlotSchema = z.object({ id: z.string(), startTime: z.string(), endTime: z.string() });

export const ScheduleSchema = z.object({
  id: z.string(),
  items: z.array(ScheduleItemSchema),
  days: ScheduleDayKindSchema,
  weekdays: z.array(z.number().int()),
  /** "Weekdays", "Mon, Wed, Fri"… */
  daysLabel: z.string(),
  /** null when the slot was removed (the schedule places nothing until another is chosen). */
  slot: ScheduleSlotSchema.nullable(),
  /** null when the address was deleted. */
  address: z.object({ id: z.string(), name: z.string(), line1: z.string(), city: z.string(), pincode: z.string() }).nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: ScheduleStatusSchema,
  /** The next date it will deliver (after skips and vacations), within the calendar's 30 days; null when none. */
  nextDate: z.string().nullable(),
  createdAt: z.string(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ScheduleListSchema = z.object({ schedules: z.array(ScheduleSchema) });
export type ScheduleList = z.infer<typeof ScheduleListSchema>;

export const VacationSchema = z.object({ id: z.string(), from: z.string(), to: z.string() });
export type Vacation = z.infer<typeof VacationSchema>;

/** POST /api/user/vacations: every schedule of the customer pauses from `from` to `to` (inclusive). */
export const CreateVacationInputSchema = z
  .object({ from: SlotDate, to: SlotDate })
  .refine((v) => v.to >= v.from, { message: 'The vacation ends on or after the day it starts', path: ['to'] })
  .refine((v) => v.to < v.from || daysBetween(v.from, v.to) < MAX_VACATION_DAYS, {
    message: `A vacation is at most ${MAX_VACATION_DAYS} days; add another one for longer`,
    path: ['to'],
  });
export type CreateVacationInput = z.infer<typeof CreateVacationInputSchema>;
export const VacationIdInput = z.object({ id: Uuid });
export const OkSchema = z.object({ ok: z.literal(true) });

/** GET /api/user/deliveries: the calendar (default: 30 days from today in Asia/Kolkata). */
export const DeliveriesInputSchema = z.object({
  from: SlotDate.optional(),
  days: z.coerce
    .number()
    .int('days is a whole number')
    .min(1, 'days is at least 1')
    .max(CALENDAR_DAYS + 1, `days is at most ${CALENDAR_DAYS + 1}`)
    .default(CALENDAR_DAYS),
});
export type DeliveriesInput = z.infer<typeof DeliveriesInputSchema>;

export const DayStateSchema = z.enum(DAY_STATES);

/** One schedule's delivery on one date. */
export const DeliveryEntrySchema = z.object({
  scheduleId: z.string(),
  state: DayStateSchema,
  slot: ScheduleSlotSchema.nullable(),
  items: z.array(ScheduleItemSchema),
  /** The day's items differ from the schedule's (changed, or a one-off extra). */
  changed: z.boolean(),
  /** What the day would cost as a quote today (the placed order's total once placed). */
  price: z.object({ subtotal: Paise, freeUnitDiscount: Paise, deliveryFee: Paise, total: Paise }),
  /** state 'placed': the order. */
  order: z.object({ id: z.string(), number: z.string(), status: z.string() }).nullable(),
  /** state 'not_placed': why (a code like WALLET_INSUFFICIENT and a sentence). */
  reason: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type DeliveryEntry = z.infer<typeof DeliveryEntrySchema>;

export const DeliveryDaySchema = z.object({
  date: z.string(),
  /** The instant the date's changes close (ISO). */
  cutoffAt: z.string(),
  /** Changes are still taken for this date. */
  open: z.boolean(),
  /** The vacation covering this date, if any. */
  vacationId: z.string().nullable(),
  entries: z.array(DeliveryEntrySchema),
});
export type DeliveryDay = z.infer<typeof DeliveryDaySchema>;

export const DeliveriesSchema = z.object({
  from: z.string(),
  /** "21:00": the evening before each date, in Asia/Kolkata. */
  cutoffTime: z.string(),
  days: z.array(DeliveryDaySchema),
  vacations: z.array(VacationSchema),
});
export type Deliveries = z.infer<typeof DeliveriesSchema>;

/** POST /api/user/deliveries/{date}/skip (and DELETE to take the skip back). Without scheduleId: every schedule of that date. */
export const SkipDayInputSchema = z.object({ date: SlotDate, scheduleId: Uuid.optional() });
export type SkipDayInput = z.infer<typeof SkipDayInputSchema>;

/**
 * PUT /api/user/deliveries/{date}: that day's items for one schedule (changed quantities, a one-off
 * extra). scheduleId may be left out when the customer has one schedule. `items: null` goes back to
 * the schedule's own items.
 */
export const PutDayInputSchema = z.object({ date: SlotDate, scheduleId: Uuid.optional(), items: ScheduleItemsSchema.nullable() });
export type PutDayInput = z.infer<typeof PutDayInputSchema>;

// ---------- Admin ----------

export const AdminSchedulesInputSchema = z.object({
  status: ScheduleStatusSchema.optional(),
  slotId: Uuid.optional(),
  search: z.string().trim().max(100, 'search is at most 100 characters').optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(100, 'pageSize is at most 100').default(20),
});
export type AdminSchedulesInput = z.infer<typeof AdminSchedulesInputSchema>;

export const AdminScheduleRowSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  items: z.array(z.object({ id: z.string(), type: z.enum(['signature', 'custom']), name: z.string(), quantity: z.number().int() })),
  daysLabel: z.string(),
  slot: ScheduleSlotSchema.nullable(),
  pincode: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: ScheduleStatusSchema,
  createdAt: z.string(),
});
export const AdminSchedulesPageSchema = z.object({ schedules: z.array(AdminScheduleRowSchema), totalCount: z.number().int() });
export type AdminSchedulesPage = z.infer<typeof AdminSchedulesPageSchema>;

export const ForecastInputSchema = z.object({ date: SlotDate.optional() });
export const ForecastSchema = z.object({
  date: z.string(),
  cutoffAt: z.string(),
  slots: z.array(
    z.object({
      slotId: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      deliveries: z.number().int(),
      shakes: z.array(z.object({ id: z.string(), type: z.enum(['signature', 'custom']), name: z.string(), quantity: z.number().int() })),
    }),
  ),
});
export type Forecast = z.infer<typeof ForecastSchema>;
