import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import { giveBackFreeUnit, takeFreeUnit } from '../subscriptions/subscriptions.service';
import { redeemForOrder, releaseForOrder } from '../rewards/rewards.service';

/**
 * The placing transaction's seams for coupons, points and the subscription
 * free unit. Pricing is decided once, by priceCart (the quote); these
 * functions CONSUME what the quote granted, inside the same transaction, with
 * conditional SQL, and report what they consumed. Placement refuses the order
 * when a seam grants a different amount than the quote priced, so a discount
 * can never be charged without being consumed (or the other way round).
 *
 * Coupons do not exist yet: priceCart grants no coupon discount and its seam
 * consumes nothing and returns zero. Points are the rewards domain's
 * (decision 073).
 * `releaseBenefits` is the inverse, called in the transaction that cancels
 * an order (payment timeout now; customer/admin cancel later).
 */
type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface BenefitInput {
  userId: string;
  orderId: string;
}

/**
 * Consume one use of `code` for this order (per-coupon and per-customer limits,
 * `UPDATE … SET uses = uses + 1 WHERE uses < limit RETURNING`) and return the
 * discount granted. Throws COUPON_EXHAUSTED / COUPON_INVALID. No coupons yet: 0.
 */
export async function applyCoupon(
  _deps: Deps,
  _trx: Trx,
  _p: BenefitInput & { code: string | null; subtotalPaise: number },
): Promise<{ discountPaise: number }> {
  return { discountPaise: 0 };
}

/**
 * Debit `points` from the customer's ledger for this order (balance never
 * negative: one conditional statement in the rewards service) and return the
 * discount the quote priced them at. Throws INSUFFICIENT_POINTS (409) when the
 * balance no longer covers them (another order spent them meanwhile).
 */
export async function redeemPoints(
  deps: Deps,
  trx: Trx,
  p: BenefitInput & { points: number; discountPaise?: number },
): Promise<{ pointsSpent: number; discountPaise: number }> {
  if (p.points <= 0) return { pointsSpent: 0, discountPaise: 0 };
  await redeemForOrder(deps, trx, { userId: p.userId, orderId: p.orderId, points: p.points });
  return { pointsSpent: p.points, discountPaise: p.discountPaise ?? 0 };
}

/**
 * Use one of the subscription period's free units for this order (at most 1
 * per order, never beyond the allowance: a conditional update in the
 * subscriptions service) and return its value — 0 when none is left.
 */
export async function useFreeUnit(
  deps: Deps,
  trx: Trx,
  p: BenefitInput & { freeUnitPaise: number },
): Promise<{ discountPaise: number }> {
  return { discountPaise: await takeFreeUnit(deps, trx, { userId: p.userId, orderId: p.orderId, valuePaise: p.freeUnitPaise }) };
}

/** Give back what the order consumed: the coupon use, the points, the free unit (subscriptions). */
export async function releaseBenefits(
  deps: Deps,
  trx: Trx,
  order: {
    id: string;
    user_id: string;
    coupon_code: string | null;
    points_redeemed: number;
    points_to_earn?: number;
    free_unit_discount_paise: number;
  },
): Promise<void> {
  if (order.free_unit_discount_paise > 0) await giveBackFreeUnit(trx, order.id);
  // --- points: the points it spent come back; what it earned (and a refund has not taken) is reversed.
  await releaseForOrder(deps, trx, order);
  // --- end points
}
