import type { PlacementBase, PlacementStep } from '../../lib/placement';
import { releaseForOrder, reservationRequest, retakeForOrder } from './stock.service';

/** What reserving writes on the draft: the lines' reservation, which the order-writing statement carries out (decision 160). */
export interface StockDraft extends PlacementBase {
  stockReservation?: ReturnType<typeof reservationRequest>;
}

/**
 * Placing step "reserve stock". The reservation is a set of CTEs of the order-writing statement (one
 * conditional update per balance row, rows locked in ingredient order, one reservation row per order
 * and ingredient), the last statement before commit, so the hot balance rows are held for the
 * shortest time and placement keeps its round trips. This step states what to reserve; a shortage
 * makes the write statement fail with OUT_OF_STOCK and the whole transaction roll back.
 * Sold out before the order (free stock under one bottle) is refused earlier, by the price step.
 */
export const reserveStock: PlacementStep<StockDraft> = {
  async apply(_deps, _trx, d) {
    d.stockReservation = reservationRequest(d.orderId, d.input.lines);
  },
  /** The order's reservation rows go and the counters drop by them, in one statement: twice gives back once. */
  async release(_deps, trx, order) {
    await releaseForOrder(trx, order.id);
  },
  /** Reserved again from the order's stored lines; OUT_OF_STOCK when it ran out meanwhile (the order is then not reinstated). */
  async retake(_deps, trx, order) {
    await retakeForOrder(trx, order.id);
  },
};
