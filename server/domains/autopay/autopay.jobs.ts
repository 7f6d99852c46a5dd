import type { Job } from '../../lib/jobs';
import { debitDue, planRecharges } from './autopay.service';

/**
 * UPI AutoPay (decision 281): pre-debit notices (one per customer and day by its unique key) and the
 * debits due after them (claimed with SKIP LOCKED, one in flight per mandate): safe on any number of instances.
 */
export const autopayJobs: Job[] = [
  { name: 'autopay-notices', cron: '*/5 * * * *', run: (deps) => planRecharges(deps) },
  { name: 'autopay-debits', cron: '* * * * *', run: (deps) => debitDue(deps) },
];
