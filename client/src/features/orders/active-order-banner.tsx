import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { apiFetch } from '../../lib/api-fetch';
import { useAuth } from '../auth/auth-context';
import { ArrowRightIcon, ClockIcon, CloseIcon, TruckIcon } from '../../components/icons';
import type { ActiveOrders } from '../../../../shared/schemas/order-lifecycle';
import { formatSlotDate, formatSlotRange, istToday } from '../../../../shared/rules/slots';
import './active-order-banner.css';

export const ACTIVE_ORDERS_KEY = 'orders-active';

/**
 * "Your order is on its way": shown on home and profile while the signed-in
 * customer has an order still to come. Spec §7's no-cache path
 * (GET /api/orders/active, through the one fetch wrapper). `floating` pins it
 * to the bottom of the screen (home: a fixed banner never shifts the page
 * under the shopper), with a close button for this visit.
 */
let dismissedThisVisit = false;

export function ActiveOrderBanner({ floating = false }: { floating?: boolean }) {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(dismissedThisVisit);
  const q = useQuery({
    queryKey: [ACTIVE_ORDERS_KEY, user?.id],
    queryFn: () => apiFetch<ActiveOrders>('/api/orders/active'),
    enabled: !!user,
    refetchInterval: 60_000,
    retry: false,
  });
  const list = q.data?.orders ?? [];
  const o = list[0];
  if (!user || !o || (floating && dismissed)) return null;
  const today = istToday(new Date());
  const when =
    o.slot.date === today
      ? `today, ${formatSlotRange(o.slot.startTime, o.slot.endTime)}`
      : `${formatSlotDate(o.slot.date)}, ${formatSlotRange(o.slot.startTime, o.slot.endTime)}`;
  const title = o.canPay
    ? `Order ${o.number} is waiting for payment`
    : o.status === 'out_for_delivery'
      ? `Order ${o.number} is on its way`
      : o.status === 'preparing'
        ? `We are preparing order ${o.number}`
        : `Order ${o.number} is confirmed`;
  return (
    <div
      className={floating ? 'active-order-banner-wrap active-order-banner-wrap--floating' : 'active-order-banner-wrap'}
      role={floating ? 'region' : undefined}
      aria-label={floating ? 'Your order' : undefined}
    >
      <Link href={`/order/${o.id}`} className="active-order-banner" data-testid="active-order-banner" data-status={o.status}>
        <span className="active-order-banner__icon" aria-hidden="true">
          {o.canPay ? <ClockIcon /> : <TruckIcon />}
        </span>
        <span className="active-order-banner__text">
          <p className="active-order-banner__title">{title}</p>
          <p className="active-order-banner__sub">
            {o.canPay ? 'Pay within 30 minutes of ordering to keep your slot' : `Delivery ${when}`}
            {list.length > 1 ? ` · ${list.length - 1} more ${list.length === 2 ? 'order' : 'orders'} on the way` : ''}
          </p>
        </span>
        <span className="active-order-banner__more">
          {o.canPay ? 'Pay now' : 'Track order'} <ArrowRightIcon aria-hidden="true" />
        </span>
      </Link>
      {floating ? (
        <button
          type="button"
          className="active-order-banner__close"
          aria-label="Hide for now"
          onClick={() => {
            dismissedThisVisit = true;
            setDismissed(true);
          }}
        >
          <CloseIcon aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
