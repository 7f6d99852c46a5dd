import { Link } from 'wouter';
import { HOME_SHAKES_COUNT, HOME_SHAKES_FRESH_MS } from '../../lib/query';
import { ShakeCard, ShakeCardSkeleton } from '../../components/shake-card';
import { AlertIcon, ArrowRightIcon } from '../../components/icons';
import { useSignatureShakes } from './use-signature-shakes';
import { favoriteSlot } from './favorite-slot';
import { ratingSlot, useRatings } from '../reviews/card-rating';

/** Home: the first 3 signature shakes (spec §9: fresh for 60 s). */
export function FeaturedShakes() {
  const q = useSignatureShakes(HOME_SHAKES_FRESH_MS);
  const ratings = useRatings();
  const shakes = q.data?.slice(0, HOME_SHAKES_COUNT);
  return (
    <section className="section home-shakes" aria-labelledby="home-shakes-title">
      <div className="container">
        <div className="section__header section__header--split">
          <div className="stack">
            <p className="eyebrow">Signature shakes</p>
            <h2 id="home-shakes-title">Our most-loved blends</h2>
            <p className="lead">Balanced by our nutritionist, blended to order. Every one starts with greens from our towers.</p>
          </div>
          <Link href="/signature-shakes" className="link-arrow">
            See all signature shakes
            <ArrowRightIcon width={18} height={18} />
          </Link>
        </div>
        {q.isError ? (
          // LoadError's markup written out: its Button is not otherwise in the home page's JS budget.
          <div className="alert alert--danger" role="alert">
            <AlertIcon />
            <div className="stack stack--sm">
              <p className="alert__title">We couldn’t load our shakes just now.</p>
              <div>
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => void q.refetch()}>
                  Try again
                </button>
              </div>
            </div>
          </div>
        ) : (
          <ul className="grid grid--3 list-reset" role="list" aria-busy={q.isPending} data-testid="featured-shakes">
            {shakes
              ? shakes.map((s) => (
                  <li key={s.id}>
                    <ShakeCard shake={s} favoriteSlot={favoriteSlot(s.id, s.name)} ratingSlot={ratingSlot(ratings.get(s.id))} />
                  </li>
                ))
              : Array.from({ length: HOME_SHAKES_COUNT }, (_, i) => (
                  <li key={i}>
                    <ShakeCardSkeleton />
                  </li>
                ))}
          </ul>
        )}
      </div>
    </section>
  );
}
