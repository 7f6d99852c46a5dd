import type { Executor } from '../../../db/database';

export interface FavoriteRow {
  id: string;
  shake_id: string;
  created_at: string;
}

export async function list(db: Executor, userId: string): Promise<FavoriteRow[]> {
  return db
    .selectFrom('favorites')
    .select(['id', 'shake_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Idempotent: favouriting twice returns the same row. */
export async function add(db: Executor, userId: string, shakeId: string): Promise<FavoriteRow> {
  const inserted = await db
    .insertInto('favorites')
    .values({ user_id: userId, shake_id: shakeId })
    .onConflict((oc) => oc.columns(['user_id', 'shake_id']).doNothing())
    .returning(['id', 'shake_id', 'created_at'])
    .executeTakeFirst();
  if (inserted) return inserted;
  return db
    .selectFrom('favorites')
    .select(['id', 'shake_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('shake_id', '=', shakeId)
    .executeTakeFirstOrThrow();
}

/** By the favourite's id or the shake's id, only among this customer's favourites. */
export async function remove(db: Executor, userId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('id', '=', id), eb('shake_id', '=', id)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
