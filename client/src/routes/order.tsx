import { lazy, Suspense } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { DeliveryCard } from '../features/orders/delivery-card';
import { DeliveryPhoto } from '../features/orders/delivery-photo';
import { trpc } from '../lib/trpc';
import { useAuth } from '../features/auth/auth-context';
import { usePageTitle } from '../components/page-title';
import { NotFoundCard } from '../components/not-found-card';
import { PageLoader } from '../components/page-loader';
import { LinkButton } from '../components/button';
import { ShakeImage } from '../components/shake-card';
import { AlertIcon, CheckIcon, ClockIcon, MapPinIcon, PackageIcon } from '../components/icons';
import { appCodeOf } from '../features/checkout/errors';
import type { Order } from '../../../shared/schemas/orders';
import { formatRupees } from '../../../shared/rules/money';
import { formatSlotDate, formatSlotRange } from '../../../shared/rules/slots';
import { formatIndianMobile } from '../../../shared/rules/india';
import { paymentStatusTone } from '../../../shared/rules/payment-labels';
import '../features/checkout/checkout.css';
import { useLiveOrder } from '../features/orders/use-live-order';
import { OrderProgress } from '../features/orders/order-progress';
import { CancelOrder, InvoiceLink, ReorderButton } from '../features/orders/order-actions';
import { InvoicePage } from '../features/orders/invoice-view';
import { OrderBreakdown } from '../features/cart/price-breakdown';
import { OrderReviews } from '../features/reviews/order-reviews';
import { timelineHeadings } from '../../../shared/rules/order-lifecycle';
import { OrderTimeline } from '../features/orders/order-timeline';
import { paymentBadge } from '../features/orders/order-format';
import '../features/orders/orders.css';
import { formatDate } from '../../../shared/rules/dates';
import { LoadError } from '../components/load-error';
import { Section } from '../components/section';

// Offered under an order still to come; the Push API's plumbing loads only then.
const PushOffer = lazy(() => import('../features/notifications/push-controls').then((m) => ({ default: m.PushOffer })));


const STATUS_TONE: Record<Order['status'], string> = {
  pending_payment: 'badge--warning',
  confirmed: 'badge--success',
  preparing: 'badge--info',
  out_for_delivery: 'badge--info',
  delivered: 'badge--success',
  cancelled: 'badge--danger',
};

/** /order/{id}: the confirmation and order detail (owner or admin; the server answers 404 to anyone else); ?invoice=1 is its tax invoice. */
export default function OrderPage() {
  const { id } = useParams<{ id: string }>();
  const invoice = new URLSearchParams(useSearch()).get('invoice') === '1';
  return invoice && id ? <InvoicePage orderId={id} /> : <OrderDetail />;
}

function OrderDetail() {
  const { id } = useParams<{ id: string }>();
  const { user } = useAuth();
  const justPlaced = new URLSearchParams(useSearch()).get('placed') === '1';
  const order = trpc.orders.get.useQuery(
    { id: id ?? '' },
    { enabled: !!id, retry: (n, e) => appCodeOf(e) !== 'NOT_FOUND' && n < 1 },
  );
  usePageTitle(order.data ? `Order ${order.data.number}` : 'Your order');
  // Live status while something can still change: the admin moves it, a payment or refund lands.
  const d = order.data;
  const live = useLiveOrder(
    id,
    !!d && (d.status !== 'delivered' || d.refund.pending > 0) && (d.status !== 'cancelled' || d.refund.pending > 0 || d.canPay),
  );

  if (order.isLoading) return <PageLoader />;
  if (order.isError) {
    if (appCodeOf(order.error) === 'NOT_FOUND' || appCodeOf(order.error) === 'BAD_REQUEST') {
      return <NotFoundCard message="We couldn’t find that order. It may belong to another account." />;
    }
    return (
      <div className="container page">
        <LoadError message="We couldn’t load this order" onRetry={() => void order.refetch()} />
      </div>
    );
  }
  const o = order.data!;
  const paymentTone = paymentStatusTone(o.paymentStatus);
  const headings = timelineHeadings(o.timeline, statusWord);

  return (
    <div className="container page order-page" data-page="order" data-testid="order-page">
      {justPlaced && (o.status === 'confirmed' || o.paymentStatus === 'paid') ? (
        <div className="order-thanks" role="status" data-testid="order-confirmed">
          <span className="order-thanks__icon" aria-hidden="true">
            <CheckIcon />
          </span>
          <div>
            <h1 className="h3">Thank you! Your order is confirmed.</h1>
            <p className="text-muted" data-testid="order-confirmed-told">
              We&rsquo;ll blend it fresh the morning of delivery.{' '}
              {user?.email && user.email_verified ? `A confirmation e-mail is on its way to ${user.email}.` : 'This page follows your order live, and every change is in your messages.'}
            </p>
            {o.pointsToEarn > 0 ? (
              <p className="order-thanks__points" data-testid="order-points">
                {o.paymentStatus === 'paid' && o.paymentMethod !== 'wallet'
                  ? `You earned ${o.pointsToEarn} reward points with this order.`
                  : `This order earns ${o.pointsToEarn} reward points when it is delivered.`}{' '}
                <Link href="/profile?tab=rewards">See your points</Link>
              </p>
            ) : null}
          </div>
        </div>
      ) : null}

      <header className="order-header">
        <div>
          <p className="eyebrow">Order</p>
          {justPlaced && o.status === 'confirmed' ? <h2 className="h2">{o.number}</h2> : <h1 className="h2">{o.number}</h1>}
          <p className="text-muted text-sm">Placed {formatDate(o.placedAt, 'dateTime')}</p>
        </div>
        <div className="order-header__side">
          <span className={`badge order-status-badge ${STATUS_TONE[o.status]}`} data-testid="order-status">
            {o.labels.status}
          </span>
          {live || (o.status !== 'delivered' && o.status !== 'cancelled') ? (
            <span className="order-live" data-on={live} data-testid="order-live" title={live ? 'This page updates by itself' : undefined}>
              <span className="order-live__dot" aria-hidden="true" />
              {live ? 'Live updates' : 'Connecting…'}
            </span>
          ) : null}
        </div>
      </header>

      <OrderProgress order={o} />
      <DeliveryCard order={o} />
      {o.status === 'confirmed' || o.status === 'preparing' ? (
        <Suspense fallback={null}>
          <PushOffer />
        </Suspense>
      ) : null}

      <div className="order-actions">
        <InvoiceLink order={o} />
        <ReorderButton order={o} />
        <CancelOrder order={o} />
      </div>

      {o.status === 'cancelled' && o.labels.cancelReason ? (
        <div className="alert alert--warning" role="note">
          <AlertIcon />
          <p>{o.labels.cancelReason}.</p>
        </div>
      ) : null}

      {o.canPay ? (
        <section className="card card--padded order-pay" aria-label="Payment">
          <p className="order-pay__title">
            <ClockIcon /> Waiting for payment of <strong className="tabular">{formatRupees(o.breakdown.total)}</strong>
            {o.expiresAt ? <> — pay by {formatDate(o.expiresAt, 'time')} to keep your slot</> : null}
          </p>
          {/* Razorpay Checkout is only ever loaded on /payment. */}
          <LinkButton href={`/payment?order=${o.id}`} data-testid="pay-now">
            Pay now
          </LinkButton>
        </section>
      ) : null}

      {o.status === 'delivered' ? <OrderReviews orderId={o.id} /> : null}

      <div className="order-grid">
        <Section className="card card--padded order-section" titleId="order-items" title="Items">
          <ul className="order-lines" role="list">
            {o.lines.map((l) => (
              <li key={`${l.type}:${l.itemId}`} className="order-line">
                <div className="order-line__media">
                  <ShakeImage src={l.image} />
                </div>
                <div className="order-line__main">
                  <p className="order-line__name">
                    {l.name}
                    {l.type === 'custom' ? <span className="badge badge--accent">Custom</span> : null}
                    {l.isFreeUnit ? <span className="badge badge--success">1 free</span> : null}
                  </p>
                  <p className="text-sm text-subtle">
                    {l.quantity} × {formatRupees(l.unitPrice)}
                  </p>
                </div>
                <p className="order-line__total tabular">{formatRupees(l.lineTotal)}</p>
              </li>
            ))}
          </ul>
          <OrderBreakdown order={o} totalTestId="order-total" />
        </Section>

        <div className="order-side">
          <Section className="card card--padded order-section" titleId="order-delivery" title="Delivery">
            <p className="order-fact" data-testid="order-slot">
              <ClockIcon />
              <span>
                <strong>{formatSlotDate(o.slot.date, { year: true })}</strong>
                <br />
                {formatSlotRange(o.slot.startTime, o.slot.endTime)}
                {o.slot.planType === 'subscription' ? (
                  <>
                    {' '}
                    <span className="badge badge--accent" data-testid="order-subscriber-slot">
                      Subscriber slot
                    </span>
                  </>
                ) : null}
              </span>
            </p>
            <p className="order-fact">
              <MapPinIcon />
              <span>
                <strong>{o.address.name}</strong>
                <br />
                {[o.address.line1, o.address.line2, o.address.landmark ? `Near ${o.address.landmark}` : null].filter(Boolean).join(', ')}
                <br />
                {o.address.city}, {o.address.state} {o.address.pincode}
                <br />
                <span className="text-subtle">{formatIndianMobile(o.address.phone)}</span>
              </span>
            </p>
            {o.deliveryPhoto ? <DeliveryPhoto photo={o.deliveryPhoto} /> : null}
          </Section>

          <Section className="card card--padded order-section" titleId="order-payment" title="Payment">
            <dl className="order-payment">
              <div>
                <dt>Method</dt>
                <dd data-testid="payment-method">{o.labels.paymentMethod}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  <span
                    className={`badge ${paymentBadge(paymentTone)}`}
                    data-testid="payment-status"
                  >
                    {o.labels.paymentStatus}
                  </span>
                </dd>
              </div>
              {o.invoiceNumber ? (
                <div>
                  <dt>Tax invoice</dt>
                  <dd>
                    <Link href={`/order/${o.id}?invoice=1`} className="link" data-testid="invoice-number">
                      {o.invoiceNumber}
                    </Link>
                  </dd>
                </div>
              ) : null}
            </dl>
            {o.paymentMethod === 'wallet' && o.refund.processed > 0 ? (
              <p className="order-refund-note" data-testid="order-refund">
                {formatRupees(o.refund.processed)} is back in your wallet, ready for your next order.
              </p>
            ) : o.refund.processed + o.refund.pending > 0 ? (
              <p className="order-refund-note" data-testid="order-refund">
                {o.refund.processed ? `${formatRupees(o.refund.processed)} refunded` : ''}
                {o.refund.processed && o.refund.pending ? ' · ' : ''}
                {o.refund.pending ? `${formatRupees(o.refund.pending)} refund on its way` : ''}. Banks usually take 5–7 working days.
              </p>
            ) : null}
          </Section>

          <Section
            className="card card--padded order-section"
            titleId="order-timeline"
            title={
              <>
                <PackageIcon /> Progress
              </>
            }
          >
            <OrderTimeline events={o.timeline} headings={headings} />
          </Section>
        </div>
      </div>

      <p className="order-footer-links">
        <Link href="/profile?tab=orders" className="link-arrow">
          All your orders
        </Link>
        <Link href="/signature-shakes" className="link-arrow">
          Order more shakes
        </Link>
      </p>
    </div>
  );
}

function statusWord(s: Order['status']): string {
  return {
    pending_payment: 'Placed',
    confirmed: 'Confirmed',
    preparing: 'Preparing',
    out_for_delivery: 'Out for delivery',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
  }[s];
}
