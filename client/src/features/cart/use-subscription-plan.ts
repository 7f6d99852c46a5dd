import { useEffect, useMemo } from 'react';
import type { SubscriptionPlanInfo } from '../../../../shared/rules/free-unit';
import type { OrderPlanType } from '../../../../shared/rules/slots';
import { useSubscriptionStatus } from '../subscriptions/api';

/**
 * The plan the free-unit rule applies to, for the signed-in customer, from
 * GET /api/user/subscription-status (the server quote decides anyway; this is for display).
 */
export function useSubscriptionPlan(): SubscriptionPlanInfo | null {
  const q = useSubscriptionStatus();
  const { refetch } = q;
  useEffect(() => onSubscriptionRefreshRequest(() => void refetch()), [refetch]);
  const d = q.data;
  return useMemo(
    () =>
      d?.hasActiveSubscription && d.plan
        ? { planName: d.plan.name, rule: d.plan.freeUnitRule, remainingFreeUnits: d.remainingFreeUnits }
        : null,
    [d],
  );
}

/**
 * Which delivery slots the signed-in customer may book (PRODUCT §7, §9): 'subscription'
 * (the subscriber-only slots as well as the everyday ones) while a running plan includes
 * subscriber slots, otherwise 'one_time'. Read from the same status request as above.
 */
export function useSlotPlanType(): OrderPlanType {
  const d = useSubscriptionStatus().data;
  return d?.hasActiveSubscription && d.plan?.subscriberSlots ? 'subscription' : 'one_time';
}

const refreshListeners = new Set<() => void>();

/** The cart calls this when the `subscription_purchased` flag was set (spec §4): the status must be fetched again. */
export function requestSubscriptionRefresh(): void {
  refreshListeners.forEach((l) => l());
}

/** useSubscriptionPlan refetches the status when the cart asks. */
export function onSubscriptionRefreshRequest(listener: () => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}
