import { needs, type PlacementStep, type QuotedDraft } from '../../lib/placement';
import { redeemForOrder, releaseForOrder, retakeForReinstated } from './rewards.service';

/**
 * Placing step "take the points": the quote's points leave the ledger for this order in one
 * conditional statement (never below zero; INSUFFICIENT_POINTS when another order spent them).
 */
export const takePoints: PlacementStep<QuotedDraft> = {
  async apply(deps, trx, d) {
    const quote = needs(d.quote, 'the quote');
    await redeemForOrder(deps, trx, { userId: d.user.id, orderId: d.orderId, points: quote.pointsToRedeem });
  },
  /**
   * The points it spent come back and what it earned (and a refund has not taken) is reversed;
   * decided from the order's own ledger rows, so a second release finds nothing owed.
   */
  async release(deps, trx, order) {
    await releaseForOrder(deps, trx, order);
  },
  async retake(deps, trx, order) {
    await retakeForReinstated(deps, trx, order);
  },
};
