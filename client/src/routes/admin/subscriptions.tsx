import { useState } from 'react';
import { formatDate } from '../../../../shared/rules/dates';
import { useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Pager } from '../../components/pager';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, FilterSelect, ListCount, SearchFilter, countOf, useSearchTerm } from './admin-ui';
import { Checkbox, Field, Input } from '../../components/input';
import { toast } from '../../components/toast';
import { CloseIcon } from '../../components/icons';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { UsageMeter } from '../../features/subscriptions/usage-meter';
import { formatRupees, refundableOf } from '../../../../shared/rules/money';
import { subscriptionPaymentKindLabel } from '../../../../shared/rules/payment-labels';
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from '../../../../shared/rules/subscriptions';
import type { AdminSubscriptionDetail } from '../../../../shared/schemas/subscriptions';
import '../../features/auth/auth.css';
import '../../features/subscriptions/subscriptions.css';

const PAGE_SIZE = 20;
const STATUSES: SubscriptionStatus[] = ['active', 'paused', 'cancelled', 'expired'];
const fmt = (iso: string | null) => (iso ? formatDate(iso, 'date') : '—');

/** /admin/subscriptions: filters (plan, status, renewing soon), search by customer, and one subscription's detail (?id=). */
export default function AdminSubscriptionsPage() {
  usePageTitle('Subscriptions');
  const [, navigate] = useLocation();
  const selected = new URLSearchParams(useSearch()).get('id');
  const [planId, setPlanId] = useState('');
  const [status, setStatus] = useState<SubscriptionStatus | ''>('');
  const [renewingSoon, setRenewingSoon] = useState(false);
  const [page, setPage] = useState(1);
  const { term, setTerm, query: q } = useSearchTerm('', { onSettle: () => setPage(1) });

  const plans = trpc.subscriptions.adminPlans.useQuery();
  const list = trpc.subscriptions.adminList.useQuery(
    {
      page,
      pageSize: PAGE_SIZE,
      q: q || undefined,
      planId: planId || undefined,
      status: status || undefined,
      renewingSoon: renewingSoon || undefined,
    },
    { placeholderData: (prev) => prev },
  );
  const total = list.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const open = (id: string | null) => navigate(id ? `/subscriptions?id=${id}` : '/subscriptions');

  return (
    <AdminPage page="admin/subscriptions" className="admin-subs-page" eyebrow="Recurring revenue" title="Subscriptions">
      <div className="admin-toolbar admin-subs-filters">
        <SearchFilter label="Customer" placeholder="Name or e-mail" value={term} onChange={setTerm} maxLength={100} />
        <FilterSelect
          label="Plan"
          value={planId}
          onChange={(v) => (setPlanId(v), setPage(1))}
          any="All plans"
          options={plans.data?.plans.map((pl) => ({ value: pl.id, label: pl.name }))}
        />
        <FilterSelect
          label="Status"
          value={status}
          onChange={(v) => (setStatus(v), setPage(1))}
          any="Any status"
          options={STATUSES.map((s) => ({ value: s, label: SUBSCRIPTION_STATUS_LABELS[s] }))}
        />
        <Checkbox
          label="Renewing within 7 days"
          checked={renewingSoon}
          onChange={(e) => {
            setRenewingSoon(e.target.checked);
            setPage(1);
          }}
        />
        <ListCount>{list.data ? countOf(total, 'subscription', 'subscriptions') : ''}</ListCount>
      </div>
      {list.isError ? <FormAlert kind="danger">{messageOf(list.error, 'Subscriptions could not be loaded.')}</FormAlert> : null}

      <div className={`admin-split${selected ? ' admin-split--open' : ''}`}>
        <div className="stack">
          <AdminTable
            label="Subscriptions"
            wrapClassName="card"
            testId="admin-subscriptions"
            columns={['Customer', 'Plan', 'Status', 'Free units', 'Paid through']}
          >
            {list.data?.subscriptions.map((s) => (
              <tr key={s.id} className="admin-table-row" aria-selected={s.id === selected} onClick={() => open(s.id)}>
                <td>
                  <button type="button" onClick={() => open(s.id)}>
                    {s.customer.name || s.customer.email}
                  </button>
                  <div className="text-xs text-subtle">{s.customer.email}</div>
                </td>
                <td>{s.planName}</td>
                <td>{s.statusLabel}</td>
                <td className="tabular">{s.currentPeriod ? `${s.currentPeriod.used} / ${s.currentPeriod.allowed}` : '—'}</td>
                <td>{fmt(s.paidThrough)}</td>
              </tr>
            ))}
            {list.data && list.data.subscriptions.length === 0 ? (
              <EmptyRow colSpan={5}>No subscription matches these filters.</EmptyRow>
            ) : null}
          </AdminTable>
          <Pager page={page} pages={pages} onPage={setPage} label="Subscription pages" />
        </div>
        {selected ? <SubscriptionDetail id={selected} onClose={() => open(null)} /> : null}
      </div>
    </AdminPage>
  );
}

function SubscriptionDetail({ id, onClose }: { id: string; onClose(): void }) {
  const utils = trpc.useUtils();
  const q = trpc.subscriptions.adminDetail.useQuery({ id });
  const [days, setDays] = useState(7);
  const [pauseDays, setPauseDays] = useState(7);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const d = q.data;
  const s = d?.subscription;

  const act = async (f: () => Promise<AdminSubscriptionDetail>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      const next = await f();
      utils.subscriptions.adminDetail.setData({ id }, next);
      void utils.subscriptions.adminList.invalidate();
      toast({ title: done, variant: 'success' });
    } catch (e) {
      setError(messageOf(e, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside
      className="card card--padded admin-detail admin-subs-detail"
      aria-label="Subscription detail"
      data-testid="admin-subscription-detail"
    >
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h2 className="h4">{s ? `${s.planName} · ${s.customer.name || s.customer.email}` : 'Subscription'}</h2>
        <Button variant="ghost" size="sm" icon aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'This subscription could not be loaded.')}</FormAlert> : null}
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      {d && s ? (
        <>
          <dl className="profile-facts">
            <div>
              <dt>Customer</dt>
              <dd>{s.customer.email}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd data-testid="admin-sub-status">{s.statusLabel}</dd>
            </div>
            <div>
              <dt>Bought at</dt>
              <dd>
                {formatRupees(s.price)} / {s.periodDays} days · {s.freeUnits} free units
              </dd>
            </div>
            <div>
              <dt>Paid through</dt>
              <dd data-testid="admin-sub-paid-through">{fmt(s.paidThrough)}</dd>
            </div>
            <div>
              <dt>Automatic renewal</dt>
              <dd>{s.autoRenew ? 'On' : 'Off'}</dd>
            </div>
            {s.cancelReason ? (
              <div>
                <dt>Cancel reason</dt>
                <dd>{s.cancelReason}</dd>
              </div>
            ) : null}
          </dl>
          {s.currentPeriod ? <UsageMeter period={s.currentPeriod} /> : null}

          <section className="stack stack--sm">
            <h3 className="h4">Actions</h3>
            <div className="admin-subs-action">
              <Field label="Extend by (days)">
                {(p) => (
                  <Input
                    {...p}
                    type="number"
                    min={1}
                    max={365}
                    value={days}
                    onChange={(e) => setDays(Number(e.target.value))}
                    data-testid="admin-extend-days"
                  />
                )}
              </Field>
              <Button
                loading={busy}
                onClick={() => void act(() => utils.client.subscriptions.adminExtend.mutate({ id, days }), `Extended by ${days} days`)}
                data-testid="admin-extend"
              >
                Extend
              </Button>
            </div>
            {s.status === 'active' ? (
              <div className="admin-subs-action">
                <Field label="Pause for (days)">
                  {(p) => (
                    <Input {...p} type="number" min={1} max={14} value={pauseDays} onChange={(e) => setPauseDays(Number(e.target.value))} />
                  )}
                </Field>
                <Button
                  variant="secondary"
                  loading={busy}
                  onClick={() => void act(() => utils.client.subscriptions.adminPause.mutate({ id, days: pauseDays }), 'Paused')}
                >
                  Pause
                </Button>
              </div>
            ) : null}
            {s.status === 'paused' ? (
              <Button
                variant="secondary"
                loading={busy}
                onClick={() => void act(() => utils.client.subscriptions.adminResume.mutate({ id }), 'Resumed')}
              >
                Resume now
              </Button>
            ) : null}
            {s.status === 'active' || s.status === 'paused' ? (
              <div className="admin-subs-action">
                <Field label="Cancel reason">
                  {(p) => <Input {...p} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
                </Field>
                <Button
                  variant="danger"
                  loading={busy}
                  disabled={reason.trim().length < 3}
                  onClick={() => void act(() => utils.client.subscriptions.adminCancel.mutate({ id, reason: reason.trim() }), 'Cancelled')}
                >
                  Cancel
                </Button>
              </div>
            ) : null}
          </section>

          <section className="stack stack--sm">
            <h3 className="h4">Payments</h3>
            <ul className="list-reset admin-subs-list">
              {d.payments.map((p) => (
                <li key={p.id}>
                  <span>
                    {subscriptionPaymentKindLabel(p.kind)} ·{' '}
                    {fmt(p.paidAt ?? p.createdAt)}
                  </span>
                  <span className="tabular">
                    {formatRupees(p.amount)} · {p.status}
                  </span>
                  {p.status === 'paid' && refundableOf(p.amount, p.refunded) > 0 ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={busy}
                      onClick={() => {
                        if (!window.confirm(`Refund ${formatRupees(refundableOf(p.amount, p.refunded))} to ${s.customer.email}?`)) return;
                        void act(
                          () => utils.client.subscriptions.adminRefund.mutate({ id, paymentId: p.id, reason: 'Refunded by the shop' }),
                          'Refund started',
                        );
                      }}
                    >
                      Refund
                    </Button>
                  ) : null}
                  {p.refunds.map((r) => (
                    <span key={r.id} className="admin-subs-refund text-sm" data-testid="subscription-refund">
                      <span className="tabular">{formatRupees(r.amount)}</span>{' '}
                      {r.status === 'processed' ? 'refunded' : r.status === 'pending' ? 'refund on its way' : 'refund failed'}
                      {r.status !== 'processed' && r.lastError ? <span className="text-subtle"> · {r.lastError}</span> : null}
                      {r.status === 'failed' ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          loading={busy}
                          onClick={() =>
                            void act(async () => {
                              await utils.client.payments.retryRefund.mutate({ id: r.id });
                              return utils.client.subscriptions.adminDetail.query({ id });
                            }, 'Refund sent again')
                          }
                        >
                          Retry
                        </Button>
                      ) : null}
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          </section>

          <section className="stack stack--sm">
            <h3 className="h4">Periods</h3>
            <ul className="list-reset admin-subs-list">
              {d.periods.map((p) => (
                <li key={p.id}>
                  <span>
                    {fmt(p.start)} – {fmt(p.end)}
                  </span>
                  <span className="tabular">
                    {p.used} / {p.allowed} free units used
                  </span>
                </li>
              ))}
            </ul>
          </section>

          {d.freeUnits.length ? (
            <section className="stack stack--sm">
              <h3 className="h4">Free units used</h3>
              <ul className="list-reset admin-subs-list">
                {d.freeUnits.map((f) => (
                  <li key={f.orderId}>
                    <span>{f.orderNumber}</span>
                    <span className="tabular">
                      {formatRupees(f.value)} · {fmt(f.at)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : q.isLoading ? (
        <span className="skeleton" style={{ height: '12rem' }} />
      ) : null}
    </aside>
  );
}
