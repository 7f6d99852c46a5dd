import type { CustomerSectionProvider } from '../admin/customer-sections';
import { customerOrderSummary } from './orders.admin.repository';
import { recentForCustomer } from './orders.reports.repository';
import { formatRupees } from '../../../shared/rules/money';
import { orderStatusLabel } from '../../../shared/rules/order-rules';

let dayFmt: Intl.DateTimeFormat | undefined;
const day = () =>
  (dayFmt ??= new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }));

/** "Orders" on the admin customer detail: how many, what they spent, and the latest five, each linked to the orders desk. */
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
        ...(await recentForCustomer(db, userId, 5)).map((o) => ({
          label: o.number,
          value: `${formatRupees(o.total_paise)} · ${orderStatusLabel(o.status)} · ${day().format(new Date(o.created_at))}`,
          href: `/admin/orders?id=${o.id}`,
        })),
      ],
    };
  },
};
