import { z } from 'zod';
import { Paise, Uuid } from './common';
import { CartLineInputSchema, QuoteLineSchema } from './cart';
import { SlotDate } from './slots';
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

/** A scheduled line priced as a quote today (cart's quote line: today's name, image and price; 0 and a reason when it cannot be bought). */
export const ScheduleItemSchema = QuoteLineSchema.pick({
  id: true,
  type: true,
  name: true,
  image: true,
  quantity: true,
  unitPrice: true,
  lineTotal: true,
  available: true,
  reason: true,
  recipe: true,
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

/**
 * A schedule-level change's answer (decision 202): the schedule, and the first date the change applies
 * to ("YYYY-MM-DD"): the first date still open; the dates before it keep what they were fixed as.
 */
export const ScheduleChangeSchema = ScheduleSchema.extend({ effectiveFrom: z.string() });
export type ScheduleChange = z.infer<typeof ScheduleChangeSchema>;
export const ScheduleRemovedSchema = z.object({ ok: z.literal(true), effectiveFrom: z.string() });
export type ScheduleRemoved = z.infer<typeof ScheduleRemovedSchema>;

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
export const ScheduleCalendarInputSchema = z.object({
  from: SlotDate.optional(),
  days: z.coerce
    .number()
    .int('days is a whole number')
    .min(1, 'days is at least 1')
    .max(CALENDAR_DAYS + 1, `days is at most ${CALENDAR_DAYS + 1}`)
    .default(CALENDAR_DAYS),
});
export type ScheduleCalendarInput = z.infer<typeof ScheduleCalendarInputSchema>;

export const DayStateSchema = z.enum(DAY_STATES);

/** What a delivery costs: a quote today (free unit, free delivery, the fee below the threshold), or a placed order's stored total. */
export const DeliveryPriceSchema = z.object({ subtotal: Paise, freeUnitDiscount: Paise, deliveryFee: Paise, total: Paise });
export type DeliveryPrice = z.infer<typeof DeliveryPriceSchema>;

/**
 * A schedule as the calendar prices it, once per answer: its slot, its own items priced today and what
 * one delivery of them costs. Every day entry of this schedule without items / price of its own
 * delivers exactly these, at this price.
 */
export const CalendarScheduleSchema = z.object({
  id: z.string(),
  /** null when the slot was removed (its days are then not placed). */
  slot: ScheduleSlotSchema.nullable(),
  items: z.array(ScheduleItemSchema),
  price: DeliveryPriceSchema,
  /** The drop-off note for every day of this schedule ("ring twice"), unless a date has its own (decision 295). */
  dropOffNote: z.string().nullable().optional(),
});
export type CalendarSchedule = z.infer<typeof CalendarScheduleSchema>;

/**
 * One schedule's delivery on one date. The day rules are applied by the server (`state`); `items` and
 * `price` appear only when they are not the schedule's (see `schedules`): read an entry as
 * `items ?? schedule.items`, `price ?? schedule.price`, and the slot is always the schedule's.
 */
export const DeliveryEntrySchema = z.object({
  scheduleId: z.string(),
  state: DayStateSchema,
  /** Only on a changed day (other quantities, a one-off extra): that day's items, priced today. */
  items: z.array(ScheduleItemSchema).optional(),
  /** Only when the day costs something else than its schedule: a changed day's quote, or a placed order's own total. */
  price: DeliveryPriceSchema.optional(),
  /** Only in state 'placed': the order. */
  order: z.object({ id: z.string(), number: z.string(), status: z.string() }).optional(),
  /** Only in state 'not_placed': why (a code like WALLET_INSUFFICIENT and a sentence). */
  reason: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type DeliveryEntry = z.infer<typeof DeliveryEntrySchema>;

export const DeliveryDaySchema = z.object({
  date: z.string(),
  /** Changes (skip, items, a vacation starting here) are still taken for this date; they close at `cutoffTime` the evening before. */
  open: z.boolean(),
  /** Only when a vacation covers this date: its id. */
  vacationId: z.string().optional(),
  /** Every schedule that has something on this date, with its state (none: nothing to deliver). */
  entries: z.array(DeliveryEntrySchema),
  /**
   * Only on a day the wallet will not cover (decision 220: days paid in date order, each covered or
   * short): short `by` this much; a top-up of `topUp` covers it and every day before it.
   */
  short: z.object({ by: Paise, topUp: Paise }).optional(),
  /** Only when the customer left a note for this date ("leave with security"): it wins over a schedule's every-day note; '' means none that day. */
  instructions: z.string().optional(),
});
export type DeliveryDay = z.infer<typeof DeliveryDaySchema>;

/**
 * GET /api/user/deliveries (and the answer of a skip or a day's change, for that one date): the
 * calendar, each schedule once with its items and price, each day's entries only with what differs.
 */
export const ScheduleCalendarSchema = z.object({
  from: z.string(),
  /** "21:00": each date's changes close at this time the evening before, in Asia/Kolkata. */
  cutoffTime: z.string(),
  /** The next instant changes close (ISO): the cut-off of the first date still open. */
  nextCutoffAt: z.string(),
  schedules: z.array(CalendarScheduleSchema),
  days: z.array(DeliveryDaySchema),
  vacations: z.array(VacationSchema),
  /**
   * The wallet over the days of this answer (decision 220): its balance, the days with something
   * still to place (`due`), how many of them it pays (`covered`), the first short day whose changes
   * are still open, or null, and its cut-off, the top-up's deadline, in words ("Wed, 9:00 pm", "9:00 pm
   * tonight"; null with it).
   */
  wallet: z.object({
    balance: Paise,
    due: z.number().int(),
    covered: z.number().int(),
    firstShort: z.string().nullable(),
    topUpBy: z.string().nullable(),
  }),
});
export type ScheduleCalendar = z.infer<typeof ScheduleCalendarSchema>;

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

/** A drop-off note is at most this long: a rider reads it at the door. */
export const DROP_OFF_NOTE_MAX = 200;

/**
 * PUT /api/user/deliveries/{date}/instructions (decision 295): a note for the rider ("leave with
 * security", "ring twice") for that date's deliveries, or with `everyDay` for every day of a schedule
 * (scheduleId may be left out with one schedule). An empty note takes it away. Refused (409
 * DELIVERY_FIXED) once the date is fixed, as every day change is.
 */
export const PutInstructionsInputSchema = z.object({
  date: SlotDate,
  note: z
    .string({ message: 'Write the note for the rider' })
    .trim()
    .max(DROP_OFF_NOTE_MAX, `Keep the note to ${DROP_OFF_NOTE_MAX} characters`),
  everyDay: z.boolean().optional(),
  scheduleId: Uuid.optional(),
});
export type PutInstructionsInput = z.infer<typeof PutInstructionsInputSchema>;

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
  /** Days the cut-off refused (no funds, no stock, …) with the reason the customer was told. */
  notPlaced: z.array(
    z.object({ scheduleId: z.string(), customer: z.string(), startTime: z.string(), reasonCode: z.string(), reason: z.string() }),
  ),
});
export type Forecast = z.infer<typeof ForecastSchema>;
