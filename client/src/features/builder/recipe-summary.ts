import type { Ingredient, Pricing } from '../../../../shared/schemas/catalogue';
import type { CustomRecipe } from '../../../../shared/schemas/builder';
import { canonicalAddIns } from '../../../../shared/rules/shake-builder';

/** "Large 500 ml · Oat milk · Banana ×2, Spinach" — how a custom shake is described in lists. */
export function describeRecipe(recipe: CustomRecipe, ingredients: readonly Ingredient[] | undefined, pricing?: Pricing): string {
  const byId = new Map((ingredients ?? []).map((i) => [i.id, i]));
  const size = recipe.size === 'large' ? 'Large' : 'Regular';
  const ml = pricing?.sizes[recipe.size].ml ?? (recipe.size === 'large' ? 500 : 350);
  const base = byId.get(recipe.baseId)?.name;
  const addIns = canonicalAddIns(recipe.addIns)
    .map((a) => {
      const name = byId.get(a.ingredientId)?.name;
      return name ? (a.portions > 1 ? `${name} ×${a.portions}` : name) : null;
    })
    .filter(Boolean)
    .join(', ');
  return [`${size} ${ml} ml`, base, addIns].filter(Boolean).join(' · ');
}
