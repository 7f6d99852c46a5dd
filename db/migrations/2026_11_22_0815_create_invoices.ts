import { sql, type Kysely } from 'kysely';

/**
 * GST tax invoices and what the orders desk needs.
 *
 * Invoice numbers are consecutive per financial year with no gaps: a counter
 * row per year is bumped with UPDATE … RETURNING inside the transaction that
 * issues the invoice (a sequence would leave gaps on rollback). The invoice row
 * keeps the tax figures as issued, so a later change of the GST rate never
 * rewrites an invoice already given to a customer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('fy', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`last_number >= 0`),
    )
    .execute();

  await db.schema
    .createTable('order_invoices')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey().references('orders.id'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('fy', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq > 0`))
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('gst_rate_percent', 'numeric', (c) => c.notNull())
    .addColumn('taxable_paise', 'integer', (c) => c.notNull().check(sql`taxable_paise >= 0`))
    .addColumn('cgst_paise', 'integer', (c) => c.notNull().check(sql`cgst_paise >= 0`))
    .addColumn('sgst_paise', 'integer', (c) => c.notNull().check(sql`sgst_paise >= 0`))
    .addColumn('total_paise', 'integer', (c) => c.notNull().check(sql`total_paise >= 0`))
    .addUniqueConstraint('order_invoices_fy_seq', ['fy', 'seq'])
    .addCheckConstraint('order_invoices_adds_up', sql`taxable_paise + cgst_paise + sgst_paise = total_paise`)
    .execute();

  // The admin desk lists all orders newest first and filters by delivery date.
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at desc', 'id']).execute();
  await db.schema.createIndex('orders_slot_date_idx').on('orders').column('slot_date').execute();
  // The audit viewer filters by who did it.
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_actor_idx').ifExists().execute();
  await db.schema.dropIndex('orders_slot_date_idx').ifExists().execute();
  await db.schema.dropIndex('orders_created_idx').ifExists().execute();
  await db.schema.dropTable('order_invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
}
