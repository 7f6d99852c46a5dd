import { StarIcon } from '../../components/icons';
import type { RatingSummary } from '../../../../shared/schemas/reviews';
import { ratingText, reviewCount } from './card-rating';
import './reviews.css';


/** Five stars, the first `value` of them filled (halves round to the nearer star). */
export function Stars({ value, label }: { value: number; label?: string }) {
  const full = Math.round(value);
  return (
    <span className="stars" role="img" aria-label={label ?? `Rated ${value} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} className={i < full ? 'stars__on' : 'stars__off'} />
      ))}
    </span>
  );
}

/** "★★★★☆ 4.3 · 12 reviews" — nothing when a shake has no reviews yet. */
export function RatingLine({ summary, compact }: { summary: RatingSummary | undefined; compact?: boolean }) {
  if (!summary || !summary.count || summary.average === null) return null;
  const avg = ratingText(summary.average);
  return (
    <p className={`rating-line${compact ? ' rating-line--compact' : ''}`} data-testid="rating-line">
      <Stars value={summary.average} label={`Rated ${avg} out of 5 from ${reviewCount(summary.count)}`} />
      <span aria-hidden="true">
        <strong data-testid="rating-average">{avg}</strong> · <span data-testid="rating-count">{reviewCount(summary.count)}</span>
      </span>
    </p>
  );
}
