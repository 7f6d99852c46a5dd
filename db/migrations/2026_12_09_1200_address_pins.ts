import { sql, type Kysely } from 'kysely';

/**
 * Address pins (PRODUCT.md §22, decision 287): a customer may drop a pin with the browser's location
 * when saving an address. Both or neither, within India's bounding box; the rider's route is ordered
 * on them (decision 289). Orders copy them into their `address` snapshot, so no column there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table addresses
    add column latitude double precision check (latitude between 6 and 37.5),
    add column longitude double precision check (longitude between 68 and 97.5),
    add constraint addresses_pin_whole check ((latitude is null) = (longitude is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table addresses drop constraint addresses_pin_whole, drop column latitude, drop column longitude`.execute(db);
}
