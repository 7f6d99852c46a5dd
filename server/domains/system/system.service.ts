import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import * as repo from './system.repository';

/** GET /api/health (liveness): the process answers. It never waits for the database, so a database outage does not get every instance restarted. */
export function health(deps: Pick<AppDeps, 'dbh'>): { ok: boolean; database: 'postgres' | 'pglite' } {
  return { ok: true, database: deps.dbh.kind };
}

/**
 * GET /api/ready (readiness): this instance can serve shoppers now: it is not shutting down and its
 * database answers. 503 SERVICE_BUSY otherwise (a database error is mapped to it by server/lib/errors.ts).
 */
export async function ready(deps: Pick<AppDeps, 'dbh' | 'lifecycle'>): Promise<{ ok: boolean; database: 'postgres' | 'pglite' }> {
  if (deps.lifecycle.draining) throw new AppError('SERVICE_BUSY', 'This server is shutting down.', { retryAfter: 1 });
  await repo.ping(deps.dbh);
  return { ok: true, database: deps.dbh.kind };
}
