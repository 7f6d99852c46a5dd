import { sql, type Kysely } from 'kysely';

/**
 * One charge model (PRODUCT.md §21, decision 280): every rupee the shop asks for, whatever it pays
 * for, read in one place. `charges` is a view over the rows each kind already keeps — an online
 * order's payment attempts (with the payment that settled each), subscription payments, wallet
 * top-ups — plus the orders paid without the gateway (cash on delivery, the wallet). It has the same
 * columns for every kind:
 *
 * - `kind`: order | subscription | wallet_topup; `provider`: razorpay | test | cod | wallet;
 * - `status`: pending | paid | failed | refunded | abandoned (a gateway order never created);
 * - `amount_paise` asked, `captured_paise` the gateway (or the cash, or the wallet) took,
 *   `refunded_paise` reserved for refunds; the gateway's order and payment ids.
 *
 * Each branch keeps its table's unique index on `gateway_order_id`, and PostgreSQL pushes a
 * condition on it into every branch, so the webhook finds its charge, of any kind, in one statement.
 * A view and not a new table: the rows stay where their constraints and locks already are (a
 * subscription's period, a top-up's credit), nothing is copied, and old rows need no migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create view charges as ${PAYMENT_CHARGES}`.execute(db);
}

/**
 * The view's rows as this migration defines them (online orders' attempts, cash and wallet orders,
 * subscription payments, wallet top-ups): 2026_12_07_1301 adds AutoPay debits after them, and
 * restores these alone when it is undone.
 */
export const PAYMENT_CHARGES = sql.raw(`
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
`);

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view if exists charges`.execute(db);
}
