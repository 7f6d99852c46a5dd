import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import * as catalogue from '../catalogue/catalogue.service';
import { isUuid } from '../cart/cart.service';
import type { AddFavoriteInput, Favorite } from '../../../shared/schemas/favorites';
import * as repo from './favorites.repository';

type Deps = Pick<AppDeps, 'db' | 'cache'>;

/** Favourites of shakes that left the menu are kept but not shown (they come back if the shake does). */
export async function list(deps: Deps, userId: string): Promise<Favorite[]> {
  const [rows, shakes] = await Promise.all([repo.list(deps.db, userId), catalogue.listSignatureShakes(deps)]);
  const byId = new Map(shakes.map((s) => [s.id, s]));
  return rows.flatMap((r) => {
    const shake = byId.get(r.shake_id);
    return shake ? [{ id: r.id, shakeId: r.shake_id, shake, createdAt: r.created_at }] : [];
  });
}

export async function add(deps: Deps, userId: string, input: AddFavoriteInput): Promise<Favorite> {
  // By id or slug; 404 for an unknown or retired shake.
  const shake = await catalogue.getShake(deps, input.shakeId);
  const row = await repo.add(deps.db, userId, shake.id);
  return { id: row.id, shakeId: row.shake_id, shake, createdAt: row.created_at };
}

export async function remove(deps: Deps, userId: string, id: string): Promise<{ ok: true }> {
  if (!isUuid(id) || !(await repo.remove(deps.db, userId, id))) throw notFound('That favourite');
  return { ok: true };
}
