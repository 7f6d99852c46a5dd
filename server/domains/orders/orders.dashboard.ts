import type { Executor } from '../../../db/database';
import type { DashboardMetric } from '../../../shared/schemas/auth';
import { salesSince } from './orders.admin.repository';
import { IST_OFFSET_MINUTES } from '../../../shared/rules/slots';

/** Start of today in Asia/Kolkata, as an instant. */
function istMidnight(now: Date): Date {
  const ist = new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST_OFFSET_MINUTES * 60_000);
}

/**
 * Revenue (order totals net of refunds; orders not cancelled and not waiting
 * for payment), order count and average order value for today (IST), the last
 * 7 and the last 30 days. Appended to the admin dashboard's providers.
 */
/** The shape of an admin dashboard provider (admin's DashboardProvider, matched structurally: orders does not import admin). */
interface SalesProvider {
  name: string;
  metrics(ctx: { db: Executor; now: Date }): Promise<DashboardMetric[]>;
}

export const orderSales: SalesProvider = {
  name: 'orders',
  async metrics({ db, now }) {
    const windows = [
      { key: 'today', label: 'today', since: istMidnight(now) },
      { key: '7d', label: '7 days', since: new Date(istMidnight(now).getTime() - 6 * 86_400_000) },
      { key: '30d', label: '30 days', since: new Date(istMidnight(now).getTime() - 29 * 86_400_000) },
    ];
    const out = [];
    for (const w of windows) {
      const s = await salesSince(db, w.since.toISOString());
      out.push(
        { key: `orders.revenue.${w.key}`, label: `Revenue, ${w.label}`, value: s.revenue, format: 'paise' as const },
        { key: `orders.count.${w.key}`, label: `Orders, ${w.label}`, value: s.orders, format: 'count' as const },
        {
          key: `orders.aov.${w.key}`,
          label: `Average order value, ${w.label}`,
          value: s.orders ? Math.round(s.revenue / s.orders) : 0,
          format: 'paise' as const,
        },
      );
    }
    return out;
  },
};
