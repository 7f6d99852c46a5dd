import type { Job } from '../../lib/jobs';
import { pruneExpired as pruneBuckets } from '../../lib/rate-limit';
import { pruneExpired as pruneTokens } from './auth.repository';

/** Housekeeping: finished rate-limit windows, refresh tokens and reset links long past use. Safe on any number of instances. */
export const authJobs: Job[] = [
  {
    name: 'auth-housekeeping',
    intervalMs: 10 * 60_000,
    async run(deps) {
      const now = deps.clock.now();
      const buckets = await pruneBuckets(deps.db, now);
      await pruneTokens(deps.db, now);
      return buckets;
    },
  },
];
