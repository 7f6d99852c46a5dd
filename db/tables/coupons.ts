import type { Generated } from 'kysely';

export interface CouponsTable {
  id: Generated<string>;
  code: string;
  description: Generated<string>;
  kind: 'percent' | 'flat';
  /** percent: 1–100; flat: paise. */
  value: number;
  min_subtotal_paise: Generated<number>;
  max_discount_paise: number | null;
  /** Asia/Kolkata calendar days (YYYY-MM-DD), inclusive. */
  valid_from: string | null;
  valid_to: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  first_order_only: Generated<boolean>;
  applies_to: Generated<'all' | 'signature' | 'custom'>;
  active: Generated<boolean>;
  uses: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface CouponUsesTable {
  id: Generated<string>;
  coupon_id: string;
  order_id: string;
  user_id: string;
  discount_paise: number;
  created_at: Generated<string>;
  released_at: string | null;
}

export interface CouponsTables {
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
}
