import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatRupees } from '../../../shared/rules/money';
import type { Quote, QuoteLine } from '../../../shared/schemas/cart';
import { acceptPrices, useCart, type CartItem } from '../features/cart/cart-store';
import { useCouponCode } from '../features/cart/coupon-code';
import { PromoCode } from '../features/cart/promo-code';
import { usePointsQuote } from '../features/cart/use-points';
import { PointsToggle } from '../features/cart/points-toggle';
import { isCartSyncing, onCartSyncChange } from '../features/cart/cart-sync-state';
import { QuantityStepper } from '../features/cart/quantity-stepper';
import { QuoteBreakdown } from '../features/cart/price-breakdown';
import { describeRecipe } from '../features/builder/recipe-summary';
import { useAuth } from '../features/auth/auth-context';
import { RETURN_TO_KEY } from '../features/auth/guards';
import { trpc } from '../lib/trpc';
import { usePageTitle } from '../components/page-title';
import { Button, LinkButton } from '../components/button';
import { ShakeImage } from '../components/shake-card';
import { AlertIcon, ArrowRightIcon, BagIcon, CloseIcon, ShieldIcon, TruckIcon } from '../components/icons';
import { UnpaidOrderNotice } from '../features/checkout/unpaid-order-notice';
import { ProgressBar } from '../components/progress-bar';
import '../features/cart/cart.css';
import { EmptyState } from '../components/empty-state';
import { QuoteError } from '../features/cart/quote-error';

export default function CartPage() {
  usePageTitle('Your cart');
  const { items, itemCount, updateQuantity, removeItem } = useCart();
  const couponCode = useCouponCode();
  const { quote, base, usePoints, setUsePoints } = usePointsQuote(items, couponCode ? { couponCode } : {});
  const q = quote.data && items.length ? quote.data : null;
  const hasCustom = items.some((i) => i.type === 'custom');
  const ingredients = trpc.catalogue.ingredients.useQuery(undefined, { enabled: hasCustom });
  const pricing = trpc.catalogue.pricing.useQuery(undefined, { enabled: hasCustom });
  const checkout = useCheckout(q);
  // While the signed-in cart is being reconciled with the server copy, a change made here would be
  // overwritten by it: the line controls wait (a click waits for them) until the cart is settled.
  const { status } = useAuth();
  const settling = useSyncExternalStore(onCartSyncChange, isCartSyncing, isCartSyncing) || status === 'loading';

  if (items.length === 0) {
    return (
      <div className="container page cart-page" data-page="cart">
        <header className="cart-page__header">
          <h1>Your cart</h1>
        </header>
        <UnpaidOrderNotice />
        <EmptyState
          icon={<BagIcon />}
          title="Your cart is empty"
          heading="h2"
          headingClassName="h3"
          className="cart-empty"
          testId="cart-empty"
        >
          <p>Fresh shakes, blended the morning we deliver. Pick a favourite or build one that is all yours.</p>
          <div className="cluster cart-empty__actions">
            <LinkButton href="/signature-shakes">
              Browse signature shakes <ArrowRightIcon />
            </LinkButton>
            <LinkButton href="/custom-shake" variant="secondary">
              Build your own
            </LinkButton>
          </div>
        </EmptyState>
      </div>
    );
  }

  const lineOf = (item: CartItem): QuoteLine | undefined => q?.lines.find((l) => l.id === item.id && l.type === item.type);
  const changed = q?.lines.filter((l) => l.priceChanged && l.available) ?? [];

  return (
    <div className="container page cart-page" data-page="cart">
      <header className="cart-page__header">
        <h1>Your cart</h1>
        <p className="text-muted">
          {itemCount} {itemCount === 1 ? 'shake' : 'shakes'}
        </p>
      </header>
      <UnpaidOrderNotice />

      <div className="summary-layout cart-layout">
        <section aria-label="Items in your cart" className="cart-lines">
          {changed.length ? (
            <div className="alert alert--warning cart-notice" role="status" data-testid="price-change-notice">
              <AlertIcon />
              <div>
                <p className="alert__title">Some prices have changed since you added them</p>
                <p>Your total below uses today&rsquo;s prices.</p>
              </div>
              <button type="button" className="btn btn--sm btn--ghost" onClick={() => acceptPrices(changed)}>
                OK
              </button>
            </div>
          ) : null}
          {q?.hasUnavailable ? (
            <div className="alert alert--danger cart-notice" role="alert" data-testid="unavailable-notice">
              <AlertIcon />
              <div>
                <p className="alert__title">Some items can&rsquo;t be ordered right now</p>
                <p>Remove them to continue to checkout.</p>
              </div>
            </div>
          ) : null}
          <ul className="cart-list" role="list">
            {items.map((item) => {
              const line = lineOf(item);
              const unavailable = line && !line.available;
              const unit = line?.available ? line.unitPrice : item.price;
              return (
                <li
                  key={`${item.type}:${item.id}`}
                  className={`cart-line${unavailable ? ' is-unavailable' : ''}`}
                  data-testid="cart-line"
                  data-type={item.type}
                >
                  <div className="cart-line__media">
                    <ShakeImage src={item.image} />
                  </div>
                  <div className="cart-line__main">
                    <div className="cart-line__title">
                      <h2 className="cart-line__name">{line?.name || item.name}</h2>
                      {item.type === 'custom' ? <span className="badge badge--accent">Custom</span> : null}
                      {line?.isFreeUnit ? <span className="badge badge--success">1 free with your plan</span> : null}
                    </div>
                    {item.recipe ? <p className="cart-line__meta">{describeRecipe(item.recipe, ingredients.data, pricing.data)}</p> : null}
                    <p className="cart-line__unit">
                      <span className="price">{formatRupees(unit)}</span>
                      <span className="text-subtle"> each</span>
                      {line?.priceChanged && line.available && line.shownPrice !== null ? (
                        <span className="badge badge--warning cart-line__changed" data-testid="price-changed">
                          was {formatRupees(line.shownPrice)}
                        </span>
                      ) : null}
                    </p>
                    {unavailable ? (
                      <p className="cart-line__reason" data-testid="unavailable-reason">
                        {line.reason}
                      </p>
                    ) : null}
                  </div>
                  <div className="cart-line__controls">
                    <QuantityStepper
                      value={item.quantity}
                      label={item.name}
                      disabled={settling}
                      onChange={(n) => updateQuantity(item.id, item.type, n)}
                    />
                    <p className="price cart-line__total" data-testid="line-total">
                      {line ? (
                        line.available ? (
                          formatRupees(line.lineTotal)
                        ) : (
                          '—'
                        )
                      ) : (
                        <span className="skeleton" style={{ width: '3.5rem', height: '1.25rem', display: 'inline-block' }} />
                      )}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="cart-line__remove"
                    onClick={() => removeItem(item.id, item.type)}
                    disabled={settling}
                    aria-label={`Remove ${item.name} from your cart`}
                  >
                    <CloseIcon />
                  </button>
                </li>
              );
            })}
          </ul>
          <Link href="/signature-shakes" className="link-arrow cart-continue">
            Continue shopping <ArrowRightIcon />
          </Link>
        </section>

        <aside className="card summary-panel" aria-label="Order summary" aria-busy={quote.isFetching || undefined}>
          <h2 className="h4">Order summary</h2>
          {q ? (
            <Summary
              q={q}
              stale={quote.isPlaceholderData}
              promo={<PromoCode code={couponCode} outcome={q.coupon} busy={quote.isFetching} />}
            />
          ) : quote.isError || quote.fetchStatus === 'paused' ? (
            <QuoteError error={quote.error} paused={quote.fetchStatus === 'paused'} onRetry={() => void quote.refetch()} />
          ) : (
            <SummarySkeleton />
          )}
          {q && base.data ? (
            <PointsToggle base={base.data} applied={q} on={usePoints} onChange={setUsePoints} signedIn={!checkout.guest} />
          ) : null}
          <Button
            size="lg"
            block
            onClick={checkout.go}
            disabled={!q || q.hasUnavailable || checkout.waiting}
            loading={checkout.waiting}
            data-testid="checkout"
          >
            {checkout.guest ? 'Sign in to check out' : 'Checkout'} <ArrowRightIcon />
          </Button>
          {q?.hasUnavailable ? (
            <p className="text-sm text-muted cart-summary__hint">Remove the items that can&rsquo;t be ordered to continue.</p>
          ) : null}
          <p className="check-line text-sm text-subtle">
            <ShieldIcon /> Secure payment with UPI, cards, net banking or cash on delivery.
          </p>
        </aside>
      </div>
    </div>
  );
}

function Summary({ q, stale, promo }: { q: Quote; stale: boolean; promo: ReactNode }) {
  // The server says how far the cart is from free delivery; the bar only draws it.
  const progress =
    q.freeDeliveryThreshold > 0
      ? Math.min(100, Math.round(((q.freeDeliveryThreshold - q.amountToFreeDelivery) / q.freeDeliveryThreshold) * 100))
      : 100;
  return (
    <div className={`summary-panel__body${stale ? ' is-stale' : ''}`} data-testid="quote">
      {q.amountToFreeDelivery > 0 ? (
        <div className="free-delivery" data-testid="free-delivery-progress">
          <p className="text-sm">
            <TruckIcon />
            <span>
              Add <strong>{formatRupees(q.amountToFreeDelivery)}</strong> more for free delivery
            </span>
          </p>
          <ProgressBar className="free-delivery__bar" label="Progress to free delivery" value={progress} max={100} />
        </div>
      ) : q.deliveryWaivedBy ? (
        <p className="free-delivery free-delivery--done text-sm" data-testid="free-delivery-done">
          <TruckIcon />
          <span>{q.deliveryWaivedBy === 'subscription' ? 'Free delivery with your subscription' : 'You get free delivery'}</span>
        </p>
      ) : null}
      {promo}
      <QuoteBreakdown quote={q} />
    </div>
  );
}

function SummarySkeleton() {
  return (
    <div className="summary-panel__body" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <span key={i} className="skeleton skeleton--text" style={{ height: '1.25rem' }} />
      ))}
    </div>
  );
}

/**
 * Checkout: a guest signs in first and comes back here (with ?checkout=1); once the cart has been
 * merged with the account's, we continue to /payment.
 */
function useCheckout(q: Quote | null) {
  const { status } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const syncing = useSyncExternalStore(onCartSyncChange, isCartSyncing, isCartSyncing);
  const resume = new URLSearchParams(search).get('checkout') === '1';
  const guest = status !== 'authenticated';
  useEffect(() => {
    if (resume && status === 'authenticated' && !syncing && q && !q.hasUnavailable) navigate('/payment', { replace: true });
  }, [resume, status, syncing, q, navigate]);
  return {
    guest,
    waiting: status === 'loading' || (resume && !guest && syncing),
    go: () => {
      if (guest) {
        sessionStorage.setItem(RETURN_TO_KEY, '/cart?checkout=1');
        navigate('/auth');
        return;
      }
      navigate('/payment');
    },
  };
}
