import type { AppDeps } from '../../deps';
import type { Ingredient, Pricing, ShakeDetail, SignatureShake } from '../../../shared/schemas/catalogue';
import { notFound } from '../../lib/errors';
import * as repo from './catalogue.repository';

/**
 * Catalogue reads are hot and change rarely: they are served from the cache,
 * which admin writes invalidate (on every instance) through CATALOGUE_CACHE.
 */
export const CATALOGUE_CACHE = 'catalogue:';

type Deps = Pick<AppDeps, 'db' | 'cache'>;

export function listSignatureShakes(deps: Deps): Promise<SignatureShake[]> {
  return deps.cache.get(`${CATALOGUE_CACHE}shakes`, () => repo.listActiveShakes(deps.db));
}

export async function getShake(deps: Deps, idOrSlug: string): Promise<SignatureShake> {
  const all = await listSignatureShakes(deps);
  const hit = all.find((s) => s.id === idOrSlug || s.slug === idOrSlug);
  if (hit) return hit;
  throw notFound('That shake');
}

/** GET /api/shakes/{id}: the shake with its ingredients matched (by name) to the ingredient list. */
export async function getShakeDetail(deps: Deps, idOrSlug: string): Promise<ShakeDetail> {
  const [shake, ingredients] = await Promise.all([getShake(deps, idOrSlug), listIngredients(deps)]);
  const byName = new Map(ingredients.map((i) => [i.name.toLowerCase(), i]));
  return {
    ...shake,
    ingredientDetails: shake.ingredients.map((name) => {
      const i = byName.get(name.trim().toLowerCase());
      return { name, slug: i?.slug ?? null, category: i?.category ?? null, hydroponic: i?.hydroponic ?? false };
    }),
  };
}

export function listIngredients(deps: Deps): Promise<Ingredient[]> {
  return deps.cache.get(`${CATALOGUE_CACHE}ingredients`, () => repo.listActiveIngredients(deps.db));
}

export function getPricing(deps: Deps): Promise<Pricing> {
  return deps.cache.get(`${CATALOGUE_CACHE}pricing`, () => repo.readPricing(deps.db));
}

export function invalidateCatalogue(deps: Pick<AppDeps, 'cache'>): Promise<void> {
  return deps.cache.invalidate(CATALOGUE_CACHE);
}

/** Admin dashboard: shakes and ingredients on offer (read fresh, not from the cache). */
export function countActive(deps: Pick<AppDeps, 'db'>): Promise<{ shakes: number; ingredients: number }> {
  return repo.countActive(deps.db);
}
