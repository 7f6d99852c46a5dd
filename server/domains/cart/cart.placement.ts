import type { PlacementBase, PlacementStep } from '../../lib/placement';
import type { Pricing } from '../../../shared/schemas/catalogue';
import type { Quote } from '../../../shared/schemas/cart';
import { formatRupees } from '../../../shared/rules/money';
import { AppError } from '../../lib/errors';
import { quoteFromInputs } from './cart.service';

/** What pricing reads (the catalogue rows of the placing statement) and writes (the quote, the pricing settings it used). */
export interface PricingDraft extends PlacementBase {
  readonly read: { pricing: Parameters<typeof quoteFromInputs>[3]; live: Parameters<typeof quoteFromInputs>[4] };
  quote?: Quote;
  pricing?: Pricing;
}

/**
 * Placing step "price the cart": the quote from the catalogue rows the placing statement read
 * (through the transaction, never the catalogue cache), refused when a line is gone, a price moved
 * since the customer saw it, or the points asked for are refused (balance, minimum, 20% cap).
 */
export const priceCart: PlacementStep<PricingDraft> = {
  async apply(deps, trx, d) {
    const { lines, couponCode, pointsToRedeem } = d.input;
    const { quote, pricing } = await quoteFromInputs(deps, trx, { lines, userId: d.user.id, couponCode, pointsToRedeem }, d.read.pricing, d.read.live);
    refuseUnpriceable(quote);
    if (quote.points.refusal)
      throw new AppError('INSUFFICIENT_POINTS', quote.points.refusal, { details: { balance: quote.points.balance } });
    d.quote = quote;
    d.pricing = pricing;
  },
  // Pricing holds nothing. The ordered lines leave the server cart in the order's own statement
  // (the write step); a cancelled order does not put them back.
  async release() {},
};

function refuseUnpriceable(quote: Quote): void {
  if (quote.lines.length === 0) throw new AppError('BAD_REQUEST', 'Your cart is empty. Add a shake before checking out.');
  const gone = quote.lines.filter((l) => !l.available);
  if (gone.length) {
    throw new AppError('OUT_OF_STOCK', gone[0]!.reason ?? 'An item in your cart is no longer available.', {
      details: { lines: gone.map((l) => ({ id: l.id, type: l.type, reason: l.reason })) },
    });
  }
  const changed = quote.lines.filter((l) => l.priceChanged);
  if (changed.length) {
    const first = changed[0]!;
    throw new AppError(
      'PRICE_CHANGED',
      `The price of ${first.name || 'an item'} is now ${formatRupees(first.unitPrice)}. Please review your order before paying.`,
      { details: { lines: changed.map((l) => ({ id: l.id, type: l.type, unitPrice: l.unitPrice, shownPrice: l.shownPrice })) } },
    );
  }
}
