import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { Button } from '../../components/button';
import { Field, Textarea } from '../../components/input';
import { StarIcon } from '../../components/icons';
import { ShakeImage } from '../../components/shake-card';
import { toast } from '../../components/toast';
import { REVIEW_BODY_MAX, type OrderReviewables } from '../../../../shared/schemas/reviews';
import { Stars } from './stars';
import './reviews.css';
import { Section } from '../../components/section';

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Five radios drawn as stars: one tab stop, arrows move, each has a spoken name ("4 stars, Very good"). */
function StarPicker({ value, onChange, error }: { value: number; onChange(n: number): void; error?: string }) {
  const name = useId();
  return (
    <fieldset className="star-picker" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>Your rating</legend>
      <div className="star-picker__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`star-picker__option${n <= value ? ' star-picker__option--on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}, ${STAR_WORDS[n]}`}
            />
            <StarIcon />
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${name}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ReviewForm({ orderId, item }: { orderId: string; item: OrderReviewables['items'][number] }) {
  const utils = trpc.useUtils();
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = trpc.reviews.create.useMutation({
    onSuccess: () => {
      toast({ title: 'Thank you for your review', description: item.name, variant: 'success' });
      void utils.reviews.invalidate();
    },
    onError: (e) => setError(e.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!rating) return setError('Choose from 1 to 5 stars.');
    setError(undefined);
    create.mutate({ orderId, shakeId: item.shakeId, rating, body });
  };
  return (
    <form className="review-form" onSubmit={submit} noValidate aria-label={`Review ${item.name}`} data-testid="review-form">
      <StarPicker
        value={rating}
        onChange={(n) => {
          setRating(n);
          setError(undefined);
        }}
        error={!rating ? error : undefined}
      />
      <Field label="What did you think?" optional hint={`${body.length.toLocaleString('en-IN')} of ${REVIEW_BODY_MAX.toLocaleString('en-IN')} characters`} error={rating ? error : undefined}>
        {(p) => <Textarea {...p} rows={3} value={body} maxLength={REVIEW_BODY_MAX} onChange={(e) => setBody(e.target.value)} />}
      </Field>
      <div>
        <Button type="submit" loading={create.isPending}>
          Post review
        </Button>
      </div>
    </form>
  );
}

/** On a delivered order: rate each signature shake in it, once (verified buyers only; the server checks). */
export function OrderReviews({ orderId }: { orderId: string }) {
  const q = trpc.reviews.forOrder.useQuery({ id: orderId });
  if (!q.data || !q.data.delivered || !q.data.items.length) return null;
  return (
    <Section className="card card--padded order-section" data-testid="order-reviews" titleId="order-reviews" title="Rate your shakes">
      {q.data.items.map((item) => (
        <div key={item.shakeId} className="order-reviews__item">
          <ShakeImage src={item.image} />
          <div className="stack stack--sm">
            <h3 className="order-reviews__name">
              <Link href={`/signature-shakes/${item.slug}`}>{item.name}</Link>
            </h3>
            {item.review ? (
              <div className="stack stack--sm" data-testid="my-review">
                <p className="text-sm text-muted">
                  <Stars value={item.review.rating} /> Your review{item.review.hidden ? ' (hidden by our team)' : ''}
                </p>
                {item.review.body ? <p className="review-item__body">{item.review.body}</p> : null}
              </div>
            ) : (
              <ReviewForm orderId={orderId} item={item} />
            )}
          </div>
        </div>
      ))}
    </Section>
  );
}
