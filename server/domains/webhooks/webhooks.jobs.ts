import type { Job } from '../../lib/jobs';
import { deliverDue } from './webhooks.service';

/** Safe on several instances: deliveries are claimed with FOR UPDATE SKIP LOCKED and a lease. */
export const webhookJobs: Job[] = [{ name: 'webhooks-deliver', cron: '* * * * *', everySeconds: 3, run: deliverDue }];
