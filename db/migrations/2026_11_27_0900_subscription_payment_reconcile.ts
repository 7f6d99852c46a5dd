import { sql, type Kysely } from 'kysely';

/**
 * Subscription payments are reconciled with the gateway as orders are (decision 153): a payment the
 * customer completed at Razorpay whose verify never came (the browser closed) and whose webhook was
 * lost is found by asking the gateway. `reconcile_after` leases a payment to one instance for a few
 * minutes, as `orders.reconcile_after` does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table subscription_payments add column reconcile_after timestamptz`.execute(db);
  await sql`create index subscription_payments_unsettled_idx on subscription_payments (created_at)
    where status in ('created', 'failed')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index subscription_payments_unsettled_idx`.execute(db);
  await sql`alter table subscription_payments drop column reconcile_after`.execute(db);
}
