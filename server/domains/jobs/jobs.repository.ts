import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import type { JobState } from '../../../shared/schemas/jobs';

/**
 * The job engine's queue (pg-boss's tables in schema `pgboss`, decision 210), read for /admin/jobs.
 * pg-boss's own runs (its cron hand-over queue, `__pgboss__…`) are not the shop's and are left out.
 */
const ours = sql<boolean>`name not like '\\_\\_pgboss\\_\\_%'`;

/** What a run shows on /admin/jobs: one list for the page and for a single run. */
const RUN_COLUMNS = [
  'id',
  'name',
  'state',
  'retry_count',
  'retry_limit',
  'started_on',
  'created_on',
  'completed_on',
  'start_after',
  sql<string | null>`output->>'message'`.as('error_message'),
] as const;

export async function listRuns(db: Executor, f: { states: readonly JobState[] | null; limit: number; offset: number }) {
  let q = db
    .selectFrom('pgboss.job')
    .select([...RUN_COLUMNS, sql<string>`count(*) over ()`.as('total')])
    .where(ours);
  if (f.states) q = q.where('state', 'in', f.states);
  return q.orderBy('created_on', 'desc').orderBy('id').limit(f.limit).offset(f.offset).execute();
}

export async function countRuns(db: Executor, states: readonly JobState[] | null): Promise<number> {
  let q = db
    .selectFrom('pgboss.job')
    .select(sql<string>`count(*)`.as('n'))
    .where(ours);
  if (states) q = q.where('state', 'in', states);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function countOpenByState(db: Executor) {
  return db
    .selectFrom('pgboss.job')
    .select(['state', sql<string>`count(*)`.as('n')])
    .where(ours)
    .where('state', 'in', ['created', 'retry', 'active', 'failed'])
    .groupBy('state')
    .execute();
}

export async function listSchedules(db: Executor) {
  return db
    .selectFrom('pgboss.schedule as s')
    .select([
      's.name',
      's.cron',
      's.timezone',
      (eb) =>
        eb
          .selectFrom('pgboss.job as j')
          .select(sql<string | null>`max(j.started_on)`.as('m'))
          .whereRef('j.name', '=', 's.name')
          .as('last_run'),
    ])
    .orderBy('s.name')
    .execute();
}

export async function findRun(db: Executor, id: string) {
  return db
    .selectFrom('pgboss.job')
    .select(RUN_COLUMNS)
    .where('id', '=', id)
    .where(ours)
    .executeTakeFirst();
}
