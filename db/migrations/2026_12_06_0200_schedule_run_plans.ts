import { sql, type Kysely } from 'kysely';

/**
 * A claim carries the day as it was fixed (decision 202):
 * - `plan`: the lines, slot and address the cut-off places for that (schedule, date), written when the
 *   day is claimed — by the job, or by a schedule change made after the date's cut-off (the change
 *   applies from the first open date; the fixed day keeps its plan). A claim taken over after a fault
 *   places the same plan, whatever the schedule says by then.
 * - `free_at`: when a pending claim may be taken (by any instance): the lease's end for a claim being
 *   worked on, a minute after a fault, at once (`-infinity`) for a claim written by a change.
 * - `attempts`: faults so far; past the job's limit the day is recorded as not placed and the customer
 *   told, never left pending.
 * - The schedule's foreign key goes: a schedule deleted after its day's cut-off keeps that day's claim
 *   (the order is still placed); the runs of a deleted schedule are records, as its orders are.
 * Claims pending from before (no plan) are given back: the job claims their days again from the schedule.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from schedule_runs where outcome = 'pending'`.execute(db);
  await sql`alter table schedule_runs
    add column plan jsonb,
    add column free_at timestamptz,
    add column attempts smallint not null default 0,
    drop constraint schedule_runs_schedule_id_fkey`.execute(db);
  await sql`alter table schedule_runs add constraint schedule_runs_pending_plan check (outcome <> 'pending' or (plan is not null and free_at is not null))`.execute(db);
  await sql`create index schedule_runs_pending_idx on schedule_runs (date, free_at) where outcome = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index schedule_runs_pending_idx`.execute(db);
  await sql`delete from schedule_runs r where not exists (select 1 from schedules s where s.id = r.schedule_id)`.execute(db);
  await sql`alter table schedule_runs drop constraint schedule_runs_pending_plan,
    drop column plan, drop column free_at, drop column attempts,
    add constraint schedule_runs_schedule_id_fkey foreign key (schedule_id) references schedules (id) on delete cascade`.execute(db);
}
