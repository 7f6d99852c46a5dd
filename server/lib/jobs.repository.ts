import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The job engine's statements (pg-boss's own SQL, with its $1… parameters) on the app's handle: the
 * jobs' pool on PostgreSQL itself, or the embedded database's one connection.
 */
export async function queueSql(db: Db, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
  const r = await db.executeQuery(CompiledQuery.raw(text, values));
  return { rows: r.rows as unknown[] };
}
