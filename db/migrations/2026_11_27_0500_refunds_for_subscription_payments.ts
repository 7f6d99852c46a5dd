import { sql, type Kysely } from 'kysely';

/**
 * One refund outbox for every charge (decision 115): a refund row belongs either to an
 * order's payment (`payment_id` and `order_id`) or to a subscription payment
 * (`subscription_payment_id`), never both, and the refund job sends and retries both alike.
 *
 * Subscription refunds made before this were one gateway call with no retry, and their payment row
 * already said `refunded`: each becomes a pending refund under the key it was sent with (the gateway
 * de-duplicates by that key, so one it did make is not made twice) and its payment is `paid` again
 * until the refund is confirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds alter column payment_id drop not null`.execute(db);
  await sql`alter table refunds alter column order_id drop not null`.execute(db);
  await sql`alter table refunds add column subscription_payment_id uuid references subscription_payments (id)`.execute(db);
  await sql`alter table refunds add constraint refunds_one_payment check (
    num_nonnulls(payment_id, subscription_payment_id) = 1 and (payment_id is null) = (order_id is null)
  )`.execute(db);
  await sql`create index refunds_subscription_payment_idx on refunds (subscription_payment_id) where subscription_payment_id is not null`.execute(
    db,
  );
  await sql`insert into refunds (subscription_payment_id, amount_paise, idempotency_key, reason, created_at, retry_after)
    select id, refunded_paise, refund_key, 'admin: refunded before the refund outbox', coalesce(paid_at, created_at), now()
    from subscription_payments where refund_key is not null and refunded_paise > 0
    on conflict (idempotency_key) do nothing`.execute(db);
  await sql`update subscription_payments set status = 'paid' where status = 'refunded' and refund_key is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from refunds where subscription_payment_id is not null`.execute(db);
  await sql`alter table refunds drop constraint refunds_one_payment`.execute(db);
  await sql`alter table refunds drop column subscription_payment_id`.execute(db);
  await sql`alter table refunds alter column order_id set not null`.execute(db);
  await sql`alter table refunds alter column payment_id set not null`.execute(db);
}
