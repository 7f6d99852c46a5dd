import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import { nextDue, readCron } from '../../lib/job-clock';
import { retryFailedJob } from '../../lib/jobs';
import { recordAudit } from '../audit/audit.service';
import type { JobRun, JobState, JobsListInput, JobsPage } from '../../../shared/schemas/jobs';
import * as repo from './jobs.repository';

const OPEN: readonly JobState[] = ['created', 'retry', 'active', 'failed'];

const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);

const STATE_WORDS: Record<JobState, string> = {
  created: 'waiting to run',
  retry: 'waiting to be tried again',
  active: 'running',
  completed: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

type RunRow = NonNullable<Awaited<ReturnType<typeof repo.findRun>>>;

function toRun(r: RunRow): JobRun {
  const waiting = r.state === 'created' || r.state === 'retry';
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    // retry_count counts the starts after the first (pg-boss adds one each time a started run is fetched again).
    attempts: r.started_on ? r.retry_count + 1 : r.retry_count,
    maxAttempts: r.retry_limit + 1,
    lastError: r.error_message ? r.error_message.slice(0, 500) : null,
    createdAt: iso(r.created_on)!,
    startedAt: iso(r.started_on),
    completedAt: iso(r.completed_on),
    nextRunAt: waiting ? iso(r.start_after) : null,
  };
}

/** The schedule's next tick: India time, as the engine's clock reads the lines (decision 324); null for a line it cannot read. */
function nextTick(cron: string, now: Date): string | null {
  try {
    return nextDue(readCron(cron), now)?.toISOString() ?? null;
  } catch {
    return null;
  }
}

/** GET /api/admin/jobs: the runs in the queue (waiting, running, failed by default), newest first, and the schedules. */
export async function listJobs(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: JobsListInput,
  resHeaders: Record<string, string>,
): Promise<JobsPage> {
  const states = input.state === 'all' ? null : input.state === 'open' ? OPEN : [input.state];
  const [rows, counts, schedules] = await Promise.all([
    repo.listRuns(deps.db, { states, limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
    repo.countOpenByState(deps.db),
    repo.listSchedules(deps.db),
  ]);
  // Past the last page the window count has no row to ride on.
  const totalCount = rows.length ? Number(rows[0]!.total) : input.page === 1 ? 0 : await repo.countRuns(deps.db, states);
  resHeaders['X-Total-Count'] = String(totalCount);
  const count = (s: JobState) => Number(counts.find((c) => c.state === s)?.n ?? 0);
  const now = deps.clock.now();
  return {
    jobs: rows.map(toRun),
    totalCount,
    counts: { created: count('created'), retry: count('retry'), active: count('active'), failed: count('failed') },
    schedules: schedules.map((s) => ({
      name: s.name,
      cron: s.cron,
      timezone: s.timezone ?? 'UTC',
      lastRunAt: iso(s.last_run),
      nextRunAt: nextTick(s.cron, now),
    })),
  };
}

/** POST /api/admin/jobs/{id}/retry: a failed run goes back in the queue for one more try (audited). */
export async function retryJob(deps: Pick<AppDeps, 'db'>, actor: AuthUser, id: string): Promise<{ job: JobRun }> {
  const run = await repo.findRun(deps.db, id);
  if (!run) throw new AppError('NOT_FOUND', 'There is no job run with this id (finished runs are cleared after a while).');
  const refuse = (state: JobState) =>
    new AppError('CONFLICT', `Only a failed run can be tried again; this one is ${STATE_WORDS[state]}.`, { details: { state } });
  if (run.state !== 'failed') throw refuse(run.state);
  if (!(await retryFailedJob(deps.db, run.name, id))) {
    const now = await repo.findRun(deps.db, id);
    throw refuse(now?.state ?? run.state);
  }
  await recordAudit(deps.db, actor, {
    action: 'job.retry',
    entity: 'job',
    entityId: id,
    before: { name: run.name, state: 'failed' },
    after: { state: 'retry' },
  });
  return { job: toRun((await repo.findRun(deps.db, id)) ?? run) };
}
