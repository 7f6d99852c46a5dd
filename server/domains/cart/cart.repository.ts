import { sql, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Executor } from '../../../db/database';
import type { CustomRecipe } from '../../../shared/schemas/builder';
import type { Allergen, IngredientCategory } from '../../../shared/schemas/catalogue';

export interface PricedShakeRow {
  id: string;
  name: string;
  image: string;
  price_paise: number;
  in_stock: boolean;
  /** Free stock cannot cover one more bottle (view stock_sold_out_shakes, decision 160). */
  sold_out: boolean;
}
export interface PricedIngredientRow {
  id: string;
  name: string;
  category: IngredientCategory;
  price_paise: number;
  kcal: number;
  protein_g: number;
  carbs_g: number;
  fat_g: number;
  fibre_g: number;
  sugar_g: number;
  allergens: Allergen[];
  vegan: boolean;
  in_stock: boolean;
  /** Free stock cannot cover one more portion (view stock_sold_out_ingredients, decision 160). */
  sold_out: boolean;
}

/**
 * Everything a quote needs in ONE round trip (the order transaction calls this too, and its budget is
 * a handful of round trips): the active shakes and ingredients named by the cart, and the pricing
 * settings. Reads the catalogue tables directly because it must see them through the caller's
 * transaction, not through the catalogue cache. Ids must already be valid uuids.
 */
export async function loadPricingInputs(
  db: Executor,
  shakeIds: readonly string[],
  ingredientIds: readonly string[],
): Promise<PricingInputs> {
  const { rows } = await sql<{ v: unknown }>`select ${pricingInputsSql(shakeIds, ingredientIds)} as v`.execute(db);
  return decodePricingInputs(rows[0]!.v);
}

export interface PricingInputs {
  shakes: PricedShakeRow[];
  ingredients: PricedIngredientRow[];
  pricing: unknown;
}

/**
 * The same read as one json-valued expression, for a caller that folds it into a statement of its
 * own (order placement reads price, address and PIN code in one round trip): a call of the database
 * function `pricing_inputs` (migration 2026_11_30_1200, decision 199), whose plans PostgreSQL keeps
 * per connection. The delivery calendar's function calls it too: one pricing read.
 */
export function pricingInputsSql(shakeIds: readonly string[], ingredientIds: readonly string[]): RawBuilder<unknown> {
  return sql`pricing_inputs(${[...shakeIds]}::uuid[], ${[...ingredientIds]}::uuid[])`;
}

export function decodePricingInputs(raw: unknown): PricingInputs {
  const row = raw as { shakes: PricedShakeRow[]; ingredients: PricedIngredientRow[]; pricing: unknown };
  return {
    shakes: row.shakes,
    ingredients: row.ingredients.map((i) => ({
      ...i,
      // numeric columns arrive as JSON numbers or strings depending on the driver path
      kcal: Number(i.kcal),
      protein_g: Number(i.protein_g),
      carbs_g: Number(i.carbs_g),
      fat_g: Number(i.fat_g),
      fibre_g: Number(i.fibre_g),
      sugar_g: Number(i.sugar_g),
    })),
    pricing: row.pricing ?? null,
  };
}

export interface StoredCartLine {
  id: string;
  type: 'signature' | 'custom';
  quantity: number;
  recipe?: CustomRecipe;
}

export async function readCart(
  db: Executor,
  userId: string,
): Promise<{ version: number; updatedAt: string | null; lines: StoredCartLine[] }> {
  const row = await db
    .selectFrom('user_carts')
    .select((eb) => [
      'version',
      'updated_at',
      jsonArrayFrom(
        eb
          .selectFrom('user_cart_lines as l')
          .select(['l.item_id as id', 'l.item_type as type', 'l.quantity', 'l.recipe'])
          .whereRef('l.user_id', '=', 'user_carts.user_id')
          .orderBy('l.position'),
      ).as('lines'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { version: 0, updatedAt: null, lines: [] };
  return {
    version: row.version,
    updatedAt: row.updated_at,
    lines: row.lines.map((l) => ({ id: l.id, type: l.type, quantity: l.quantity, ...(l.recipe ? { recipe: l.recipe } : {}) })),
  };
}

/** Creates the cart row or bumps its version; the row lock serialises concurrent writers of one cart. */
export async function touchCart(db: Executor, userId: string): Promise<{ version: number; updatedAt: string }> {
  const row = await db
    .insertInto('user_carts')
    .values({ user_id: userId, version: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ version: sql`user_carts.version + 1`, updated_at: sql`now()` }))
    .returning(['version', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { version: row.version, updatedAt: row.updated_at };
}

/** Records a guest-cart merge id on the (locked) cart row; 'seen' when that merge was applied before. */
export async function claimMerge(db: Executor, userId: string, mergeId: string): Promise<'new' | 'seen'> {
  const row = await db
    .updateTable('user_carts')
    .set({ last_merge_id: mergeId })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_merge_id', 'is', null), eb('last_merge_id', '<>', mergeId)]))
    .returning('user_id')
    .executeTakeFirst();
  return row ? 'new' : 'seen';
}

export async function replaceLines(db: Executor, userId: string, lines: readonly StoredCartLine[]): Promise<void> {
  await db.deleteFrom('user_cart_lines').where('user_id', '=', userId).execute();
  if (!lines.length) return;
  await db
    .insertInto('user_cart_lines')
    .values(
      lines.map((l, i) => ({
        user_id: userId,
        item_type: l.type,
        item_id: l.id,
        quantity: l.quantity,
        recipe: l.recipe ? JSON.stringify(l.recipe) : null,
        position: i,
      })),
    )
    .execute();
}

/**
 * Takes an order's lines out of the customer's server cart (matched by type and id) and bumps the
 * cart's version when any left, so every device adopts the change. One statement.
 */
/**
 * removeLines as CTEs of a caller's statement (order placement writes the order and empties these
 * lines from the cart in one statement): they run when `when` (a subquery) has a row. Parameters,
 * in text order: removeLinesParams.
 */
export function removeLinesCtes(userId: string, keys: readonly string[], when: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`cart_gone as (
      delete from user_cart_lines
      where user_id = ${userId} and (item_type || ':' || item_id) = any(${keys}::text[]) and exists (${when})
      returning 1
    ),
    cart_version as (
      update user_carts set version = version + 1, updated_at = now()
      where user_id = ${userId} and exists (select 1 from cart_gone)
    )`;
}
export const removeLinesParams = (userId: string, keys: readonly string[]): unknown[] => [userId, keys, userId];
export const lineKeys = (lines: readonly { id: string; type: 'signature' | 'custom' }[]): string[] => lines.map((l) => `${l.type}:${l.id}`);
