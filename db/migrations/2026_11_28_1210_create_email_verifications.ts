import { sql, type Kysely } from 'kysely';

/**
 * E-mail verification links (PRODUCT.md §18, decision 172): one row per link, for the address it proves
 * (a change of address takes effect only when the new one is proven). Stored hashed, used once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`create index email_verifications_user_idx on email_verifications (user_id) where used_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_verifications').execute();
}
