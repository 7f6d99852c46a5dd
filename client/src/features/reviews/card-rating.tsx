import { useMemo, type ReactNode } from 'react';
import { trpc } from '../../lib/trpc';
import { StarIcon } from '../../components/icons';
import type { RatingSummary } from '../../../../shared/schemas/reviews';

/**
 * Ratings on shake cards. Kept in one small module without the star row of the shake page: the cards are
 * on the home page, which has a JavaScript budget.
 */

/** Every shake's average and count (one request for all the cards on a page); fresh for a minute. */
export function useRatings(): Map<string, RatingSummary> {
  const q = trpc.reviews.ratings.useQuery();
  return useMemo(() => new Map((q.data ?? []).map((r) => [r.shakeId, r])), [q.data]);
}

export const reviewCount = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'review' : 'reviews'}`;
export const ratingText = (average: number) => average.toFixed(1);

/** The card's rating row: always the same height, so cards do not grow when ratings arrive. */
export function ratingSlot(summary: RatingSummary | undefined): ReactNode {
  const has = !!summary?.count && summary.average !== null;
  return (
    <p className="shake-card__rating" data-testid="card-rating">
      {has ? (
        <>
          <StarIcon className="shake-card__star" />
          <span className="sr-only">Rated </span>
          <strong data-testid="rating-average">{ratingText(summary.average!)}</strong>
          <span className="sr-only"> out of 5</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="rating-count">{reviewCount(summary.count)}</span>
        </>
      ) : (
        'No reviews yet'
      )}
    </p>
  );
}
