/**
 * The custom shake rules of PRODUCT §4 in one pure function, used by the /custom-shake page for live
 * totals and by the server for the authoritative price (quote, cart, order). Same code, same answer.
 */
import { ceilToRupee } from './money';
import type { Allergen, Ingredient, Nutrition, Pricing } from '../schemas/catalogue';
import { BUILDER_LIMITS, DEFAULT_SHAKE_NAME, type CustomRecipe, type RecipeAddIn, type ShakeSize } from '../schemas/builder';
import { soldOutMessage } from './stock';

/** Only what the rules read from an ingredient (the server passes DB rows, the page the catalogue list). */
export type BuilderIngredient = Pick<Ingredient, 'id' | 'name' | 'category' | 'price' | 'nutrition' | 'allergens' | 'vegan' | 'inStock'> & {
  /** Free stock cannot cover one more portion: shown "Sold out for now", chosen like out of stock. */
  soldOut?: boolean;
};
export type BuilderPricing = Pick<Pricing, 'sizes'>;

export type BuilderProblemCode =
  | 'BASE_MISSING'
  | 'BASE_UNKNOWN'
  | 'NOT_A_BASE'
  | 'ADD_IN_UNKNOWN'
  | 'ADD_IN_IS_BASE'
  | 'OUT_OF_STOCK'
  | 'TOO_FEW_ADD_INS'
  | 'TOO_MANY_ADD_INS'
  | 'TOO_MANY_OF_ONE'
  | 'TOO_MANY_SWEETENERS'
  | 'BAD_PORTIONS'
  | 'NAME_TOO_LONG';

export interface BuilderProblem {
  code: BuilderProblemCode;
  message: string;
}

export interface BuilderResult {
  /** Deterministic cart id: identical recipes (whatever their name) get the same id. */
  id: string;
  name: string;
  /** Paise, rounded up to a whole rupee. Computed even for an invalid recipe (for display). */
  price: number;
  nutrition: Nutrition;
  allergens: Allergen[];
  vegan: boolean;
  addInPortions: number;
  valid: boolean;
  problems: BuilderProblem[];
}

const ZERO: Nutrition = { kcal: 0, protein: 0, carbs: 0, fat: 0, fibre: 0, sugar: 0 };
const ALLERGEN_ORDER: Allergen[] = ['dairy', 'nuts', 'soy', 'gluten'];

/** Same ingredient listed twice counts as one line with the portions added; order-independent. */
export function canonicalAddIns(addIns: readonly RecipeAddIn[]): RecipeAddIn[] {
  const by = new Map<string, number>();
  for (const a of addIns) by.set(a.ingredientId, (by.get(a.ingredientId) ?? 0) + a.portions);
  return [...by.entries()]
    .map(([ingredientId, portions]) => ({ ingredientId, portions }))
    .sort((a, b) => (a.ingredientId < b.ingredientId ? -1 : a.ingredientId > b.ingredientId ? 1 : 0));
}

/** cyrb53: a small, well-mixed 53-bit string hash, identical in every JS engine. */
function hash53(str: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export function customItemId(recipe: Pick<CustomRecipe, 'size' | 'baseId' | 'addIns'>): string {
  const parts = canonicalAddIns(recipe.addIns).map((a) => `${a.ingredientId}*${a.portions}`);
  return `custom:${hash53(`${recipe.size}|${recipe.baseId}|${parts.join(',')}`)}`;
}

export function recipeName(name: string | undefined): string {
  const n = (name ?? '').trim();
  return n ? n.slice(0, BUILDER_LIMITS.maxNameLength) : DEFAULT_SHAKE_NAME;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function sizeOf(pricing: BuilderPricing, size: ShakeSize) {
  return pricing.sizes[size];
}

/**
 * Price, nutrition, badges and every reason the recipe cannot be ordered.
 * `ingredients` may be the whole catalogue or only the ones used; inactive ones must be left out.
 */
export function evaluateRecipe(
  recipe: CustomRecipe,
  ingredients: ReadonlyMap<string, BuilderIngredient> | readonly BuilderIngredient[],
  pricing: BuilderPricing,
): BuilderResult {
  const byId: ReadonlyMap<string, BuilderIngredient> =
    ingredients instanceof Map ? ingredients : new Map((ingredients as BuilderIngredient[]).map((i) => [i.id, i]));
  const problems: BuilderProblem[] = [];
  const size = sizeOf(pricing, recipe.size);
  const factor = size.factor;
  const nutrition: Nutrition = { ...ZERO };
  const allergens = new Set<Allergen>();
  let vegan = true;
  let addInsPaise = 0;
  let basePaise = 0;

  const addNutrition = (n: Nutrition, times: number) => {
    for (const k of Object.keys(ZERO) as (keyof Nutrition)[]) nutrition[k] += n[k] * times;
  };
  const use = (ing: BuilderIngredient) => {
    ing.allergens.forEach((a) => allergens.add(a));
    if (!ing.vegan) vegan = false;
    if (!ing.inStock) problems.push({ code: 'OUT_OF_STOCK', message: `${ing.name} is out of stock right now.` });
    else if (ing.soldOut) problems.push({ code: 'OUT_OF_STOCK', message: soldOutMessage(ing.name) });
  };

  const base = recipe.baseId ? byId.get(recipe.baseId) : undefined;
  if (!recipe.baseId) problems.push({ code: 'BASE_MISSING', message: 'Choose a base for your shake.' });
  else if (!base) problems.push({ code: 'BASE_UNKNOWN', message: 'That base is no longer available. Please choose another.' });
  else if (base.category !== 'base')
    problems.push({ code: 'NOT_A_BASE', message: `${base.name} is not a base. Choose a milk, water or yogurt base.` });
  else {
    use(base);
    // The base surcharge is flat; its nutrition scales with the glass.
    basePaise = base.price;
    addNutrition(base.nutrition, factor);
  }

  const addIns = canonicalAddIns(recipe.addIns);
  let portions = 0;
  let sweeteners = 0;
  for (const a of addIns) {
    if (!Number.isInteger(a.portions) || a.portions < 1) {
      problems.push({ code: 'BAD_PORTIONS', message: 'Each add-in needs a whole number of portions, at least 1.' });
      continue;
    }
    const ing = byId.get(a.ingredientId);
    if (!ing) {
      problems.push({ code: 'ADD_IN_UNKNOWN', message: 'One of the add-ins is no longer available. Please remove it.' });
      continue;
    }
    if (ing.category === 'base') {
      problems.push({ code: 'ADD_IN_IS_BASE', message: `${ing.name} is a base, not an add-in. A shake has exactly one base.` });
      continue;
    }
    use(ing);
    portions += a.portions;
    if (ing.category === 'sweetener') sweeteners += a.portions;
    if (a.portions > BUILDER_LIMITS.maxPortionsPerIngredient) {
      problems.push({ code: 'TOO_MANY_OF_ONE', message: `At most ${BUILDER_LIMITS.maxPortionsPerIngredient} portions of ${ing.name}.` });
    }
    addInsPaise += ing.price * a.portions * factor;
    addNutrition(ing.nutrition, a.portions * factor);
  }
  if (portions < BUILDER_LIMITS.minAddInPortions) {
    problems.push({ code: 'TOO_FEW_ADD_INS', message: 'Add at least one add-in: greens, fruit, protein, a superfood or a sweetener.' });
  }
  if (portions > BUILDER_LIMITS.maxAddInPortions) {
    problems.push({
      code: 'TOO_MANY_ADD_INS',
      message: `A shake holds at most ${BUILDER_LIMITS.maxAddInPortions} add-in portions in total.`,
    });
  }
  if (sweeteners > BUILDER_LIMITS.maxSweeteners) {
    problems.push({ code: 'TOO_MANY_SWEETENERS', message: 'At most one sweetener per shake.' });
  }
  if ((recipe.name ?? '').trim().length > BUILDER_LIMITS.maxNameLength) {
    problems.push({ code: 'NAME_TOO_LONG', message: `A name is at most ${BUILDER_LIMITS.maxNameLength} characters.` });
  }

  return {
    id: customItemId({ size: recipe.size, baseId: recipe.baseId, addIns }),
    name: recipeName(recipe.name),
    price: ceilToRupee(size.price + basePaise + addInsPaise),
    nutrition: {
      kcal: Math.round(nutrition.kcal),
      protein: round1(nutrition.protein),
      carbs: round1(nutrition.carbs),
      fat: round1(nutrition.fat),
      fibre: round1(nutrition.fibre),
      sugar: round1(nutrition.sugar),
    },
    allergens: ALLERGEN_ORDER.filter((a) => allergens.has(a)),
    vegan,
    addInPortions: portions,
    valid: problems.length === 0,
    problems,
  };
}

/**
 * Why one more portion of `ing` cannot be added to the recipe (null when it can) — the page shows it
 * next to a disabled button, so each limit explains itself.
 */
export function addPortionBlockReason(
  recipe: Pick<CustomRecipe, 'addIns'>,
  ing: BuilderIngredient,
  byId: ReadonlyMap<string, BuilderIngredient>,
): string | null {
  if (!ing.inStock) return `${ing.name} is out of stock right now.`;
  if (ing.soldOut) return soldOutMessage(ing.name);
  if (ing.category === 'base') return null;
  const addIns = canonicalAddIns(recipe.addIns);
  const mine = addIns.find((a) => a.ingredientId === ing.id)?.portions ?? 0;
  const total = addIns.reduce((n, a) => n + a.portions, 0);
  const sweet = addIns.reduce((n, a) => n + (byId.get(a.ingredientId)?.category === 'sweetener' ? a.portions : 0), 0);
  if (mine >= BUILDER_LIMITS.maxPortionsPerIngredient)
    return `At most ${BUILDER_LIMITS.maxPortionsPerIngredient} portions of one ingredient.`;
  if (total >= BUILDER_LIMITS.maxAddInPortions) return `Your shake is full: ${BUILDER_LIMITS.maxAddInPortions} add-in portions at most.`;
  if (ing.category === 'sweetener' && sweet >= BUILDER_LIMITS.maxSweeteners) return 'One sweetener per shake. Remove the other one first.';
  return null;
}

/** Set the portions of one add-in (0 removes it); the recipe stays canonical. */
export function withPortions<R extends Pick<CustomRecipe, 'addIns'>>(recipe: R, ingredientId: string, portions: number): R {
  const rest = canonicalAddIns(recipe.addIns).filter((a) => a.ingredientId !== ingredientId);
  const next = portions > 0 ? [...rest, { ingredientId, portions }] : rest;
  return { ...recipe, addIns: canonicalAddIns(next) };
}
