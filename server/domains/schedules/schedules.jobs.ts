import type { Job } from '../../lib/jobs';
import { remindUncovered, runCutoff } from './schedules.cutoff';

/**
 * Standing deliveries (decision 177): the cut-off places each due day (every minute, so a day is
 * placed within a minute or two of its cut-off), and the "tomorrow is not covered" reminder, a cron
 * at 18:00 India time (decision 210; a failed run is tried again, 1, 2, 4… minutes later, and still
 * tells no one twice). Both safe on any number of instances: one order per (schedule, date) by its
 * unique key, one record and one reminder by theirs.
 */
export const scheduleJobs: Job[] = [
  {
    name: 'schedules-cutoff',
    cron: '* * * * *',
    run: async (deps) => {
      const r = await runCutoff(deps);
      return r.placed + r.notPlaced;
    },
  },
  { name: 'schedules-reminder', cron: '0 18 * * *', retryLimit: 5, retryDelaySeconds: 60, run: (deps) => remindUncovered(deps) },
];
