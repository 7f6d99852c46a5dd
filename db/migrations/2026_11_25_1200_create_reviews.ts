import { sql, type Kysely } from 'kysely';

/**
 * Reviews of signature shakes by verified buyers: one per customer and shake, written from a
 * delivered order that held it. The author's display name is kept as written (no join to users
 * on a public read). Hidden reviews stay for the audit trail and leave the averages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('shake_id', 'uuid', (c) => c.notNull().references('signature_shakes.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(body) <= 1000`))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reviews_user_shake_key', ['user_id', 'shake_id'])
    .execute();
  await db.schema.createIndex('reviews_shake_created_idx').on('reviews').columns(['shake_id', 'created_at desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reviews').execute();
}
