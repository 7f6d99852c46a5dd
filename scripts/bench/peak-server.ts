// Child process of the morning-peak bench: one shop instance (its own pools, caches, LISTEN), as a
// server process behind the load balancer would be. Its database settings come from the environment
// (DATABASE_URL, DATABASE_DIRECT_URL, DATABASE_READ_URL), as in production.
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import { createDatabase } from '../../db/database';
import { runCutoff } from '../../server/domains/schedules/schedules.cutoff';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SERVE_CLIENT: 'false', RUN_JOBS: 'false' });
const dbh = await createDatabase({
  databaseUrl: config.DATABASE_URL,
  directUrl: config.DATABASE_DIRECT_URL,
  readUrls: config.DATABASE_READ_URL,
  poolSize: Number(process.env.BENCH_POOL ?? 10),
});
const { app, deps } = await buildApp({ config, dbh, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

export interface CutoffReport {
  placed: number;
  notPlaced: number;
  /** Per placed day: from its first placing step's end to its order's write, inside its transaction (ms). */
  ms: number[];
  /** Time spent in each placing step after the first, summed over the days (ms; a retried day's gap counts to its first step). */
  steps: Record<string, number>;
  /** This process's CPU time during the run (the shoppers' requests it served included). */
  cpuSeconds: number;
  seconds: number;
  error?: string;
}

/**
 * This instance's cut-off job at `at` (a minute past the cut-off): the real `runCutoff`, as the job
 * engine runs it (the jobs' own pool, the job's own concurrency), with a clock of its own for the job
 * only (the shoppers' requests keep the real time, their tokens with it). The other instance runs it
 * at the same moment; the claims share the days out. The step hook only notes the time: the order's
 * time from its first step to its write (BEGIN, the price step and COMMIT are not in it).
 */
async function cutoff(at: Date): Promise<CutoffReport> {
  const jobDeps = { ...deps, db: dbh.jobs(), clock: { now: () => at } };
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const ms: number[] = [];
  const steps: Record<string, number> = {};
  const cpu = process.cpuUsage();
  const started = performance.now();
  const end = (r: { placed: number; notPlaced: number }, error?: string): CutoffReport => {
    const used = process.cpuUsage(cpu);
    return { ...r, ms, steps, cpuSeconds: (used.user + used.system) / 1e6, seconds: (performance.now() - started) / 1000, ...(error ? { error } : {}) };
  };
  try {
    const r = await runCutoff(jobDeps, {
      faults: {
        afterStep: async (step, _trx, day) => {
          const now = performance.now();
          const key = `${day.scheduleId}:${day.date}`;
          const prev = last.get(key);
          if (prev === undefined) first.set(key, now);
          else steps[step] = (steps[step] ?? 0) + now - prev;
          last.set(key, now);
          if (step === 'write') ms.push(now - first.get(key)!);
        },
      },
    });
    return end(r);
  } catch (e) {
    return end({ placed: 0, notPlaced: 0 }, String(e));
  }
}

process.on('message', async (m: { cmd: string; at?: string }) => {
  if (m.cmd === 'cutoff') process.send?.({ cutoff: await cutoff(new Date(m.at!)) });
  if (m.cmd === 'stop') {
    await app.close();
    await dbh.close();
    process.send?.({ stopped: true });
    process.exit(0);
  }
});
process.send?.({ ready: true, port: (app.server.address() as { port: number }).port });
