import type { Executor } from '../../../db/database';
import type { DetailSection } from '../../../shared/schemas/auth';
import { customerOrderSummary } from './orders.admin.repository';
import { recentForCustomer } from './orders.reports.repository';
import { formatRupees } from '../../../shared/rules/money';
import { orderStatusLabel } from '../../../shared/rules/order-rules';
import { formatDate } from '../../../shared/rules/dates';

/** The shape of an admin customer-detail section (admin's CustomerSectionProvider, matched structurally: orders does not import admin). */
interface OrdersSection {
  name: string;
  section(ctx: { db: Executor; userId: string; now: Date }): Promise<DetailSection | null>;
}

/** "Orders" on the admin customer detail: how many, what they spent, and the latest five, each linked to the orders desk. */
export const customerOrders: OrdersSection = {
  name: 'orders',
  async section({ db, userId }) {
    const s = await customerOrderSummary(db, userId);
    if (!s.orders) return { key: 'orders', title: 'Orders', rows: [{ label: 'Orders', value: 'None yet' }] };
    return {
      key: 'orders',
      title: 'Orders',
      rows: [
        { label: 'Orders', value: `${s.orders}${s.open ? ` (${s.open} on the way)` : ''}` },
        // What the customer spent (orders and plans together) is the "Spent" section's.
        ...(await recentForCustomer(db, userId, 5)).map((o) => ({
          label: o.number,
          value: `${formatRupees(o.total_paise)} · ${orderStatusLabel(o.status)} · ${formatDate(o.created_at, 'date')}`,
          href: `/admin/orders?id=${o.id}`,
        })),
      ],
    };
  },
};
