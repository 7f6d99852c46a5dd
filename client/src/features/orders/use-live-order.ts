import { useQueryClient } from '@tanstack/react-query';
import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import type { Order } from '../../../../shared/schemas/orders';
import { ACTIVE_ORDERS_KEY } from './active-order-banner';

/**
 * Keeps the order page's data current without a reload: a tRPC subscription
 * (SSE) that answers the order now and again after every change. Each answer
 * replaces the cached order; lists that show it are marked stale.
 * Returns whether the live connection is up (for the "Live" dot).
 */
export function useLiveOrder(id: string | undefined, enabled: boolean): boolean {
  const utils = trpc.useUtils();
  const qc = useQueryClient();
  const sub = trpc.orders.live.useSubscription(enabled && id ? { id } : skipToken, {
    onData(order: Order) {
      const before = utils.orders.get.getData({ id: order.id });
      utils.orders.get.setData({ id: order.id }, order);
      if (before && (before.status !== order.status || before.paymentStatus !== order.paymentStatus)) {
        void qc.invalidateQueries({ queryKey: [ACTIVE_ORDERS_KEY] });
        void qc.invalidateQueries({ queryKey: ['user-orders'] });
      }
    },
  });
  return sub.status === 'pending';
}
