import { sql, type Kysely } from 'kysely';

/**
 * Coupons (PRODUCT §10) and their uses. `uses` counts the uses held by orders that are not
 * cancelled; it only moves through conditional updates inside the placing / cancelling
 * transaction (decision 070), and the CHECK is the last guard. A use row belongs to one order
 * (unique), and is marked released (never deleted) when the order is cancelled or expires.
 * valid_from / valid_to are Asia/Kolkata calendar days, both inclusive.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`code ~ '^[A-Z0-9]{4,20}$'`),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'flat')`))
    // percent: 1–100 (%); flat: paise
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('min_subtotal_paise', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`min_subtotal_paise >= 0`),
    )
    .addColumn('max_discount_paise', 'integer', (c) => c.check(sql`max_discount_paise > 0`))
    .addColumn('valid_from', 'date')
    .addColumn('valid_to', 'date')
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit > 0`))
    .addColumn('per_customer_limit', 'integer', (c) => c.check(sql`per_customer_limit > 0`))
    .addColumn('first_order_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('applies_to', 'text', (c) =>
      c
        .notNull()
        .defaultTo('all')
        .check(sql`applies_to in ('all', 'signature', 'custom')`),
    )
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('coupons_uses_within_limit', sql`uses >= 0 and (usage_limit is null or uses <= usage_limit)`)
    .addCheckConstraint('coupons_percent_range', sql`kind <> 'percent' or value <= 100`)
    .addCheckConstraint('coupons_valid_range', sql`valid_from is null or valid_to is null or valid_from <= valid_to`)
    .execute();

  await db.schema
    .createTable('coupon_uses')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('coupon_id', 'uuid', (c) => c.notNull().references('coupons.id').onDelete('restrict'))
    .addColumn('order_id', 'uuid', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('discount_paise', 'integer', (c) => c.notNull().check(sql`discount_paise >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('released_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('coupon_uses_coupon_user_idx').on('coupon_uses').columns(['coupon_id', 'user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupon_uses').execute();
  await db.schema.dropTable('coupons').execute();
}
