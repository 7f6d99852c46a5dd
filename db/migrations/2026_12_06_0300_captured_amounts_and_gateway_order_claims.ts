import { sql, type Kysely } from 'kysely';

/**
 * Decision 205.
 * - `captured_paise` on each kind of charge (order payments, subscription payments, wallet top-ups):
 *   what the gateway reported taking when the payment was settled. A refund is bounded by it (less what
 *   was refunded already), not by the amount the shop asked for: a gateway that took ₹1 of a ₹200
 *   top-up refuses a ₹200 refund, and the ₹1 would never go back. Rows paid before this migration
 *   took what was asked (settlement refunded any other amount in full), so they get their amount.
 * - `gateway_order_claims`: one gateway order per (charge kind + customer, Idempotency-Key). A request
 *   claims the key with a row (and a lease) BEFORE calling the gateway; the others with the same key
 *   wait for its answer, as order payments' attempts do (decision 084).
 * - Wallet-paid orders cancelled (their charge released to the wallet in full) before this read
 *   "paid"; they are `refunded`, as they are from now on (decision 204).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payments add column captured_paise integer`.execute(db);
  await sql`update payments set captured_paise = amount_paise where status in ('authorized', 'captured', 'refund_pending', 'refunded')`.execute(db);
  await sql`alter table payments add constraint payments_refund_within_captured check (refunded_paise <= coalesce(captured_paise, 0))`.execute(db);
  for (const table of ['subscription_payments', 'wallet_top_ups']) {
    await sql`alter table ${sql.table(table)} add column captured_paise integer`.execute(db);
    await sql`update ${sql.table(table)} set captured_paise = amount_paise where status in ('paid', 'refunded')`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_refund_within_captured`)}
      check (refunded_paise <= coalesce(captured_paise, 0))`.execute(db);
  }

  await db.schema
    .createTable('gateway_order_claims')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('creating', 'created', 'not_created')`))
    .addColumn('gateway_order_id', 'text', (c) => c.unique())
    .addColumn('reserved_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('gateway_order_claims_pkey', ['scope', 'idempotency_key'])
    .addCheckConstraint('gateway_order_claims_created_has_order', sql`status <> 'created' or gateway_order_id is not null`)
    .execute();

  await sql`update orders o set payment_status = 'refunded'
    where o.payment_method = 'wallet' and o.status = 'cancelled' and o.payment_status = 'paid'
      and (select coalesce(sum(amount_paise), 0) from wallet_ledger l where l.order_id = o.id) >= 0
      and exists (select 1 from wallet_ledger l where l.order_id = o.id and l.kind = 'charge')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gateway_order_claims').execute();
  for (const table of ['payments', 'subscription_payments', 'wallet_top_ups']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_refund_within_captured`)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column captured_paise`.execute(db);
  }
}
