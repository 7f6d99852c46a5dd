import { sql, type Kysely } from 'kysely';

// Serviceable PIN codes, delivery slots, one booking counter per slot and date, blackout dates.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('serviceable_pincodes')
    .addColumn('pincode', 'text', (c) => c.primaryKey().check(sql`pincode ~ '^[1-9][0-9]{5}$'`))
    .addColumn('area', 'text', (c) => c.notNull().check(sql`char_length(area) between 1 and 80`))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo('Bengaluru'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Times are 'HH:MM' text: they read back exactly as the API answers them, and
  // zero-padded text compares like time.
  await db.schema
    .createTable('delivery_slots')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('start_time', 'text', (c) => c.notNull().check(sql`start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('end_time', 'text', (c) => c.notNull().check(sql`end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('max_bookings', 'integer', (c) => c.notNull().check(sql`max_bookings between 0 and 1000`))
    .addColumn('plan_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('all')
        .check(sql`plan_type in ('all', 'one_time', 'subscription')`),
    )
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('delivery_slots_ends_after_start', sql`end_time > start_time`)
    .execute();

  // One counter row per slot and date. `capacity` is the slot's max_bookings as last
  // seen by a booking (or an admin change); the CHECK is the last guard behind the
  // conditional upsert, so no code path can overbook even by mistake. A slot whose
  // capacity was lowered below its bookings keeps them (capacity = booked) and takes no more.
  await db.schema
    .createTable('slot_bookings')
    .addColumn('slot_id', 'uuid', (c) => c.notNull().references('delivery_slots.id').onDelete('restrict'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('slot_bookings_pk', ['slot_id', 'date'])
    .addCheckConstraint('slot_bookings_within_capacity', sql`booked >= 0 and booked <= capacity`)
    .execute();
  await db.schema.createIndex('slot_bookings_date_idx').on('slot_bookings').column('date').execute();

  await db.schema
    .createTable('blackout_dates')
    .addColumn('date', 'date', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 120`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['blackout_dates', 'slot_bookings', 'delivery_slots', 'serviceable_pincodes']) await db.schema.dropTable(t).execute();
}
