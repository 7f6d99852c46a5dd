import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button, LinkButton } from '../../components/button';
import { Pager } from '../../components/pager';
import { AdminTable, EmptyRow } from './admin-table';
import { FilterSelect, ListCount, SlotFilter, countOf } from './admin-ui';
import { OrderDesk } from './order-desk';
import { Field, Input } from '../../components/input';
import { toast } from '../../components/toast';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { downloadFile } from '../../features/orders/download-file';
import { paymentBadge, STATUS_BADGE } from '../../features/orders/order-format';
import type { AdminOrdersInput } from '../../../../shared/schemas/order-lifecycle';
import { formatRupees } from '../../../../shared/rules/money';
import { formatSlotDate, formatSlotRange } from '../../../../shared/rules/slots';
import { paymentFilterOptions, paymentStatusTone } from '../../../../shared/rules/payment-labels';
import { ORDER_STATUS_LABELS, PAYMENT_STATUSES, type OrderStatus } from '../../../../shared/rules/order-rules';
import './admin-orders.css';
import { formatDate } from '../../../../shared/rules/dates';

const PAGE_SIZE = 20;

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

  // Search as you type, without a request per keystroke. Read from the address each time: a filter
  // chosen while the search waits is kept, not overwritten by the filters of the keystroke's render.
  useEffect(() => {
    const current = readFilters(params);
    const search = term.trim() || undefined;
    if (search === current.search) return;
    const t = setTimeout(() => navigate(`/orders${toQuery({ ...current, page: 1, search })}`, { replace: true }), 300);
    return () => clearTimeout(t);
  }, [term, params, navigate]);

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
      <header className="admin-page__header admin-heading-row">
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
        <FilterSelect
          label="Status"
          value={filters.status ?? ''}
          onChange={(v) => set({ status: v || undefined })}
          any="All statuses"
          options={(Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).map((k) => ({ value: k, label: ORDER_STATUS_LABELS[k] }))}
        />
        <FilterSelect
          label="Payment"
          value={filters.paymentStatus ?? ''}
          onChange={(v) => set({ paymentStatus: v || undefined })}
          any="All payments"
          options={paymentFilterOptions()}
        />
        <Field label="Delivery date">
          {(p) => <Input {...p} type="date" value={filters.date ?? ''} onChange={(e) => set({ date: e.target.value || undefined })} />}
        </Field>
        <SlotFilter
          value={filters.slotId ?? ''}
          onChange={(v) => set({ slotId: v || undefined })}
          slots={list.data?.slots.map((s) => ({ id: s.id, label: formatSlotRange(s.startTime, s.endTime) }))}
        />
      </div>

      <div className="list-head">
        <ListCount testId="orders-total">{list.data ? `${countOf(total, 'order', 'orders')}${filtered ? ' match' : ''}` : ''}</ListCount>
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

      <AdminTable
        label="Orders"
        wrapClassName="card admin-orders__table"
        // Status second: on a 375 px phone it is the column the kitchen needs, and it stays on screen.
        columns={[
          'Order',
          'Status',
          { label: 'Customer', className: 'admin-orders__wide' },
          'Delivery',
          { label: 'Total', className: 'num' },
          { label: 'Payment', className: 'admin-orders__wide' },
        ]}
      >
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
      </AdminTable>
      <Pager page={page} pages={pages} onPage={(p) => set({ page: p })} label="Order pages" />
    </section>
  );
}
