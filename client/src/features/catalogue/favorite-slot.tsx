import { lazy, Suspense, type ReactNode } from 'react';
import { HeartIcon } from '../../components/icons';
import '../favorites/favorites.css';

// The heart's code (favourites, its mutations and the guest's invite) loads beside the cards, not with
// the shop's first page: the home page's JavaScript budget. Until it is there, the same heart, inert.
const FavoriteButton = lazy(() => import('../favorites/favorite-button').then((m) => ({ default: m.FavoriteButton })));

/** The Favorite button on a shake card (spec §2), provided by the favourites feature. */
export function favoriteSlot(shakeId: string, shakeName?: string): ReactNode {
  return (
    <Suspense
      fallback={
        <span className="favorite">
          <button type="button" className="icon-button favorite__button" aria-label={`Add ${shakeName ?? 'this shake'} to favourites`} disabled>
            <HeartIcon fill="none" />
          </button>
        </span>
      }
    >
      <FavoriteButton shakeId={shakeId} shakeName={shakeName} />
    </Suspense>
  );
}
