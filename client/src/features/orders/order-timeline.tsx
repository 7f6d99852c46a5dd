import type { z } from 'zod';
import type { OrderEventSchema } from '../../../../shared/schemas/orders';
import { formatDate } from '../../../../shared/rules/dates';
import { timelineNote } from './order-format';

type OrderEvent = z.infer<typeof OrderEventSchema>;

const ACTOR: Record<OrderEvent['actor'], string> = {
  customer: 'customer',
  admin: 'Hydro Shakes team',
  system: 'system',
  gateway: 'payment gateway',
};

/**
 * An order's events, oldest first: the heading (timelineHeadings), when, and a note when it adds
 * something. The order page and the admin's order desk; the desk also says who moved it.
 */
export function OrderTimeline({
  events,
  headings,
  showActor = false,
}: {
  events: readonly OrderEvent[];
  headings: readonly string[];
  showActor?: boolean;
}) {
  return (
    <ol className="order-timeline">
      {events.map((e, i) => {
        const note = timelineNote(headings[i]!, e.note);
        return (
          <li key={i} data-status={e.status}>
            <span className="order-timeline__dot" aria-hidden="true" />
            <span>
              <strong data-testid="timeline-heading">{headings[i]}</strong>
              <span className="text-sm text-subtle">
                {' '}
                · {formatDate(e.at, 'dateTime')}
                {showActor ? ` · ${ACTOR[e.actor]}` : ''}
              </span>
              {note ? <span className="order-timeline__note text-sm text-muted">{note}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
