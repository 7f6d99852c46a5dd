import { z } from 'zod';
import { IsoDate } from './common';

/**
 * The owner's morning (PRODUCT.md §23): the day on the dashboard, the forecast of the next days and
 * subscriber retention. Money in integer paise; dates are IST calendar days.
 */

/** How the forecast counts one-off orders; shown on the screen as its help text (decision 260). */
export const ONE_OFF_RULE =
  'One-off orders: for each slot, the median of the same weekday over the last 4 weeks (orders, bottles and revenue each), or what is already booked for the day when that is more. Standing deliveries: what the cut-off will place, priced at today’s menu price (a custom shake at the average price of custom shakes sold in the last 4 weeks).';

const Figures = z.object({
  orders: z.number().int(),
  bottles: z.number().int(),
  revenue: z.number().int(),
});
export type ForecastFigures = z.infer<typeof Figures>;

export const ForecastSlotSchema = z.object({
  slotId: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  standing: Figures,
  oneOff: Figures,
  /** One-off orders already booked for the day (the floor of `oneOff`). */
  oneOffBooked: Figures,
  total: Figures,
});
export const ForecastDaySchema = z.object({
  date: z.string(),
  slots: z.array(ForecastSlotSchema),
  total: Figures,
});
export type ForecastDay = z.infer<typeof ForecastDaySchema>;

export const ForecastInputSchema = z.object({
  days: z.coerce.number().int().min(1, 'Forecast at least 1 day').max(14, 'Forecast at most 14 days').default(7),
});
export const ForecastAnswerSchema = z.object({
  generatedAt: z.string(),
  rule: z.string(),
  days: z.array(ForecastDaySchema),
});
export type ForecastAnswer = z.infer<typeof ForecastAnswerSchema>;

export const RiderRunSchema = z.object({
  /** null: stops of the day no rider has yet. */
  riderId: z.string().nullable(),
  name: z.string(),
  assigned: z.number().int(),
  out: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** Cash on delivery of the rider's stops that are not failed: what they bring back once all are delivered. */
  cashDue: z.number().int(),
  cashCollected: z.number().int(),
});

export const DashboardDayInputSchema = z.object({ date: IsoDate.optional() });
export const DashboardDaySchema = z.object({
  generatedAt: z.string(),
  date: z.string(),
  tomorrow: z.string(),
  rule: z.string(),
  forecast: ForecastDaySchema,
  run: z.array(RiderRunSchema),
  standing: z.object({
    activeSchedules: z.number().int(),
    activeCustomers: z.number().int(),
    notPlaced: z.array(
      z.object({ date: z.string(), customerId: z.string(), customer: z.string(), reasonCode: z.string(), reason: z.string() }),
    ),
    short: z.array(z.object({ customerId: z.string(), customer: z.string(), balance: z.number().int(), needed: z.number().int() })),
  }),
  wallet: z.object({ liability: z.number().int(), wallets: z.number().int() }),
  revenue: z.object({
    /** Orders placed on the date, net of refunds; cash on delivery only once delivered. */
    counted: z.number().int(),
    orders: z.number().int(),
    /** Cash-on-delivery orders placed on the date not delivered yet: not revenue until they are. */
    cashAwaiting: z.number().int(),
    cashAwaitingOrders: z.number().int(),
  }),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

/** The weeks after the first order at which a cohort's retention is measured. */
export const RETENTION_WEEKS = [4, 8, 12] as const;

export const RetentionInputSchema = z.object({
  weeks: z.coerce.number().int().min(4, 'Show at least 4 weeks').max(52, 'Show at most 52 weeks').default(16),
});
export const RetentionSchema = z.object({
  generatedAt: z.string(),
  from: z.string(),
  to: z.string(),
  /** The customers of a cohort who had an order delivered in its week N; null while week N has not ended. */
  cohorts: z.array(
    z.object({
      week: z.string(),
      customers: z.number().int(),
      retained: z.array(z.object({ week: z.number().int(), customers: z.number().int().nullable(), percent: z.number().nullable() })),
    }),
  ),
  cancelReasons: z.array(z.object({ source: z.enum(['order', 'subscription']), reason: z.string(), count: z.number().int() })),
});
export type Retention = z.infer<typeof RetentionSchema>;
