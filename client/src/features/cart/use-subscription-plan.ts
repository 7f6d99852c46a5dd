import type { SubscriptionPlanInfo } from '../../../../shared/rules/free-unit';

/**
 * The plan the free-unit rule applies to, for the signed-in customer.
 *
 * Plug-in point: when the subscriptions domain provides GET /api/user/subscription-status
 * (tRPC `subscriptions.status`), replace the body with
 *   const { user } = useAuth();
 *   const q = trpc.subscriptions.status.useQuery(undefined, { enabled: !!user, staleTime: STALE_DEFAULT_MS });
 *   useEffect(() => onSubscriptionRefreshRequest(() => void q.refetch()), [q.refetch]);
 *   return q.data?.hasActiveSubscription ? { planName: q.data.plan.name, remainingFreeUnits: q.data.remainingFreeUnits } : null;
 * Until then a signed-in customer has no plan, so no free unit is shown (the server quote decides anyway).
 */
export function useSubscriptionPlan(): SubscriptionPlanInfo | null {
  return null;
}

const refreshListeners = new Set<() => void>();

/** The cart calls this when the `subscription_purchased` flag was set (spec §4): the status must be fetched again. */
export function requestSubscriptionRefresh(): void {
  refreshListeners.forEach((l) => l());
}

/** For useSubscriptionPlan once it queries the server: refetch the status when the cart asks. */
export function onSubscriptionRefreshRequest(listener: () => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}
