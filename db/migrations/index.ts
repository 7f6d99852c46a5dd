import type { Migration, MigrationProvider } from 'kysely';
import * as m0300 from './2026_11_22_0300_create_foundation';
import * as m0310 from './2026_11_22_0310_create_catalogue';
import * as m0330 from './2026_11_22_0330_create_addresses';
import * as m0340 from './2026_11_22_0340_create_delivery';
import * as m0700 from './2026_11_22_0700_create_orders';
import * as m0730 from './2026_11_22_0730_create_auth';
import * as m0740 from './2026_11_22_0740_create_carts';
import * as m0815 from './2026_11_22_0815_create_invoices';
import * as m1100 from './2026_11_23_0100_cart_merge_id';
import * as m25_1000 from './2026_11_25_1000_create_subscriptions';
import * as m251100 from './2026_11_25_1100_create_catalogue_images';
import * as m1200 from './2026_11_25_1200_create_reviews';
import * as m251300 from './2026_11_25_1300_create_coupons';
import * as m251310 from './2026_11_25_1310_create_rewards';
import * as m251330 from './2026_11_25_1330_payment_attempt_reservation';
import * as m251340 from './2026_11_25_1340_create_api_keys';
import * as m1350 from './2026_11_25_1350_create_webhooks';
import * as m270500 from './2026_11_27_0500_refunds_for_subscription_payments';
import * as m270730 from './2026_11_27_0730_create_slot_holds';
import * as m270800 from './2026_11_27_0800_staff_roles';
import * as m270810 from './2026_11_27_0810_staff_invites';
import * as m270820 from './2026_11_27_0820_create_order_deliveries';
import * as m270900 from './2026_11_27_0900_subscription_payment_reconcile';
import * as m281000 from './2026_11_28_1000_create_stock';
import * as m281010 from './2026_11_28_1010_stock_refuse';
import * as m281100 from './2026_11_28_1100_create_wallet';
import * as m281200 from './2026_11_28_1200_create_mobile_sign_in';
import * as m281210 from './2026_11_28_1210_create_email_verifications';
import * as m281230 from './2026_11_28_1230_create_whatsapp_outbox';
import * as m291100 from './2026_11_29_1100_create_kitchen_batches';
import * as m291200 from './2026_11_29_1200_notification_matrix';
import * as m291000 from './2026_11_29_1000_create_schedules';
import * as m291010 from './2026_11_29_1010_schedule_run_claims';
import * as m301200 from './2026_11_30_1200_calendar_and_pricing_functions';
import * as m060200 from './2026_12_06_0200_schedule_run_plans';
import * as m060201 from './2026_12_06_0201_calendar_rows_plan';
import * as m060300 from './2026_12_06_0300_captured_amounts_and_gateway_order_claims';
import * as m060400 from './2026_12_06_0400_one_account_per_mobile';
import * as m1206_0500 from './2026_12_06_0500_stock_sold_out_notify';
import * as m1206_1000 from './2026_12_06_1000_create_job_queue';
import * as m1206_1100 from './2026_12_06_1100_create_messages';
import * as m1206_1200 from './2026_12_06_1200_calendar_rows_wallet';
import * as m1206_1300 from './2026_12_06_1300_invitations_and_return_paths';
import * as m1206_1400 from './2026_12_06_1400_stock_shards';
import * as m1207_1000 from './2026_12_07_1000_create_consents';
import * as m1207_1010 from './2026_12_07_1010_create_data_exports';
import * as m1207_1020 from './2026_12_07_1020_create_account_deletions';
import * as m1207_1200 from './2026_12_07_1200_create_push_subscriptions';
import * as m1207_1300 from './2026_12_07_1300_create_charges_view';
import * as m1207_1301 from './2026_12_07_1301_create_autopay';
import * as m1208_1000 from './2026_12_08_1000_autopay_renewals';
import * as m1208_1001 from './2026_12_08_1001_test_gateway_tokens';
import * as m1208_1100 from './2026_12_08_1100_delivery_instructions';
import * as m1208_1110 from './2026_12_08_1110_delivery_photos';
import * as m1208_1300 from './2026_12_08_1300_privacy_retention_and_incidents';
import * as m1208_1400 from './2026_12_08_1400_ingredient_suppliers';
import * as m1209_0900 from './2026_12_09_0900_stock_take_walks_the_index';
import * as m1209_1000 from './2026_12_09_1000_autopay_debit_refunds';
import * as m1209_1100 from './2026_12_09_1100_rider_action_keys';
import * as m1209_1200 from './2026_12_09_1200_address_pins';
import * as m1209_1300 from './2026_12_09_1300_privacy_grievances';
import * as m1209_1400 from './2026_12_09_1400_batch_undo';
import * as m1210_1000 from './2026_12_10_1000_calendar_rows_notes';

/**
 * Migrations are listed here, not discovered on disk, so the bundled server and
 * the tests run exactly the same set. Add new files at the end, in name order.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0300_create_foundation': m0300,
  '2026_11_22_0310_create_catalogue': m0310,
  '2026_11_22_0330_create_addresses': m0330,
  '2026_11_22_0340_create_delivery': m0340,
  '2026_11_22_0700_create_orders': m0700,
  '2026_11_22_0730_create_auth': m0730,
  '2026_11_22_0740_create_carts': m0740,
  '2026_11_22_0815_create_invoices': m0815,
  '2026_11_23_0100_cart_merge_id': m1100,
  '2026_11_25_1000_create_subscriptions': m25_1000,
  '2026_11_25_1100_create_catalogue_images': m251100,
  '2026_11_25_1200_create_reviews': m1200,
  '2026_11_25_1300_create_coupons': m251300,
  '2026_11_25_1310_create_rewards': m251310,
  '2026_11_25_1330_payment_attempt_reservation': m251330,
  '2026_11_25_1340_create_api_keys': m251340,
  '2026_11_25_1350_create_webhooks': m1350,
  '2026_11_27_0500_refunds_for_subscription_payments': m270500,
  '2026_11_27_0730_create_slot_holds': m270730,
  '2026_11_27_0800_staff_roles': m270800,
  '2026_11_27_0810_staff_invites': m270810,
  '2026_11_27_0820_create_order_deliveries': m270820,
  '2026_11_27_0900_subscription_payment_reconcile': m270900,
  '2026_11_28_1000_create_stock': m281000,
  '2026_11_28_1010_stock_refuse': m281010,
  '2026_11_28_1100_create_wallet': m281100,
  '2026_11_28_1200_create_mobile_sign_in': m281200,
  '2026_11_28_1210_create_email_verifications': m281210,
  '2026_11_28_1230_create_whatsapp_outbox': m281230,
  '2026_11_29_1100_create_kitchen_batches': m291100,
  '2026_11_29_1200_notification_matrix': m291200,
  '2026_11_29_1000_create_schedules': m291000,
  '2026_11_29_1010_schedule_run_claims': m291010,
  '2026_11_30_1200_calendar_and_pricing_functions': m301200,
  '2026_12_06_0200_schedule_run_plans': m060200,
  '2026_12_06_0201_calendar_rows_plan': m060201,
  '2026_12_06_0300_captured_amounts_and_gateway_order_claims': m060300,
  '2026_12_06_0400_one_account_per_mobile': m060400,
  '2026_12_06_0500_stock_sold_out_notify': m1206_0500,
  '2026_12_06_1000_create_job_queue': m1206_1000,
  '2026_12_06_1100_create_messages': m1206_1100,
  '2026_12_06_1200_calendar_rows_wallet': m1206_1200,
  '2026_12_06_1300_invitations_and_return_paths': m1206_1300,
  '2026_12_06_1400_stock_shards': m1206_1400,
  '2026_12_07_1000_create_consents': m1207_1000,
  '2026_12_07_1010_create_data_exports': m1207_1010,
  '2026_12_07_1020_create_account_deletions': m1207_1020,
  '2026_12_07_1200_create_push_subscriptions': m1207_1200,
  '2026_12_07_1300_create_charges_view': m1207_1300,
  '2026_12_07_1301_create_autopay': m1207_1301,
  '2026_12_08_1000_autopay_renewals': m1208_1000,
  '2026_12_08_1001_test_gateway_tokens': m1208_1001,
  '2026_12_08_1100_delivery_instructions': m1208_1100,
  '2026_12_08_1110_delivery_photos': m1208_1110,
  '2026_12_08_1300_privacy_retention_and_incidents': m1208_1300,
  '2026_12_08_1400_ingredient_suppliers': m1208_1400,
  '2026_12_09_0900_stock_take_walks_the_index': m1209_0900,
  '2026_12_09_1000_autopay_debit_refunds': m1209_1000,
  '2026_12_09_1100_rider_action_keys': m1209_1100,
  '2026_12_09_1200_address_pins': m1209_1200,
  '2026_12_09_1300_privacy_grievances': m1209_1300,
  '2026_12_09_1400_batch_undo': m1209_1400,
  '2026_12_10_1000_calendar_rows_notes': m1210_1000,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
