import type { Job } from '../../lib/jobs';
import { buildPending } from './export.service';

/** Data exports: each request is also built at once on the instance that took it; this is the backstop and drops expired files. */
export const privacyJobs: Job[] = [{ name: 'privacy-exports', cron: '* * * * *', everySeconds: 15, run: buildPending }];
