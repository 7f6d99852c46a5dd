import { trpc } from '../../lib/trpc';
import { can } from '../../../../shared/rules/staff';
import { useAuth } from '../auth/auth-context';
import { Button } from '../../components/button';
import { toast } from '../../components/toast';
import { formatDate } from '../../../../shared/rules/dates';
import type { Review } from '../../../../shared/schemas/reviews';
import { RatingLine, Stars } from './stars';
import './reviews.css';
import { Section } from '../../components/section';

/** One review; the words are text (React escapes them), never HTML. */
export function ReviewItem({ review, action }: { review: Review; action?: React.ReactNode }) {
  return (
    <li className={`review-item${review.hidden ? ' review-item--hidden' : ''}`} data-testid="review" data-review-id={review.id}>
      <div className="review-item__head">
        <Stars value={review.rating} />
        {action}
      </div>
      {review.body ? <p className="review-item__body">{review.body}</p> : null}
      <p className="review-item__meta">
        {review.author} · verified buyer · {formatDate(review.createdAt, 'date')}
        {review.hidden ? ' · hidden from shoppers' : ''}
      </p>
    </li>
  );
}

/**
 * The shake page's reviews. Admins read the list with hidden reviews (a separate admin procedure) and
 * get a Hide / Show again control on each; the change is audited on the server.
 */
export function ShakeReviews({ shakeId, shakeName }: { shakeId: string; shakeName: string }) {
  const { user } = useAuth();
  const isAdmin = can(user?.role, 'reviews:moderate');
  const utils = trpc.useUtils();
  const pub = trpc.reviews.forShake.useQuery({ id: shakeId }, { enabled: !isAdmin });
  const adm = trpc.reviews.adminForShake.useQuery({ id: shakeId }, { enabled: isAdmin });
  const q = isAdmin ? adm : pub;
  const setHidden = trpc.reviews.setHidden.useMutation({
    onSuccess: (r) => {
      toast({ title: r.hidden ? 'Review hidden' : 'Review shown again', description: shakeName, variant: 'success' });
      void utils.reviews.invalidate();
    },
    onError: (e) => toast({ title: 'That did not work', description: e.message, variant: 'destructive' }),
  });

  return (
    <Section
      className="shake-section"
      id="reviews"
      titleId="reviews-title"
      title="Reviews"
      headingClassName="h3"
      headClassName="shake-section__head"
      aside={<RatingLine summary={q.data?.summary} />}
    >
      {q.isPending ? (
        <p className="text-muted">Loading reviews…</p>
      ) : q.isError ? (
        <p className="text-muted">Reviews could not be loaded just now.</p>
      ) : q.data.reviews.length === 0 ? (
        <p className="text-muted" data-testid="no-reviews">
          No reviews yet. Customers who receive {shakeName} can rate it from their order page.
        </p>
      ) : (
        <ul className="review-list list-reset" role="list">
          {q.data.reviews.map((r) => (
            <ReviewItem
              key={r.id}
              review={r}
              action={
                isAdmin ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={setHidden.isPending && setHidden.variables?.id === r.id}
                    onClick={() => setHidden.mutate({ id: r.id, hidden: !r.hidden })}
                    aria-label={`${r.hidden ? 'Show again' : 'Hide'} the review by ${r.author}`}
                    data-testid="toggle-review"
                  >
                    {r.hidden ? 'Show again' : 'Hide'}
                  </Button>
                ) : null
              }
            />
          ))}
        </ul>
      )}
    </Section>
  );
}
