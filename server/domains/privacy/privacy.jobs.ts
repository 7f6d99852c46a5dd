import type { Job } from '../../lib/jobs';
import { buildPending } from './export.service';
import { eraseDue } from './deletion.service';

/** Data exports: each request is also built at once on the instance that took it; this is the backstop and drops expired files. */
export const privacyJobs: Job[] = [
  { name: 'privacy-exports', cron: '* * * * *', everySeconds: 15, run: buildPending },
  /** Deleted accounts: erased once nothing is left to deliver or send. */
  { name: 'privacy-erasures', cron: '*/5 * * * *', run: eraseDue },
];
