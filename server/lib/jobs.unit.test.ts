import { describe, expect, it } from 'vitest';
import { runJobNow, startJobEngine, type Job } from './jobs';
import type { AppDeps } from '../deps';

const logged: string[] = [];
const log = { info: () => logged.push('info'), error: () => logged.push('error'), warn: () => {} };
const deps = { log } as unknown as AppDeps;

describe('the job engine’s runs', () => {
  it('runJobNow runs a job in this process and answers what it did; a failure is logged and thrown', async () => {
    const jobs: Job[] = [
      { name: 'count', cron: '* * * * *', run: async () => 3 },
      { name: 'boom', cron: '* * * * *', run: async () => Promise.reject(new Error('db down')) },
    ];
    await expect(runJobNow(deps, jobs, 'count')).resolves.toBe(3);
    await expect(runJobNow(deps, jobs, 'boom')).rejects.toThrow('db down');
    expect(logged).toEqual(['info', 'error']);
    await expect(runJobNow(deps, jobs, 'nope')).rejects.toThrow(/No job named nope/);
  });

  it('refuses to start with a cron line its clock cannot read, before it touches the database', async () => {
    const jobs: Job[] = [
      { name: 'fine', cron: '*/5 * * * *', run: async () => 1 },
      { name: 'both-days', cron: '0 9 1 * 1', run: async () => 1 },
    ];
    // No database in deps: the refusal comes first.
    await expect(startJobEngine(deps, jobs)).rejects.toThrow(/"0 9 1 \* 1" names both days of the month and weekdays/);
  });
});
