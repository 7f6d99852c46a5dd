import { replaceCart } from '../cart/cart-store';
import type { CalendarSchedule, ScheduleItem } from '../../../../shared/schemas/schedules';

/**
 * "Order it now" for a day the cut-off did not place (decision 221): that day's items become the cart
 * and the ordinary checkout opens with the day's date, slot and address chosen — if the slot still
 * takes orders for that date, which the checkout asks the server as for any order. Answers the path.
 */
export function orderItNow(date: string, items: readonly ScheduleItem[], slot: CalendarSchedule['slot'], address: { id: string } | null): string {
  replaceCart(
    items.map((i) => ({
      id: i.id,
      type: i.type,
      name: i.name,
      price: i.unitPrice,
      image: i.image,
      quantity: i.quantity,
      isFreeUnit: false,
      freeUnitPrice: 0,
      ...(i.recipe ? { recipe: i.recipe } : {}),
    })),
  );
  const q = new URLSearchParams({ date });
  if (slot) q.set('slot', slot.id);
  if (address) q.set('address', address.id);
  return `/payment?${q.toString()}`;
}
