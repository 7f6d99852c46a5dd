import type { Executor } from '../../../db/database';
import type { DetailSection } from '../../../shared/schemas/auth';
import { customerOrders } from '../orders/orders.customer-section';
import { customerAddresses } from '../addresses/addresses.customer-section';
import { customerSubscription } from '../subscriptions/subscriptions.customer-section';
import { customerPoints } from '../rewards/rewards.customer-section';

/**
 * The customer detail on /admin/customers is the account plus sections other
 * domains contribute (orders, subscription, points). Append one provider here;
 * return null to show nothing for this customer.
 */
export interface CustomerSectionProvider {
  name: string;
  section(ctx: { db: Executor; userId: string; now: Date }): Promise<DetailSection | null>;
}

export const CUSTOMER_SECTIONS: CustomerSectionProvider[] = [customerOrders, customerSubscription, customerPoints, customerAddresses];
