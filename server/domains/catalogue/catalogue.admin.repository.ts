import { sql, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { Ingredients as IngredientsTable, SignatureShakes as SignatureShakesTable } from '../../../db/generated/database';
import type { AdminIngredient, AdminShake, IngredientFields, ShakeFields } from '../../../shared/schemas/catalogue-admin';
import type { Pricing } from '../../../shared/schemas/catalogue';
import { toIngredient, toShake } from './catalogue.repository';

const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function toAdminShake(r: Selectable<SignatureShakesTable>): AdminShake {
  return { ...toShake(r), active: r.active, updatedAt: new Date(r.updated_at).toISOString() };
}

export function toAdminIngredient(r: Selectable<IngredientsTable>): AdminIngredient {
  return {
    ...toIngredient(r),
    active: r.active,
    updatedAt: new Date(r.updated_at).toISOString(),
    stockUnit: r.stock_unit,
    portionQty: r.portion_qty,
  };
}

type ShakeColumns = Updateable<SignatureShakesTable>;
export function shakeColumns(f: Partial<ShakeFields>): ShakeColumns {
  const c: ShakeColumns = {};
  if (f.slug !== undefined) c.slug = f.slug;
  if (f.name !== undefined) c.name = f.name;
  if (f.price !== undefined) c.price_paise = f.price;
  if (f.image !== undefined) c.image = f.image;
  if (f.description !== undefined) c.description = f.description;
  if (f.calories !== undefined) c.calories = f.calories;
  if (f.protein !== undefined) c.protein_g = f.protein;
  if (f.carbs !== undefined) c.carbs_g = f.carbs;
  if (f.fat !== undefined) c.fat_g = f.fat;
  if (f.fibre !== undefined) c.fibre_g = f.fibre;
  if (f.sugar !== undefined) c.sugar_g = f.sugar;
  if (f.ingredients !== undefined) c.ingredients = f.ingredients;
  if (f.allergens !== undefined) c.allergens = f.allergens;
  if (f.vegan !== undefined) c.vegan = f.vegan;
  if (f.tags !== undefined) c.tags = f.tags;
  if (f.active !== undefined) c.active = f.active;
  if (f.inStock !== undefined) c.in_stock = f.inStock;
  if (f.sortOrder !== undefined) c.sort_order = f.sortOrder;
  return c;
}

type IngredientColumns = Updateable<IngredientsTable>;
export function ingredientColumns(f: Partial<IngredientFields>): IngredientColumns {
  const c: IngredientColumns = {};
  if (f.slug !== undefined) c.slug = f.slug;
  if (f.name !== undefined) c.name = f.name;
  if (f.category !== undefined) c.category = f.category;
  if (f.description !== undefined) c.description = f.description;
  if (f.price !== undefined) c.price_paise = f.price;
  if (f.nutrition !== undefined) {
    c.kcal = f.nutrition.kcal;
    c.protein_g = f.nutrition.protein;
    c.carbs_g = f.nutrition.carbs;
    c.fat_g = f.nutrition.fat;
    c.fibre_g = f.nutrition.fibre;
    c.sugar_g = f.nutrition.sugar;
  }
  if (f.allergens !== undefined) c.allergens = f.allergens;
  if (f.vegan !== undefined) c.vegan = f.vegan;
  if (f.hydroponic !== undefined) c.hydroponic = f.hydroponic;
  if (f.inStock !== undefined) c.in_stock = f.inStock;
  if (f.active !== undefined) c.active = f.active;
  if (f.sortOrder !== undefined) c.sort_order = f.sortOrder;
  if (f.stockUnit !== undefined) c.stock_unit = f.stockUnit;
  if (f.portionQty !== undefined) c.portion_qty = f.portionQty;
  return c;
}

/** Every shake, active or not, in display order; search by name, slug or tag. */
export async function listShakes(db: Executor, search?: string): Promise<AdminShake[]> {
  let q = db.selectFrom('signature_shakes').selectAll();
  if (search) {
    const p = likePattern(search);
    q = q.where((eb) => eb.or([eb(sql`lower(name)`, 'like', p), eb('slug', 'like', p), eb(sql`array_to_string(tags, ' ')`, 'like', p)]));
  }
  const rows = await q.orderBy('sort_order').orderBy('name').limit(500).execute();
  return rows.map(toAdminShake);
}

export async function shakeForUpdate(db: Executor, id: string) {
  return db.selectFrom('signature_shakes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertShake(db: Executor, f: ShakeFields) {
  const c = shakeColumns(f);
  return db
    .insertInto('signature_shakes')
    .values({ ...c, slug: f.slug, name: f.name, price_paise: f.price })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateShake(db: Executor, id: string, f: Partial<ShakeFields>) {
  return db
    .updateTable('signature_shakes')
    .set({ ...shakeColumns(f), updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets sort_order to 10, 20, 30… in the given order; returns how many rows moved. */
export async function reorder(db: Executor, table: 'signature_shakes' | 'ingredients', ids: string[]): Promise<number> {
  const values = sql.join(ids.map((id, i) => sql`(${id}::uuid, ${(i + 1) * 10}::int)`));
  const r = await sql<{ id: string }>`
    update ${sql.table(table)} t set sort_order = v.sort_order, updated_at = now()
    from (values ${values}) as v(id, sort_order)
    where t.id = v.id
    returning t.id`.execute(db);
  return r.rows.length;
}

export async function sortOrders(db: Executor, table: 'signature_shakes' | 'ingredients', ids: string[]) {
  return db.selectFrom(table).select(['id', 'sort_order']).where('id', 'in', ids).orderBy('sort_order').execute();
}

export async function listIngredients(db: Executor, search?: string): Promise<AdminIngredient[]> {
  let q = db.selectFrom('ingredients').selectAll();
  if (search) {
    const p = likePattern(search);
    q = q.where((eb) => eb.or([eb(sql`lower(name)`, 'like', p), eb('slug', 'like', p), eb(sql`category`, 'like', p)]));
  }
  const rows = await q.orderBy('category').orderBy('sort_order').orderBy('name').limit(500).execute();
  return rows.map(toAdminIngredient);
}

export async function ingredientForUpdate(db: Executor, id: string) {
  return db.selectFrom('ingredients').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertIngredient(db: Executor, f: IngredientFields) {
  return db
    .insertInto('ingredients')
    .values({ ...ingredientColumns(f), slug: f.slug, name: f.name, category: f.category })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateIngredient(db: Executor, id: string, f: Partial<IngredientFields>) {
  return db
    .updateTable('ingredients')
    .set({ ...ingredientColumns(f), updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function pricingForUpdate(db: Executor): Promise<unknown> {
  const r = await db.selectFrom('settings').select('value').where('key', '=', 'pricing').forUpdate().executeTakeFirst();
  return r?.value;
}

export async function savePricing(db: Executor, pricing: Pricing): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: 'pricing', value: JSON.stringify(pricing) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(pricing), updated_at: sql`now()` }))
    .execute();
}

export async function insertImage(
  db: Executor,
  img: { hash: string; width: number; height: number; bytes: Buffer; uploadedBy: string },
): Promise<void> {
  await db
    .insertInto('catalogue_images')
    .values({
      hash: img.hash,
      content_type: 'image/webp',
      width: img.width,
      height: img.height,
      size_bytes: img.bytes.length,
      bytes: img.bytes,
      uploaded_by: img.uploadedBy,
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

export async function imageByHash(db: Executor, hash: string) {
  return db.selectFrom('catalogue_images').select(['bytes', 'content_type', 'width', 'height']).where('hash', '=', hash).executeTakeFirst();
}
