import type { CustomRecipe } from '../schemas/builder';
import type { Ingredient } from '../schemas/catalogue';
import { addPortionBlockReason, withPortions } from './shake-builder';

/**
 * "Build something like this": a builder recipe from a signature shake's ingredient names. The base is
 * the shake's own base when the builder has it (else the first base in stock); every other named
 * ingredient the builder sells is added once, in the shake's order, as long as the builder's rules
 * allow it (portions, one sweetener, in stock). Names the builder does not sell are left out.
 */
export function similarRecipe(ingredientNames: readonly string[], ingredients: readonly Ingredient[], shakeName: string): CustomRecipe {
  const byName = new Map(ingredients.map((i) => [i.name.toLowerCase(), i]));
  const byId = new Map(ingredients.map((i) => [i.id, i]));
  const named = ingredientNames.map((n) => byName.get(n.trim().toLowerCase())).filter((i): i is Ingredient => !!i);
  const base = named.find((i) => i.category === 'base' && i.inStock && !i.soldOut) ?? ingredients.find((i) => i.category === 'base' && i.inStock && !i.soldOut);
  let recipe: CustomRecipe = { size: 'regular', baseId: base?.id ?? '', addIns: [], name: `Like ${shakeName}`.slice(0, 40) };
  for (const ing of named) {
    if (ing.category === 'base' || addPortionBlockReason(recipe, ing, byId)) continue;
    recipe = withPortions(recipe, ing.id, 1);
  }
  return recipe;
}
