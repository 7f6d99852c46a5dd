import { sql, type Kysely } from 'kysely';

/**
 * Proof of delivery (PRODUCT.md §22, decision 296): the photo a rider takes at the door, one per order
 * (a new one replaces it), re-encoded as WebP by the shop's image pipeline. Not a catalogue picture:
 * it is the customer's, shown only through a signed link on their order page and the owner's desk.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table delivery_photos (
    order_id uuid primary key references orders (id) on delete cascade,
    hash text not null,
    bytes bytea not null,
    width integer not null,
    height integer not null,
    taken_by uuid references users (id) on delete set null,
    taken_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table delivery_photos`.execute(db);
}
