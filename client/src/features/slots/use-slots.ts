import { useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import type { OrderPlanType } from '../../../../shared/rules/slots';
import { fetchDeliverySlots, invalidateDeliverySlots, type DeliverySlotView } from './slot-fetcher';

export const deliverySlotsKey = (date: string | null, planType: OrderPlanType) => ['delivery-slots', date, planType] as const;

/** The spec's slot fetcher behind React Query (local-storage cache 60 s, then the network). */
export function useDeliverySlots(date: string | null, planType: OrderPlanType) {
  return useQuery<DeliverySlotView[], Error>({
    queryKey: deliverySlotsKey(date, planType),
    queryFn: () => fetchDeliverySlots(date!, planType),
    enabled: !!date,
    retry: 1,
  });
}

/** The booking window's days with their free capacity (date chips). */
export function useAvailableDays(planType: OrderPlanType, days = 8) {
  return trpc.slots.available.useQuery({ planType, days }, { retry: 1 });
}

/**
 * Call after the server refused a slot (SLOT_FULL / SLOT_CLOSED) so every picker
 * shows fresh capacity instead of the cached minute.
 */
export function useRefreshDeliverySlots() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return async (date?: string) => {
    invalidateDeliverySlots(date);
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['delivery-slots'] }), utils.slots.available.invalidate()]);
  };
}
