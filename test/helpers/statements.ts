import pg from 'pg';
import { SESSION_STATE_SQL } from '../../server/lib/auth-guard.repository';

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Runs `work` with every statement node-postgres sends in this process (any pool, any client)
 * appended to `log`, in the order sent, and returns what `work` returns. The round-trip counts of
 * the tests and benches are read from it; `log` may be emptied inside `work` to drop a warm-up.
 */
export async function recordStatements<T>(log: Statement[], work: () => Promise<T>): Promise<T> {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text: string; values?: unknown[] };
    log.push(typeof q === 'string' ? { text: q, values: Array.isArray(args[1]) ? args[1] : [] } : { text: q.text, values: q.values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    return await work();
  } finally {
    pg.Client.prototype.query = original;
  }
}

/**
 * The request guard's read of the bearer's session, which every signed-in request pays once (decision
 * 207): the round-trip budgets of a call (placement ≤ 5, the kitchen's read) are counted without it.
 */
export const isSessionRead = (text: string): boolean => text === SESSION_STATE_SQL;
