import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QuoteError } from './quote-error';

/** The cart's and the checkout's one "no price" message: offline it says so, never "couldn't price". */
describe('QuoteError', () => {
  it('a quote waiting for the network says the shopper is offline and when the cart is priced', () => {
    const html = renderToStaticMarkup(<QuoteError error={null} paused onRetry={() => {}} />);
    expect(html).toContain('You are offline');
    expect(html).toContain('We’ll price your cart when you’re back online');
    expect(html).not.toContain('couldn’t price');
  });
});
