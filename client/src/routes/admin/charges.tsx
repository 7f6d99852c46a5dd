import { useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, FilterSelect, ListCount, countOf } from './admin-ui';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { formatRupees } from '../../../../shared/rules/money';
import { formatDate } from '../../../../shared/rules/dates';
import { CHARGE_KIND_LABELS, paymentStatusLabel, paymentStatusTone } from '../../../../shared/rules/payment-labels';
import { CHARGE_KIND_VALUES, CHARGE_STATUS_VALUES, type AdminCharge } from '../../../../shared/schemas/payments';
import './admin-orders.css';

const PAGE_SIZE = 25;

type Kind = AdminCharge['kind'];
type Status = AdminCharge['status'];

const KIND: Record<Kind, string> = CHARGE_KIND_LABELS;
/** The spec's payment words (shared/rules/payment-labels.ts), with the badge their tone gives. */
const BADGE = { success: 'badge--success', danger: 'badge--danger', neutral: '' } as const;
const statusBadge = (s: Status) => (s === 'pending' ? 'badge--warning' : BADGE[paymentStatusTone(s)]);
const PROVIDER: Record<string, string> = { razorpay: 'Razorpay', test: 'Test mode', cod: 'Cash on delivery', wallet: 'Wallet' };

const isKind = (v: string | null): v is Kind => (CHARGE_KIND_VALUES as readonly string[]).includes(v ?? '');
const isStatus = (v: string | null): v is Status => (CHARGE_STATUS_VALUES as readonly string[]).includes(v ?? '');

/** /admin/charges: every rupee the shop asked for (decision 280), by kind and status, with its amounts and gateway ids. */
export default function ChargesPage() {
  usePageTitle('Charges');
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const kindParam = params.get('kind');
  const statusParam = params.get('status');
  const kind = isKind(kindParam) ? kindParam : '';
  const status = isStatus(statusParam) ? statusParam : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams({ ...(kind ? { kind } : {}), ...(status ? { status } : {}) });
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
      else next.set(k, String(v));
    }
    const s = next.toString();
    navigate(`/charges${s ? `?${s}` : ''}`, { replace: true });
  };

  const q = trpc.payments.adminCharges.useQuery({ kind: kind || undefined, status: status || undefined, page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });
  const total = q.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <AdminPage
      page="admin/charges"
      eyebrow="Money"
      title="Charges"
      intro="Every payment the shop asked for — orders, subscriptions, wallet top-ups and AutoPay debits — with what was taken and refunded."
      introClassName="text-sm text-subtle"
    >
      <div className="audit-filters card card--padded">
        <FilterSelect
          label="Kind"
          value={kind}
          onChange={(v) => go({ kind: v || undefined, page: 1 })}
          any="Every kind"
          options={CHARGE_KIND_VALUES.map((k) => ({ value: k, label: KIND[k] }))}
          testId="charges-kind"
        />
        <FilterSelect
          label="Status"
          value={status}
          onChange={(v) => go({ status: v || undefined, page: 1 })}
          any="Every status"
          options={CHARGE_STATUS_VALUES.map((s) => ({ value: s, label: paymentStatusLabel(s) }))}
          testId="charges-status"
        />
      </div>
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'The charges could not be loaded.')}</FormAlert> : null}
      <ListCount>{q.data ? countOf(total, 'charge', 'charges') : ''}</ListCount>
      <AdminTable label="Charges" wrapClassName="card" columns={['When', 'Kind', 'Customer', 'Status', 'Amount', 'Taken', 'Refunded', 'Gateway']}>
        {q.data?.charges.map((c) => (
          <tr key={`${c.kind}:${c.id}`} data-testid="charge-row" data-kind={c.kind} data-status={c.status}>
            <td className="tabular" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(c.createdAt, 'dateTime')}
            </td>
            <td>
              <strong>{KIND[c.kind]}</strong>
              <span className="admin-orders__sub">{PROVIDER[c.provider] ?? c.provider}{c.method ? ` · ${c.method}` : ''}</span>
            </td>
            <td>{c.customerEmail ?? c.customerId.slice(0, 8)}</td>
            <td>
              <span className={`badge ${statusBadge(c.status)}`}>{paymentStatusLabel(c.status)}</span>
            </td>
            <td className="tabular">{formatRupees(c.amount)}</td>
            <td className="tabular">{formatRupees(c.captured)}</td>
            <td className="tabular">{c.refunded ? formatRupees(c.refunded) : '—'}</td>
            <td>
              <span className="admin-orders__sub">{c.gatewayOrderId ?? '—'}</span>
              {c.gatewayPaymentId ? <span className="admin-orders__sub">{c.gatewayPaymentId}</span> : null}
            </td>
          </tr>
        ))}
        {q.data && q.data.charges.length === 0 ? <EmptyRow colSpan={8}>No charges for these filters.</EmptyRow> : null}
      </AdminTable>
      <Pager page={page} pages={pages} onPage={(p) => go({ page: p })} label="Charges pages" />
    </AdminPage>
  );
}
