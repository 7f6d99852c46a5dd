import type { DatabaseHandle } from '../../../db/database';

/** The database answers a trivial query (the health check). */
export async function ping(dbh: DatabaseHandle): Promise<void> {
  await dbh.pool.query('select 1');
}
