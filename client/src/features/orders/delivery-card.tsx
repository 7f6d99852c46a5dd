import type { Order } from '../../../../shared/schemas/orders';
import { formatSlotRange } from '../../../../shared/rules/slots';
import { buttonClass } from '../../components/button';
import './delivery-card.css';

/**
 * Once the order is on its way (PRODUCT.md §17): who brings it, a call button, the slot window and the
 * 4-digit delivery code the rider asks for at the door. The server sends it to the customer only.
 */
export function DeliveryCard({ order }: { order: Order }) {
  const d = order.delivery;
  if (order.status !== 'out_for_delivery' || !d) return null;
  const who = d.riderFirstName ?? 'Your rider';
  return (
    <section className="card card--padded delivery-card" aria-label="Your delivery" data-testid="delivery-card">
      <div className="delivery-card__text">
        <p className="delivery-card__title">{who} is bringing your order</p>
        <p className="text-muted text-sm">
          Arriving {formatSlotRange(d.window.startTime, d.window.endTime)}. Tell the rider this code at the door:
        </p>
      </div>
      <p className="delivery-card__code" aria-label={`Delivery code ${d.code.split('').join(' ')}`} data-testid="delivery-code">
        {d.code}
      </p>
      {d.riderCallUrl ? (
        <a className={buttonClass({ variant: 'secondary' }, 'delivery-card__call')} href={d.riderCallUrl}>
          Call {who}
        </a>
      ) : null}
    </section>
  );
}
