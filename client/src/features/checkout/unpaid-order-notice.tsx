import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-fetch';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { messageOf } from '../../lib/errors';
import { Button, LinkButton } from '../../components/button';
import { ClockIcon } from '../../components/icons';
import { toast } from '../../components/toast';
import { ACTIVE_ORDERS_KEY } from '../orders/active-order-banner';
import { addReorderToCart } from '../orders/order-actions';
import { getCartItems, replaceCart } from '../cart/cart-store';
import type { ActiveOrders } from '../../../../shared/schemas/order-lifecycle';
import { formatRupees } from '../../../../shared/rules/money';
import './unpaid-order.css';

/**
 * "Order HS-… is waiting for payment": on /cart and /payment while the signed-in customer has an order
 * whose payment was started and abandoned (a reload while switching to a UPI app). Its lines left the
 * cart when it was placed and it holds its slot and any coupon, so the shopper is offered the two ways
 * out: pay for it, or cancel it and put its shakes back in the cart.
 * `except`: the order this page is paying for right now (not "abandoned").
 */
export function UnpaidOrderNotice({ except }: { except?: string | null }) {
  const { user } = useAuth();
  const qc = useQueryClient();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The same query (key and no-cache path) as the active-order banner: one request serves both.
  const q = useQuery({
    queryKey: [ACTIVE_ORDERS_KEY, user?.id],
    queryFn: () => apiFetch<ActiveOrders>('/api/orders/active'),
    enabled: !!user,
    retry: false,
  });
  const o = q.data?.orders.find((x) => x.canPay && x.id !== except);
  if (!user || !o) return null;

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await utils.client.orders.cancel.mutate({ id: o.id, reason: 'Payment not completed' });
      // Its shakes go back in the cart (today's prices); lines already there are left as they are.
      const r = await utils.orders.reorder.fetch({ id: o.id }, { staleTime: 0 });
      addReorderToCart(r.lines, { skipPresent: true });
      // Saved to the server as a change of this device's: lines this tab still showed had left the
      // server copy at placement, and must not be dropped when the server copy is next adopted.
      replaceCart(getCartItems());
      toast({ title: `Order ${o.number} cancelled`, description: 'Its shakes are back in your cart.', variant: 'success' });
      void qc.invalidateQueries({ queryKey: [ACTIVE_ORDERS_KEY] });
      void qc.invalidateQueries({ queryKey: ['user-orders'] });
      // The freed coupon and points apply again: price the cart afresh.
      void qc.invalidateQueries({ queryKey: ['cart', 'quote'] });
    } catch (e) {
      setError(messageOf(e, 'The order could not be cancelled. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="unpaid-order" aria-labelledby={`unpaid-${o.id}`} data-testid="unpaid-order">
      <span className="unpaid-order__icon" aria-hidden="true">
        <ClockIcon />
      </span>
      <div className="unpaid-order__text">
        <h2 className="unpaid-order__title" id={`unpaid-${o.id}`}>
          Order {o.number} is waiting for payment
        </h2>
        <p className="text-sm text-muted">
          {formatRupees(o.total)} · {o.itemCount} {o.itemCount === 1 ? 'shake' : 'shakes'}. It holds its delivery slot and any
          promo code or points it used. Pay for it, or cancel it to put its shakes back in your cart.
        </p>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="unpaid-order__actions">
        <LinkButton href={`/payment?order=${o.id}`} size="sm" data-testid="unpaid-pay">
          Pay {formatRupees(o.total)}
        </LinkButton>
        <Button size="sm" variant="ghost" loading={busy} onClick={() => void cancel()} data-testid="unpaid-cancel">
          Cancel order
        </Button>
      </div>
    </section>
  );
}
