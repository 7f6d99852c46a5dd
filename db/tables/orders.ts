import type { ColumnType, Generated } from 'kysely';
import type { Json } from './foundation';

export type OrderStatusColumn = 'pending_payment' | 'confirmed' | 'preparing' | 'out_for_delivery' | 'delivered' | 'cancelled';
export type OrderPaymentStatusColumn = 'pending' | 'completed' | 'failed' | 'paid' | 'successful' | 'refunded';
/** numeric comes back as a JS number (type parser 1700). */
type Numeric = ColumnType<number, number | undefined, number>;

export interface OrdersTable {
  id: Generated<string>;
  number: Generated<string>;
  user_id: string;
  status: OrderStatusColumn;
  cancel_reason: string | null;
  payment_method: 'razorpay' | 'cod' | 'free';
  payment_status: OrderPaymentStatusColumn;
  paid_with: string | null;
  subtotal_paise: number;
  free_unit_discount_paise: Generated<number>;
  coupon_discount_paise: Generated<number>;
  points_discount_paise: Generated<number>;
  delivery_fee_paise: Generated<number>;
  gst_paise: Generated<number>;
  total_paise: number;
  gst_rate_percent: Numeric;
  coupon_code: string | null;
  points_redeemed: Generated<number>;
  /** Points the order earns when paid (COD: delivered), fixed at placement (rewards, decision 073). */
  points_to_earn: Generated<number>;
  contact_email: string;
  contact_name: Generated<string>;
  address_id: string | null;
  address: Json;
  pincode: string;
  slot_id: string;
  slot_date: string;
  slot_start: string;
  slot_end: string;
  plan_type: Generated<string>;
  idempotency_key: string;
  request_hash: string;
  expires_at: string | null;
  reconcile_after: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  confirmed_at: string | null;
  paid_at: string | null;
  cancelled_at: string | null;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: string;
  position: number;
  item_id: string;
  item_type: 'signature' | 'custom';
  name: string;
  image: Generated<string>;
  unit_price_paise: number;
  quantity: number;
  line_total_paise: number;
  is_free_unit: Generated<boolean>;
  recipe: Json | null;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  status: OrderStatusColumn;
  actor: 'customer' | 'admin' | 'system' | 'gateway';
  actor_id: string | null;
  note: string | null;
  created_at: Generated<string>;
}

export interface PaymentAttemptsTable {
  id: Generated<string>;
  order_id: string;
  gateway: 'razorpay' | 'test';
  /** Null while the gateway order is being created ('creating') or when that failed ('not_created'). */
  gateway_order_id: string | null;
  amount_paise: number;
  currency: Generated<string>;
  status: Generated<PaymentAttemptStatus>;
  /** Lease of a 'creating' reservation: past it, another request may take the attempt over. */
  reserved_until: string | null;
  last_error: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type PaymentAttemptStatus = 'creating' | 'created' | 'not_created' | 'paid' | 'failed';

/** Test payment mode's gateway (no Razorpay keys): its orders and payments, shared by every instance. */
export interface TestGatewayOrdersTable {
  id: string;
  amount_paise: number;
  created_at: Generated<string>;
}

export interface TestGatewayPaymentsTable {
  id: string;
  gateway_order_id: string;
  amount_paise: number;
  status: 'captured' | 'failed' | 'refunded';
  error_code: string | null;
  error_description: string | null;
  created_at: Generated<string>;
}

export type PaymentRowStatus = 'failed' | 'authorized' | 'captured' | 'refund_pending' | 'refunded';

export interface PaymentsTable {
  id: Generated<string>;
  order_id: string;
  attempt_id: string;
  gateway_payment_id: string;
  amount_paise: number;
  status: PaymentRowStatus;
  method: string | null;
  refunded_paise: Generated<number>;
  error_code: string | null;
  error_description: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  captured_at: string | null;
}

/** A refund of an order's payment (payment_id, order_id) or of a subscription payment (subscription_payment_id). */
export interface RefundsTable {
  id: Generated<string>;
  payment_id: string | null;
  order_id: string | null;
  subscription_payment_id: string | null;
  amount_paise: number;
  idempotency_key: string;
  gateway_refund_id: string | null;
  status: Generated<'pending' | 'processed' | 'failed'>;
  reason: string;
  attempts: Generated<number>;
  last_error: string | null;
  retry_after: Generated<string>;
  created_at: Generated<string>;
  processed_at: string | null;
}

export interface PaymentWebhookEventsTable {
  event_id: string;
  event_type: string;
  payload: Json;
  received_at: Generated<string>;
  processed_at: string | null;
  outcome: string | null;
}

export interface OrdersTables {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  payment_attempts: PaymentAttemptsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  test_gateway_orders: TestGatewayOrdersTable;
  test_gateway_payments: TestGatewayPaymentsTable;
}
