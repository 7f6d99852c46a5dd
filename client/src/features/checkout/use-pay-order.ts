import { useCallback, useState } from 'react';
import { trpc } from '../../lib/trpc';
import type { Order } from '../../../../shared/schemas/orders';
import type { PaymentStart } from '../../../../shared/schemas/payments';
import { openRazorpay } from './razorpay-checkout';
import { messageOf } from '../../lib/errors';

export type PayState =
  | { kind: 'idle' }
  | { kind: 'busy'; message: string }
  /** Test payment mode: the shopper chooses the outcome. */
  | { kind: 'test'; orderId: string; start: PaymentStart }
  | { kind: 'failed'; orderId: string; message: string }
  | { kind: 'dismissed'; orderId: string };

/**
 * Collects the payment of a placed online order: Razorpay Checkout in Razorpay
 * mode (verified on the server), the success/failure choice in test mode. A
 * failure or a closed window leaves the order payable: `retry` asks the server
 * for a new attempt. Calls onPaid with the confirmed order.
 */
export function usePayOrder(onPaid: (order: Order) => void) {
  const utils = trpc.useUtils();
  const [state, setState] = useState<PayState>({ kind: 'idle' });

  const collect = useCallback(
    async (orderId: string, start: PaymentStart) => {
      if (start.mode === 'test') {
        setState({ kind: 'test', orderId, start });
        return;
      }
      setState({ kind: 'busy', message: 'Opening secure payment…' });
      try {
        const outcome = await openRazorpay(start);
        if (outcome.kind === 'dismissed') return setState({ kind: 'dismissed', orderId });
        if (outcome.kind === 'failed') return setState({ kind: 'failed', orderId, message: outcome.message });
        setState({ kind: 'busy', message: 'Confirming your payment…' });
        const { order } = await utils.client.payments.verify.mutate({ orderId, ...outcome.response });
        onPaid(order);
      } catch (e) {
        setState({ kind: 'failed', orderId, message: messageOf(e) });
      }
    },
    [utils, onPaid],
  );

  const completeTest = useCallback(
    async (outcome: 'success' | 'failure') => {
      if (state.kind !== 'test') return;
      const { orderId } = state;
      setState({ kind: 'busy', message: outcome === 'success' ? 'Completing the test payment…' : 'Declining the test payment…' });
      try {
        const { order } = await utils.client.payments.testComplete.mutate({ orderId, outcome });
        if (order.paymentStatus === 'paid') onPaid(order);
        else setState({ kind: 'failed', orderId, message: 'The test payment was declined, as you chose.' });
      } catch (e) {
        setState({ kind: 'failed', orderId, message: messageOf(e) });
      }
    },
    [state, utils, onPaid],
  );

  const retry = useCallback(
    async (orderId: string) => {
      setState({ kind: 'busy', message: 'Starting a new payment…' });
      try {
        const { payment } = await utils.client.payments.retry.mutate({ id: orderId });
        await collect(orderId, payment);
      } catch (e) {
        setState({ kind: 'failed', orderId, message: messageOf(e) });
      }
    },
    [utils, collect],
  );

  const reset = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, collect, completeTest, retry, reset };
}
