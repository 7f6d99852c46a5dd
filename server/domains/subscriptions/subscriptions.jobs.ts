import type { Job } from '../../lib/jobs';
import { expireAndResume, sendReminders } from './subscriptions.service';
import { autoRenewDue, reconcileSubscriptionPayments } from './subscriptions.billing';

/** Every job is safe on several instances: conditional updates claim the work (see the service). */
export const subscriptionJobs: Job[] = [
  { name: 'subscriptions-expire-resume', intervalMs: 60_000, run: expireAndResume },
  { name: 'subscriptions-remind', intervalMs: 10 * 60_000, run: sendReminders },
  { name: 'subscriptions-auto-renew', intervalMs: 5 * 60_000, run: autoRenewDue },
  { name: 'subscriptions-reconcile-payments', intervalMs: 60_000, run: (deps) => reconcileSubscriptionPayments(deps) },
];
