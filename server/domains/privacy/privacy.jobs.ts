import type { Job } from '../../lib/jobs';
import { buildPending } from './export.service';
import { eraseDue } from './deletion.service';
import { runRetention } from './retention.service';

/** Data exports: each request is also built at once on the instance that took it; this is the backstop and drops expired files. */
export const privacyJobs: Job[] = [
  { name: 'privacy-exports', cron: '* * * * *', everySeconds: 15, run: buildPending },
  /** Deleted accounts: erased once nothing is left to deliver or send. */
  { name: 'privacy-erasures', cron: '*/5 * * * *', run: eraseDue },
  /** Retention (decision 276): inactive accounts told, then closed 48 h later; the access log kept a year; the rider's keys a week (311). */
  {
    name: 'privacy-retention',
    cron: '20 * * * *',
    run: async (deps) => Object.values(await runRetention(deps)).reduce((a, b) => a + b, 0),
  },
];
