import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { RequireAuth } from '../features/auth/guards';
import { useAuth } from '../features/auth/auth-context';
import { useCart } from '../features/cart/cart-store';
import { useCartQuote } from '../features/cart/use-cart-quote';
import { isCartSyncing, onCartSyncChange } from '../features/cart/cart-sync-state';
import { SignInOrRegister } from './auth';
import { NameStep } from '../features/auth/mobile-code';
import '../features/auth/auth.css';
import { setCouponCode, useCouponCode } from '../features/cart/coupon-code';
import { PromoCode } from '../features/cart/promo-code';
import { resetPointsChoice, usePointsQuote } from '../features/cart/use-points';
import { PointsToggle } from '../features/cart/points-toggle';
import { AddressPicker } from '../features/addresses/address-picker';
import { SlotPicker, type SlotSelection } from '../features/slots/slot-picker';
import { useRefreshDeliverySlots } from '../features/slots/use-slots';
import { useSlotPlanType, useSubscriptionPlan } from '../features/cart/use-subscription-plan';
import { useRefreshSubscription } from '../features/subscriptions/api';
import { idempotencyKeyFor, forgetIdempotencyKey } from '../features/checkout/idempotency';
import { usePayOrder } from '../features/checkout/use-pay-order';
import { loadRazorpay } from '../features/checkout/razorpay-checkout';
import { PaymentMethodPicker } from '../features/checkout/payment-method-picker';
import { CheckoutReview } from '../features/checkout/checkout-review';
import { PaymentPanel, TestModeBanner } from '../features/checkout/payment-panel';
import { appCodeOf, errorMessage } from '../features/checkout/errors';
import { trpc } from '../lib/trpc';
import { usePageTitle } from '../components/page-title';
import { Button, LinkButton } from '../components/button';
import { QuoteError } from '../features/cart/quote-error';
import { AlertIcon, ArrowRightIcon, BagIcon, ShieldIcon } from '../components/icons';
import type { Address } from '../../../shared/schemas/addresses';
import type { Order } from '../../../shared/schemas/orders';
import { checkoutMethods, type CheckoutMethod } from '../../../shared/rules/order-rules';
import { formatRupees } from '../../../shared/rules/money';
import { orderPlanTypeForSlot } from '../../../shared/rules/slots';
import { UnpaidOrderNotice } from '../features/checkout/unpaid-order-notice';
import { useCheckoutPrefill } from '../features/checkout/prefill';
import { WhatsAppOptIn } from '../features/notifications/notification-preferences';
import '../features/checkout/checkout.css';
import { EmptyState } from '../components/empty-state';

/**
 * /payment: a public route (spec §2). A guest sees checkout itself, its first step a sign-in /
 * sign-up panel (a mobile number and its code first, as on /auth, then e-mail); signing in there turns
 * the same page into the signed-in checkout, cart intact (the guest cart is merged into the account by
 * cart-sync), with no page switch. A new number's account is asked its name at the top of checkout.
 * /payment?order={id}: pay for an order already placed (after a failure or a closed window).
 * Razorpay's checkout.js is fetched here and nowhere else, and only in Razorpay mode.
 */
export default function PaymentPage() {
  usePageTitle('Checkout');
  const orderId = new URLSearchParams(useSearch()).get('order');
  const { status } = useAuth();
  const config = trpc.system.publicConfig.useQuery();
  useEffect(() => {
    // Warm it up while the shopper fills the form, so Pay opens Checkout at once.
    if (config.data?.paymentMode === 'razorpay') void loadRazorpay().catch(() => {});
  }, [config.data?.paymentMode]);
  if (status === 'unauthenticated') return <GuestCheckout resume={!!orderId} />;
  // While the stored session is checked (or the shop is out of reach): the guard's loader or notice.
  return <RequireAuth>{orderId ? <ResumePayment orderId={orderId} /> : <Checkout />}</RequireAuth>;
}

/** Checkout for a guest: step 1 is signing in or creating an account, on this page; the cart stays in view. */
function GuestCheckout({ resume }: { resume: boolean }) {
  const { items } = useCart();
  const couponCode = useCouponCode();
  const quote = useCartQuote(items, couponCode ? { couponCode } : {});
  const [mode, setMode] = useState<'login' | 'register'>('login');

  if (items.length === 0 && !resume) {
    return (
      <div className="container page checkout-page" data-page="payment">
        <EmptyState icon={<BagIcon />} title="Your cart is empty" heading="h1" headingClassName="h3" testId="checkout-empty">
          <p>Add a shake or two, then come back here to sign in, choose a delivery slot and pay.</p>
          <LinkButton href="/signature-shakes">
            Browse signature shakes <ArrowRightIcon />
          </LinkButton>
        </EmptyState>
      </div>
    );
  }

  const q = quote.data && items.length ? quote.data : null;
  return (
    <div className="container page checkout-page" data-page="payment" data-guest="">
      <header className="checkout-page__header">
        <p className="eyebrow">Checkout</p>
        <h1>Almost there</h1>
        <p className="text-muted">
          {resume ? 'Sign in to pay for your order.' : 'Sign in or create an account, then choose where and when we bring your shakes.'}
        </p>
      </header>

      <div className="summary-layout checkout-layout">
        <div className="checkout-steps">
          <section className="card checkout-step" aria-labelledby="step-account" data-testid="checkout-sign-in">
            <StepHeading n={1} id="step-account" title={mode === 'login' ? 'Sign in to continue' : 'Create your account'} done={false} />
            {/* As on /auth (a new number's name is asked next, here); Google's callback brings the shopper back here. */}
            <SignInOrRegister
              mode={mode}
              onMode={setMode}
              login={{ submitLabel: 'Sign in and continue' }}
              googleReturnTo={window.location.pathname + window.location.search}
            />
          </section>
          {resume ? null : (
            <>
              <section className="card checkout-step checkout-step--locked" aria-labelledby="step-slot" aria-disabled="true">
                <StepHeading n={2} id="step-slot" title="Delivery address, date and time" done={false} />
                <p className="text-sm text-muted">After you sign in: your saved addresses and the open delivery slots.</p>
              </section>
              <section className="card checkout-step checkout-step--locked" aria-labelledby="step-method" aria-disabled="true">
                <StepHeading n={3} id="step-method" title="Payment method" done={false} />
                <p className="text-sm text-muted">UPI, cards, net banking, wallets or cash on delivery.</p>
              </section>
            </>
          )}
        </div>

        {resume ? null : (
          <aside className="card summary-panel checkout-summary" aria-label="Your cart" aria-busy={quote.isFetching || undefined}>
            <h2 className="h4">Your cart</h2>
            {q ? (
              <CheckoutReview quote={q} stale={quote.isPlaceholderData} address={null} slot={null} />
            ) : quote.isError || quote.fetchStatus === 'paused' ? (
              <QuoteError error={quote.error} paused={quote.fetchStatus === 'paused'} onRetry={() => void quote.refetch()} />
            ) : (
              <div className="stack stack--sm" aria-hidden="true">
                {[0, 1, 2].map((i) => (
                  <span key={i} className="skeleton skeleton--text" />
                ))}
              </div>
            )}
            <p className="text-sm text-subtle">
              <Link href="/cart">Edit your cart</Link>
            </p>
          </aside>
        )}
      </div>
    </div>
  );
}

/** Paying for a placed online order that is still waiting for its payment. */
function ResumePayment({ orderId }: { orderId: string }) {
  const [, navigate] = useLocation();
  const order = trpc.orders.get.useQuery({ id: orderId }, { retry: false });
  const config = trpc.system.publicConfig.useQuery();
  const utils = trpc.useUtils();
  const pay = usePayOrder(
    useCallback(
      (o: Order) => {
        // The order's lines left the server cart when it was placed: this device follows the server copy now.
        void utils.cart.get.invalidate();
        navigate(`/order/${o.id}?placed=1`);
      },
      [navigate, utils],
    ),
  );
  const o = order.data;
  return (
    <div className="container container--narrow page checkout-page" data-page="payment">
      <header className="checkout-page__header">
        <p className="eyebrow">Payment</p>
        <h1>{o ? `Pay for order ${o.number}` : 'Pay for your order'}</h1>
      </header>
      {config.data?.paymentMode === 'test' ? <TestModeBanner /> : null}
      <section className="card summary-panel checkout-summary checkout-summary--resume" aria-label="Payment">
        {order.isLoading ? (
          <span className="skeleton skeleton--text" aria-hidden="true" />
        ) : !o ? (
          <div className="alert alert--danger" role="alert">
            <AlertIcon />
            <p>{order.error ? errorMessage(order.error) : 'We could not find that order.'}</p>
          </div>
        ) : !o.canPay ? (
          <div className="stack">
            <p>
              Order {o.number} can&rsquo;t be paid now:{' '}
              {o.paymentStatus === 'paid' ? 'it is already paid.' : (o.labels.cancelReason ?? 'the time to pay has run out.')}
            </p>
            <LinkButton href={`/order/${o.id}`} variant="secondary">
              See the order
            </LinkButton>
          </div>
        ) : (
          <>
            <dl className="breakdown">
              <div className="breakdown__total">
                <dt>To pay</dt>
                <dd data-testid="total">{formatRupees(o.breakdown.total)}</dd>
              </div>
            </dl>
            {pay.state.kind === 'idle' ? (
              <Button size="lg" block onClick={() => void pay.retry(o.id)} data-testid="pay">
                Pay {formatRupees(o.breakdown.total)}
              </Button>
            ) : (
              <PaymentPanel
                state={pay.state}
                number={o.number}
                total={o.breakdown.total}
                onTest={(x) => void pay.completeTest(x)}
                onRetry={() => void pay.retry(o.id)}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

interface Pending {
  orderId: string;
  number: string;
  total: number;
}

function Checkout() {
  const { user } = useAuth();
  // Just signed in with a new mobile number: the account has no name yet (asked first; the address form takes it).
  const needsName = !!user && !user.user_metadata.name;
  const [, navigate] = useLocation();
  const { items, clearCart } = useCart();
  // Just signed in on this page: the guest cart is being merged into the account's; pay once it is.
  const syncing = useSyncExternalStore(onCartSyncChange, isCartSyncing, isCartSyncing);
  const couponCode = useCouponCode();
  const { quote, base, usePoints, setUsePoints } = usePointsQuote(items, couponCode ? { couponCode } : {});
  const q = quote.data && items.length ? quote.data : null;
  const config = trpc.system.publicConfig.useQuery();
  const pricing = trpc.catalogue.pricing.useQuery();
  const refreshSlots = useRefreshDeliverySlots();
  // Subscribers whose plan includes them are offered the subscriber-only slots too.
  const slotPlanType = useSlotPlanType();
  const subscription = useSubscriptionPlan();
  const refreshSubscription = useRefreshSubscription();
  const utils = trpc.useUtils();

  const [address, setAddress] = useState<Address | null>(null);
  const [slot, setSlot] = useState<SlotSelection | null>(null);
  const [chosen, setChosen] = useState<CheckoutMethod | null>(null);
  const [placing, setPlacing] = useState(false);
  const [whatsappOptIn, setWhatsappOptIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const onAddress = useCallback((a: Address | null) => setAddress(a), []);
  const onSlot = useCallback((s: SlotSelection | null) => setSlot(s), []);
  const { slotClosed } = useCheckoutPrefill(slotPlanType, setAddress, setSlot);

  // The wallet's balance decides whether "Wallet" can pay this total (the server charges it again in the order's statement).
  const wallet = trpc.wallet.mine.useQuery({ page: 1, pageSize: 1 }, { enabled: !!user });
  const walletBalance = wallet.data?.balance ?? 0;
  const methods = useMemo(
    () =>
      q && pricing.data
        ? checkoutMethods({ totalPaise: q.total, codLimitPaise: pricing.data.codLimit, walletBalancePaise: walletBalance, formatRupees })
        : null,
    [q, pricing.data, walletBalance],
  );
  // The shopper's choice while it is allowed; otherwise the first method that is.
  const method: CheckoutMethod | null = methods
    ? (methods.find((m) => m.method === chosen && m.available)?.method ?? methods.find((m) => m.available)?.method ?? null)
    : null;

  const finish = useCallback(
    (order: Order) => {
      clearCart();
      setCouponCode('');
      resetPointsChoice();
      forgetIdempotencyKey();
      navigate(`/order/${order.id}?placed=1`);
    },
    [clearCart, navigate],
  );
  const pay = usePayOrder(finish);
  const testMode = config.data?.paymentMode === 'test';

  if (items.length === 0 && !pending) {
    return (
      <div className="container page checkout-page" data-page="payment">
        <UnpaidOrderNotice />
        <EmptyState icon={<BagIcon />} title="Your cart is empty" heading="h1" headingClassName="h3" testId="checkout-empty">
          <p>Add a shake or two, then come back here to choose a delivery slot and pay.</p>
          <LinkButton href="/signature-shakes">
            Browse signature shakes <ArrowRightIcon />
          </LinkButton>
        </EmptyState>
      </div>
    );
  }

  const missing = !address
    ? 'Choose a delivery address.'
    : !slot
      ? 'Choose a delivery slot.'
      : !method
        ? 'Choose how to pay.'
        : q?.coupon && !q.coupon.applied
          ? 'Remove the promo code or try another to continue.'
          : null;
  const canPlace = !!q && !q.hasUnavailable && !missing && !placing && !syncing && pay.state.kind !== 'busy';

  const placeOrder = async () => {
    if (!q || !address || !slot || !method) return;
    setError(null);
    setPlacing(true);
    const request = {
      lines: q.lines.map((l) => ({
        id: l.id,
        type: l.type,
        quantity: l.quantity,
        // The price on screen: the server refuses the order if it has changed since.
        shownPrice: l.unitPrice,
        ...(l.recipe ? { recipe: l.recipe } : {}),
      })),
      addressId: address.id,
      slotId: slot.slotId,
      date: slot.date,
      planType: orderPlanTypeForSlot(slot.planType),
      paymentMethod: method,
      ...(q.couponCode ? { couponCode: q.couponCode } : {}),
      // The points the review shows (the server prices them again and refuses if they no longer fit).
      ...(q.pointsToRedeem > 0 ? { pointsToRedeem: q.pointsToRedeem } : {}),
      // The WhatsApp box under the address: opts the customer in as the order is placed.
      ...(whatsappOptIn ? { whatsappOptIn: true } : {}),
    };
    try {
      const placed = await utils.client.orders.place.mutate({ ...request, idempotencyKey: idempotencyKeyFor(request) });
      if (!placed.payment) {
        if (method === 'wallet') void utils.wallet.invalidate();
        return finish(placed.order);
      }
      setPending({ orderId: placed.order.id, number: placed.order.number, total: placed.order.breakdown.total });
      await pay.collect(placed.order.id, placed.payment);
    } catch (e) {
      const code = appCodeOf(e);
      setError(errorMessage(e));
      if (code === 'SLOT_FULL' || code === 'SLOT_CLOSED') {
        setSlot(null);
        void refreshSlots(slot.date);
      }
      if (code === 'FORBIDDEN' && slot.planType === 'subscription') {
        // The plan stopped including subscriber slots meanwhile: offer the everyday ones.
        setSlot(null);
        refreshSubscription();
      }
      if (code === 'PRICE_CHANGED' || code === 'OUT_OF_STOCK' || code?.startsWith('COUPON_')) void quote.refetch();
      if (code === 'INSUFFICIENT_POINTS') void base.refetch();
      if (code === 'WALLET_INSUFFICIENT') void wallet.refetch();
    } finally {
      setPlacing(false);
    }
  };
  const payLabel = !q
    ? 'Pay'
    : method === 'cod'
      ? `Place order · ${formatRupees(q.total)}`
      : method === 'free'
        ? 'Place complimentary order'
        : method === 'wallet'
          ? `Pay ${formatRupees(q.total)} from wallet`
          : `Pay ${formatRupees(q.total)}`;

  return (
    <div className="container page checkout-page" data-page="payment">
      <header className="checkout-page__header">
        <p className="eyebrow">Checkout</p>
        <h1>Almost there</h1>
        <p className="text-muted">Where and when should we bring your shakes?</p>
      </header>

      {testMode ? <TestModeBanner /> : null}

      <UnpaidOrderNotice except={pending?.orderId} />

      <div className="summary-layout checkout-layout">
        <div className="checkout-steps">
          {needsName ? (
            // Just signed in with a new mobile number (the guest step): the account's name, then on with the order.
            <section className="card checkout-step" aria-labelledby="step-name" data-testid="checkout-name">
              <h2 className="h4" id="step-name">
                What should we call you?
              </h2>
              <p className="text-sm text-muted">You are signed in with your mobile number. Your cart is kept.</p>
              <NameStep onDone={() => {}} />
            </section>
          ) : null}
          <section className="card checkout-step" aria-labelledby="step-address">
            <StepHeading n={1} id="step-address" title="Delivery address" done={!!address} />
            {needsName ? (
              <p className="text-sm text-muted">Tell us your name above first: it goes on the delivery.</p>
            ) : (
              <AddressPicker
                value={address?.id ?? null}
                onChange={onAddress}
                defaults={{ name: user?.user_metadata.name, phone: user?.user_metadata.mobile }}
                title={null}
              />
            )}
            <WhatsAppOptIn checked={whatsappOptIn} onChange={setWhatsappOptIn} />
          </section>

          <section className="card checkout-step" aria-labelledby="step-slot">
            <StepHeading n={2} id="step-slot" title="Delivery date and time" done={!!slot} />
            {slotPlanType === 'subscription' ? (
              <p className="text-sm text-muted checkout-step__note" data-testid="subscriber-slots-note">
                Slots marked <span className="badge badge--accent">Subscribers</span> are reserved for members
                {subscription ? ` — included with your ${subscription.planName} plan` : ''}.
              </p>
            ) : null}
            {slotClosed && !slot ? (
              <div className="alert alert--warning" role="status" data-testid="prefill-slot-closed">
                <AlertIcon aria-hidden="true" />
                <span>{slotClosed}</span>
              </div>
            ) : null}
            <SlotPicker planType={slotPlanType} value={slot} onChange={onSlot} title={null} />
          </section>

          <section className="card checkout-step" aria-labelledby="step-method">
            <StepHeading n={3} id="step-method" title="Payment method" done={!!method} />
            {methods ? (
              <PaymentMethodPicker methods={methods} value={method} onChange={setChosen} testMode={testMode} walletBalance={walletBalance} />
            ) : (
              <span className="skeleton skeleton--text" style={{ height: '4rem' }} aria-hidden="true" />
            )}
          </section>
        </div>

        <aside className="card summary-panel checkout-summary" aria-label="Review your order" aria-busy={quote.isFetching || undefined}>
          <h2 className="h4">Review</h2>
          {q ? (
            <CheckoutReview
              quote={q}
              stale={quote.isPlaceholderData}
              address={address}
              slot={slot}
              discounts={
                <>
                  <PromoCode code={couponCode} outcome={q.coupon} busy={quote.isFetching} />
                  {base.data ? <PointsToggle base={base.data} applied={q} on={usePoints} onChange={setUsePoints} signedIn /> : null}
                </>
              }
            />
          ) : quote.isError || quote.fetchStatus === 'paused' ? (
            <QuoteError error={quote.error} paused={quote.fetchStatus === 'paused'} onRetry={() => void quote.refetch()} />
          ) : (
            <div className="stack stack--sm" aria-hidden="true">
              {[0, 1, 2, 3].map((i) => (
                <span key={i} className="skeleton skeleton--text" />
              ))}
            </div>
          )}

          {q?.hasUnavailable ? (
            <div className="alert alert--danger" role="alert">
              <AlertIcon />
              <p>
                Some items can&rsquo;t be ordered right now. <Link href="/cart">Review your cart</Link>.
              </p>
            </div>
          ) : null}

          {error ? (
            <div className="alert alert--danger" role="alert" data-testid="checkout-error">
              <AlertIcon />
              <p>{error}</p>
            </div>
          ) : null}

          {pending && pay.state.kind !== 'idle' ? (
            <PaymentPanel
              state={pay.state}
              number={pending.number}
              total={pending.total}
              onTest={(o) => void pay.completeTest(o)}
              onRetry={() => void pay.retry(pending.orderId)}
            />
          ) : (
            <>
              <Button size="lg" block onClick={() => void placeOrder()} disabled={!canPlace} loading={placing} data-testid="pay">
                {payLabel}
              </Button>
              {missing && q ? <p className="text-sm text-subtle checkout-summary__hint">{missing}</p> : null}
            </>
          )}
          <p className="check-line text-sm text-subtle">
            <ShieldIcon />{' '}
            {testMode
              ? 'Test mode: no real payment is taken.'
              : 'Payments are processed securely by Razorpay: UPI, cards, net banking, wallets, EMI and pay later.'}
          </p>
        </aside>
      </div>
    </div>
  );
}

function StepHeading({ n, id, title, done }: { n: number; id: string; title: string; done: boolean }) {
  return (
    <h2 className="checkout-step__title h4" id={id}>
      <span className="checkout-step__number" data-done={done || undefined} aria-hidden="true">
        {n}
      </span>
      {title}
    </h2>
  );
}

