import PgBoss from 'pg-boss';
import type { Db } from '../../db/database';
import type { AppDeps } from '../deps';
import { claimCronTurn, queueSql } from './jobs.repository';
import { cronDueAt, readCron } from './job-clock';

/**
 * The one job engine (decision 210): every background task of the shop is a `Job`, run by pg-boss on
 * PostgreSQL (the queue lives in the database, schema `pgboss`, made by a migration). A job is
 * declared once, in its domain's *.jobs.ts, by one object:
 *
 *   { name: 'schedules-reminder', cron: '0 18 * * *', run: remindUncovered }
 *
 * - `cron`: five fields in India time (Asia/Kolkata). One run per tick whatever the number of
 *   instances: one instance per look (every 30 s) takes the turn in the database and queues the jobs
 *   due in the database's current minute, each once (a 60-second singleton per job). The lines are
 *   read once at start and matched by `job-clock.ts` (decision 324), not by pg-boss's timekeeper.
 * - `everySeconds`: for work that should not wait a minute (outbox retries, webhook deliveries): each
 *   run queues the next one that many seconds later (one per slot across instances); the cron line is
 *   the backstop that starts the chain again after a crash or a stop.
 * - A run that throws is tried again after `retryDelaySeconds`, then twice that and so on (with
 *   jitter), `retryLimit` times; then it is failed, shown on /admin/jobs with a Retry button.
 * - At most one run waits per job (queue policy `short`); runs on several instances may overlap, so
 *   every `run` stays idempotent and safe on several instances (claims in SQL: SKIP LOCKED, leases,
 *   unique keys), as before.
 *
 * Tests run a job's service function directly (`runCutoff(deps)`), or `runJobNow`.
 */
export interface Job {
  name: string;
  cron: string;
  everySeconds?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Returns how much it did (for the log and the run's record); throwing fails the run. */
  run(deps: AppDeps): Promise<number | void>;
}

export const JOB_SCHEMA = 'pgboss';
export const JOB_TIME_ZONE = 'Asia/Kolkata';
const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_RETRY_DELAY_S = 20;
/** A run taking longer than this is failed (and retried): no job of the shop comes near it. */
const EXPIRE_S = 10 * 60;
/** How long the engine waits on close for the runs in flight. */
const STOP_WAIT_MS = 8_000;

export interface JobEngineOptions {
  /** How often each worker asks for due runs (seconds, ≥ 0.5; default 5 for a minute's job, 2 below a minute). */
  pollingIntervalSeconds?: number;
  /** How often the instances look at the cron lines (seconds, ≥ 1; default 30; one instance takes each turn). */
  cronMonitorIntervalSeconds?: number;
}

export interface JobEngine {
  /** Queue a run of a job now (whichever instance is free takes it). */
  send(name: string): Promise<void>;
  /** Stop taking work, wait for the runs in flight (bounded), leave the database alone afterwards. Once; later calls join it. */
  stop(): Promise<void>;
}

/**
 * pg-boss speaks to the database through the app's own handle: the jobs' pool on PostgreSQL itself
 * (DATABASE_DIRECT_URL behind PgBouncer, decision 175), or the embedded database's one connection.
 * `inflight` lets stop wait for the engine's last statements before the pool closes.
 */
function bossDb(db: Db, inflight?: Set<Promise<unknown>>): PgBoss.Db {
  return {
    executeSql(text: string, values: unknown[] = []) {
      const p = queueSql(db, text, values);
      if (inflight) {
        inflight.add(p);
        void p.then(
          () => inflight.delete(p),
          () => inflight.delete(p),
        );
      }
      return p;
    },
  };
}

function queueOptions(job: Job): PgBoss.Queue {
  return {
    name: job.name,
    policy: 'short' as const,
    retryLimit: job.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay: job.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_S,
    retryBackoff: true,
    expireInSeconds: EXPIRE_S,
  };
}

/** Queues and schedules as declared: made when missing, brought up to date when changed, dropped schedules unscheduled. */
async function declare(boss: PgBoss, jobs: readonly Job[]): Promise<void> {
  const queues = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const job of jobs) {
    const want = queueOptions(job);
    const have = queues.get(job.name);
    if (!have) await boss.createQueue(job.name, want);
    else if (
      have.policy !== want.policy ||
      have.retryLimit !== want.retryLimit ||
      have.retryDelay !== want.retryDelay ||
      have.retryBackoff !== want.retryBackoff
    )
      await boss.updateQueue(job.name, want);
  }
  // getSchedules answers the table's rows (the time zone as `timezone`).
  const schedules = new Map(
    ((await boss.getSchedules()) as unknown as { name: string; cron: string; timezone: string }[]).map((s) => [s.name, s]),
  );
  for (const job of jobs) {
    const s = schedules.get(job.name);
    if (!s || s.cron !== job.cron || s.timezone !== JOB_TIME_ZONE) await boss.schedule(job.name, job.cron, {}, { tz: JOB_TIME_ZONE });
  }
  const declared = new Set(jobs.map((j) => j.name));
  for (const name of schedules.keys()) if (!declared.has(name)) await boss.unschedule(name);
}

/** One run of a job, logged as the old runner did; what it did is the run's output. */
async function runLogged(deps: AppDeps, job: Job): Promise<number | void> {
  try {
    const n = await job.run(deps);
    if (n) deps.log.info({ job: job.name, count: n }, 'job did work');
    return n;
  } catch (err) {
    deps.log.error({ err, job: job.name }, 'job failed; pg-boss tries it again after a pause');
    throw err;
  }
}

/** Run one job of a list now, in this process, and wait for it (tests, scripts). */
export async function runJobNow(deps: AppDeps, jobs: readonly Job[], name: string): Promise<number | void> {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new Error(`No job named ${name}`);
  return runLogged(deps, job);
}

/**
 * Start working `jobs` on this instance (buildApp does with RUN_JOBS; an instance without never works
 * a job). `deps.db` is the handle the queue and the runs use: the jobs' own pool.
 */
export async function startJobEngine(deps: AppDeps, jobs: readonly Job[], opts: JobEngineOptions = {}): Promise<JobEngine> {
  const inflight = new Set<Promise<unknown>>();
  let stopping = false;
  let stopped: Promise<void> | undefined;
  // Every line is read before anything starts: one the clock cannot read refuses the start.
  const lines = jobs.map((job) => ({ name: job.name, line: readCron(job.cron) }));
  const boss = new PgBoss({
    db: bossDb(deps.db, inflight),
    schema: JOB_SCHEMA,
    migrate: false,
    // The schedules stay in pg-boss's table (declare, /admin/jobs); the clock below queues their ticks.
    schedule: false,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
  });
  boss.on('error', (err) => {
    if (!stopping) deps.log.warn({ err }, 'job engine problem');
  });
  await boss.start();
  const workers = new Map<string, string>();
  try {
    await declare(boss, jobs);
    for (const job of jobs) {
      const every = job.everySeconds;
      // A minute's job is asked for every 5 s; one below a minute at its own pace (at most every 2 s).
      const poll = opts.pollingIntervalSeconds ?? (every ? Math.max(0.5, Math.min(every, 2)) : 5);
      const worker = await boss.work(job.name, { batchSize: 1, pollingIntervalSeconds: poll }, async () => {
        // A run fetched while the engine stops waits for another instance (or the next start).
        if (stopping) throw new Error('The server was stopping; the run was handed back.');
        try {
          return { did: (await runLogged(deps, job)) ?? 0 };
        } finally {
          if (every && !stopping)
            await boss
              .send(job.name, {}, { startAfter: every, singletonKey: 'again', singletonSeconds: every })
              .catch((err: unknown) =>
                deps.log.warn({ err, job: job.name }, 'the next run could not be queued; the cron line starts it again'),
              );
        }
      });
      workers.set(job.name, worker);
    }
  } catch (e) {
    await boss.stop({ graceful: false, close: false });
    throw e;
  }

  // The clock: one instance a turn looks at the lines and queues what is due in the database's minute.
  const cronEvery = opts.cronMonitorIntervalSeconds ?? 30;
  let looking = false;
  const look = async () => {
    if (stopping || looking) return;
    looking = true;
    const turn = (async () => {
      const now = await claimCronTurn(deps.db, cronEvery);
      if (!now || stopping) return;
      const due = lines.filter((l) => cronDueAt(l.line, now)).map((l) => ({ name: l.name, singletonKey: 'cron', singletonSeconds: 60 }));
      if (!due.length) return;
      await boss.insert(due);
      // This instance's workers ask for the ticks now rather than at their next poll (up to 5 s later).
      for (const d of due) boss.notifyWorker(workers.get(d.name)!);
    })();
    inflight.add(turn);
    try {
      await turn;
    } catch (err) {
      if (!stopping) deps.log.warn({ err }, 'the cron lines could not be looked at; the next look tries again');
    } finally {
      inflight.delete(turn);
      looking = false;
    }
  };
  // The engine's one timer, in place of pg-boss's timekeeper interval (decision 324): it runs no work,
  // only queues the due ticks onto the queue, where the jobs run, are retried and are seen.
  const clock = setInterval(() => void look(), cronEvery * 1000);
  setImmediate(() => void look());

  return {
    async send(name) {
      await boss.send(name, {});
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearInterval(clock);
        // pg-boss waits for the runs in flight (at most STOP_WAIT_MS; a run still going then is failed, and tried again later).
        await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_WAIT_MS });
        // The engine's last statements (a completion, a fetch that was on its way) end before the pool does.
        while (inflight.size) {
          await Promise.allSettled([...inflight]);
          await new Promise((r) => setImmediate(r));
        }
      })();
      return stopped;
    },
  };
}

const clients = new WeakMap<Db, PgBoss>();
/** The queue without working it (the admin's list and Retry on any instance, RUN_JOBS or not). */
function client(db: Db): PgBoss {
  let c = clients.get(db);
  if (!c) clients.set(db, (c = new PgBoss({ db: bossDb(db), schema: JOB_SCHEMA, migrate: false })));
  return c;
}

/** Put a failed run back in the queue for one more try (pg-boss's retry). False when it was not failed (any more). */
export async function retryFailedJob(db: Db, name: string, id: string): Promise<boolean> {
  // pg-boss answers { affected } (its type says void).
  const r = (await client(db).retry(name, id)) as unknown as { affected: number };
  return r.affected === 1;
}
