import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import * as catalogue from '../catalogue/catalogue.service';
import { isUuid } from '../cart/cart.service';
import { evaluateRecipe, canonicalAddIns, recipeName } from '../../../shared/rules/shake-builder';
import {
  MAX_SAVED_RECIPES,
  type BuilderQuote,
  type CustomRecipe,
  type SavedRecipe,
  type SaveRecipeInput,
} from '../../../shared/schemas/builder';
import * as repo from './builder.repository';
import { withTransactionRetry } from '../../lib/transaction-retry';

type Deps = Pick<AppDeps, 'db' | 'cache'>;

/** The builder reads the (cached) catalogue: a quote costs no database round trip on a warm cache. */
async function evaluate(deps: Deps, recipe: CustomRecipe) {
  const [ingredients, pricing] = await Promise.all([catalogue.listIngredients(deps), catalogue.getPricing(deps)]);
  return evaluateRecipe(recipe, ingredients, pricing);
}

/** POST /api/custom-shakes/quote — the authoritative price and nutrition of a recipe, with every problem. */
export async function quote(deps: Deps, recipe: CustomRecipe): Promise<BuilderQuote> {
  const r = await evaluate(deps, recipe);
  return {
    id: r.id,
    name: r.name,
    price: r.price,
    nutrition: r.nutrition,
    allergens: r.allergens,
    vegan: r.vegan,
    valid: r.valid,
    problems: r.problems,
  };
}

export async function listSaved(deps: Deps, userId: string): Promise<SavedRecipe[]> {
  const [rows, ingredients, pricing] = await Promise.all([
    repo.listSaved(deps.db, userId),
    catalogue.listIngredients(deps),
    catalogue.getPricing(deps),
  ]);
  return rows.map((row) => {
    const r = evaluateRecipe(row.recipe, ingredients, pricing);
    return {
      id: row.id,
      name: row.name,
      recipe: row.recipe,
      price: r.valid ? r.price : null,
      available: r.valid,
      reason: r.valid ? null : r.problems[0]!.message,
      createdAt: row.created_at,
    };
  });
}

/** POST /api/user/custom-shakes — only a recipe that could be ordered today can be saved. */
export async function save(deps: Deps, userId: string, input: SaveRecipeInput): Promise<SavedRecipe> {
  const r = await evaluate(deps, input.recipe);
  if (!r.valid) {
    throw new AppError('VALIDATION_FAILED', r.problems[0]!.message, { details: { problems: r.problems } });
  }
  const recipe: CustomRecipe = {
    size: input.recipe.size,
    baseId: input.recipe.baseId,
    addIns: canonicalAddIns(input.recipe.addIns),
    name: recipeName(input.recipe.name),
  };
  const row = await withTransactionRetry(deps, async (trx) => {
    const existing = await repo.findSavedByKey(trx, userId, r.id);
    if (!existing && (await repo.countSaved(trx, userId)) >= MAX_SAVED_RECIPES) {
      throw new AppError('CONFLICT', `You can keep up to ${MAX_SAVED_RECIPES} saved shakes. Delete one to save this recipe.`);
    }
    return repo.upsertSaved(trx, { userId, name: r.name, recipeKey: r.id, recipe });
  });
  return { id: row.id, name: row.name, recipe: row.recipe, price: r.price, available: true, reason: null, createdAt: row.created_at };
}

/** DELETE /api/user/custom-shakes/{id} — 404 for an unknown id or another customer's recipe. */
export async function remove(deps: Deps, userId: string, id: string): Promise<{ ok: true }> {
  if (!isUuid(id) || !(await repo.deleteSaved(deps.db, userId, id))) throw notFound('That saved shake');
  return { ok: true };
}
