import { formatDate } from '../../../../shared/rules/dates';
import type { Order } from '../../../../shared/schemas/orders';

/** The rider's photo at the door (decision 296): on the customer's order page and the owner's desk. */
export function DeliveryPhoto({ photo }: { photo: NonNullable<Order['deliveryPhoto']> }) {
  return (
    <figure className="delivery-photo" data-testid="delivery-photo" style={{ margin: '12px 0 0' }}>
      <a href={photo.url} target="_blank" rel="noreferrer">
        <img
          src={photo.url}
          width={photo.width}
          height={photo.height}
          alt="Proof of delivery: the photo taken at the door"
          loading="lazy"
          style={{ width: '100%', maxWidth: 320, height: 'auto', borderRadius: 12, display: 'block' }}
        />
      </a>
      <figcaption className="text-xs text-subtle" style={{ marginTop: 6 }}>
        Proof of delivery, taken {formatDate(photo.takenAt, 'dateTime')}
      </figcaption>
    </figure>
  );
}
