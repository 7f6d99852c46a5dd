import type { Job } from '../../lib/jobs';
import { expireAndResume, sendReminders } from './subscriptions.service';
import { autoRenewDue } from './subscriptions.billing';

/** Every job is safe on several instances: conditional updates claim the work (see the service). */
export const subscriptionJobs: Job[] = [
  { name: 'subscriptions-expire-resume', cron: '* * * * *', run: expireAndResume },
  { name: 'subscriptions-remind', cron: '*/10 * * * *', run: sendReminders },
  { name: 'subscriptions-auto-renew', cron: '*/5 * * * *', run: autoRenewDue },
];
