import { sql, type Kysely } from 'kysely';

/** Saved custom shakes ("My shakes"), favourite signature shakes, and customers' server-kept carts. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_shakes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 40`))
    // The canonical custom item id ('custom:<hash>'): saving the same recipe twice keeps one row.
    .addColumn('recipe_key', 'text', (c) => c.notNull())
    .addColumn('recipe', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('saved_shakes_user_recipe_key', ['user_id', 'recipe_key'])
    .execute();
  await db.schema.createIndex('saved_shakes_user_created').on('saved_shakes').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('favorites')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shake_id', 'uuid', (c) => c.notNull().references('signature_shakes.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('favorites_user_shake', ['user_id', 'shake_id'])
    .execute();

  await db.schema
    .createTable('user_carts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_cart_lines')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('user_carts.user_id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull().check(sql`item_type in ('signature', 'custom')`))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 20`))
    .addColumn('recipe', 'jsonb')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_cart_lines_pk', ['user_id', 'item_type', 'item_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_cart_lines').execute();
  await db.schema.dropTable('user_carts').execute();
  await db.schema.dropTable('favorites').execute();
  await db.schema.dropTable('saved_shakes').execute();
}
