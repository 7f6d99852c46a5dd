import { sql, type Kysely } from 'kysely';

/**
 * Images uploaded from the back office (shake pictures). Kept in the database so every server
 * instance serves the same bytes; the key is a hash of the re-encoded bytes, so a URL never
 * changes meaning and can be cached for a year.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_images')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('image/webp')`))
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_images').execute();
}
