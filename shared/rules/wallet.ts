/**
 * The wallet's rules (PRODUCT.md §15, decision 165), the same on both sides: the top-up limits and
 * the words of each ledger row.
 */
export const WALLET_TOP_UP_MIN_PAISE = 20_000;
export const WALLET_TOP_UP_MAX_PAISE = 2_000_000;

export const WALLET_KIND_LABELS = {
  top_up: 'Top-up',
  charge: 'Paid an order',
  release: 'Order cancelled: money back',
  order_refund: 'Order refunded',
  refund_out: 'Refunded to your payment method',
  adjust: 'Adjusted by Hydro Shakes',
} as const;
