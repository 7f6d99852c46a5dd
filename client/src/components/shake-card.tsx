import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link } from 'wouter';
import { formatRupees } from '../../../shared/rules/money';
import { useCart } from '../features/cart/cart-store';
import { BagIcon, CheckIcon } from './icons';

/** Shown when a shake's own image is missing or fails to load. */
export const SHAKE_PLACEHOLDER_IMAGE = '/images/shakes/placeholder.svg';
/** Spec-aligned threshold used by the "High protein" badge and filter. */
export const HIGH_PROTEIN_G = 20;

/** The card needs the spec's signature-shake fields; the rest are optional extras. */
export interface ShakeCardData {
  id: string;
  /** With a slug the card's name links to the shake's page. */
  slug?: string;
  name: string;
  price: number;
  image: string;
  description: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  vegan?: boolean;
  inStock?: boolean;
  soldOut?: boolean;
}

const grams = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** Swap a broken image for the placeholder once (never loops if the placeholder itself fails). */
export function fallbackToPlaceholder(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  if (img.dataset.fallback === 'true') return;
  img.dataset.fallback = 'true';
  img.src = SHAKE_PLACEHOLDER_IMAGE;
}

export function ShakeImage({ src, loading = 'lazy', priority }: { src: string; loading?: 'lazy' | 'eager'; priority?: boolean }) {
  return (
    <img
      src={src || SHAKE_PLACEHOLDER_IMAGE}
      alt=""
      width={480}
      height={360}
      loading={loading}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={fallbackToPlaceholder}
    />
  );
}

export function Macros({ shake }: { shake: Pick<ShakeCardData, 'calories' | 'protein' | 'carbs' | 'fat'> }) {
  return (
    <dl className="macros">
      <div>
        <dt>kcal</dt>
        <dd data-macro="calories">{Math.round(shake.calories)}</dd>
      </div>
      <div>
        <dt>Protein</dt>
        <dd data-macro="protein">{grams.format(shake.protein)} g</dd>
      </div>
      <div>
        <dt>Carbs</dt>
        <dd data-macro="carbs">{grams.format(shake.carbs)} g</dd>
      </div>
      <div>
        <dt>Fat</dt>
        <dd data-macro="fat">{grams.format(shake.fat)} g</dd>
      </div>
    </dl>
  );
}

/**
 * Spec §2 Shell: image with a fallback, name, price, description, calories, protein, carbs,
 * fat, Add to Cart and a Favorite button (passed in as `favoriteSlot`).
 */
export function ShakeCard({
  shake,
  favoriteSlot,
  ratingSlot,
  headingLevel = 3,
  imageLoading = 'lazy',
}: {
  shake: ShakeCardData;
  favoriteSlot?: ReactNode;
  /** The shake's average rating line, provided by the reviews feature. */
  ratingSlot?: ReactNode;
  headingLevel?: 2 | 3;
  imageLoading?: 'lazy' | 'eager';
}) {
  const { addItem } = useCart();
  const nameId = useId();
  const [justAdded, setJustAdded] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const soldOut = shake.inStock === false || shake.soldOut;
  const add = () => {
    addItem({ id: shake.id, type: 'signature', name: shake.name, price: shake.price, image: shake.image });
    setJustAdded(true);
    setTimeout(() => setJustAdded(false), 1200);
  };
  return (
    <article className="shake-card" aria-labelledby={nameId} data-testid="shake-card" data-shake-id={shake.id}>
      <div className="shake-card__media">
        <ShakeImage src={shake.image} loading={imageLoading} />
        <div className="shake-card__tags">
          {shake.vegan ? <span className="badge">Vegan</span> : null}
          {shake.protein >= HIGH_PROTEIN_G ? <span className="badge">High protein</span> : null}
        </div>
        {favoriteSlot ? <div className="shake-card__favorite">{favoriteSlot}</div> : null}
      </div>
      <div className="shake-card__body">
        <div className="shake-card__heading">
          <Heading className="shake-card__name" id={nameId}>
            {shake.slug ? (
              <Link href={`/signature-shakes/${shake.slug}`} className="shake-card__link">
                {shake.name}
              </Link>
            ) : (
              shake.name
            )}
          </Heading>
          <p className="price shake-card__price" data-testid="shake-price">
            {formatRupees(shake.price)}
          </p>
        </div>
        {ratingSlot}
        <p className="shake-card__description">{shake.description}</p>
        <Macros shake={shake} />
        <div className="shake-card__footer">
          <button
            type="button"
            className={`btn ${justAdded ? 'btn--primary' : 'btn--soft'}`}
            onClick={add}
            disabled={soldOut}
            aria-describedby={nameId}
          >
            {justAdded ? <CheckIcon /> : <BagIcon />}
            {soldOut ? (shake.soldOut ? 'Sold out for now' : 'Out of stock') : 'Add to Cart'}
          </button>
        </div>
      </div>
    </article>
  );
}

/** Same footprint as a card, so the grid does not move when data arrives. */
export function ShakeCardSkeleton() {
  return (
    <div className="shake-card shake-card--skeleton" aria-hidden="true">
      <div className="shake-card__media">
        <span className="skeleton" style={{ width: '100%', height: '100%' }} />
      </div>
      <div className="shake-card__body">
        <div className="shake-card__heading">
          <span className="skeleton skeleton--title" style={{ width: '55%', height: '1.75rem' }} />
          <span className="skeleton" style={{ width: '3.5rem', height: '1.5rem' }} />
        </div>
        <div>
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--text" style={{ width: '70%' }} />
        </div>
        <span className="skeleton" style={{ height: '3.25rem' }} />
        <span className="skeleton" style={{ height: '2.875rem', borderRadius: '999px', marginTop: 'auto' }} />
      </div>
    </div>
  );
}
