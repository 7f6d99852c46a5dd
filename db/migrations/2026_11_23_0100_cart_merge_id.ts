import type { Kysely } from 'kysely';

/**
 * The last guest-cart merge applied to a customer's cart. A device retries a merge whose answer it
 * never saw (a dropped connection, a page left mid-request) with the same id, and the server applies it
 * once — the guest's shakes are neither lost nor doubled.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_carts').addColumn('last_merge_id', 'uuid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_carts').dropColumn('last_merge_id').execute();
}
