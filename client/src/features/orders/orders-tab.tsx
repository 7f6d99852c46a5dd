import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError, apiFetch } from '../../lib/api-fetch';
import { useAuth } from '../auth/auth-context';
import { LinkButton } from '../../components/button';
import { Pager } from '../../components/pager';
import { PackageIcon } from '../../components/icons';
import type { OrderHistory } from '../../../../shared/schemas/orders';
import { formatRupees } from '../../../../shared/rules/money';
import { paymentStatusTone } from '../../../../shared/rules/payment-labels';
import { paymentBadge, STATUS_BADGE } from './order-format';
import './orders.css';
import { formatDate } from '../../../../shared/rules/dates';
import { LoadError } from '../../components/load-error';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/empty-state';

/** Spec §9: orders page size 10. */
export const ORDERS_PAGE_SIZE = 10;
/** Spec §8 fallback text. */
export const ORDERS_FALLBACK_ERROR = 'Failed to fetch orders';

/** Spec §7: GET /api/user/orders?page={n}&pageSize={n} → { orders, totalCount } (and X-Total-Count). */
export async function fetchOrders(page: number, pageSize = ORDERS_PAGE_SIZE): Promise<OrderHistory> {
  try {
    return await apiFetch<OrderHistory>(`/api/user/orders?page=${page}&pageSize=${pageSize}`);
  } catch (e) {
    throw new Error(e instanceof ApiError && e.message ? e.message : ORDERS_FALLBACK_ERROR);
  }
}

/** /profile?tab=orders: the customer's orders, newest first, 10 a page (?page= keeps the place on back/forward). */
export default function OrdersTab() {
  const { user } = useAuth();
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const q = useQuery({
    queryKey: ['user-orders', user?.id, page],
    queryFn: () => fetchOrders(page),
    enabled: !!user,
    placeholderData: keepPreviousData,
  });
  const total = q.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const go = (p: number) => {
    navigate(p === 1 ? '/profile?tab=orders' : `/profile?tab=orders&page=${p}`);
    window.scrollTo({ top: 0 });
  };

  if (q.isError) {
    return (
      <LoadError testId="orders-error" message={q.error.message || ORDERS_FALLBACK_ERROR} onRetry={() => void q.refetch()} />
    );
  }
  if (!q.data) return <span className="skeleton" style={{ height: '16rem' }} aria-busy="true" />;

  if (total === 0) {
    return (
      <EmptyState
        icon={<PackageIcon />}
        title="No orders yet"
        heading="h2"
        headingClassName="h4"
        className="card card--padded"
        testId="orders-empty"
      >
        <p className="text-muted">Your orders will appear here, with live tracking from our kitchen to your door.</p>
        <LinkButton href="/signature-shakes">Browse signature shakes</LinkButton>
      </EmptyState>
    );
  }

  return (
    <Section
      className="orders-tab"
      data-testid="orders-tab"
      titleId="orders-heading"
      title="Your orders"
      headClassName="list-head"
      aside={
        <p className="text-sm text-subtle" aria-live="polite">
          {total.toLocaleString('en-IN')} {total === 1 ? 'order' : 'orders'}
        </p>
      }
    >
      <ul className="orders-list" data-testid="orders-list" aria-busy={q.isFetching || undefined}>
        {q.data.orders.map((o) => (
          <li key={o.id}>
            <Link href={`/order/${o.id}`} className="order-card" data-testid="order-card">
              <div className="stack stack--sm">
                <div className="order-card__head">
                  <p className="order-card__number">{o.number}</p>
                  <p className="order-card__date">{formatDate(o.placedAt, 'dateTime')}</p>
                </div>
                <div className="order-card__badges">
                  <span className={`badge ${STATUS_BADGE[o.status]}`} data-testid="order-card-status">
                    {o.labels.status}
                  </span>
                  <span className={`badge ${paymentBadge(paymentStatusTone(o.paymentStatus))}`}>{o.labels.paymentStatus}</span>
                  <span className="badge badge--outline">{o.labels.paymentMethod}</span>
                </div>
              </div>
              <div className="order-card__side">
                <span className="order-card__total tabular">{formatRupees(o.total)}</span>
                <span className="text-sm text-subtle">
                  {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'}
                </span>
              </div>
              <p className="order-card__items">{o.itemNames.join(', ')}</p>
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={go} label="Order pages" />
    </Section>
  );
}
