import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signature_shakes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_paise', 'integer', (c) => c.notNull().check(sql`price_paise >= 0`))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('calories', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('protein_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('carbs_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('fat_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('fibre_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('sugar_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('ingredients', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('allergens', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('vegan', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('in_stock', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('ingredients')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('base', 'greens', 'fruit', 'protein', 'superfood', 'sweetener')`),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_paise', 'integer', (c) => c.notNull().defaultTo(0).check(sql`price_paise >= 0`))
    .addColumn('kcal', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('protein_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('carbs_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('fat_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('fibre_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('sugar_g', sql`numeric(6,1)`, (c) => c.notNull().defaultTo(0))
    .addColumn('allergens', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('vegan', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('hydroponic', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('in_stock', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ingredients').execute();
  await db.schema.dropTable('signature_shakes').execute();
}
