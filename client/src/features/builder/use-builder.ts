import { useCallback, useEffect, useMemo, useState } from 'react';
import { trpc } from '../../lib/trpc';
import type { Ingredient, Pricing } from '../../../../shared/schemas/catalogue';
import { CustomRecipeSchema, type CustomRecipe, type ShakeSize } from '../../../../shared/schemas/builder';
import { addPortionBlockReason, evaluateRecipe, withPortions, type BuilderResult } from '../../../../shared/rules/shake-builder';

/** The recipe being built survives a reload (and "Open in builder" from My shakes puts one here). */
export const BUILDER_DRAFT_KEY = 'builder_draft';

export function saveBuilderDraft(recipe: CustomRecipe): void {
  try {
    sessionStorage.setItem(BUILDER_DRAFT_KEY, JSON.stringify(recipe));
  } catch {
    /* private mode */
  }
}

function readDraft(): CustomRecipe | null {
  try {
    const parsed = CustomRecipeSchema.safeParse(JSON.parse(sessionStorage.getItem(BUILDER_DRAFT_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface Builder {
  ready: boolean;
  error: boolean;
  ingredients: Ingredient[];
  pricing: Pricing | undefined;
  byId: Map<string, Ingredient>;
  recipe: CustomRecipe;
  result: BuilderResult | null;
  setSize(size: ShakeSize): void;
  setBase(id: string): void;
  setPortions(id: string, portions: number): void;
  setName(name: string): void;
  reset(): void;
  /** Why one more portion of this ingredient cannot be added, or null. */
  blockReason(ing: Ingredient): string | null;
  portionsOf(id: string): number;
}

/**
 * All builder state and rules on the client: ingredients and pricing are loaded once, then every change
 * is priced by the same pure function the server uses — no request per change.
 */
export function useBuilder(): Builder {
  const ingredientsQ = trpc.catalogue.ingredients.useQuery();
  const pricingQ = trpc.catalogue.pricing.useQuery();
  const ingredients = useMemo(() => ingredientsQ.data ?? [], [ingredientsQ.data]);
  const byId = useMemo(() => new Map(ingredients.map((i) => [i.id, i])), [ingredients]);
  const [recipe, setRecipe] = useState<CustomRecipe>(() => readDraft() ?? { size: 'regular', baseId: '', addIns: [], name: '' });

  // First visit: start from the first base in stock, so a shake is one add-in away from ready.
  useEffect(() => {
    if (!ingredients.length) return;
    setRecipe((r) => {
      const base = byId.get(r.baseId);
      if (base && base.category === 'base') return r;
      const first = ingredients.find((i) => i.category === 'base' && i.inStock && !i.soldOut);
      return first ? { ...r, baseId: first.id } : r;
    });
  }, [ingredients, byId]);

  useEffect(() => saveBuilderDraft(recipe), [recipe]);

  const result = useMemo(
    () => (ingredients.length && pricingQ.data ? evaluateRecipe(recipe, byId, pricingQ.data) : null),
    [recipe, byId, ingredients.length, pricingQ.data],
  );

  const setSize = useCallback((size: ShakeSize) => setRecipe((r) => ({ ...r, size })), []);
  const setBase = useCallback((baseId: string) => setRecipe((r) => ({ ...r, baseId })), []);
  const setName = useCallback((name: string) => setRecipe((r) => ({ ...r, name })), []);
  const setPortions = useCallback((id: string, portions: number) => setRecipe((r) => withPortions(r, id, Math.max(0, portions))), []);
  const reset = useCallback(() => {
    const first = ingredients.find((i) => i.category === 'base' && i.inStock && !i.soldOut);
    setRecipe({ size: 'regular', baseId: first?.id ?? '', addIns: [], name: '' });
  }, [ingredients]);

  return {
    ready: !!result,
    error: ingredientsQ.isError || pricingQ.isError,
    ingredients,
    pricing: pricingQ.data,
    byId,
    recipe,
    result,
    setSize,
    setBase,
    setPortions,
    setName,
    reset,
    blockReason: (ing) => addPortionBlockReason(recipe, ing, byId),
    portionsOf: (id) => recipe.addIns.find((a) => a.ingredientId === id)?.portions ?? 0,
  };
}
