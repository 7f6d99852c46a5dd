import { sql, type Kysely } from 'kysely';

/**
 * The cut-off's claims (decision 177): an instance first claims the (schedule, date) rows it will place,
 * in one statement per batch (`pending`, with the time of the claim), so two instances never work on
 * the same day at once — a duplicate attempt would hold a slot place until its order was refused by the
 * unique key, and another customer could meet a "full" slot meanwhile. A claim older than its lease
 * (an instance that stopped) may be taken over; the order's unique key still decides.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table schedule_runs add column claimed_at timestamptz`.execute(db);
  await sql`alter table schedule_runs drop constraint schedule_runs_outcome`.execute(db);
  await sql`alter table schedule_runs drop constraint schedule_runs_outcome_check`.execute(db);
  await sql`alter table schedule_runs add constraint schedule_runs_outcome check (
    (outcome = 'pending' and reason_code is null and claimed_at is not null)
    or (outcome = 'placed' and reason_code is null)
    or (outcome = 'not_placed' and reason_code is not null and reason is not null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from schedule_runs where outcome = 'pending'`.execute(db);
  await sql`alter table schedule_runs drop constraint schedule_runs_outcome`.execute(db);
  await sql`alter table schedule_runs add constraint schedule_runs_outcome_check check (outcome in ('placed', 'not_placed'))`.execute(db);
  await sql`alter table schedule_runs add constraint schedule_runs_outcome check (
    (outcome = 'placed' and reason_code is null) or (outcome = 'not_placed' and reason_code is not null and reason is not null))`.execute(db);
  await sql`alter table schedule_runs drop column claimed_at`.execute(db);
}
