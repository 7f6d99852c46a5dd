import { needs, type PlacementBase, type PlacementStep } from '../../lib/placement';
import { refuseShortage, releaseForOrder, retakeForOrder } from './stock.service';

/** What reserving reads: the shortages of the reservation the placing statement made (decision 160). */
export interface StockDraft extends PlacementBase {
  readonly read: { stock: { shortages: readonly { id: string; name: string }[] | null } };
}

/**
 * Placing step "reserve stock". The reservation itself ran in the placing statement (one conditional
 * update per ingredient row plus the order's reservation rows, server/statements/placement.repository.ts),
 * so placement keeps its round trips; this step judges it: OUT_OF_STOCK naming what ran out. Any
 * refusal rolls the whole statement back, reservations included.
 */
export const reserveStock: PlacementStep<StockDraft> = {
  async apply(_deps, _trx, d) {
    refuseShortage(needs(d.read.stock.shortages ?? undefined, 'the stock reservation'));
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
