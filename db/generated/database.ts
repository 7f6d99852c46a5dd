/**
 * Generated from the migrations by `npm run db:types` (scripts/db-types.ts, decision 106). Do not edit:
 * change a migration, or the narrowed column types in db/column-types.ts and scripts/db-types.ts.
 */
import type { ColumnType } from 'kysely';
import type {
  Json,
  FreeUnitRuleColumn,
  JsonRecipe,
  OrderPaymentStatusColumn,
  OrderStatusColumn,
  PaymentAttemptStatus,
  PaymentRowStatus,
  PushPayload,
  RewardKind,
  SubscriptionPaymentStatusColumn,
  SubscriptionStatusColumn,
  WalletKind,
  WebhookDeliveryStatusColumn,
} from '../column-types';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

export type Numeric = ColumnType<number, number | string, number | string>;

export type PgbossJobState = 'active' | 'cancelled' | 'completed' | 'created' | 'failed' | 'retry';

export interface AccountDeletions {
  erased_at: string | null;
  id: Generated<string>;
  reason: 'customer' | 'inactive';
  requested_at: string;
  status: Generated<'scheduled' | 'erased'>;
  user_id: string;
  wallet_refunded_paise: Generated<number>;
}

export interface Addresses {
  city: string;
  created_at: Generated<string>;
  id: Generated<string>;
  is_default: Generated<boolean>;
  landmark: string | null;
  latitude: number | null;
  line1: string;
  line2: string | null;
  longitude: number | null;
  name: string;
  phone: string;
  pincode: string;
  state: string;
  updated_at: Generated<string>;
  user_id: string;
}

export interface ApiKeys {
  created_at: Generated<string>;
  created_by: string | null;
  display_prefix: string;
  id: Generated<string>;
  last_used_at: string | null;
  last_used_ip: string | null;
  name: string;
  revoked_at: string | null;
  revoked_by: string | null;
  scopes: string[];
  token_hash: string;
}

export interface ApiKeyUses {
  count: number;
  id: Generated<number>;
  key_id: string;
  last_ip: string | null;
  minute: string;
  operation: string;
  refused: Generated<number>;
}

export interface AuditLog {
  action: string;
  actor_email: string | null;
  actor_id: string | null;
  after: Json | null;
  before: Json | null;
  created_at: Generated<string>;
  entity: string;
  entity_id: string | null;
  id: Generated<number>;
}

export interface AuthSessions {
  created_at: Generated<string>;
  id: Generated<string>;
  ip: string | null;
  last_used_at: Generated<string>;
  provider: Generated<string>;
  revoked_at: string | null;
  revoked_reason: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AutopayDebits {
  amount_paise: number;
  captured_paise: number | null;
  created_at: Generated<string>;
  debit_after: string;
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  id: Generated<string>;
  last_error: string | null;
  mandate_id: string;
  notified_at: string;
  paid_at: string | null;
  purpose: 'wallet_recharge' | 'subscription_renewal';
  purpose_date: string;
  refunded_paise: Generated<number>;
  status: Generated<'notified' | 'debiting' | 'paid' | 'failed' | 'cancelled' | 'refunded'>;
  subscription_id: string | null;
  updated_at: Generated<string>;
  user_id: string;
}

export interface AutopayMandates {
  bank: string | null;
  created_at: Generated<string>;
  expires_at: string;
  gateway_customer_id: string | null;
  gateway_order_id: string | null;
  gateway_token_id: string | null;
  id: Generated<string>;
  idempotency_key: string;
  max_amount_paise: number;
  provider: 'razorpay' | 'test';
  status: Generated<'pending' | 'active' | 'paused' | 'revoked' | 'rejected'>;
  updated_at: Generated<string>;
  user_id: string;
}

export interface BlackoutDates {
  created_at: Generated<string>;
  created_by: string | null;
  date: string;
  reason: string;
}

export interface CatalogueImages {
  bytes: Buffer;
  content_type: 'image/webp';
  created_at: Generated<string>;
  hash: string;
  height: number;
  size_bytes: number;
  uploaded_by: string | null;
  width: number;
}

export interface Charges {
  amount_paise: number | null;
  captured_paise: number | null;
  created_at: string | null;
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  id: string | null;
  kind: string | null;
  method: string | null;
  order_id: string | null;
  provider: string | null;
  refunded_paise: number | null;
  status: string | null;
  subscription_id: string | null;
  user_id: string | null;
}

export interface Consents {
  channel: 'email-signup' | 'mobile-signup' | 'profile' | 'notification-preferences' | 'checkout' | 'api';
  created_at: Generated<string>;
  given: boolean;
  id: Generated<number>;
  notice_version: string;
  purpose: 'account' | 'whatsapp' | 'marketing';
  user_id: string;
}

export interface Coupons {
  active: Generated<boolean>;
  applies_to: Generated<'all' | 'signature' | 'custom'>;
  code: string;
  created_at: Generated<string>;
  description: Generated<string>;
  first_order_only: Generated<boolean>;
  id: Generated<string>;
  kind: 'percent' | 'flat';
  max_discount_paise: number | null;
  min_subtotal_paise: Generated<number>;
  per_customer_limit: number | null;
  updated_at: Generated<string>;
  usage_limit: number | null;
  uses: Generated<number>;
  valid_from: string | null;
  valid_to: string | null;
  value: number;
}

export interface CouponUses {
  coupon_id: string;
  created_at: Generated<string>;
  discount_paise: number;
  id: Generated<string>;
  order_id: string;
  released_at: string | null;
  user_id: string;
}

export interface DataExports {
  expires_at: string | null;
  file: Buffer | null;
  id: Generated<string>;
  ready_at: string | null;
  requested_at: string;
  size_bytes: number | null;
  status: Generated<'queued' | 'ready' | 'expired'>;
  user_id: string;
}

export interface DeliveryInstructions {
  date: string;
  note: string;
  updated_at: Generated<string>;
  user_id: string;
}

export interface DeliveryPhotos {
  bytes: Buffer;
  hash: string;
  height: number;
  order_id: string;
  taken_at: Generated<string>;
  taken_by: string | null;
  width: number;
}

export interface DeliverySlots {
  active: Generated<boolean>;
  created_at: Generated<string>;
  end_time: string;
  id: Generated<string>;
  max_bookings: number;
  plan_type: Generated<'all' | 'one_time' | 'subscription'>;
  sort: Generated<number>;
  start_time: string;
  updated_at: Generated<string>;
}

export interface EmailVerifications {
  created_at: string;
  email: string;
  expires_at: string;
  id: Generated<number>;
  token_hash: string;
  used_at: string | null;
  user_id: string;
}

export interface Favorites {
  created_at: Generated<string>;
  id: Generated<string>;
  shake_id: string;
  user_id: string;
}

export interface GatewayOrderClaims {
  amount_paise: number;
  created_at: Generated<string>;
  gateway: 'razorpay' | 'test';
  gateway_order_id: string | null;
  idempotency_key: string;
  last_error: string | null;
  reserved_until: string | null;
  scope: string;
  status: 'creating' | 'created' | 'not_created';
  updated_at: Generated<string>;
}

export interface InactivityNotices {
  closed_at: string | null;
  erase_after: string;
  last_active_at: string;
  told_at: string;
  user_id: string;
}

export interface Ingredients {
  active: Generated<boolean>;
  allergens: Generated<string[]>;
  carbs_g: Generated<Numeric>;
  category: 'base' | 'greens' | 'fruit' | 'protein' | 'superfood' | 'sweetener';
  created_at: Generated<string>;
  description: Generated<string>;
  fat_g: Generated<Numeric>;
  fibre_g: Generated<Numeric>;
  hydroponic: Generated<boolean>;
  id: Generated<string>;
  in_stock: Generated<boolean>;
  kcal: Generated<Numeric>;
  name: string;
  portion_qty: Generated<number>;
  price_paise: Generated<number>;
  protein_g: Generated<Numeric>;
  slug: string;
  sort_order: Generated<number>;
  stock_unit: Generated<'g' | 'ml' | 'pc'>;
  sugar_g: Generated<Numeric>;
  supplier: string | null;
  updated_at: Generated<string>;
  vegan: Generated<boolean>;
}

export interface InvoiceCounters {
  fy: string;
  last_number: Generated<number>;
}

export interface KitchenBatches {
  id: Generated<string>;
  ready_at: string | null;
  ready_by: string | null;
  slot_date: string;
  slot_id: string;
  started_at: string;
  started_by: string | null;
  undone_at: string | null;
  undone_by: string | null;
  undone_orders: number | null;
}

export interface KitchenBatchOrders {
  batch_id: string;
  order_id: string;
}

export interface MailOutbox {
  attempts: Generated<number>;
  created_at: Generated<string>;
  html: string;
  id: Generated<number>;
  last_error: string | null;
  message_id: number | null;
  next_attempt_at: string | null;
  provider_message_id: string | null;
  sent_at: string | null;
  status: Generated<'pending' | 'sent' | 'logged' | 'failed'>;
  subject: string;
  template: string;
  text: string;
  to_email: string;
  to_name: string | null;
}

export interface Messages {
  body: string;
  created_at: Generated<string>;
  event: string;
  id: Generated<number>;
  link: string | null;
  read_at: string | null;
  title: string;
  user_id: string;
}

export interface NotificationPreferences {
  email: Generated<boolean>;
  kind: 'order_confirmed' | 'out_for_delivery' | 'delivered' | 'payment_failed' | 'deliveries';
  sms: Generated<boolean>;
  user_id: string;
  whatsapp: Generated<boolean>;
}

export interface OrderDeliveries {
  assigned_at: string | null;
  assigned_by: string | null;
  attempts: Generated<number>;
  cash_collected_paise: number | null;
  code_hash: string | null;
  code_nonce: string | null;
  code_tries: Generated<number>;
  delivered_at: string | null;
  delivered_by: string | null;
  fail_note: string | null;
  fail_reason: 'not_at_home' | 'address_not_found' | 'refused' | null;
  failed_at: string | null;
  order_id: string;
  picked_up_at: string | null;
  rider_id: string | null;
  updated_at: Generated<string>;
}

export interface OrderEvents {
  actor: 'customer' | 'admin' | 'system' | 'gateway';
  actor_id: string | null;
  created_at: Generated<string>;
  id: Generated<number>;
  note: string | null;
  order_id: string;
  status: OrderStatusColumn;
}

export interface OrderInvoices {
  cgst_paise: number;
  fy: string;
  gst_rate_percent: Numeric;
  issued_at: Generated<string>;
  number: string;
  order_id: string;
  seq: number;
  sgst_paise: number;
  taxable_paise: number;
  total_paise: number;
}

export interface OrderLines {
  id: Generated<number>;
  image: Generated<string>;
  is_free_unit: Generated<boolean>;
  item_id: string;
  item_type: 'signature' | 'custom';
  line_total_paise: number;
  name: string;
  order_id: string;
  position: number;
  quantity: number;
  recipe: Json | null;
  unit_price_paise: number;
}

export interface Orders {
  address: Json;
  address_id: string | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
  confirmed_at: string | null;
  contact_email: string;
  contact_name: Generated<string>;
  coupon_code: string | null;
  coupon_discount_paise: Generated<number>;
  created_at: Generated<string>;
  delivery_fee_paise: Generated<number>;
  expires_at: string | null;
  free_unit_discount_paise: Generated<number>;
  gst_paise: Generated<number>;
  gst_rate_percent: Generated<Numeric>;
  id: Generated<string>;
  idempotency_key: string;
  number: Generated<string>;
  paid_at: string | null;
  paid_with: string | null;
  payment_method: 'razorpay' | 'cod' | 'free' | 'wallet';
  payment_status: OrderPaymentStatusColumn;
  pincode: string;
  plan_type: Generated<string>;
  points_discount_paise: Generated<number>;
  points_redeemed: Generated<number>;
  points_to_earn: Generated<number>;
  reconcile_after: string | null;
  request_hash: string;
  slot_date: string;
  slot_end: string;
  slot_id: string;
  slot_start: string;
  status: OrderStatusColumn;
  subtotal_paise: number;
  total_paise: number;
  updated_at: Generated<string>;
  user_id: string;
}

export interface OtpCodes {
  attempts: Generated<number>;
  code_hash: string;
  consumed_at: string | null;
  created_at: string;
  expires_at: string;
  id: Generated<number>;
  mobile: string;
  purpose: 'signin' | 'change';
  return_to: string | null;
  user_id: string | null;
}

export interface PasswordResets {
  created_at: Generated<string>;
  expires_at: string;
  id: Generated<number>;
  ip: string | null;
  purpose: Generated<'reset' | 'invite'>;
  requested_by: string | null;
  token_hash: string;
  used_at: string | null;
  user_id: string;
}

export interface PaymentAttempts {
  amount_paise: number;
  created_at: Generated<string>;
  currency: Generated<string>;
  gateway: 'razorpay' | 'test';
  gateway_order_id: string | null;
  id: Generated<string>;
  last_error: string | null;
  order_id: string;
  reserved_until: string | null;
  status: Generated<PaymentAttemptStatus>;
  updated_at: Generated<string>;
}

export interface Payments {
  amount_paise: number;
  attempt_id: string;
  captured_at: string | null;
  captured_paise: number | null;
  created_at: Generated<string>;
  error_code: string | null;
  error_description: string | null;
  gateway_payment_id: string;
  id: Generated<string>;
  method: string | null;
  order_id: string;
  refunded_paise: Generated<number>;
  status: PaymentRowStatus;
  updated_at: Generated<string>;
}

export interface PaymentWebhookEvents {
  event_id: string;
  event_type: string;
  outcome: string | null;
  payload: Json;
  processed_at: string | null;
  received_at: Generated<string>;
}

export interface PgbossArchive {
  archived_on: Generated<string>;
  completed_on: string | null;
  created_on: string;
  data: Json | null;
  dead_letter: string | null;
  expire_in: unknown;
  id: string;
  keep_until: string;
  name: string;
  output: Json | null;
  policy: string | null;
  priority: number;
  retry_backoff: boolean;
  retry_count: number;
  retry_delay: number;
  retry_limit: number;
  singleton_key: string | null;
  singleton_on: string | null;
  start_after: string;
  started_on: string | null;
  state: PgbossJobState;
}

export interface PgbossJob {
  completed_on: string | null;
  created_on: Generated<string>;
  data: Json | null;
  dead_letter: string | null;
  expire_in: Generated<unknown>;
  id: Generated<string>;
  keep_until: Generated<string>;
  name: string;
  output: Json | null;
  policy: string | null;
  priority: Generated<number>;
  retry_backoff: Generated<boolean>;
  retry_count: Generated<number>;
  retry_delay: Generated<number>;
  retry_limit: Generated<number>;
  singleton_key: string | null;
  singleton_on: string | null;
  start_after: Generated<string>;
  started_on: string | null;
  state: Generated<PgbossJobState>;
}

export interface PgbossQueue {
  created_on: Generated<string>;
  dead_letter: string | null;
  expire_seconds: number | null;
  name: string;
  partition_name: string | null;
  policy: string | null;
  retention_minutes: number | null;
  retry_backoff: boolean | null;
  retry_delay: number | null;
  retry_limit: number | null;
  updated_on: Generated<string>;
}

export interface PgbossSchedule {
  created_on: Generated<string>;
  cron: string;
  data: Json | null;
  name: string;
  options: Json | null;
  timezone: string | null;
  updated_on: Generated<string>;
}

export interface PgbossSubscription {
  created_on: Generated<string>;
  event: string;
  name: string;
  updated_on: Generated<string>;
}

export interface PgbossVersion {
  cron_on: string | null;
  maintained_on: string | null;
  monitored_on: string | null;
  version: number;
}

export interface PrivacyGrievances {
  answer: string | null;
  answered_at: string | null;
  answered_by: string | null;
  created_at: string;
  details: string;
  due_by: string;
  id: Generated<string>;
  status: Generated<'open' | 'answered' | 'closed'>;
  subject: string;
  user_id: string;
}

export interface PrivacyIncidentPeople {
  incident_id: string;
  told_at: string | null;
  user_id: string;
}

export interface PrivacyIncidents {
  board_reported_at: string | null;
  created_at: string;
  data_kinds: string;
  discovered_at: string;
  id: Generated<string>;
  likely_impact: string;
  measures: string;
  occurred_at: string | null;
  people_told_at: string | null;
  recorded_by: string | null;
  what: string;
}

export interface PushOutbox {
  attempts: Generated<number>;
  created_at: Generated<string>;
  device: string;
  id: Generated<number>;
  last_error: string | null;
  message_id: number | null;
  next_attempt_at: string | null;
  payload: PushPayload;
  provider_message_id: string | null;
  sent_at: string | null;
  status: Generated<'pending' | 'sent' | 'logged' | 'failed'>;
  subscription_id: number | null;
}

export interface PushSubscriptions {
  auth: string;
  created_at: Generated<string>;
  device: Generated<string>;
  endpoint: string;
  id: Generated<number>;
  p256dh: string;
  user_id: string;
}

export interface RateLimitBuckets {
  count: number;
  key: string;
  reset_at: string;
}

export interface RefreshTokens {
  created_at: Generated<string>;
  expires_at: string;
  id: Generated<number>;
  rotated_at: string | null;
  session_id: string;
  token_hash: string;
}

export interface Refunds {
  amount_paise: number;
  attempts: Generated<number>;
  autopay_debit_id: string | null;
  created_at: Generated<string>;
  gateway_refund_id: string | null;
  id: Generated<string>;
  idempotency_key: string;
  last_error: string | null;
  order_id: string | null;
  payment_id: string | null;
  processed_at: string | null;
  reason: string;
  retry_after: Generated<string>;
  status: Generated<'pending' | 'processed' | 'failed'>;
  subscription_payment_id: string | null;
  wallet_top_up_id: string | null;
}

export interface Reviews {
  author_name: string;
  body: Generated<string>;
  created_at: Generated<string>;
  hidden: Generated<boolean>;
  id: Generated<string>;
  order_id: string;
  rating: number;
  shake_id: string;
  updated_at: Generated<string>;
  user_id: string;
}

export interface RewardBalances {
  balance: Generated<number>;
  updated_at: Generated<string>;
  user_id: string;
}

export interface RewardLedger {
  actor_id: string | null;
  created_at: Generated<string>;
  id: Generated<string>;
  kind: RewardKind;
  note: string | null;
  order_id: string | null;
  points: number;
  reason: string;
  seq: Generated<number>;
  user_id: string;
}

export interface RiderActionKeys {
  action: 'picked_up' | 'delivered' | 'failed';
  created_at: Generated<string>;
  key: string;
  order_id: string;
  outcome: Json | null;
  request_hash: string;
  user_id: string;
}

export interface SavedShakes {
  created_at: Generated<string>;
  id: Generated<string>;
  name: string;
  recipe: JsonRecipe;
  recipe_key: string;
  updated_at: Generated<string>;
  user_id: string;
}

export interface ScheduleDays {
  date: string;
  items: Json | null;
  schedule_id: string;
  skipped: Generated<boolean>;
  updated_at: Generated<string>;
}

export interface ScheduleReminders {
  created_at: Generated<string>;
  date: string;
  user_id: string;
}

export interface ScheduleRuns {
  attempts: Generated<number>;
  claimed_at: string | null;
  created_at: Generated<string>;
  date: string;
  free_at: string | null;
  notified_at: string | null;
  order_id: string | null;
  outcome: string;
  plan: Json | null;
  reason: string | null;
  reason_code: string | null;
  schedule_id: string;
  user_id: string;
}

export interface Schedules {
  address_id: string | null;
  created_at: Generated<string>;
  days: string;
  drop_off_note: string | null;
  end_date: string | null;
  id: Generated<string>;
  items: Json;
  slot_id: string | null;
  start_date: string;
  status: Generated<string>;
  updated_at: Generated<string>;
  user_id: string;
  weekdays: Generated<number[]>;
}

export interface ScheduleVacations {
  created_at: Generated<string>;
  from_date: string;
  id: Generated<string>;
  to_date: string;
  user_id: string;
}

export interface SeedRuns {
  name: string;
  ran_at: Generated<string>;
}

export interface ServiceablePincodes {
  active: Generated<boolean>;
  area: string;
  city: Generated<string>;
  created_at: Generated<string>;
  pincode: string;
  updated_at: Generated<string>;
}

export interface Settings {
  key: string;
  updated_at: Generated<string>;
  value: Json;
}

export interface ShakeRecipeItems {
  ingredient_id: string;
  qty_per_bottle: number;
  shake_id: string;
}

export interface SignatureShakes {
  active: Generated<boolean>;
  allergens: Generated<string[]>;
  calories: Generated<number>;
  carbs_g: Generated<Numeric>;
  created_at: Generated<string>;
  description: Generated<string>;
  fat_g: Generated<Numeric>;
  fibre_g: Generated<Numeric>;
  id: Generated<string>;
  image: Generated<string>;
  in_stock: Generated<boolean>;
  ingredients: Generated<string[]>;
  name: string;
  price_paise: number;
  protein_g: Generated<Numeric>;
  slug: string;
  sort_order: Generated<number>;
  sugar_g: Generated<Numeric>;
  tags: Generated<string[]>;
  updated_at: Generated<string>;
  vegan: Generated<boolean>;
}

export interface SlotBookings {
  booked: Generated<number>;
  capacity: number;
  date: string;
  slot_id: string;
  updated_at: Generated<string>;
}

export interface SlotHolds {
  created_at: Generated<string>;
  date: string;
  order_id: string;
  slot_id: string;
}

export interface SmsOutbox {
  attempts: Generated<number>;
  created_at: Generated<string>;
  id: Generated<number>;
  last_error: string | null;
  message_id: number | null;
  next_attempt_at: string | null;
  provider_message_id: string | null;
  sent_at: string | null;
  status: Generated<'pending' | 'sent' | 'logged' | 'failed'>;
  template: string;
  text: string;
  to_mobile: string;
  variables: Record<string, string>;
}

export interface StockAlerts {
  created_at: Generated<string>;
  day: string;
  ingredient_id: string;
  kind: Generated<string>;
}

export interface StockBalances {
  ingredient_id: string;
  on_hand: Generated<number>;
  par_level: Generated<number>;
  updated_at: Generated<string>;
}

export interface StockLevels {
  ingredient_id: string | null;
  on_hand: number | null;
  par_level: number | null;
  reserved: number | null;
  updated_at: string | null;
}

export interface StockMovements {
  actor_id: string | null;
  batch: string | null;
  best_before: string | null;
  created_at: Generated<string>;
  delta: number;
  id: Generated<number>;
  ingredient_id: string;
  kind: 'received' | 'used' | 'wasted' | 'counted' | 'returned';
  on_hand_after: number;
  order_id: string | null;
  reason: string | null;
  reverses: number | null;
  use_round: number | null;
}

export interface StockReservations {
  ingredient_id: string;
  order_id: string;
  qty: number;
}

export interface StockShards {
  free: number;
  ingredient_id: string;
  shard: number;
}

export interface StockSoldOutIngredients {
  ingredient_id: string | null;
}

export interface StockSoldOutShakes {
  shake_id: string | null;
}

export interface SubscriptionFreeUnits {
  created_at: Generated<string>;
  order_id: string;
  period_id: string;
  value_paise: number;
}

export interface SubscriptionPayments {
  amount_paise: number;
  captured_paise: number | null;
  created_at: Generated<string>;
  gateway: string;
  gateway_order_id: string;
  gateway_payment_id: string | null;
  id: Generated<string>;
  idempotency_key: string | null;
  kind: 'purchase' | 'renewal' | 'auto_renewal';
  method: string | null;
  paid_at: string | null;
  reconcile_after: string | null;
  refund_key: string | null;
  refunded_paise: Generated<number>;
  status: SubscriptionPaymentStatusColumn;
  subscription_id: string;
  user_id: string;
}

export interface SubscriptionPeriods {
  created_at: Generated<string>;
  ends_at: string;
  free_units_allowed: number;
  free_units_used: Generated<number>;
  id: Generated<string>;
  payment_id: string | null;
  reminder_sent_at: string | null;
  starts_at: string;
  subscription_id: string;
}

export interface SubscriptionPlans {
  active: Generated<boolean>;
  created_at: Generated<string>;
  description: Generated<string>;
  free_delivery: Generated<boolean>;
  free_unit_rule: FreeUnitRuleColumn;
  free_units: number;
  id: Generated<string>;
  name: string;
  period_days: number;
  points_multiplier: Generated<number>;
  price_paise: number;
  slug: string;
  sort_order: Generated<number>;
  subscriber_slots: Generated<boolean>;
  updated_at: Generated<string>;
}

export interface Subscriptions {
  auto_renew: Generated<boolean>;
  cancel_reason: string | null;
  cancelled_at: string | null;
  created_at: Generated<string>;
  free_delivery: boolean;
  free_unit_rule: FreeUnitRuleColumn;
  free_units: number;
  gateway_mandate_url: string | null;
  gateway_subscription_id: string | null;
  id: Generated<string>;
  pause_until: string | null;
  paused_at: string | null;
  paused_period_id: string | null;
  period_days: number;
  plan_id: string;
  plan_name: string;
  points_multiplier: number;
  price_paise: number;
  status: SubscriptionStatusColumn;
  subscriber_slots: boolean;
  updated_at: Generated<string>;
  user_id: string;
}

export interface TestGatewayOrders {
  amount_paise: number;
  created_at: Generated<string>;
  id: string;
}

export interface TestGatewayPayments {
  amount_paise: number;
  created_at: Generated<string>;
  error_code: string | null;
  error_description: string | null;
  gateway_order_id: string;
  id: string;
  status: 'captured' | 'failed' | 'refunded';
}

export interface TestGatewayTokens {
  debits: Generated<'success' | 'failure' | 'decline_later'>;
  id: string;
  updated_at: Generated<string>;
}

export interface UserCartLines {
  item_id: string;
  item_type: 'signature' | 'custom';
  position: Generated<number>;
  quantity: number;
  recipe: JsonRecipe | null;
  user_id: string;
}

export interface UserCarts {
  last_merge_id: string | null;
  updated_at: Generated<string>;
  user_id: string;
  version: Generated<number>;
}

export interface UserIdentities {
  created_at: Generated<string>;
  email: string | null;
  id: Generated<number>;
  last_sign_in_at: string | null;
  provider: string;
  subject: string;
  user_id: string;
}

export interface Users {
  created_at: Generated<string>;
  disabled: Generated<boolean>;
  email: string | null;
  email_verified: Generated<boolean>;
  id: Generated<string>;
  invited_at: string | null;
  invited_by: string | null;
  mobile: string | null;
  mobile_verified_at: string | null;
  name: Generated<string>;
  password_hash: string | null;
  role: Generated<'customer' | 'admin' | 'manager' | 'kitchen' | 'rider' | 'support'>;
  updated_at: Generated<string>;
  username: string | null;
  whatsapp_opt_in_at: string | null;
}

export interface WalletAutoRecharge {
  amount_paise: number;
  threshold_paise: number;
  updated_at: Generated<string>;
  user_id: string;
}

export interface WalletBalances {
  balance_paise: Generated<number>;
  updated_at: Generated<string>;
  user_id: string;
}

export interface WalletLedger {
  actor_id: string | null;
  amount_paise: number;
  created_at: Generated<string>;
  id: Generated<string>;
  kind: WalletKind;
  note: string | null;
  order_id: string | null;
  reason: string;
  reference: string;
  seq: Generated<number>;
  top_up_id: string | null;
  user_id: string;
}

export interface WalletTopUps {
  amount_paise: number;
  captured_paise: number | null;
  created_at: Generated<string>;
  gateway: 'razorpay' | 'test';
  gateway_order_id: string;
  gateway_payment_id: string | null;
  id: Generated<string>;
  idempotency_key: string;
  method: string | null;
  paid_at: string | null;
  reconcile_after: string | null;
  refunded_paise: Generated<number>;
  status: 'created' | 'paid' | 'failed' | 'refunded';
  user_id: string;
}

export interface WebhookDeliveries {
  attempts: Generated<number>;
  created_at: Generated<string>;
  delivered_at: string | null;
  endpoint_id: string;
  event_id: string;
  id: Generated<number>;
  last_attempt_at: string | null;
  last_error: string | null;
  next_attempt_at: string | null;
  response_status: number | null;
  status: Generated<WebhookDeliveryStatusColumn>;
}

export interface WebhookEndpoints {
  active: Generated<boolean>;
  created_at: Generated<string>;
  description: Generated<string>;
  events: string[];
  id: Generated<string>;
  secret: string;
  secret_rotated_at: string | null;
  updated_at: Generated<string>;
  url: string;
}

export interface WebhookEvents {
  created_at: Generated<string>;
  data: Json;
  id: Generated<string>;
  type: string;
}

export interface WhatsappOutbox {
  attempts: Generated<number>;
  created_at: Generated<string>;
  delivery_status: 'sent' | 'delivered' | 'read' | 'failed' | null;
  delivery_status_at: string | null;
  id: Generated<number>;
  last_error: string | null;
  message_id: number | null;
  next_attempt_at: string | null;
  order_id: string | null;
  provider_message_id: string | null;
  sent_at: string | null;
  sms_fallback: Generated<boolean>;
  status: Generated<'pending' | 'sent' | 'logged' | 'failed'>;
  template: string;
  text: string;
  to_mobile: string;
  user_id: string | null;
  variables: string[];
}

export interface DB {
  account_deletions: AccountDeletions;
  addresses: Addresses;
  api_key_uses: ApiKeyUses;
  api_keys: ApiKeys;
  audit_log: AuditLog;
  auth_sessions: AuthSessions;
  autopay_debits: AutopayDebits;
  autopay_mandates: AutopayMandates;
  blackout_dates: BlackoutDates;
  catalogue_images: CatalogueImages;
  charges: Charges;
  consents: Consents;
  coupon_uses: CouponUses;
  coupons: Coupons;
  data_exports: DataExports;
  delivery_instructions: DeliveryInstructions;
  delivery_photos: DeliveryPhotos;
  delivery_slots: DeliverySlots;
  email_verifications: EmailVerifications;
  favorites: Favorites;
  gateway_order_claims: GatewayOrderClaims;
  inactivity_notices: InactivityNotices;
  ingredients: Ingredients;
  invoice_counters: InvoiceCounters;
  kitchen_batch_orders: KitchenBatchOrders;
  kitchen_batches: KitchenBatches;
  mail_outbox: MailOutbox;
  messages: Messages;
  notification_preferences: NotificationPreferences;
  order_deliveries: OrderDeliveries;
  order_events: OrderEvents;
  order_invoices: OrderInvoices;
  order_lines: OrderLines;
  orders: Orders;
  otp_codes: OtpCodes;
  password_resets: PasswordResets;
  payment_attempts: PaymentAttempts;
  payment_webhook_events: PaymentWebhookEvents;
  payments: Payments;
  'pgboss.archive': PgbossArchive;
  'pgboss.job': PgbossJob;
  'pgboss.queue': PgbossQueue;
  'pgboss.schedule': PgbossSchedule;
  'pgboss.subscription': PgbossSubscription;
  'pgboss.version': PgbossVersion;
  privacy_grievances: PrivacyGrievances;
  privacy_incident_people: PrivacyIncidentPeople;
  privacy_incidents: PrivacyIncidents;
  push_outbox: PushOutbox;
  push_subscriptions: PushSubscriptions;
  rate_limit_buckets: RateLimitBuckets;
  refresh_tokens: RefreshTokens;
  refunds: Refunds;
  reviews: Reviews;
  reward_balances: RewardBalances;
  reward_ledger: RewardLedger;
  rider_action_keys: RiderActionKeys;
  saved_shakes: SavedShakes;
  schedule_days: ScheduleDays;
  schedule_reminders: ScheduleReminders;
  schedule_runs: ScheduleRuns;
  schedule_vacations: ScheduleVacations;
  schedules: Schedules;
  seed_runs: SeedRuns;
  serviceable_pincodes: ServiceablePincodes;
  settings: Settings;
  shake_recipe_items: ShakeRecipeItems;
  signature_shakes: SignatureShakes;
  slot_bookings: SlotBookings;
  slot_holds: SlotHolds;
  sms_outbox: SmsOutbox;
  stock_alerts: StockAlerts;
  stock_balances: StockBalances;
  stock_levels: StockLevels;
  stock_movements: StockMovements;
  stock_reservations: StockReservations;
  stock_shards: StockShards;
  stock_sold_out_ingredients: StockSoldOutIngredients;
  stock_sold_out_shakes: StockSoldOutShakes;
  subscription_free_units: SubscriptionFreeUnits;
  subscription_payments: SubscriptionPayments;
  subscription_periods: SubscriptionPeriods;
  subscription_plans: SubscriptionPlans;
  subscriptions: Subscriptions;
  test_gateway_orders: TestGatewayOrders;
  test_gateway_payments: TestGatewayPayments;
  test_gateway_tokens: TestGatewayTokens;
  user_cart_lines: UserCartLines;
  user_carts: UserCarts;
  user_identities: UserIdentities;
  users: Users;
  wallet_auto_recharge: WalletAutoRecharge;
  wallet_balances: WalletBalances;
  wallet_ledger: WalletLedger;
  wallet_top_ups: WalletTopUps;
  webhook_deliveries: WebhookDeliveries;
  webhook_endpoints: WebhookEndpoints;
  webhook_events: WebhookEvents;
  whatsapp_outbox: WhatsappOutbox;
}
