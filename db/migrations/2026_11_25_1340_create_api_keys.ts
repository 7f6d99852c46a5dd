import { sql, type Kysely } from 'kysely';

/**
 * Secret API keys for integrators (decision 094). Only the SHA-256 of a key is stored, with a short
 * display prefix so the admin can tell keys apart; scopes are a text array checked against the list in
 * shared/schemas/api-keys.ts. Every use is recorded in api_key_uses, one row per key, operation and
 * minute with a count (batched by each instance), so an integrator's traffic costs no write per call.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 80`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('display_prefix', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('last_used_ip', 'text')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('api_keys_created_idx').on('api_keys').column('created_at desc').execute();

  await db.schema
    .createTable('api_key_uses')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key_id', 'uuid', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('minute', 'timestamptz', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count > 0`))
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_ip', 'text')
    .addUniqueConstraint('api_key_uses_key_minute_op_key', ['key_id', 'minute', 'operation'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key_uses').execute();
  await db.schema.dropTable('api_keys').execute();
}
