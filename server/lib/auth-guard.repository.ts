import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';

/**
 * The SQL of the request guard (auth-guard.ts): is a session still open, which API key is this, and
 * the batched record of API key use. Creating, listing and revoking keys is the auth domain's
 * (server/domains/auth/api-keys.repository.ts).
 */

/** Read at every signed-in request (decision 207): a fixed text, so no query is built and compiled per request. */
export const SESSION_STATE_SQL = 'select user_id, revoked_at from auth_sessions where id = $1';

export interface SessionStateRow {
  user_id: string;
  revoked_at: string | Date | null;
}

export async function sessionState(db: Executor, sessionId: string): Promise<SessionStateRow | undefined> {
  const { rows } = await db.executeQuery<SessionStateRow>(CompiledQuery.raw(SESSION_STATE_SQL, [sessionId]));
  return rows[0];
}

/**
 * The same read as one column of another statement (decision 320: placing an order reads its session
 * in its first statement): the session's user and whether it has ended, or null when there is no
 * such session.
 */
export function sessionStateColumn(sessionId: string): RawBuilder<unknown> {
  return sql`select array[user_id::text, (revoked_at is not null)::text] from auth_sessions where id = ${sessionId}`;
}

/** That column's value as the row `sessionState` reads (only whether it ended matters, not when). */
export function decodeSessionState(raw: unknown): SessionStateRow | undefined {
  if (!Array.isArray(raw)) return undefined;
  return { user_id: String(raw[0]), revoked_at: raw[1] === 'true' ? 'ended' : null };
}

export function findByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'token_hash', 'scopes', 'created_by', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function recordUses(
  db: Executor,
  uses: { keyId: string; minute: string; operation: string; count: number; refused: number; lastIp: string | null }[],
): Promise<void> {
  if (!uses.length) return;
  await db
    .insertInto('api_key_uses')
    .values(uses.map((u) => ({ key_id: u.keyId, minute: u.minute, operation: u.operation, count: u.count, refused: u.refused, last_ip: u.lastIp })))
    .onConflict((oc) =>
      oc.columns(['key_id', 'minute', 'operation']).doUpdateSet((eb) => ({
        count: sql<number>`api_key_uses.count + ${eb.ref('excluded.count')}`,
        refused: sql<number>`api_key_uses.refused + ${eb.ref('excluded.refused')}`,
        last_ip: eb.ref('excluded.last_ip'),
      })),
    )
    .execute();
}

export async function touch(db: Executor, id: string, at: string, ip: string | null): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at, last_used_ip: ip })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}
