import type { Job } from '../../lib/jobs';
import { pruneExpired as pruneBuckets } from '../../lib/rate-limit';
import { pruneExpired as pruneTokens } from './auth.repository';
import { pruneCodes } from './otp.repository';

/** Housekeeping: finished rate-limit windows, refresh tokens and reset links long past use. Safe on any number of instances. */
export const authJobs: Job[] = [
  {
    name: 'auth-housekeeping',
    cron: '*/10 * * * *',
    async run(deps) {
      const now = deps.clock.now();
      const buckets = await pruneBuckets(deps.db, now);
      await pruneTokens(deps.db, now);
      await pruneCodes(deps.db, new Date(now.getTime() - 24 * 3600_000));
      return buckets;
    },
  },
];
