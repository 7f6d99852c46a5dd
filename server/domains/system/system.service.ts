import type { AppDeps } from '../../deps';
import * as repo from './system.repository';

/** GET /api/health: the server is up and its database answers. */
export async function health(deps: Pick<AppDeps, 'dbh'>): Promise<{ ok: boolean; database: 'postgres' | 'pglite' }> {
  await repo.ping(deps.dbh);
  return { ok: true, database: deps.dbh.kind };
}
