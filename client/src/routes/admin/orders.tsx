import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button, LinkButton } from '../../components/button';
import { AdminPager, EmptyRow } from './admin-pager';
import { Field, Input, Select, Textarea } from '../../components/input';
import { toast } from '../../components/toast';
import { ArrowRightIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { Modal } from '../../components/modal';
import { OrderBreakdown } from '../../features/cart/price-breakdown';
import { downloadFile } from '../../features/orders/download-file';
import { paymentBadge, STATUS_BADGE, timelineNote } from '../../features/orders/order-format';
import type { AdminOrderDetail, AdminOrdersInput } from '../../../../shared/schemas/order-lifecycle';
import { formatRupees, parseRupees, rupeesInput } from '../../../../shared/rules/money';
import { formatSlotDate, formatSlotRange } from '../../../../shared/rules/slots';
import { formatIndianMobile } from '../../../../shared/rules/india';
import { paymentFilterOptions, paymentStatusTone } from '../../../../shared/rules/payment-labels';
import { ORDER_STATUS_LABELS, PAYMENT_STATUSES, type OrderStatus } from '../../../../shared/rules/order-rules';
import '../../features/checkout/checkout.css';
import '../../features/orders/orders.css';
import './admin-orders.css';
import { formatDate } from '../../../../shared/rules/dates';
import { timelineHeadings } from '../../../../shared/rules/order-lifecycle';

const PAGE_SIZE = 20;
const NEXT_LABEL: Partial<Record<OrderStatus, string>> = {
  preparing: 'Start preparing',
  out_for_delivery: 'Send out for delivery',
  delivered: 'Mark delivered',
};

type Filters = Omit<AdminOrdersInput, 'page' | 'pageSize'>;

function readFilters(params: URLSearchParams): Filters & { page: number } {
  const f: Filters & { page: number } = { page: Math.max(1, Number(params.get('page')) || 1) };
  const status = params.get('status');
  if (status && status in ORDER_STATUS_LABELS) f.status = status as OrderStatus;
  const pay = params.get('payment');
  if (pay && (PAYMENT_STATUSES as readonly string[]).includes(pay)) f.paymentStatus = pay as Filters['paymentStatus'];
  const date = params.get('date');
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) f.date = date;
  const slot = params.get('slot');
  if (slot) f.slotId = slot;
  const q = params.get('q');
  if (q) f.search = q.slice(0, 100);
  return f;
}

function toQuery(f: Filters & { page?: number; id?: string | null }): string {
  const p = new URLSearchParams();
  if (f.id) p.set('id', f.id);
  if (f.status) p.set('status', f.status);
  if (f.paymentStatus) p.set('payment', f.paymentStatus);
  if (f.date) p.set('date', f.date);
  if (f.slotId) p.set('slot', f.slotId);
  if (f.search) p.set('q', f.search);
  if (f.page && f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** /admin/orders: the orders desk — filters, search, paging, CSV export, and one order's detail (?id=). */
export default function AdminOrdersPage() {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = params.get('id');
  usePageTitle(id ? 'Order' : 'Orders');
  return id ? <OrderDesk id={id} back={`/orders${toQuery(readFilters(params))}`} /> : <OrdersList params={params} />;
}

function OrdersList({ params }: { params: URLSearchParams }) {
  const [, navigate] = useLocation();
  const filters = readFilters(params);
  const [term, setTerm] = useState(filters.search ?? '');
  const [exporting, setExporting] = useState(false);
  const set = (patch: Partial<Filters & { page: number }>) =>
    navigate(`/orders${toQuery({ ...filters, page: 1, ...patch })}`, { replace: true });

  // Search as you type, without a request per keystroke.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((term.trim() || undefined) !== filters.search) set({ search: term.trim() || undefined });
    }, 300);
    return () => clearTimeout(t);
  }, [term]);

  const { page, ...query } = filters;
  const list = trpc.adminOrders.list.useQuery(
    { ...query, page, pageSize: PAGE_SIZE },
    { placeholderData: (prev) => prev, refetchInterval: 30_000 },
  );
  const total = list.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = Object.keys(query).length > 0;

  return (
    <section className="admin-page" data-page="admin/orders">
      <header className="admin-page__header admin-orders__header">
        <div>
          <p className="eyebrow">Operations</p>
          <h1 className="h2">Orders</h1>
        </div>
        <div className="cluster">
          <LinkButton href="/audit-log?entity=order" variant="ghost" size="sm">
            Audit log
          </LinkButton>
          <Button
            variant="secondary"
            size="sm"
            loading={exporting}
            data-testid="export-csv"
            onClick={async () => {
              setExporting(true);
              try {
                const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined) as [string, string][]).toString();
                await downloadFile(`/api/admin/orders/export.csv${qs ? `?${qs}` : ''}`, 'hydro-shakes-orders.csv');
              } catch (e) {
                toast({ title: 'Export failed', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
              } finally {
                setExporting(false);
              }
            }}
          >
            Export CSV
          </Button>
        </div>
      </header>

      <div className="admin-orders__filters card card--padded">
        <Field label="Search" className="admin-orders__search">
          {(p) => (
            <Input
              {...p}
              type="search"
              placeholder="Order number, e-mail, name or phone"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              maxLength={100}
            />
          )}
        </Field>
        <Field label="Status">
          {(p) => (
            <Select
              {...p}
              value={filters.status ?? ''}
              onChange={(e) => set({ status: (e.target.value || undefined) as OrderStatus | undefined })}
            >
              <option value="">All statuses</option>
              {Object.entries(ORDER_STATUS_LABELS).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Payment">
          {(p) => (
            <Select
              {...p}
              value={filters.paymentStatus ?? ''}
              onChange={(e) => set({ paymentStatus: (e.target.value || undefined) as Filters['paymentStatus'] })}
            >
              <option value="">All payments</option>
              {paymentFilterOptions().map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Delivery date">
          {(p) => <Input {...p} type="date" value={filters.date ?? ''} onChange={(e) => set({ date: e.target.value || undefined })} />}
        </Field>
        <Field label="Slot">
          {(p) => (
            <Select {...p} value={filters.slotId ?? ''} onChange={(e) => set({ slotId: e.target.value || undefined })}>
              <option value="">All slots</option>
              {list.data?.slots.map((s) => (
                <option key={s.id} value={s.id}>
                  {formatSlotRange(s.startTime, s.endTime)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <div className="admin-pager">
        <p className="text-sm text-subtle" aria-live="polite" data-testid="orders-total">
          {list.data ? `${total.toLocaleString('en-IN')} ${total === 1 ? 'order' : 'orders'}${filtered ? ' match' : ''}` : ''}
        </p>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setTerm('');
              navigate('/orders', { replace: true });
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>

      {list.isError ? <FormAlert kind="danger">{messageOf(list.error, 'Orders could not be loaded.')}</FormAlert> : null}

      <div className="table-wrap card admin-orders__table" tabIndex={0} role="region" aria-label="Orders">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              {/* Status second: on a 375 px phone it is the column the kitchen needs, and it stays on screen. */}
              <th scope="col">Status</th>
              <th scope="col" className="admin-orders__wide">
                Customer
              </th>
              <th scope="col">Delivery</th>
              <th scope="col" className="num">
                Total
              </th>
              <th scope="col" className="admin-orders__wide">
                Payment
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data?.orders.map((o) => (
              <tr
                key={o.id}
                className="admin-table-row"
                data-testid="admin-order-row"
                onClick={() => navigate(`/orders${toQuery({ ...filters, id: o.id })}`)}
              >
                <td>
                  <Link href={`/orders${toQuery({ ...filters, id: o.id })}`} className="admin-orders__number">
                    {o.number}
                  </Link>
                  <span className="admin-orders__sub">{formatDate(o.placedAt, 'dateTime')}</span>
                </td>
                <td>
                  <span className={`badge ${STATUS_BADGE[o.status]}`} data-testid="admin-order-status">
                    {o.labels.status}
                  </span>
                </td>
                <td className="admin-orders__wide">
                  <span className="admin-orders__name">{o.customerName || '—'}</span>
                  <span className="admin-orders__sub">{o.email}</span>
                </td>
                <td>
                  {formatSlotDate(o.slot.date)}
                  <span className="admin-orders__sub">{formatSlotRange(o.slot.startTime, o.slot.endTime)}</span>
                </td>
                <td className="num tabular">
                  {formatRupees(o.total)}
                  <span className="admin-orders__sub">
                    {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'}
                  </span>
                </td>
                <td className="admin-orders__wide">
                  <span className={`badge ${paymentBadge(paymentStatusTone(o.paymentStatus))}`}>{o.labels.paymentStatus}</span>
                  <span className="admin-orders__sub">
                    {o.labels.paymentMethod}
                    {o.refunded ? ` · ${formatRupees(o.refunded)} refunded` : ''}
                  </span>
                </td>
              </tr>
            ))}
            {list.data && list.data.orders.length === 0 ? (
              <EmptyRow colSpan={6}>{filtered ? 'No order matches these filters.' : 'No orders yet.'}</EmptyRow>
            ) : null}
          </tbody>
        </table>
      </div>
      <AdminPager page={page} pages={pages} onPage={(p) => set({ page: p })} />
    </section>
  );
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Rupees as typed ("120", "99.50") → paise, or null when it is not an amount. */
/** A refund the gateway finally refused: sent again under its same key (never twice at the gateway). */
function RetryRefund({ id, onDone }: { id: string; onDone(): void }) {
  const retry = trpc.payments.retryRefund.useMutation({
    onSuccess(r) {
      toast({ title: r.status === 'failed' ? 'The gateway refused the refund again' : 'Refund sent again', variant: r.status === 'failed' ? 'destructive' : 'success' });
      onDone();
    },
    onError(e) {
      toast({ title: 'Not sent', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
    },
  });
  return (
    <Button size="sm" variant="ghost" loading={retry.isPending} onClick={() => retry.mutate({ id })}>
      Retry
    </Button>
  );
}

function OrderDesk({ id, back }: { id: string; back: string }) {
  const utils = trpc.useUtils();
  const q = trpc.adminOrders.get.useQuery({ id }, { refetchInterval: 20_000 });
  const [dialog, setDialog] = useState<null | 'cancel' | 'refund'>(null);
  const done = (d: AdminOrderDetail, title: string, description?: string) => {
    utils.adminOrders.get.setData({ id }, d);
    void utils.adminOrders.list.invalidate();
    toast({ title, description, variant: 'success' });
  };
  const fail = (e: unknown) => toast({ title: 'Not done', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
  const setStatus = trpc.adminOrders.setStatus.useMutation({
    onSuccess: (d) => done(d, `${d.order.number}: ${d.order.labels.status}`),
    onError: fail,
  });
  const markPaid = trpc.adminOrders.markPaid.useMutation({
    onSuccess: (d) => done(d, 'Cash received', `Invoice ${d.order.invoiceNumber ?? ''}`),
    onError: fail,
  });

  if (q.isError) {
    return (
      <section className="admin-page">
        <Link href={back} className="link-arrow text-sm">
          ← All orders
        </Link>
        <FormAlert kind="danger">{messageOf(q.error, 'This order could not be loaded.')}</FormAlert>
      </section>
    );
  }
  if (!q.data) return <span className="skeleton" style={{ height: '24rem' }} aria-busy="true" />;
  const d = q.data;
  const o = d.order;
  const tone = paymentStatusTone(o.paymentStatus);
  const headings = timelineHeadings(o.timeline);

  return (
    <section className="admin-page admin-order" data-page="admin/order" data-testid="admin-order">
      <Link href={back} className="link-arrow text-sm admin-order__back">
        <ArrowRightIcon style={{ transform: 'rotate(180deg)' }} aria-hidden="true" /> All orders
      </Link>
      <header className="admin-order__header">
        <div>
          <p className="eyebrow">Order</p>
          <h1 className="h2">{o.number}</h1>
          <p className="text-sm text-subtle">Placed {formatDate(o.placedAt, 'dateTime')}</p>
        </div>
        <div className="cluster">
          <span className={`badge ${STATUS_BADGE[o.status]}`} data-testid="admin-order-status">
            {o.labels.status}
          </span>
          <span className={`badge ${paymentBadge(tone)}`}>{o.labels.paymentStatus}</span>
        </div>
      </header>

      <div className="admin-order__actions card card--padded">
        {d.nextStatus ? (
          <Button
            loading={setStatus.isPending}
            data-testid="next-status"
            onClick={() => setStatus.mutate({ id, status: d.nextStatus as 'preparing' | 'out_for_delivery' | 'delivered' })}
          >
            {NEXT_LABEL[d.nextStatus] ?? d.nextStatus}
          </Button>
        ) : null}
        {d.canMarkPaid ? (
          <Button variant="secondary" loading={markPaid.isPending} onClick={() => markPaid.mutate({ id })} data-testid="mark-paid">
            Cash received ({formatRupees(o.breakdown.total)})
          </Button>
        ) : null}
        {d.refundable > 0 ? (
          <Button variant="secondary" onClick={() => setDialog('refund')} data-testid="refund">
            Refund…
          </Button>
        ) : null}
        {o.invoiceNumber ? (
          <a className="btn btn--ghost" href={`/order/${o.id}?invoice=1`} target="_blank" rel="noreferrer">
            Invoice {o.invoiceNumber}
          </a>
        ) : null}
        {d.canCancel ? (
          <Button variant="ghost" className="admin-order__cancel" onClick={() => setDialog('cancel')} data-testid="admin-cancel">
            Cancel order…
          </Button>
        ) : null}
        {!d.nextStatus && !d.canCancel && !d.refundable && !d.canMarkPaid ? (
          <p className="text-sm text-subtle">Nothing left to do for this order.</p>
        ) : null}
        {o.status === 'pending_payment' ? (
          <p className="text-sm text-subtle">Waiting for the online payment; the payment confirms it.</p>
        ) : null}
      </div>

      <div className="admin-order__grid">
        <section className="card card--padded stack" aria-labelledby="ao-items">
          <h2 className="h4" id="ao-items">
            Items
          </h2>
          <table className="invoice-table">
            <tbody>
              {o.lines.map((l, i) => (
                <tr key={i}>
                  <td>
                    {l.quantity} × {l.name}
                    {l.type === 'custom' ? <span className="invoice-table__note">Custom shake</span> : null}
                  </td>
                  <td className="num">{formatRupees(l.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <OrderBreakdown order={o} />
        </section>

        <div className="stack">
          <section className="card card--padded stack stack--sm" aria-labelledby="ao-customer">
            <h2 className="h4" id="ao-customer">
              Customer
            </h2>
            <p className="admin-order__fact">
              <strong>{d.customer.name || o.address.name}</strong>
            </p>
            <p className="admin-order__fact">
              <MailIcon aria-hidden="true" />
              <a href={`mailto:${d.customer.email}`} className="link">
                {d.customer.email}
              </a>
            </p>
            <p className="admin-order__fact">
              <PhoneIcon aria-hidden="true" />
              <span>
                <a href={`tel:${d.customer.phone}`}>{formatIndianMobile(d.customer.phone)}</a>
                {d.customer.mobile && d.customer.mobile !== d.customer.phone ? (
                  <span className="text-subtle text-sm"> (account: {formatIndianMobile(d.customer.mobile)})</span>
                ) : null}
              </span>
            </p>
            <Link href={`/customers?id=${d.customer.id}`} className="link text-sm">
              Customer record
            </Link>
          </section>
          <section className="card card--padded stack stack--sm" aria-labelledby="ao-delivery">
            <h2 className="h4" id="ao-delivery">
              Delivery
            </h2>
            <p className="admin-order__fact">
              <ClockIcon aria-hidden="true" />
              <span>
                {formatSlotDate(o.slot.date, { year: true })}, {formatSlotRange(o.slot.startTime, o.slot.endTime)}
              </span>
            </p>
            <p className="admin-order__fact">
              <MapPinIcon aria-hidden="true" />
              <span>
                {o.address.name},{' '}
                {[o.address.line1, o.address.line2, o.address.landmark ? `near ${o.address.landmark}` : null].filter(Boolean).join(', ')},{' '}
                {o.address.city} {o.address.pincode}
              </span>
            </p>
          </section>
          <section className="card card--padded stack stack--sm" aria-labelledby="ao-payment">
            <h2 className="h4" id="ao-payment">
              Payment
            </h2>
            <p className="text-sm">
              {o.labels.paymentMethod} · {o.labels.paymentStatus}
              {o.paidAt ? ` · ${formatDate(o.paidAt, 'dateTime')}` : ''}
            </p>
            {d.payments.map((p) => (
              <p key={p.id} className="text-xs text-subtle tabular">
                {p.gatewayPaymentId} · {formatRupees(p.amount)} · {p.status}
                {p.refunded ? ` · ${formatRupees(p.refunded)} refunded` : ''}
              </p>
            ))}
            {d.refunds.length ? (
              <ul className="admin-order__refunds">
                {d.refunds.map((r) => (
                  <li key={r.id}>
                    <span className="tabular">{formatRupees(r.amount)}</span>{' '}
                    {r.status === 'processed' ? 'refunded' : r.status === 'pending' ? 'refund pending' : 'refund failed'}
                    <span className="text-subtle"> · {r.reason}</span>
                    {r.status === 'failed' ? <RetryRefund id={r.id} onDone={() => void utils.adminOrders.get.invalidate({ id })} /> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        </div>
      </div>

      <section className="card card--padded" aria-labelledby="ao-timeline">
        <h2 className="h4" id="ao-timeline">
          Timeline
        </h2>
        <ol className="order-timeline">
          {o.timeline.map((e, i) => (
            <li key={i} data-status={e.status}>
              <span className="order-timeline__dot" aria-hidden="true" />
              <span>
                <strong data-testid="timeline-heading">{headings[i]}</strong>
                <span className="text-sm text-subtle">
                  {' '}
                  · {formatDate(e.at, 'dateTime')} ·{' '}
                  {e.actor === 'admin' ? 'Hydro Shakes team' : e.actor === 'gateway' ? 'payment gateway' : e.actor}
                </span>
                {timelineNote(headings[i]!, e.note) ? (
                  <span className="order-timeline__note text-sm text-muted">{timelineNote(headings[i]!, e.note)}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <CancelDialog
        open={dialog === 'cancel'}
        detail={d}
        onClose={() => setDialog(null)}
        onDone={(x) => done(x, `${x.order.number} cancelled`, x.refunds.length ? 'The payment is being refunded in full.' : undefined)}
      />
      {dialog === 'refund' ? <RefundDialog detail={d} onClose={() => setDialog(null)} onDone={(x) => done(x, 'Refund started')} /> : null}
    </section>
  );
}

function CancelDialog({
  open,
  detail,
  onClose,
  onDone,
}: {
  open: boolean;
  detail: AdminOrderDetail;
  onClose(): void;
  onDone(d: AdminOrderDetail): void;
}) {
  const [reason, setReason] = useState('');
  const cancel = trpc.adminOrders.cancel.useMutation({
    onSuccess(d) {
      onDone(d);
      onClose();
    },
  });
  const o = detail.order;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Cancel ${o.number}?`}
      testId="admin-cancel-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
          <Button
            variant="danger"
            loading={cancel.isPending}
            disabled={reason.trim().length < 3}
            onClick={() => cancel.mutate({ id: o.id, reason: reason.trim() })}
          >
            Cancel order
          </Button>
        </>
      }
    >
      <p className="text-muted">
        The slot is released and the customer is told by e-mail.
        {detail.refundable > 0 ? ` ${formatRupees(detail.refundable)} is refunded to the customer in full.` : ''}
      </p>
      <Field label="Reason (the customer sees it)" error={cancel.error ? messageOf(cancel.error, 'Not cancelled.') : undefined}>
        {(p) => <Textarea {...p} rows={3} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
    </Modal>
  );
}

function RefundDialog({ detail, onClose, onDone }: { detail: AdminOrderDetail; onClose(): void; onDone(d: AdminOrderDetail): void }) {
  const [amount, setAmount] = useState(rupeesInput(detail.refundable));
  const [reason, setReason] = useState('');
  // One key per dialog: a double click (or a retry after a timeout) is the same refund.
  const [key] = useState(newKey);
  const refund = trpc.adminOrders.refund.useMutation({
    onSuccess(d) {
      onDone(d);
      onClose();
    },
  });
  const paise = parseRupees(amount);
  const amountError =
    paise === null
      ? 'Enter an amount in rupees, like 120 or 99.50.'
      : paise > detail.refundable
        ? `At most ${formatRupees(detail.refundable)} can be refunded.`
        : paise < 100
          ? 'The smallest refund is ₹1.'
          : undefined;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Refund ${detail.order.number}`}
      testId="refund-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={refund.isPending}
            disabled={!!amountError || reason.trim().length < 3}
            onClick={() => refund.mutate({ id: detail.order.id, amount: paise!, reason: reason.trim(), idempotencyKey: key })}
            data-testid="confirm-refund"
          >
            Refund {paise && !amountError ? formatRupees(paise) : ''}
          </Button>
        </>
      }
    >
      <p className="text-muted">Up to {formatRupees(detail.refundable)} can still be refunded to the customer’s original payment method.</p>
      <Field label="Amount (₹)" error={amount ? amountError : undefined}>
        {(p) => <Input {...p} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
      </Field>
      <Field label="Reason" error={refund.error ? messageOf(refund.error, 'Not refunded.') : undefined}>
        {(p) => <Textarea {...p} rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
    </Modal>
  );
}
