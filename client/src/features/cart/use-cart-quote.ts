import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import type { CartQuoteInput, Quote } from '../../../../shared/schemas/cart';
import type { CartItem } from './cart-store';

export function quoteInput(items: readonly CartItem[]): CartQuoteInput {
  return {
    lines: items.map((i) => ({
      id: i.id,
      type: i.type,
      quantity: i.quantity,
      // Only compared by the server, to tell the shopper a price changed since it was shown.
      shownPrice: i.price,
      ...(i.recipe ? { recipe: i.recipe } : {}),
    })),
  };
}

/**
 * The server's price of the cart (POST /api/cart/quote). The cart page and checkout show these numbers,
 * never a client-side sum. Keeps the previous quote on screen while a new one loads.
 */
export function useCartQuote(items: readonly CartItem[], opts: { couponCode?: string; pointsToRedeem?: number } = {}) {
  const utils = trpc.useUtils();
  const input = { ...quoteInput(items), ...opts };
  return useQuery<Quote>({
    queryKey: ['cart', 'quote', input],
    queryFn: () => utils.client.cart.quote.mutate(input),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
  });
}
