import type { ReactNode } from 'react';
import { formatRupees } from '../../../../shared/rules/money';
import { useCart } from '../cart/cart-store';
import { ShakeImage } from '../../components/shake-card';
import { LinkButton } from '../../components/button';
import { HeartIcon } from '../../components/icons';
import { FavoriteButton, useFavorites } from './favorite-button';
import './favorites.css';
import { EmptyState } from '../../components/empty-state';

/** The profile's favourites: each shake with Add to Cart and the heart to remove it. A profile tab, lazy-loaded by profile-tabs.ts (default export). */
export default function FavoritesList() {
  const favorites = useFavorites();
  const { addItem } = useCart();
  if (favorites.isPending) return <ListSkeleton />;
  if (favorites.isError) return <p className="alert alert--danger">We couldn&rsquo;t load your favourites. Please refresh the page.</p>;
  if (!favorites.data.length) {
    return (
      <EmptyState icon={<HeartIcon />} title="No favourites yet" heading="h3" testId="favorites-empty">
        <p>Tap the heart on any signature shake to keep it here.</p>
        <LinkButton href="/signature-shakes" variant="secondary">
          Browse signature shakes
        </LinkButton>
      </EmptyState>
    );
  }
  return (
    <ul className="saved-list" role="list" data-testid="favorites-list">
      {favorites.data.map((f) => (
        <SavedItem
          key={f.id}
          media={<ShakeImage src={f.shake.image} />}
          name={f.shake.name}
          canAdd={f.shake.inStock}
          onAdd={() => addItem({ id: f.shake.id, type: 'signature', name: f.shake.name, price: f.shake.price, image: f.shake.image })}
          actions={<FavoriteButton shakeId={f.shake.id} shakeName={f.shake.name} />}
        >
          <p className="saved-item__meta">
            <span className="price">{formatRupees(f.shake.price)}</span> · {f.shake.calories} kcal · {f.shake.protein} g protein
          </p>
          {!f.shake.inStock ? <p className="saved-item__reason">Out of stock right now</p> : null}
        </SavedItem>
      ))}
    </ul>
  );
}

/** A row of Favourites and My shakes: the picture, the name and what it is (`children`), Add to Cart, then `actions`. */
export function SavedItem(p: {
  media: ReactNode;
  name: string;
  testId?: string;
  canAdd: boolean;
  onAdd(): void;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="saved-item" data-testid={p.testId}>
      <div className="saved-item__media">{p.media}</div>
      <div className="saved-item__main">
        <h3 className="saved-item__name">{p.name}</h3>
        {p.children}
      </div>
      <div className="saved-item__actions">
        <button type="button" className="btn btn--primary btn--sm" disabled={!p.canAdd} onClick={p.onAdd}>
          Add to Cart
        </button>
        {p.actions}
      </div>
    </li>
  );
}

export function ListSkeleton() {
  return (
    <div className="saved-list" aria-busy="true">
      {[0, 1].map((i) => (
        <span key={i} className="skeleton" style={{ height: '6.5rem', borderRadius: '20px' }} />
      ))}
    </div>
  );
}
