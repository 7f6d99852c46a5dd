import { sql, type Kysely } from 'kysely';

/**
 * One gateway order per payment attempt, whatever the concurrency (decision 084): an
 * attempt row is reserved ('creating', no gateway id yet, a lease in `reserved_until`) before the
 * gateway is called, then filled in ('created') or given up ('not_created'). At most one attempt
 * of an order is being created at a time.
 *
 * Test payment mode keeps its gateway state here too (decision 085), so any instance can complete
 * a test payment: its orders and payments, as the real gateway would hold them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_attempts alter column gateway_order_id drop not null`.execute(db);
  await sql`alter table payment_attempts drop constraint payment_attempts_status_check`.execute(db);
  await sql`alter table payment_attempts add constraint payment_attempts_status_check
    check (status in ('creating', 'created', 'not_created', 'paid', 'failed'))`.execute(db);
  await sql`alter table payment_attempts add constraint payment_attempts_gateway_id_check
    check (gateway_order_id is not null or status in ('creating', 'not_created'))`.execute(db);
  await db.schema.alterTable('payment_attempts').addColumn('reserved_until', 'timestamptz').execute();
  await db.schema.alterTable('payment_attempts').addColumn('last_error', 'text').execute();
  await db.schema
    .createIndex('payment_attempts_one_creating')
    .on('payment_attempts')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), '=', 'creating')
    .execute();

  await db.schema
    .createTable('test_gateway_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('test_gateway_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gateway_order_id', 'text', (c) => c.notNull().references('test_gateway_orders.id'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('captured', 'failed', 'refunded')`))
    .addColumn('error_code', 'text')
    .addColumn('error_description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('test_gateway_payments_order_idx').on('test_gateway_payments').column('gateway_order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_gateway_payments').execute();
  await db.schema.dropTable('test_gateway_orders').execute();
  await db.schema.dropIndex('payment_attempts_one_creating').execute();
  await db.deleteFrom('payment_attempts').where('gateway_order_id', 'is', null).execute();
  await db.schema.alterTable('payment_attempts').dropColumn('last_error').execute();
  await db.schema.alterTable('payment_attempts').dropColumn('reserved_until').execute();
  await sql`alter table payment_attempts drop constraint payment_attempts_gateway_id_check`.execute(db);
  await sql`alter table payment_attempts drop constraint payment_attempts_status_check`.execute(db);
  await sql`update payment_attempts set status = 'failed' where status not in ('created', 'paid', 'failed')`.execute(db);
  await sql`alter table payment_attempts add constraint payment_attempts_status_check check (status in ('created', 'paid', 'failed'))`.execute(db);
  await sql`alter table payment_attempts alter column gateway_order_id set not null`.execute(db);
}
