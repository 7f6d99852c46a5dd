/**
 * The cart's price could not be had (the cart and the checkout alike). Offline, the price waits for the
 * shop: it is never taken from the phone's cache (decision 285), and the shopper is told they are
 * offline rather than that the shop failed; any other failure says the cart could not be priced.
 */

/** No answer at all (no network, the shop out of reach), as opposed to the shop's refusal. */
export function unreachable(e: unknown): boolean {
  return !navigator.onLine || (e instanceof Error && /^(Failed to fetch|Load failed|NetworkError)/i.test(e.message));
}

/** `paused`: react-query holds the request until the browser is online again. */
export function QuoteError({ error, paused, onRetry }: { error: unknown; paused: boolean; onRetry: () => void }) {
  const retry = (
    <button type="button" className="link" onClick={onRetry}>
      try again
    </button>
  );
  if (paused || unreachable(error))
    return (
      <div className="alert alert--warning" role="status" data-testid="quote-offline">
        <div>
          <p className="alert__title">You are offline</p>
          <p>
            We&rsquo;ll price your cart when you&rsquo;re back online: prices come live from the shop. You can also {retry} now.
          </p>
        </div>
      </div>
    );
  return (
    <div className="alert alert--danger" role="alert">
      <div>
        <p className="alert__title">We couldn&rsquo;t price your cart</p>
        <p>Check your connection and {retry}.</p>
      </div>
    </div>
  );
}
