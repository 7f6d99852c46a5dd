import { sql, type Kysely } from 'kysely';
import { chargesViewWithDebits } from './2026_12_07_1301_create_autopay';

/**
 * Refunds of UPI AutoPay debits through the one refund outbox (decision 282):
 *
 * - `refunds.autopay_debit_id`: the outbox's fourth kind of charge (an order's payment, a
 *   subscription payment, a wallet top-up, an AutoPay debit), exactly one per refund.
 * - `autopay_debits.paid_at`: when the debit was captured. "Refund my balance" gives the newest
 *   money back first across top-ups and AutoPay refills (decision 283), so it needs the capture's
 *   time, not `updated_at` (which a refund moves). Debits paid before this read their `updated_at`.
 *   (`refunded_paise`, bounded by `captured_paise`, and the status `refunded` came with the table.)
 * - The charges view names the subscription a renewal debit paid for, as it does for a
 *   subscription payment, so /admin/charges links it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds add column autopay_debit_id uuid references autopay_debits (id)`.execute(db);
  await sql`alter table refunds drop constraint refunds_one_payment`.execute(db);
  await sql`alter table refunds add constraint refunds_one_payment check (
    num_nonnulls(payment_id, subscription_payment_id, wallet_top_up_id, autopay_debit_id) = 1 and (payment_id is null) = (order_id is null)
  )`.execute(db);
  await sql`create index refunds_autopay_debit_idx on refunds (autopay_debit_id) where autopay_debit_id is not null`.execute(db);
  await sql`alter table autopay_debits add column paid_at timestamptz`.execute(db);
  await sql`update autopay_debits set paid_at = updated_at where status in ('paid', 'refunded')`.execute(db);
  await sql`alter table autopay_debits add constraint autopay_debits_paid_when check (status not in ('paid', 'refunded') or paid_at is not null)`.execute(
    db,
  );
  await chargesViewWithDebits('d.subscription_id').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await chargesViewWithDebits().execute(db);
  await sql`alter table autopay_debits drop constraint autopay_debits_paid_when`.execute(db);
  await sql`alter table autopay_debits drop column paid_at`.execute(db);
  await sql`delete from refunds where autopay_debit_id is not null`.execute(db);
  await sql`alter table refunds drop constraint refunds_one_payment`.execute(db);
  await sql`alter table refunds drop column autopay_debit_id`.execute(db);
  await sql`alter table refunds add constraint refunds_one_payment check (
    num_nonnulls(payment_id, subscription_payment_id, wallet_top_up_id) = 1 and (payment_id is null) = (order_id is null)
  )`.execute(db);
}
