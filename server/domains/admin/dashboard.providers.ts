import type { Executor } from '../../../db/database';
import type { DashboardMetric } from '../../../shared/schemas/auth';
import { orderSales } from '../orders/orders.dashboard';
import { walletTopUps } from '../wallet/wallet.dashboard';
import * as users from '../users/users.service';
import * as catalogue from '../catalogue/catalogue.service';

/**
 * The admin dashboard is a list of providers, each answering some metrics.
 * A domain adds its figures (revenue, orders, subscribers, slot fill …) by
 * appending one provider to DASHBOARD_PROVIDERS; the screen renders whatever
 * metrics come back (count, paise or percent), in order.
 */
export interface DashboardContext {
  db: Executor;
  now: Date;
}

export interface DashboardProvider {
  /** Unique, used in logs when a provider fails (its metrics are then left out, not the whole dashboard). */
  name: string;
  metrics(ctx: DashboardContext): Promise<DashboardMetric[]>;
}

export const customerCounts: DashboardProvider = {
  name: 'customers',
  async metrics({ db, now }) {
    const since = (days: number) => new Date(now.getTime() - days * 86400_000).toISOString();
    const deps = { db };
    const [all, week, month] = [
      await users.countCustomers(deps),
      await users.countCustomers(deps, since(7)),
      await users.countCustomers(deps, since(30)),
    ];
    return [
      { key: 'customers.total', label: 'Customers', value: all, format: 'count' },
      { key: 'customers.new7', label: 'New customers, 7 days', value: week, format: 'count' },
      { key: 'customers.new30', label: 'New customers, 30 days', value: month, format: 'count' },
    ];
  },
};

export const catalogueCounts: DashboardProvider = {
  name: 'catalogue',
  async metrics({ db }) {
    const { shakes, ingredients } = await catalogue.countActive({ db });
    return [
      { key: 'catalogue.shakes', label: 'Signature shakes on sale', value: shakes, format: 'count' },
      { key: 'catalogue.ingredients', label: 'Ingredients available', value: ingredients, format: 'count' },
    ];
  },
};

/** Append a provider here to add figures to /admin/dashboard. */
export const DASHBOARD_PROVIDERS: DashboardProvider[] = [customerCounts, catalogueCounts, orderSales, walletTopUps];
