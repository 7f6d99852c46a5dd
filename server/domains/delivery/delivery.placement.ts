import type { PlacementBase, PlacementStep } from '../../lib/placement';
import type { AppError } from '../../lib/errors';
import { requireSubscriberSlots } from '../subscriptions/subscriptions.service';
import { bookSlot, releaseHeldPlace, slotBookingOutcome, type BookedSlot, type BookSlotInput } from './delivery.service';

/** What booking reads (the request, the booking row of the placing statement) and writes (the booked slot). */
export interface BookingDraft extends PlacementBase {
  /** The booking as asked for: its parameters went into the placing statement, or it was refused before any SQL. */
  readonly booking: { input: BookSlotInput; refusal: AppError | null };
  readonly read: { booking: Parameters<typeof slotBookingOutcome>[2] };
  slot?: BookedSlot;
}

const planTypeOf = (planType: string) => (planType === 'subscription' ? 'subscription' : 'one_time');

/**
 * Placing step "book the slot". The booking itself ran in the placing statement (conditional
 * upsert of the counter plus the order's hold row, server/statements/placement.repository.ts), so
 * the reads stay one round trip; this step judges it: the booked slot, or SLOT_FULL / SLOT_CLOSED /
 * NOT_FOUND exactly as bookSlot says them. Subscriber-only slots need a running plan that has them.
 */
export const bookTheSlot: PlacementStep<BookingDraft> = {
  async apply(deps, trx, d) {
    if (d.booking.input.planType === 'subscription') await requireSubscriberSlots(deps, trx, d.user.id);
    if (d.booking.refusal) throw d.booking.refusal;
    d.slot = slotBookingOutcome(deps, d.booking.input, d.read.booking);
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
