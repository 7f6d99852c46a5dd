import { sql, type Kysely } from 'kysely';

/**
 * Standing deliveries (PRODUCT.md §15, decision 177):
 * - `schedules`: a customer's standing order: items shaped like cart lines (signature shakes or their
 *   saved custom recipes, 1–5 each), the days it covers (every day, weekdays, alternate days counted
 *   from the start date, or chosen weekdays 0 = Sunday … 6 = Saturday), a slot, an address, a start
 *   and an optional end date, and a status (active, paused, ended).
 * - `schedule_days`: one change per (schedule, date): skipped, or that day's items (changed
 *   quantities, a one-off extra; on a date the schedule does not cover it is a one-off delivery).
 * - `schedule_vacations`: from–to, pausing every schedule of the customer on those dates.
 * - `schedule_runs`: what the cut-off did for (schedule, date): placed → its order, or not placed →
 *   a reason code and a sentence (told to the customer once: `notified_at`). The order itself is
 *   keyed `schedule:<id>:<date>` under orders' unique (user_id, idempotency_key): the one order per
 *   schedule and date is the database's guarantee, whatever the number of instances.
 * - `schedule_reminders`: the 18:00 "tomorrow is not covered" message, once per customer and date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('items', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(items) = 'array' and jsonb_array_length(items) between 1 and 10`))
    .addColumn('days', 'text', (c) => c.notNull().check(sql`days in ('daily', 'weekdays', 'alternate', 'chosen')`))
    .addColumn('weekdays', sql`smallint[]`, (c) => c.notNull().defaultTo(sql`'{}'::smallint[]`))
    .addColumn('slot_id', 'uuid', (c) => c.references('delivery_slots.id').onDelete('set null'))
    .addColumn('address_id', 'uuid', (c) => c.references('addresses.id').onDelete('set null'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'paused', 'ended')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('schedules_dates', sql`end_date is null or end_date >= start_date`)
    .addCheckConstraint('schedules_chosen_days', sql`days <> 'chosen' or cardinality(weekdays) between 1 and 7`)
    .execute();
  await sql`create index schedules_user_idx on schedules (user_id, created_at)`.execute(db);
  await sql`create index schedules_active_idx on schedules (start_date) where status = 'active'`.execute(db);

  await db.schema
    .createTable('schedule_days')
    .addColumn('schedule_id', 'uuid', (c) => c.notNull().references('schedules.id').onDelete('cascade'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('skipped', 'boolean', (c) => c.notNull().defaultTo(false))
    // That day's items (null: the schedule's own); only when not skipped.
    .addColumn('items', 'jsonb', (c) => c.check(sql`items is null or (jsonb_typeof(items) = 'array' and jsonb_array_length(items) between 1 and 10)`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('schedule_days_pkey', ['schedule_id', 'date'])
    .addCheckConstraint('schedule_days_one_change', sql`skipped <> (items is not null)`)
    .execute();

  await db.schema
    .createTable('schedule_vacations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('to_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('schedule_vacations_dates', sql`to_date >= from_date and to_date - from_date <= 366`)
    .execute();
  await sql`create index schedule_vacations_user_idx on schedule_vacations (user_id, to_date)`.execute(db);

  await db.schema
    .createTable('schedule_runs')
    .addColumn('schedule_id', 'uuid', (c) => c.notNull().references('schedules.id').onDelete('cascade'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('placed', 'not_placed')`))
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('reason_code', 'text')
    .addColumn('reason', 'text')
    .addColumn('notified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('schedule_runs_pkey', ['schedule_id', 'date'])
    .addCheckConstraint(
      'schedule_runs_outcome',
      sql`(outcome = 'placed' and reason_code is null) or (outcome = 'not_placed' and reason_code is not null and reason is not null)`,
    )
    .execute();
  await sql`create index schedule_runs_date_idx on schedule_runs (date)`.execute(db);

  await db.schema
    .createTable('schedule_reminders')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('schedule_reminders_pkey', ['user_id', 'date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['schedule_reminders', 'schedule_runs', 'schedule_vacations', 'schedule_days', 'schedules']) await db.schema.dropTable(t).execute();
}
