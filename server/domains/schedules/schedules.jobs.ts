import type { Job } from '../../lib/jobs';
import { remindUncovered, runCutoff } from './schedules.cutoff';

/**
 * Standing deliveries (decision 177): the cut-off places each due day (every minute, so a day is
 * placed within a minute or two of its cut-off), and the 18:00 reminder. Both safe on any number of
 * instances: one order per (schedule, date) by its unique key, one record and one reminder by theirs.
 */
export const scheduleJobs: Job[] = [
  {
    name: 'schedules-cutoff',
    intervalMs: 60_000,
    run: async (deps) => {
      const r = await runCutoff(deps);
      return r.placed + r.notPlaced;
    },
  },
  { name: 'schedules-reminder', intervalMs: 5 * 60_000, run: (deps) => remindUncovered(deps) },
];
