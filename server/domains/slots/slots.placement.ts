import type { PlacementBase, PlacementStep } from '../../lib/placement';
import type { AppError } from '../../lib/errors';
import { requireSubscriberSlots } from '../subscriptions/subscriptions.service';
import { bookSlot, releaseHeldPlace, slotBookingOutcome, slotBookingRequest, type BookedSlot, type BookSlotInput } from './slots.service';
import { bookSlotSql } from './slots.repository';

/** What booking reads (the booking row of the placing statement) and writes (the booked slot). */
export interface BookingDraft extends PlacementBase {
  readonly read: { booking: Parameters<typeof slotBookingOutcome>[2] };
  slot?: BookedSlot;
}

/** The booking the placing input asks for: its parameters go into the placing statement, or it is refused before any SQL. */
function request(deps: Parameters<typeof slotBookingRequest>[0], o: PlacementBase): { input: BookSlotInput; refusal: AppError | null; params?: Parameters<typeof bookSlotSql>[0] } {
  const input = { slotId: o.input.slotId, date: o.input.date, planType: o.input.planType ?? 'one_time', orderId: o.orderId } as const;
  const r = slotBookingRequest(deps, input);
  return 'params' in r ? { input, refusal: null, params: r.params } : { input, refusal: r.refusal };
}

const planTypeOf = (planType: string) => (planType === 'subscription' ? 'subscription' : 'one_time');

/**
 * Placing step "book the slot". Its read books: the conditional upsert of the slot's counter plus
 * the order's hold row are CTEs of the placing read statement, so placement stays at its round
 * trips and the slot's row is the first lock the transaction takes (a cancel releases in the same
 * order, decision 240). `apply` judges the booking: the booked slot, or SLOT_FULL / SLOT_CLOSED /
 * NOT_FOUND exactly as bookSlot says them. Subscriber-only slots need a running plan that has them.
 */
export const bookTheSlot: PlacementStep<BookingDraft> = {
  read: (deps, open) => {
    const params = request(deps, open).params;
    const booking = params ? bookSlotSql(params) : null;
    return {
      name: 'booking',
      column: booking ? booking.result : null,
      ...(booking ? { ctes: booking.ctes } : {}),
      decode: (raw) => (raw ?? null) as Parameters<typeof slotBookingOutcome>[2],
    };
  },
  async apply(deps, trx, d) {
    const asked = request(deps, d);
    if (asked.input.planType === 'subscription') await requireSubscriberSlots(deps, trx, d.user.id);
    if (asked.refusal) throw asked.refusal;
    d.slot = slotBookingOutcome(deps, asked.input, d.read.booking);
  },
  /** The order's hold row goes and the counter drops with it, in one statement: twice gives back once. */
  async release(_deps, trx, order) {
    await releaseHeldPlace(trx, order.id);
  },
  /** Booked again with its hold; throws SLOT_FULL / SLOT_CLOSED when the place is gone (the order is then not reinstated). */
  async retake(deps, trx, order) {
    await bookSlot(deps, trx, { slotId: order.slot_id, date: order.slot_date, planType: planTypeOf(order.plan_type), orderId: order.id });
  },
};
