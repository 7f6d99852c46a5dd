import { useCallback, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { openRazorpay } from '../checkout/razorpay-checkout';
import { messageOf } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { SUBSCRIPTION_PURCHASED_FLAG } from '../../../../shared/rules/cart-rules';
import type { Subscription, SubscriptionPaymentStart } from '../../../../shared/schemas/subscriptions';
import { useRefreshSubscription } from './api';

export type BuyState =
  | { kind: 'idle' }
  | { kind: 'busy'; message: string }
  /** Test payment mode: the shopper chooses the outcome. */
  | { kind: 'test'; start: SubscriptionPaymentStart; planName: string }
  | { kind: 'failed'; message: string }
  | { kind: 'paid'; subscription: Subscription; message: string };

/**
 * Buys (or renews) a plan: the server creates the gateway order with the plan's price; Razorpay
 * Checkout collects it and the server verifies the signature — or, in test payment mode, the
 * shopper chooses success or failure. On success the cart's `subscription_purchased` flag is set
 * (spec §4) and every subscription query is read again.
 */
export function useBuySubscription() {
  const utils = trpc.useUtils();
  const refresh = useRefreshSubscription();
  const [state, setState] = useState<BuyState>({ kind: 'idle' });

  const done = useCallback(
    (subscription: Subscription, message: string) => {
      try {
        window.localStorage.setItem(SUBSCRIPTION_PURCHASED_FLAG, 'true');
      } catch {
        /* storage unavailable: the status query is refreshed below anyway */
      }
      refresh();
      setState({ kind: 'paid', subscription, message });
    },
    [refresh],
  );

  const collect = useCallback(
    async (start: SubscriptionPaymentStart, planName: string) => {
      if (start.mode === 'test') return setState({ kind: 'test', start, planName });
      setState({ kind: 'busy', message: 'Opening secure payment…' });
      const outcome = await openRazorpay(start);
      if (outcome.kind === 'dismissed') return setState({ kind: 'failed', message: 'You closed the payment window. Nothing was charged.' });
      if (outcome.kind === 'failed') return setState({ kind: 'failed', message: outcome.message });
      setState({ kind: 'busy', message: 'Confirming your payment…' });
      const r = await utils.client.subscriptions.verifyPayment.mutate(outcome.response);
      if (r.paid) done(r.subscription, r.message);
      else setState({ kind: 'failed', message: r.message });
    },
    [utils, done],
  );

  const buy = useCallback(
    async (planId: string, planName: string) => {
      setState({ kind: 'busy', message: `Starting your ${planName} purchase…` });
      try {
        const r = await utils.client.subscriptions.createPayment.mutate({ planId, idempotencyKey: newId() });
        await collect(r.payment, planName);
      } catch (e) {
        setState({ kind: 'failed', message: messageOf(e) });
      }
    },
    [utils, collect],
  );

  const renew = useCallback(
    async (id: string, planName: string) => {
      setState({ kind: 'busy', message: 'Starting your renewal…' });
      try {
        const r = await utils.client.subscriptions.renew.mutate({ id, idempotencyKey: newId() });
        await collect(r.payment, planName);
      } catch (e) {
        setState({ kind: 'failed', message: messageOf(e) });
      }
    },
    [utils, collect],
  );

  const completeTest = useCallback(
    async (outcome: 'success' | 'failure') => {
      if (state.kind !== 'test') return;
      const { start } = state;
      setState({ kind: 'busy', message: outcome === 'success' ? 'Completing the test payment…' : 'Declining the test payment…' });
      try {
        const r = await utils.client.subscriptions.testComplete.mutate({ gatewayOrderId: start.gatewayOrderId, outcome });
        if (r.paid) done(r.subscription, r.message);
        // A paid purchase that could not be kept (another plan runs) is refunded: the server says so.
        else
          setState({
            kind: 'failed',
            message: outcome === 'success' ? r.message : 'The test payment was declined, as you chose. Nothing was charged.',
          });
      } catch (e) {
        setState({ kind: 'failed', message: messageOf(e) });
      }
    },
    [state, utils, done],
  );

  const reset = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, buy, renew, completeTest, reset };
}
