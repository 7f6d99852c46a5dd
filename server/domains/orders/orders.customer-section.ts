import type { CustomerSectionProvider } from '../admin/customer-sections';
import { customerOrderSummary } from './orders.admin.repository';
import { formatRupees } from '../../../shared/rules/money';
import { orderStatusLabel } from '../../../shared/rules/order-rules';
import { formatDate } from '../../../shared/rules/dates';


/** "Orders" on the admin customer detail: how many, what they spent, the last one. */
export const customerOrders: CustomerSectionProvider = {
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
