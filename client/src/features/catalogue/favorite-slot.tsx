import type { ReactNode } from 'react';
import { FavoriteButton } from '../favorites/favorite-button';

/** The Favorite button on a shake card (spec §2), provided by the favourites feature. */
export function favoriteSlot(shakeId: string, shakeName?: string): ReactNode {
  return <FavoriteButton shakeId={shakeId} shakeName={shakeName} />;
}
