/**
 * Reward points, the pure rules (decision 073): used by the quote, placement, the ledger and the
 * screens. Integer points and paise; no I/O.
 *
 *   earn     1 point per `rupeesPerPoint` rupees paid for items (after every discount, without
 *            delivery), × the plan's multiplier (Vitality / Elite: 2×)
 *   redeem   1 point = `pointValue` paise; at least `minRedeemPoints`; at most `maxRedeemPercent` of
 *            the subtotal, never more than what is left to pay for the items, never more than held
 */
import { formatRupees } from './money';

export interface PointsRates {
  rupeesPerPoint: number;
  pointValue: number;
  maxRedeemPercent: number;
  minRedeemPoints: number;
}

/** Points an order earns for `paidForItemsPaise` (items total after all discounts, delivery left out). */
export function pointsEarnedFor(paidForItemsPaise: number, rates: Pick<PointsRates, 'rupeesPerPoint'>, multiplier = 1): number {
  const per = Math.max(1, Math.round(rates.rupeesPerPoint)) * 100;
  return Math.floor(Math.max(0, paidForItemsPaise) / per) * Math.max(1, Math.round(multiplier));
}

/** The most points this order could take off, whatever the balance (0 when below the minimum). */
export function orderRedeemCap(o: { subtotal: number; itemsTotal: number }, rates: PointsRates): number {
  const value = Math.max(1, rates.pointValue);
  const byPercent = Math.floor((Math.max(0, o.subtotal) * rates.maxRedeemPercent) / 100 / value);
  const byItems = Math.floor(Math.max(0, o.itemsTotal) / value);
  return Math.min(byPercent, byItems);
}

/** The most points this customer can redeem on this order: 0 when that is below the minimum. */
export function maxRedeemable(balance: number, o: { subtotal: number; itemsTotal: number }, rates: PointsRates): number {
  const n = Math.min(Math.max(0, balance), orderRedeemCap(o, rates));
  return n >= Math.max(1, rates.minRedeemPoints) ? n : 0;
}

/**
 * Why `requested` points cannot be redeemed on this order, or null when they can. Every refusal
 * says what would work instead.
 */
export function redeemRefusal(
  requested: number,
  ctx: { signedIn: boolean; balance: number; subtotal: number; itemsTotal: number },
  rates: PointsRates,
): string | null {
  if (requested <= 0) return null;
  const min = Math.max(1, rates.minRedeemPoints);
  if (!ctx.signedIn) return 'Sign in to use your reward points.';
  if (ctx.balance < min) return `You have ${ctx.balance} points; you can redeem them once you have ${min}.`;
  if (requested < min) return `Redeem at least ${min} points at a time.`;
  if (requested > ctx.balance) return `You have ${ctx.balance} points, fewer than the ${requested} you asked to use.`;
  const cap = orderRedeemCap(ctx, rates);
  if (cap < min)
    return `Points can pay up to ${rates.maxRedeemPercent}% of the subtotal, at least ${min} points: add ${formatRupees(
      Math.ceil((min * rates.pointValue * 100) / Math.max(1, rates.maxRedeemPercent)) - ctx.subtotal,
    )} more to use them.`;
  if (requested > cap) return `This order can take at most ${cap} points (${rates.maxRedeemPercent}% of the subtotal).`;
  return null;
}

/**
 * How many of an order's earned points a refund takes back in total: in proportion to the money
 * refunded (rounded down: a half point stays with the customer), all of them when everything is.
 */
export function reversedForRefund(earned: number, refundedPaise: number, paidPaise: number): number {
  if (earned <= 0 || refundedPaise <= 0) return 0;
  if (paidPaise <= 0 || refundedPaise >= paidPaise) return earned;
  return Math.min(earned, Math.floor((earned * refundedPaise) / paidPaise));
}

/** How a ledger row reads to the customer and in the back office. */
export const REWARD_KIND_LABELS = {
  earn: 'Earned',
  redeem: 'Redeemed',
  reverse: 'Reversed',
  give_back: 'Given back',
  adjust: 'Adjusted by Hydro Shakes',
} as const;
