import type { PlacementBase, PlacementStep } from '../../lib/placement';
import type { Pricing } from '../../../shared/schemas/catalogue';
import type { Quote } from '../../../shared/schemas/cart';
import { formatRupees } from '../../../shared/rules/money';
import { AppError } from '../../lib/errors';
import { catalogueIdsOf, quoteFromInputs } from './cart.service';
import { decodePricingInputs, lineKeys, pricingInputsSql, removeLinesCtes, removeLinesParams } from './cart.repository';

/** What pricing reads (the catalogue rows of the placing statement) and writes (the quote, the pricing settings it used). */
export interface PricingDraft extends PlacementBase {
  readonly read: { pricing: Parameters<typeof quoteFromInputs>[3]; live: Parameters<typeof quoteFromInputs>[4] };
  quote?: Quote;
  pricing?: Pricing;
  /** A standing delivery's order (decision 177): its lines are not taken out of the customer's server cart. */
  readonly keepCart?: boolean;
}

/**
 * Placing step "price the cart": reads the catalogue rows of the ordered lines (through the
 * transaction, never the catalogue cache) and prices them with the customer's live plan (the free
 * unit step's read), refused when a line is gone, a price moved since the customer saw it, or the
 * points asked for are refused (balance, minimum, 20% cap). The ordered lines leave the server cart
 * in the order's own statement (its write), not when the order is paid: paid later from the order
 * page the cart would stay full. A cancelled order does not put them back.
 */
export const priceCart: PlacementStep<PricingDraft> = {
  read: (_deps, open) => ({ name: 'pricing', column: pricingInputsSql(...idsOf(open.input.lines)), decode: decodePricingInputs }),
  async apply(deps, trx, d) {
    const { lines, couponCode, pointsToRedeem } = d.input;
    const { quote, pricing } = await quoteFromInputs(deps, trx, { lines, userId: d.user.id, couponCode, pointsToRedeem }, d.read.pricing, d.read.live);
    refuseUnpriceable(quote);
    if (quote.points.refusal)
      throw new AppError('INSUFFICIENT_POINTS', quote.points.refusal, { details: { balance: quote.points.balance } });
    d.quote = quote;
    d.pricing = pricing;
  },
  write: (d) => {
    const keys = lineKeys(d.keepCart ? [] : d.input.lines);
    return { shape: 'cart', ctes: (when) => removeLinesCtes(d.user.id, keys, when), params: removeLinesParams(d.user.id, keys) };
  },
  async release() {},
};

function idsOf(lines: Parameters<typeof catalogueIdsOf>[0]): [string[], string[]] {
  const { shakeIds, ingredientIds } = catalogueIdsOf(lines);
  return [shakeIds, ingredientIds];
}

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
