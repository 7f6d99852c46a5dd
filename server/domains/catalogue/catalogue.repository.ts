import type { Executor } from '../../../db/database';
import type { Ingredient, Pricing, SignatureShake } from '../../../shared/schemas/catalogue';
import { DEFAULT_PRICING, PricingSchema } from '../../../shared/schemas/catalogue';
import { sql, type Selectable } from 'kysely';
import type { Ingredients as IngredientsTable, SignatureShakes as SignatureShakesTable } from '../../../db/generated/database';

/** Rows read with the stock's sold-out view carry `sold_out`; others (admin forms) are not sold out by that read. */
type WithSoldOut<T> = T & { sold_out?: boolean | null };

export function toShake(r: WithSoldOut<Selectable<SignatureShakesTable>>): SignatureShake {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    price: r.price_paise,
    image: r.image,
    description: r.description,
    calories: r.calories,
    protein: r.protein_g,
    carbs: r.carbs_g,
    fat: r.fat_g,
    fibre: r.fibre_g,
    sugar: r.sugar_g,
    ingredients: r.ingredients,
    allergens: r.allergens as SignatureShake['allergens'],
    vegan: r.vegan,
    tags: r.tags,
    inStock: r.in_stock,
    soldOut: r.sold_out ?? false,
    sortOrder: r.sort_order,
  };
}

export function toIngredient(r: WithSoldOut<Selectable<IngredientsTable>>): Ingredient {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    category: r.category,
    description: r.description,
    price: r.price_paise,
    nutrition: { kcal: r.kcal, protein: r.protein_g, carbs: r.carbs_g, fat: r.fat_g, fibre: r.fibre_g, sugar: r.sugar_g },
    allergens: r.allergens as Ingredient['allergens'],
    vegan: r.vegan,
    hydroponic: r.hydroponic,
    inStock: r.in_stock,
    soldOut: r.sold_out ?? false,
    sortOrder: r.sort_order,
  };
}

export async function listActiveShakes(db: Executor): Promise<SignatureShake[]> {
  const rows = await db
    .selectFrom('signature_shakes')
    .selectAll()
    .select(sql<boolean>`exists (select 1 from stock_sold_out_shakes v where v.shake_id = signature_shakes.id)`.as('sold_out'))
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  return rows.map(toShake);
}

export async function listActiveIngredients(db: Executor): Promise<Ingredient[]> {
  const rows = await db
    .selectFrom('ingredients')
    .selectAll()
    .select(sql<boolean>`exists (select 1 from stock_sold_out_ingredients v where v.ingredient_id = ingredients.id)`.as('sold_out'))
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  return rows.map(toIngredient);
}

export async function readPricing(db: Executor): Promise<Pricing> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'pricing').executeTakeFirst();
  const parsed = PricingSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_PRICING;
}

/** Shakes and ingredients on offer (admin dashboard). */
export async function countActive(db: Executor): Promise<{ shakes: number; ingredients: number }> {
  const [s, i] = await Promise.all([
    db
      .selectFrom('signature_shakes')
      .where('active', '=', true)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ingredients')
      .where('active', '=', true)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { shakes: Number(s.n), ingredients: Number(i.n) };
}
