import type { AppDeps } from '../deps';

/**
 * A small interval job runner. Every job must be safe when several server
 * instances run it at once (claim rows with FOR UPDATE SKIP LOCKED or a
 * conditional UPDATE): the runner only guarantees no overlap within one
 * process. Started by buildApp when config.RUN_JOBS, stopped on close.
 */
export interface Job {
  name: string;
  intervalMs: number;
  /** Returns how much it did (for logs); throwing is logged and retried next tick. */
  run(deps: AppDeps): Promise<number | void>;
}

export interface JobRunner {
  /** Run one job now and wait for it (tests, admin tools). Joins a run already in flight. */
  runNow(name: string): Promise<number | void>;
  stop(): Promise<void>;
}

export function startJobs(deps: AppDeps, jobs: readonly Job[]): JobRunner {
  const running = new Map<string, Promise<number | void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const runOnce = (job: Job): Promise<number | void> => {
    const inFlight = running.get(job.name);
    if (inFlight) return inFlight;
    const p = job
      .run(deps)
      .then(
        (n) => {
          if (n) deps.log.info({ job: job.name, count: n }, 'job did work');
          return n;
        },
        (err) => {
          deps.log.error({ err, job: job.name }, 'job failed; will retry on the next tick');
        },
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, p);
    return p;
  };

  for (const job of jobs) {
    // Spread instances apart so several servers don't all wake at the same millisecond.
    const first = setTimeout(
      () => {
        if (stopped) return;
        void runOnce(job);
        const every = setInterval(() => {
          if (!stopped) void runOnce(job);
        }, job.intervalMs);
        every.unref();
        timers.push(every);
      },
      Math.floor(Math.random() * Math.min(job.intervalMs, 5_000)),
    );
    first.unref();
    timers.push(first);
  }

  return {
    runNow(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) return Promise.reject(new Error(`No job named ${name}`));
      return runOnce(job);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...running.values()]);
    },
  };
}
