import type { Executor } from '../../../db/database';
import type { DetailSection } from '../../../shared/schemas/auth';
import { customerOrders } from '../orders/orders.customer-section';
import { customerAddresses } from '../addresses/addresses.customer-section';
import { customerSubscription } from '../subscriptions/subscriptions.customer-section';
import { customerPoints } from '../rewards/rewards.customer-section';
import { customerOrderSpend } from '../orders/orders.reports';
import { customerSubscriptionSpend } from '../subscriptions/subscriptions.reports';
import { formatRupees } from '../../../shared/rules/money';

/**
 * The customer detail on /admin/customers is the account plus sections other
 * domains contribute (orders, subscription, points). Append one provider here;
 * return null to show nothing for this customer.
 */
export interface CustomerSectionProvider {
  name: string;
  section(ctx: { db: Executor; userId: string; now: Date }): Promise<DetailSection | null>;
}

/**
 * "Spent": everything the customer paid, net of refunds — orders and subscription plans (the wallet's
 * top-ups join when it exists), measured as the dashboard's revenue is.
 */
export const customerSpending: CustomerSectionProvider = {
  name: 'spending',
  async section({ db, userId }) {
    const orders = await customerOrderSpend({ db }, userId);
    const plans = await customerSubscriptionSpend(db, userId);
    return {
      key: 'spending',
      title: 'Spent',
      rows: [
        { label: 'Spent', value: formatRupees(orders + plans) },
        { label: 'On orders', value: formatRupees(orders) },
        { label: 'On subscriptions', value: formatRupees(plans) },
      ],
    };
  },
};

export const CUSTOMER_SECTIONS: CustomerSectionProvider[] = [
  customerSpending,
  customerOrders,
  customerSubscription,
  customerPoints,
  customerAddresses,
];
