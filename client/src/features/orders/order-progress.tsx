import { BlenderIcon, CheckIcon, PackageIcon, TruckIcon } from '../../components/icons';
import type { Order } from '../../../../shared/schemas/orders';
import { formatDate } from '../../../../shared/rules/dates';

const STEPS = [
  { status: 'confirmed', label: 'Confirmed', Icon: CheckIcon },
  { status: 'preparing', label: 'Preparing', Icon: BlenderIcon },
  { status: 'out_for_delivery', label: 'On the way', Icon: TruckIcon },
  { status: 'delivered', label: 'Delivered', Icon: PackageIcon },
] as const;

/** Confirmed → Preparing → On the way → Delivered, with the time each step happened. */
export function OrderProgress({ order }: { order: Order }) {
  if (order.status === 'cancelled' || order.status === 'pending_payment') return null;
  const reached = STEPS.findIndex((s) => s.status === order.status);
  const at = (status: string) => order.timeline.find((e) => e.status === status)?.at ?? null;
  return (
    <ol className="order-progress" aria-label="Delivery progress" data-testid="order-progress">
      {STEPS.map((s, i) => {
        const state = i < reached || (i === reached && s.status === 'delivered') ? 'done' : i === reached ? 'current' : 'todo';
        const when = at(s.status);
        return (
          <li key={s.status} className="order-progress__step" data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="order-progress__icon" aria-hidden="true">
              <s.Icon />
            </span>
            <span className="order-progress__label">{s.label}</span>
            <span className="order-progress__time">{when && state !== 'todo' ? formatDate(when, 'weekdayTime') : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}
