import type { Executor } from '../../../db/database';
import type { DetailSection } from '../../../shared/schemas/auth';
import { customerOrderSummary } from './orders.admin.repository';
import { formatRupees } from '../../../shared/rules/money';
import { orderStatusLabel } from '../../../shared/rules/order-rules';
import { formatDate } from '../../../shared/rules/dates';


/** "Orders" on the admin customer detail: how many, what they spent, the last one. */
/** The shape of an admin customer-detail section (admin's CustomerSectionProvider, matched structurally: orders does not import admin). */
interface OrdersSection {
  name: string;
  section(ctx: { db: Executor; userId: string; now: Date }): Promise<DetailSection | null>;
}

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
        { label: 'Spent', value: formatRupees(s.spent) },
        ...(s.last
          ? [
              {
                label: 'Last order',
                value: `${s.last.number} · ${orderStatusLabel(s.last.status)} · ${formatDate(s.last.created_at, 'date')}`,
              },
            ]
          : []),
      ],
    };
  },
};
