import type { Generated } from 'kysely';

export type FreeUnitRuleColumn = 'cheapest_signature' | 'cheapest_priced';
export type SubscriptionStatusColumn = 'pending_payment' | 'active' | 'paused' | 'cancelled' | 'expired';
export type SubscriptionPaymentStatusColumn = 'created' | 'paid' | 'failed' | 'refunded';

export interface SubscriptionPlansTable {
  id: Generated<string>;
  slug: string;
  name: string;
  description: Generated<string>;
  price_paise: number;
  period_days: number;
  free_units: number;
  free_unit_rule: FreeUnitRuleColumn;
  free_delivery: Generated<boolean>;
  points_multiplier: Generated<number>;
  subscriber_slots: Generated<boolean>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  plan_id: string;
  plan_name: string;
  price_paise: number;
  period_days: number;
  free_units: number;
  free_unit_rule: FreeUnitRuleColumn;
  free_delivery: boolean;
  points_multiplier: number;
  subscriber_slots: boolean;
  status: SubscriptionStatusColumn;
  auto_renew: Generated<boolean>;
  paused_at: string | null;
  pause_until: string | null;
  paused_period_id: string | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
  gateway_subscription_id: string | null;
  gateway_mandate_url: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SubscriptionPaymentsTable {
  id: Generated<string>;
  subscription_id: string;
  user_id: string;
  kind: 'purchase' | 'renewal' | 'auto_renewal';
  amount_paise: number;
  status: SubscriptionPaymentStatusColumn;
  gateway: string;
  gateway_order_id: string;
  gateway_payment_id: string | null;
  method: string | null;
  idempotency_key: string | null;
  refunded_paise: Generated<number>;
  refund_key: string | null;
  created_at: Generated<string>;
  paid_at: string | null;
}

export interface SubscriptionPeriodsTable {
  id: Generated<string>;
  subscription_id: string;
  payment_id: string | null;
  starts_at: string;
  ends_at: string;
  free_units_allowed: number;
  free_units_used: Generated<number>;
  reminder_sent_at: string | null;
  created_at: Generated<string>;
}

export interface SubscriptionFreeUnitsTable {
  order_id: string;
  period_id: string;
  value_paise: number;
  created_at: Generated<string>;
}

export interface SubscriptionsTables {
  subscription_plans: SubscriptionPlansTable;
  subscriptions: SubscriptionsTable;
  subscription_payments: SubscriptionPaymentsTable;
  subscription_periods: SubscriptionPeriodsTable;
  subscription_free_units: SubscriptionFreeUnitsTable;
}
