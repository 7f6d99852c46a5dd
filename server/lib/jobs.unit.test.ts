import { describe, expect, it } from 'vitest';
import { startJobs, type Job } from './jobs';
import type { AppDeps } from '../deps';

const log = { info: () => {}, error: () => {}, warn: () => {} };
const deps = { log } as unknown as AppDeps;

describe('job runner', () => {
  it('never overlaps a job with itself in one process, and runNow joins the run in flight', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const job: Job = {
      name: 'slow',
      intervalMs: 60_000,
      run: async () => {
        running++;
        runs++;
        maxRunning = Math.max(maxRunning, running);
        await gate;
        running--;
        return 1;
      },
    };
    const runner = startJobs(deps, [job]);
    const a = runner.runNow('slow');
    const b = runner.runNow('slow');
    release();
    await Promise.all([a, b]);
    expect(runs).toBe(1);
    expect(maxRunning).toBe(1);
    await runner.stop();
  });

  it('logs a failing job and keeps going; stop waits for runs in flight', async () => {
    const errors: unknown[] = [];
    const d = { log: { ...log, error: (o: unknown) => errors.push(o) } } as unknown as AppDeps;
    let finished = false;
    const runner = startJobs(d, [
      { name: 'boom', intervalMs: 60_000, run: async () => Promise.reject(new Error('db down')) },
      {
        name: 'slow',
        intervalMs: 60_000,
        run: async () => {
          await new Promise((r) => setTimeout(r, 50));
          finished = true;
        },
      },
    ]);
    await runner.runNow('boom');
    expect(errors).toHaveLength(1);
    void runner.runNow('slow');
    await runner.stop();
    expect(finished).toBe(true);
    await expect(runner.runNow('nope')).rejects.toThrow(/No job named nope/);
  });
});
