import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/** The SQL of managing API keys (tables api_keys, api_key_uses; decision 094). The request-time look-up is lib/auth-guard.repository.ts. */

export function insertKey(db: Executor, v: { name: string; token_hash: string; display_prefix: string; scopes: string[]; created_by: string; now: Date }) {
  return db
    .insertInto('api_keys')
    .values({
      name: v.name,
      token_hash: v.token_hash,
      display_prefix: v.display_prefix,
      scopes: sql<string[]>`${sql.val(v.scopes)}::text[]`,
      created_by: v.created_by,
      created_at: v.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Newest first, with the creator's e-mail and the calls of the last 30 days. */
export function listKeys(db: Executor, since: Date, id?: string) {
  let q = db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select((eb) => [
      'k.id',
      'k.name',
      'k.display_prefix',
      'k.scopes',
      'k.created_at',
      'k.last_used_at',
      'k.last_used_ip',
      'k.revoked_at',
      'u.email as created_by_email',
      eb
        .selectFrom('api_key_uses as x')
        .select(sql<number>`coalesce(sum(x.count), 0)::int`.as('n'))
        .whereRef('x.key_id', '=', 'k.id')
        .where('x.minute', '>=', since.toISOString())
        .as('uses_30d'),
    ])
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id');
  if (id) q = q.where('k.id', '=', id);
  return q.execute();
}

/** Revokes once; answers the row only when this call revoked it. */
export function revokeKey(db: Executor, id: string, by: string, now: Date) {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: now.toISOString(), revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'display_prefix'])
    .executeTakeFirst();
}

export function keyExists(db: Executor, id: string) {
  return db.selectFrom('api_keys').select(['id', 'revoked_at']).where('id', '=', id).executeTakeFirst();
}

export function listUses(db: Executor, keyId: string, limit: number) {
  return db
    .selectFrom('api_key_uses')
    .select(['minute', 'operation', 'count', 'refused', 'last_ip'])
    .where('key_id', '=', keyId)
    .orderBy('minute', 'desc')
    .orderBy('operation')
    .limit(limit)
    .execute();
}
