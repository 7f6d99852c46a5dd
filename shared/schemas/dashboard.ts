import { z } from 'zod';
import { IsoDate, Paise } from './common';

/** /admin/dashboard: a chosen range, figures per day (IST), and the same range just before it. */
export const DASHBOARD_RANGES = ['today', '7d', '30d', '90d'] as const;
export const DashboardRangeSchema = z.enum(DASHBOARD_RANGES, { message: 'Choose today, 7d, 30d or 90d' });
export type DashboardRange = z.infer<typeof DashboardRangeSchema>;
export const RANGE_DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

export const DashboardReportInputSchema = z.object({ range: DashboardRangeSchema.default('30d') });
export type DashboardReportInput = z.infer<typeof DashboardReportInputSchema>;

/**
 * `revenue` is everything customers paid, net of refunds: `orderRevenue` (orders placed and not
 * cancelled) plus `subscriptionRevenue` (plan purchases and renewals, by the day paid). The wallet's
 * top-ups will be a third part. Cash on delivery is revenue once delivered; `orders` counts every order
 * placed, `aov` (average order value) divides `orderRevenue` by the orders it counts: plans are not orders.
 */
const Totals = z.object({
  revenue: z.number().int(),
  orderRevenue: z.number().int(),
  subscriptionRevenue: z.number().int(),
  orders: z.number().int(),
  aov: Paise,
  newCustomers: z.number().int(),
});
export type DashboardTotals = z.infer<typeof Totals>;

export const DashboardReportSchema = z.object({
  generatedAt: z.string(),
  range: DashboardRangeSchema,
  from: IsoDate,
  to: IsoDate,
  previousFrom: IsoDate,
  previousTo: IsoDate,
  /** One entry per IST day of the range, oldest first (days without orders are zeros). */
  days: z.array(z.object({ date: IsoDate, ...Totals.shape })),
  totals: Totals,
  previous: Totals,
  ordersByStatus: z.array(z.object({ status: z.string(), label: z.string(), count: z.number().int() })),
  /** The next 7 delivery days from today (IST): places booked against places offered. */
  slotFill: z.array(z.object({ date: IsoDate, booked: z.number().int(), capacity: z.number().int(), blackout: z.boolean() })),
  topShakes: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number().int(), revenue: z.number().int() })),
  activeSubscribers: z.number().int(),
  customers: z.number().int(),
  catalogue: z.object({ shakes: z.number().int(), ingredients: z.number().int() }),
});
export type DashboardReport = z.infer<typeof DashboardReportSchema>;
