import { sql, type Kysely } from 'kysely';
import { PAYMENT_CHARGES } from './2026_12_07_1300_create_charges_view';

/**
 * UPI AutoPay (PRODUCT.md §21, decision 281), on the one charge model (decision 280):
 *
 * - `autopay_mandates`: a customer's UPI mandate at the gateway (Razorpay recurring payments: a
 *   customer, an authorisation order with the token's terms, the token it gave). Started under the
 *   customer's Idempotency-Key (unique per customer); at most one live (active or paused) per customer.
 *   NPCI's ceiling: a mandate's maximum is at most ₹15,000.
 * - `wallet_auto_recharge`: below `threshold_paise`, add `amount_paise` (a customer's one setting).
 * - `autopay_debits`: each debit of a mandate is a charge of kind autopay_debit — notified first
 *   (NPCI: at least 24 hours before), then debited once `debit_after` has passed. One per (customer,
 *   purpose, date) — a debit is idempotent by what it is for — and one in flight per mandate.
 * - The charges view gains their branch, so the webhook finds a debit like any other charge.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table autopay_mandates (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      provider text not null check (provider in ('razorpay', 'test')),
      status text not null default 'pending' check (status in ('pending', 'active', 'paused', 'revoked', 'rejected')),
      max_amount_paise integer not null check (max_amount_paise between 100 and 1500000),
      gateway_customer_id text,
      gateway_order_id text unique,
      gateway_token_id text unique,
      bank text,
      idempotency_key text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (user_id, idempotency_key)
    )`.execute(db);
  await sql`create unique index autopay_mandates_one_live on autopay_mandates (user_id) where status in ('active', 'paused')`.execute(db);
  await sql`
    create table wallet_auto_recharge (
      user_id uuid primary key references users(id) on delete cascade,
      threshold_paise integer not null check (threshold_paise between 0 and 1500000),
      amount_paise integer not null check (amount_paise between 20000 and 1500000),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table autopay_debits (
      id uuid primary key default gen_random_uuid(),
      mandate_id uuid not null references autopay_mandates(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      purpose text not null check (purpose in ('wallet_recharge', 'subscription_renewal')),
      purpose_date date not null,
      amount_paise integer not null check (amount_paise between 100 and 1500000),
      status text not null default 'notified' check (status in ('notified', 'debiting', 'paid', 'failed', 'cancelled', 'refunded')),
      notified_at timestamptz not null,
      debit_after timestamptz not null,
      gateway_order_id text unique,
      gateway_payment_id text unique,
      captured_paise integer,
      refunded_paise integer not null default 0 check (refunded_paise >= 0 and refunded_paise <= coalesce(captured_paise, 0)),
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (user_id, purpose, purpose_date)
    )`.execute(db);
  await sql`create unique index autopay_debits_one_in_flight on autopay_debits (mandate_id) where status = 'debiting'`.execute(db);
  await sql`create index autopay_debits_due on autopay_debits (debit_after) where status = 'notified'`.execute(db);
  await chargesViewWithDebits().execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace view charges as ${PAYMENT_CHARGES}`.execute(db);
  await sql`drop table autopay_debits`.execute(db);
  await sql`drop table wallet_auto_recharge`.execute(db);
  await sql`drop table autopay_mandates`.execute(db);
}

/**
 * The charges view as this migration leaves it: the payment kinds of 2026_12_07_1300, then AutoPay
 * debits. `debitSubscription` is a debit's subscription column: none here; 2026_12_09_1000 names the
 * subscription a renewal paid for (`d.subscription_id`), and restores this one when it is undone.
 */
export function chargesViewWithDebits(debitSubscription: 'null::uuid' | 'd.subscription_id' = 'null::uuid') {
  return sql`
    create or replace view charges as ${PAYMENT_CHARGES}
    union all
    select d.id,
           'autopay_debit'::text,
           m.provider::text,
           d.user_id,
           null::uuid,
           ${sql.raw(debitSubscription)},
           d.amount_paise,
           coalesce(d.captured_paise, 0),
           d.refunded_paise,
           (case d.status
              when 'paid' then 'paid'
              when 'failed' then 'failed'
              when 'refunded' then 'refunded'
              when 'cancelled' then 'abandoned'
              else 'pending'
            end)::text,
           d.gateway_order_id,
           d.gateway_payment_id,
           'upi'::text,
           d.created_at
      from autopay_debits d
      join autopay_mandates m on m.id = d.mandate_id
  `;
}
