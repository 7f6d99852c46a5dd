import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiFetch } from '../../lib/api-fetch';
import { useAuth } from '../auth/auth-context';
import type { SubscriptionStatusAnswer, SubscriptionUsage } from '../../../../shared/schemas/subscriptions';

/** Spec §8 fallback texts. */
export const STATUS_FALLBACK_ERROR = 'Failed to fetch subscription status';
const USAGE_FALLBACK_ERROR = 'Failed to fetch subscription usage';

async function get<T>(url: string, fallback: string): Promise<T> {
  try {
    return await apiFetch<T>(url);
  } catch (e) {
    throw new Error(e instanceof ApiError && e.serverMessage ? e.serverMessage : fallback);
  }
}

/** Spec §7: GET /api/user/subscription-status (hasActiveSubscription, plan, status, period end, remaining free units). */
export const fetchSubscriptionStatus = () => get<SubscriptionStatusAnswer>('/api/user/subscription-status', STATUS_FALLBACK_ERROR);
/** Spec §7: GET /api/user/subscription/usage (spec §8 fallback text). */
export const fetchSubscriptionUsage = () => get<SubscriptionUsage>('/api/user/subscription/usage', USAGE_FALLBACK_ERROR);

export const subscriptionKeys = {
  status: (userId: string | undefined) => ['subscription-status', userId] as const,
};

export function useSubscriptionStatus() {
  const { user } = useAuth();
  return useQuery({
    queryKey: subscriptionKeys.status(user?.id),
    queryFn: fetchSubscriptionStatus,
    enabled: !!user,
  });
}

/** After anything that changes the subscription: status, history and the cart's quote are read again. */
export function useRefreshSubscription() {
  const qc = useQueryClient();
  return useCallback(() => {
    void qc.invalidateQueries({ queryKey: ['subscription-status'] });
    void qc.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('subscriptions') || JSON.stringify(q.queryKey).includes('cart') });
  }, [qc]);
}
