import type { Insertable } from 'kysely';
import type { Coupons as CouponsTable } from '../generated/database';

/** PRODUCT.md §10's coupons. */
export const SEED_COUPONS: Insertable<CouponsTable>[] = [
  {
    code: 'WELCOME50',
    description: 'Welcome: half off your first order',
    kind: 'percent',
    value: 50,
    max_discount_paise: 10_000,
    min_subtotal_paise: 19_900,
    first_order_only: true,
    per_customer_limit: 1,
    usage_limit: null,
    valid_from: null,
    valid_to: null,
  },
  {
    code: 'FLAT75',
    description: '₹75 off a bigger order',
    kind: 'flat',
    value: 7_500,
    max_discount_paise: null,
    min_subtotal_paise: 49_900,
    usage_limit: null,
    per_customer_limit: null,
    valid_from: null,
    valid_to: null,
  },
  {
    code: 'GREEN10',
    description: '10% off everything',
    kind: 'percent',
    value: 10,
    max_discount_paise: null,
    usage_limit: null,
    per_customer_limit: null,
    valid_from: null,
    valid_to: null,
  },
];
