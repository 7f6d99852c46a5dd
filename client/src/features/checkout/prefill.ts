import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { useDeliverySlots } from '../slots/use-slots';
import type { SlotSelection } from '../slots/slot-picker';
import type { Address } from '../../../../shared/schemas/addresses';
import { formatDay } from '../../../../shared/rules/dates';
import { formatSlotRange, isCalendarDate, type OrderPlanType } from '../../../../shared/rules/slots';

/**
 * A checkout opened with a day chosen (/payment?date=…&slot=…&address=…, from "Order it now" on a day
 * the cut-off did not place, decision 221): once the addresses and that date's slots are read, the
 * address and the slot are chosen — the slot only if the server says it still takes orders on that
 * date; otherwise the answer says so and the shopper picks another time in the ordinary picker.
 */
export function useCheckoutPrefill(
  planType: OrderPlanType,
  setAddress: (a: Address) => void,
  setSlot: (s: SlotSelection) => void,
): { slotClosed: string | null } {
  const params = new URLSearchParams(useSearch());
  const raw = params.get('date');
  const date = raw && isCalendarDate(raw) ? raw : null;
  const slotId = date ? params.get('slot') : null;
  const addressId = params.get('address');
  const addresses = trpc.addresses.list.useQuery(undefined, { enabled: !!addressId });
  const slots = useDeliverySlots(slotId ? date : null, planType);
  const done = useRef({ address: false, slot: false });
  const [slotClosed, setSlotClosed] = useState<string | null>(null);

  useEffect(() => {
    if (done.current.address || !addressId || !addresses.data) return;
    done.current.address = true;
    const a = addresses.data.find((x) => x.id === addressId && x.serviceable);
    if (a) setAddress(a);
  }, [addressId, addresses.data, setAddress]);

  useEffect(() => {
    if (done.current.slot || !date || !slotId || !slots.data) return;
    done.current.slot = true;
    const s = slots.data.find((x) => x.id === slotId);
    if (s?.available) setSlot({ date, slotId: s.id, startTime: s.startTime, endTime: s.endTime, planType: s.planType });
    else
      setSlotClosed(
        s
          ? `The ${formatSlotRange(s.startTime, s.endTime)} delivery on ${formatDay(date)} no longer takes orders: choose another time below.`
          : `That delivery time is no longer offered on ${formatDay(date)}: choose another time below.`,
      );
  }, [date, slotId, slots.data, setSlot]);

  return { slotClosed };
}
