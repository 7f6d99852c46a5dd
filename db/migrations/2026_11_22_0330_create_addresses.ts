import { sql, type Kysely } from 'kysely';

// Saved delivery addresses. At most one default per customer, enforced by a partial unique index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 80`))
    .addColumn('phone', 'text', (c) => c.notNull().check(sql`phone ~ '^\\+91[6-9][0-9]{9}$'`))
    .addColumn('line1', 'text', (c) => c.notNull().check(sql`char_length(line1) between 1 and 120`))
    .addColumn('line2', 'text', (c) => c.check(sql`char_length(line2) <= 120`))
    .addColumn('landmark', 'text', (c) => c.check(sql`char_length(landmark) <= 80`))
    .addColumn('city', 'text', (c) => c.notNull().check(sql`char_length(city) between 1 and 60`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`char_length(state) between 1 and 60`))
    .addColumn('pincode', 'text', (c) => c.notNull().check(sql`pincode ~ '^[1-9][0-9]{5}$'`))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();
  await db.schema
    .createIndex('addresses_one_default_idx')
    .on('addresses')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', true)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('addresses').execute();
}
