import type { Job } from '../../lib/jobs';
import { reconcileTopUps } from './wallet.service';

/** Top-ups left unsettled (browser closed, webhook lost) are asked of the gateway; leased, so safe on several instances. */
export const walletJobs: Job[] = [{ name: 'wallet-reconcile-top-ups', cron: '* * * * *', run: (deps) => reconcileTopUps(deps) }];
