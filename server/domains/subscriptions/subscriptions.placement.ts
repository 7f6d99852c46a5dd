import { discountsChanged, needs, type PlacementStep, type QuotedDraft } from '../../lib/placement';
import { giveBackFreeUnit, takeFreeUnit } from './subscriptions.service';
import { decodeLive, liveSubscriptionSql } from './subscriptions.repository';

/**
 * Placing step "take the free unit": one of the running period's free units for this order (at
 * most one per order, never beyond the allowance: a conditional update). The quote priced it; if
 * the allowance ran out meanwhile the order is refused rather than discounted for nothing. Its read
 * is the customer's live subscription, its row locked: the plan prices the order (the price step).
 */
export const takeFreeUnitStep: PlacementStep<QuotedDraft> = {
  read: (_deps, open) => ({ name: 'live', column: liveSubscriptionSql(open.user.id), decode: decodeLive }),
  async apply(deps, trx, d) {
    const quote = needs(d.quote, 'the quote');
    const granted = await takeFreeUnit(deps, trx, { userId: d.user.id, orderId: d.orderId, valuePaise: quote.freeUnitDiscount });
    if (granted !== quote.freeUnitDiscount) throw discountsChanged();
  },
  /** The order's free-unit row goes and the period's count drops with it: a second release finds no row. */
  async release(_deps, trx, order) {
    if (order.free_unit_discount_paise > 0) await giveBackFreeUnit(trx, order.id);
  },
  /** Taken again when the period still has one (the order was paid at its discounted price). */
  async retake(deps, trx, order) {
    if (order.free_unit_discount_paise > 0)
      await takeFreeUnit(deps, trx, { userId: order.user_id, orderId: order.id, valuePaise: order.free_unit_discount_paise });
  },
};
