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

/**
 * One instance's turn to look at the cron lines (decision 324): pg-boss's `cron_on` moved when the last
 * look is older than `seconds`, in one statement, so two instances never look in the same turn. The
 * database's clock, which every instance shares, names the minute: null when it is not this turn.
 */
export async function claimCronTurn(db: Db, seconds: number): Promise<Date | null> {
  const { rows } = await queueSql(
    db,
    `UPDATE pgboss.version SET cron_on = now()
      WHERE now() - COALESCE(cron_on, now() - interval '1 week') > make_interval(secs => $1)
      RETURNING (extract(epoch from now()) * 1000)::float8 AS now_ms`,
    [seconds],
  );
  const r = rows[0] as { now_ms: number } | undefined;
  return r ? new Date(r.now_ms) : null;
}
