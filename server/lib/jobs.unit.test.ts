import { describe, expect, it } from 'vitest';
import { runJobNow, type Job } from './jobs';
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
});
