import type { ReactNode } from 'react';
import type { Quote } from '../../../../shared/schemas/cart';
import type { Address } from '../../../../shared/schemas/addresses';
import type { SlotSelection } from '../slots/slot-picker';
import { formatRupees } from '../../../../shared/rules/money';
import { QuoteBreakdown } from '../cart/price-breakdown';
import { formatSlotDate, formatSlotRange } from '../../../../shared/rules/slots';

/** What will be charged: the server quote's lines and numbers, never a sum made here. */
export function CheckoutReview({
  quote: q,
  stale,
  address,
  slot,
  discounts,
}: {
  quote: Quote;
  stale: boolean;
  address: Address | null;
  slot: SlotSelection | null;
  /** The promo-code field (and other discount controls), shown above the money rows. */
  discounts?: ReactNode;
}) {
  return (
    <div className={`summary-panel__body${stale ? ' is-stale' : ''}`} data-testid="checkout-review">
      <ul className="review-lines" role="list">
        {q.lines.map((l) => (
          <li key={`${l.type}:${l.id}`} className="review-line" data-unavailable={!l.available || undefined}>
            <span className="review-line__qty">{l.quantity}×</span>
            <span className="review-line__name">
              {l.name || 'Item'}
              {l.isFreeUnit ? <span className="badge badge--success">1 free</span> : null}
              {!l.available ? <span className="review-line__reason">{l.reason}</span> : null}
            </span>
            <span className="review-line__price tabular">{l.available ? formatRupees(l.lineTotal) : '—'}</span>
          </li>
        ))}
      </ul>
      {discounts}
      <QuoteBreakdown quote={q} testId="quote" />
      {address || slot ? (
        <div className="review-delivery text-sm">
          {slot ? (
            <p>
              <strong>{formatSlotDate(slot.date)}</strong>, {formatSlotRange(slot.startTime, slot.endTime)}
              {slot.planType === 'subscription' ? (
                <>
                  {' '}
                  <span className="badge badge--accent">Subscribers</span>
                </>
              ) : null}
            </p>
          ) : null}
          {address ? (
            <p className="text-muted">
              {address.name}, {address.line1}, {address.city} {address.pincode}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
