import { sql, type Kysely } from 'kysely';

/**
 * Drop-off instructions (PRODUCT.md §22, decision 295): "leave with security", "ring twice".
 * - `delivery_instructions`: the customer's note for one date — every delivery of theirs that date.
 *   A row with an empty note says "no note that day" (it hides the schedule's note on that date).
 * - `schedules.drop_off_note`: the note for every day of a standing delivery (its orders), unless the
 *   date has a row of its own. Changed after a date is fixed, the old note is pinned on that date first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table delivery_instructions (
    user_id uuid not null references users (id) on delete cascade,
    date date not null,
    note text not null check (char_length(note) <= 200),
    updated_at timestamptz not null default now(),
    primary key (user_id, date)
  )`.execute(db);
  await sql`alter table schedules add column drop_off_note text check (char_length(drop_off_note) between 1 and 200)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table schedules drop column drop_off_note`.execute(db);
  await sql`drop table delivery_instructions`.execute(db);
}
