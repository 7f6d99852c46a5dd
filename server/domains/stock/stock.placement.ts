import type { PlacementBase, PlacementStep } from '../../lib/placement';
import { releaseForOrder, reservationRequest, retakeForOrder } from './stock.service';
import { reserveInOrderWrite } from './stock.repository';

/** Reserving needs only the placing input: its write takes the lines' stock (decision 160). */
export type StockDraft = PlacementBase;

/**
 * Placing step "reserve stock". Its write is a set of CTEs of the order-writing statement (free stock
 * taken from the ingredient's shards, one reservation row per order and ingredient, decision 240),
 * the last statement before commit, so the shard rows are held for the shortest time and placement
 * keeps its round trips. A shortage makes that statement fail with OUT_OF_STOCK (the write step turns
 * it into the refusal) and the whole transaction roll back. Sold out before the order (free stock
 * under one bottle) is refused earlier, by the price step; there is nothing to judge in between.
 */
export const reserveStock: PlacementStep<StockDraft> = {
  async apply() {},
  write: (d) => {
    const r = reservationRequest(d.orderId, d.input.lines);
    return reserveInOrderWrite(r.orderId, r.lines);
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
