import { formatRupees } from '../../../../shared/rules/money';
import { useCart } from '../cart/cart-store';
import { ShakeImage } from '../../components/shake-card';
import { LinkButton } from '../../components/button';
import { HeartIcon } from '../../components/icons';
import { FavoriteButton, useFavorites } from './favorite-button';
import './favorites.css';

/** The profile's favourites: each shake with Add to Cart and the heart to remove it. A profile tab, lazy-loaded by profile-tabs.ts (default export). */
export default function FavoritesList() {
  const favorites = useFavorites();
  const { addItem } = useCart();
  if (favorites.isPending) return <ListSkeleton />;
  if (favorites.isError) return <p className="alert alert--danger">We couldn&rsquo;t load your favourites. Please refresh the page.</p>;
  if (!favorites.data.length) {
    return (
      <div className="empty-state" data-testid="favorites-empty">
        <span className="empty-state__icon">
          <HeartIcon />
        </span>
        <h3>No favourites yet</h3>
        <p>Tap the heart on any signature shake to keep it here.</p>
        <LinkButton href="/signature-shakes" variant="secondary">
          Browse signature shakes
        </LinkButton>
      </div>
    );
  }
  return (
    <ul className="saved-list" role="list" data-testid="favorites-list">
      {favorites.data.map((f) => (
        <li key={f.id} className="saved-item">
          <div className="saved-item__media">
            <ShakeImage src={f.shake.image} />
          </div>
          <div className="saved-item__main">
            <h3 className="saved-item__name">{f.shake.name}</h3>
            <p className="saved-item__meta">
              <span className="price">{formatRupees(f.shake.price)}</span> · {f.shake.calories} kcal · {f.shake.protein} g protein
            </p>
            {!f.shake.inStock ? <p className="saved-item__reason">Out of stock right now</p> : null}
          </div>
          <div className="saved-item__actions">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={!f.shake.inStock}
              onClick={() => addItem({ id: f.shake.id, type: 'signature', name: f.shake.name, price: f.shake.price, image: f.shake.image })}
            >
              Add to Cart
            </button>
            <FavoriteButton shakeId={f.shake.id} shakeName={f.shake.name} />
          </div>
        </li>
      ))}
    </ul>
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
