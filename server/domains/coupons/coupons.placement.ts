import { discountsChanged, needs, type PlacementStep, type QuotedDraft } from '../../lib/placement';
import { consumeCoupon, releaseCoupon, retakeCoupon } from './coupons.service';

/**
 * Placing step "take the coupon": one use of the quote's code (total limit, then the customer's
 * limit and first-order-only, by conditional SQL under the coupon's row lock), recorded against
 * the order. A code the quote refused refuses the order with the rule's code (409).
 */
export const takeCoupon: PlacementStep<QuotedDraft> = {
  async apply(_deps, trx, d) {
    const quote = needs(d.quote, 'the quote');
    const taken = await consumeCoupon(trx, { userId: d.user.id, orderId: d.orderId, outcome: quote.coupon });
    if (taken.discountPaise !== quote.couponDiscount) throw discountsChanged();
  },
  /** The order's use is marked released and the count drops in one statement (at most once). */
  async release(deps, trx, order) {
    if (order.coupon_code) await releaseCoupon(deps, trx, order.id);
  },
  /** Taken again when the limit still allows (decision 070). */
  async retake(_deps, trx, order) {
    if (order.coupon_code) await retakeCoupon(trx, order.id);
  },
};
