import { sql, type Kysely } from 'kysely';

/**
 * Subscription renewals through the UPI AutoPay mandate (decision 290): a debit of purpose
 * `subscription_renewal` names the subscription whose next period it pays for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table autopay_debits add column subscription_id uuid references subscriptions(id) on delete set null`.execute(db);
  await sql`alter table autopay_debits add constraint autopay_debits_renewal_names_subscription
    check (purpose <> 'subscription_renewal' or subscription_id is not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table autopay_debits drop constraint autopay_debits_renewal_names_subscription`.execute(db);
  await sql`alter table autopay_debits drop column subscription_id`.execute(db);
}
