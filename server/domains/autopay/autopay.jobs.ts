import type { Job } from '../../lib/jobs';
import { debitDue, planRecharges, planRenewals } from './autopay.service';

/**
 * UPI AutoPay (decisions 281, 290): pre-debit notices (wallet refills and subscription renewals) (one per customer and day by its unique key) and the
 * debits due after them (claimed with SKIP LOCKED, one in flight per mandate): safe on any number of instances.
 */
export const autopayJobs: Job[] = [
  { name: 'autopay-notices', cron: '*/5 * * * *', run: async (deps) => (await planRecharges(deps)) + (await planRenewals(deps)) },
  { name: 'autopay-debits', cron: '* * * * *', run: (deps) => debitDue(deps) },
];
