import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

export interface ReviewRow {
  id: string;
  shake_id: string;
  user_id: string;
  order_id: string;
  author_name: string;
  rating: number;
  body: string;
  hidden: boolean;
  created_at: string;
}

const COLUMNS = ['id', 'shake_id', 'user_id', 'order_id', 'author_name', 'rating', 'body', 'hidden', 'created_at'] as const;

/** The newest reviews of a shake; hidden ones only when asked (admins). */
export async function listForShake(db: Executor, shakeId: string, opts: { withHidden: boolean; limit: number }): Promise<ReviewRow[]> {
  let q = db.selectFrom('reviews').select(COLUMNS).where('shake_id', '=', shakeId);
  if (!opts.withHidden) q = q.where('hidden', '=', false);
  return q.orderBy('created_at', 'desc').orderBy('id').limit(opts.limit).execute();
}

/** Average (one decimal) and count of visible ratings per shake that has any. */
export async function summaries(db: Executor): Promise<{ shake_id: string; average: number; count: number }[]> {
  return db
    .selectFrom('reviews')
    .select((eb) => ['shake_id', sql<number>`round(avg(rating)::numeric, 1)`.as('average'), eb.fn.countAll<number>().as('count')])
    .where('hidden', '=', false)
    .groupBy('shake_id')
    .execute();
}

/** This customer's reviews of these shakes. */
export async function byUser(db: Executor, userId: string, shakeIds: string[]): Promise<ReviewRow[]> {
  if (!shakeIds.length) return [];
  return db.selectFrom('reviews').select(COLUMNS).where('user_id', '=', userId).where('shake_id', 'in', shakeIds).execute();
}

/** Inserts the review unless this customer already reviewed the shake (then undefined). */
export async function insert(
  db: Executor,
  r: Pick<ReviewRow, 'shake_id' | 'user_id' | 'order_id' | 'author_name' | 'rating' | 'body'>,
): Promise<ReviewRow | undefined> {
  return db
    .insertInto('reviews')
    .values(r)
    .onConflict((oc) => oc.columns(['user_id', 'shake_id']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function lockById(db: Executor, id: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setHidden(db: Executor, id: string, hidden: boolean): Promise<ReviewRow> {
  return db
    .updateTable('reviews')
    .set({ hidden, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Recent visible reviews that have words and a good rating, newest first (home testimonials). */
export async function recentWithWords(db: Executor, limit: number): Promise<ReviewRow[]> {
  return db
    .selectFrom('reviews')
    .select(COLUMNS)
    .where('hidden', '=', false)
    .where('rating', '>=', 4)
    .where(sql<boolean>`char_length(body) >= 20`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
