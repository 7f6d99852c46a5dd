import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import type { CustomRecipe } from '../../../shared/schemas/builder';

export interface SavedShakeRow {
  id: string;
  name: string;
  recipe: CustomRecipe;
  created_at: string;
}

export async function listSaved(db: Executor, userId: string): Promise<SavedShakeRow[]> {
  return db
    .selectFrom('saved_shakes')
    .select(['id', 'name', 'recipe', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countSaved(db: Executor, userId: string): Promise<number> {
  const r = await db
    .selectFrom('saved_shakes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Saving the same recipe again renames it instead of adding a copy. */
export async function upsertSaved(
  db: Executor,
  row: { userId: string; name: string; recipeKey: string; recipe: CustomRecipe },
): Promise<SavedShakeRow> {
  return db
    .insertInto('saved_shakes')
    .values({ user_id: row.userId, name: row.name, recipe_key: row.recipeKey, recipe: JSON.stringify(row.recipe) })
    .onConflict((oc) =>
      oc.columns(['user_id', 'recipe_key']).doUpdateSet({ name: row.name, recipe: JSON.stringify(row.recipe), updated_at: sql`now()` }),
    )
    .returning(['id', 'name', 'recipe', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function findSavedByKey(db: Executor, userId: string, recipeKey: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('saved_shakes').select('id').where('user_id', '=', userId).where('recipe_key', '=', recipeKey).executeTakeFirst();
}

/** Only the owner's row: another customer's id deletes nothing. */
export async function deleteSaved(db: Executor, userId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('saved_shakes').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
