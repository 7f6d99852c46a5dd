import { sql, type Kysely } from 'kysely';

/**
 * Reservations move into the order-writing statement (decision 160): when the stock ran short there,
 * the statement raises this error, naming what ran out, and the placing transaction rolls back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function stock_refuse(names text) returns boolean language plpgsql as $$
    begin raise exception 'OUT_OF_STOCK:%', names; end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function stock_refuse(text)`.execute(db);
}
