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
  await sql`
    create or replace view charges as
    select pa.id,
           'order'::text as kind,
           pa.gateway::text as provider,
           o.user_id,
           pa.order_id,
           null::uuid as subscription_id,
           pa.amount_paise,
           coalesce(p.captured_paise, 0) as captured_paise,
           coalesce(p.refunded_paise, 0) as refunded_paise,
           (case
              when p.status = 'refunded' then 'refunded'
              when p.status in ('authorized', 'captured', 'refund_pending') then 'paid'
              when pa.status = 'paid' then 'paid'
              when pa.status = 'failed' then 'failed'
              when pa.status = 'not_created' then 'abandoned'
              else 'pending'
            end)::text as status,
           pa.gateway_order_id,
           p.gateway_payment_id,
           p.method,
           pa.created_at
      from payment_attempts pa
      join orders o on o.id = pa.order_id
      left join lateral (
        select x.status, x.captured_paise, x.refunded_paise, x.gateway_payment_id, x.method
          from payments x
         where x.attempt_id = pa.id
         order by (x.status <> 'failed') desc, x.created_at desc
         limit 1
      ) p on true
    union all
    select o.id,
           'order'::text,
           o.payment_method::text,
           o.user_id,
           o.id,
           null::uuid,
           o.total_paise,
           (case when o.payment_status in ('paid', 'completed', 'successful', 'refunded') then o.total_paise else 0 end),
           (case when o.payment_status = 'refunded' then o.total_paise else 0 end),
           (case
              when o.payment_status in ('paid', 'completed', 'successful') then 'paid'
              when o.payment_status = 'refunded' then 'refunded'
              when o.payment_status = 'failed' then 'failed'
              else 'pending'
            end)::text,
           null::text,
           null::text,
           o.payment_method::text,
           o.created_at
      from orders o
     where o.payment_method in ('cod', 'wallet')
    union all
    select sp.id,
           'subscription'::text,
           sp.gateway::text,
           sp.user_id,
           null::uuid,
           sp.subscription_id,
           sp.amount_paise,
           coalesce(sp.captured_paise, 0),
           sp.refunded_paise,
           (case sp.status when 'created' then 'pending' else sp.status end)::text,
           sp.gateway_order_id,
           sp.gateway_payment_id,
           sp.method,
           sp.created_at
      from subscription_payments sp
    union all
    select t.id,
           'wallet_topup'::text,
           t.gateway::text,
           t.user_id,
           null::uuid,
           null::uuid,
           t.amount_paise,
           coalesce(t.captured_paise, 0),
           t.refunded_paise,
           (case t.status when 'created' then 'pending' else t.status end)::text,
           t.gateway_order_id,
           t.gateway_payment_id,
           t.method,
           t.created_at
      from wallet_top_ups t
    union all
    select d.id,
           'autopay_debit'::text,
           m.provider::text,
           d.user_id,
           null::uuid,
           d.subscription_id,
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
  `.execute(db);
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
