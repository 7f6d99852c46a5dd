import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ChartConfiguration } from 'chart.js';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { formatRupees } from '../../../../shared/rules/money';
import type { DashboardMetric } from '../../../../shared/schemas/auth';
import { DASHBOARD_RANGES, type DashboardRange, type DashboardReport } from '../../../../shared/schemas/dashboard';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { formatDate, formatDay } from '../../../../shared/rules/dates';
import { ChartCanvas, palette } from './charts';
import { STOCK_UNIT_LABELS } from '../../../../shared/rules/stock';
import { can } from '../../../../shared/rules/staff';
import { addDays, istToday } from '../../../../shared/rules/slots';
import { useAuth } from '../../features/auth/auth-context';
import { DashboardDayPanel } from './dashboard-day';
import type { Retention } from '../../../../shared/schemas/morning';
import './admin-dashboard.css';

const count = new Intl.NumberFormat('en-IN');
const day = (iso: string, style: 'dayMonth' | 'weekdayDate' = 'dayMonth') => formatDay(iso, style);
const RANGE_LABELS: Record<DashboardRange, string> = { today: 'Today', '7d': '7 days', '30d': '30 days', '90d': '90 days' };
/** Figures the report already shows; other providers' metrics are listed under "More figures". */
const COVERED = /^(customers\.|catalogue\.|orders\.(revenue|count|aov)\.)/;

export function formatMetric(m: DashboardMetric): string {
  if (m.format === 'paise') return formatRupees(m.value);
  if (m.format === 'percent') return `${Math.round(m.value * 10) / 10}%`;
  return count.format(m.value);
}

/** /admin and /admin/dashboard: a few headline figures, sales per day, and how the next week looks. */
export default function AdminDashboardPage() {
  usePageTitle('Admin dashboard');
  const [range, setRange] = useState<DashboardRange>('30d');
  const q = trpc.admin.dashboardReport.useQuery({ range }, { refetchInterval: 60_000, placeholderData: (p) => p });
  const extra = trpc.admin.dashboard.useQuery(undefined, { refetchInterval: 300_000 });
  const more = (extra.data?.metrics ?? []).filter((m) => !COVERED.test(m.key));
  const r = q.data;

  return (
    <section className="admin-page" data-page="admin/dashboard">
      <header className="admin-page__header admin-heading-row">
        <div className="stack stack--sm">
          <p className="eyebrow">Overview</p>
          <h1 className="h2">Dashboard</h1>
          {r ? (
            <p className="text-sm text-subtle">
              {r.from === r.to ? day(r.to) : `${day(r.from)} – ${day(r.to)}`}, compared with{' '}
              {r.previousFrom === r.previousTo ? day(r.previousTo) : `${day(r.previousFrom)} – ${day(r.previousTo)}`}. Updated at{' '}
              {formatDate(r.generatedAt, 'time')}.
            </p>
          ) : null}
        </div>
        <div className="admin-range" role="radiogroup" aria-label="Period">
          {DASHBOARD_RANGES.map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={range === k}
              className="admin-range__option"
              onClick={() => setRange(k)}
            >
              {RANGE_LABELS[k]}
            </button>
          ))}
        </div>
      </header>
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'The dashboard could not be loaded.')}</FormAlert> : null}

      <DashboardDayPanel />

      {r ? (
        <>
          <div className="admin-headline">
            <Headline
              label="Revenue"
              value={formatRupees(r.totals.revenue)}
              now={r.totals.revenue}
              before={r.previous.revenue}
              name="revenue"
              detail={
                <>
                  <span data-part="orders">Orders {formatRupees(r.totals.orderRevenue)}</span>
                  <span data-part="subscriptions">Subscriptions {formatRupees(r.totals.subscriptionRevenue)}</span>
                </>
              }
            />
            <Headline label="Orders" value={count.format(r.totals.orders)} now={r.totals.orders} before={r.previous.orders} name="orders" />
            <Headline
              label="Average order value"
              detail="Orders only; plans are not orders"
              value={formatRupees(r.totals.aov)}
              now={r.totals.aov}
              before={r.previous.aov}
              name="aov"
            />
            <Headline
              label="New customers"
              value={count.format(r.totals.newCustomers)}
              now={r.totals.newCustomers}
              before={r.previous.newCustomers}
              name="new-customers"
            />
          </div>
          <p className="admin-dash__facts text-sm text-muted">
            <span data-figure="subscribers">
              <strong>{count.format(r.activeSubscribers)}</strong> active {r.activeSubscribers === 1 ? 'subscriber' : 'subscribers'}
            </span>
            <span data-figure="customers">
              <strong>{count.format(r.customers)}</strong> customers
            </span>
            <span data-figure="shakes">
              <Link href="/shakes">
                <strong>{r.catalogue.shakes}</strong> shakes on sale
              </Link>
            </span>
            <span data-figure="ingredients">
              <Link href="/ingredients">
                <strong>{r.catalogue.ingredients}</strong> ingredients
              </Link>
            </span>
          </p>

          <LowStockCard />

          <article className="card card--padded admin-panel">
            <h2 className="h4">Revenue and orders per day</h2>
            <SalesChart report={r} />
          </article>

          <div className="admin-dash__grid">
            <article className="card card--padded admin-panel">
              <h2 className="h4">Slot fill, next 7 days</h2>
              <SlotFillChart report={r} />
            </article>
            <article className="card card--padded admin-panel">
              <h2 className="h4">Orders by status</h2>
              <StatusChart report={r} />
            </article>
          </div>

          <div className="admin-dash__grid">
            <article className="card card--padded admin-panel">
              <h2 className="h4">Top shakes</h2>
              {r.topShakes.length ? (
                <ol className="list-reset admin-top">
                  {r.topShakes.map((s) => (
                    <li key={s.id}>
                      <span className="admin-top__name">{s.name}</span>
                      <span className="admin-top__bar" aria-hidden="true">
                        <span style={{ width: `${Math.max(4, (s.quantity / r.topShakes[0]!.quantity) * 100)}%` }} />
                      </span>
                      <span className="admin-top__figures tabular">
                        {count.format(s.quantity)} sold · {formatRupees(s.revenue)}
                      </span>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-muted">No signature shake sold in this period.</p>
              )}
            </article>
            <article className="card card--padded admin-panel">
              <h2 className="h4">New customers per day</h2>
              <CustomersChart report={r} />
            </article>
          </div>

          <RetentionCard />

          {more.length ? (
            <article className="card card--padded admin-panel">
              <h2 className="h4">More figures</h2>
              <dl className="grid admin-more">
                {more.map((m) => (
                  <div key={m.key} data-metric={m.key}>
                    <dt>{m.label}</dt>
                    <dd className="tabular">{formatMetric(m)}</dd>
                  </div>
                ))}
              </dl>
            </article>
          ) : null}
        </>
      ) : q.isLoading ? (
        <div className="admin-headline">
          {Array.from({ length: 4 }, (_, i) => (
            <span key={i} className="skeleton" style={{ height: '7.5rem' }} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The low-stock card: ingredients whose free stock is under par or sold out, and — for those
 * who run the kitchen — the ingredients tomorrow's standing deliveries need more of than is free (the
 * kitchen's forecast for tomorrow). Hidden when all is well.
 */
function LowStockCard() {
  const { user } = useAuth();
  const kitchen = can(user?.role, 'kitchen:operate');
  const tomorrow = addDays(istToday(new Date()), 1);
  const q = trpc.stock.low.useQuery(undefined, { refetchInterval: 60_000 });
  const day = trpc.kitchen.day.useQuery({ date: tomorrow }, { enabled: kitchen, refetchInterval: 60_000 });
  const short = (day.data?.day.ingredients ?? []).filter((i) => i.short);
  if (!q.data?.length && !short.length) return null;
  return (
    <article className="card card--padded admin-panel" data-testid="low-stock">
      <h2 className="h4">Low stock</h2>
      <ul className="grid list-reset admin-more">
        {(q.data ?? []).map((l) => (
          <li key={l.ingredientId}>
            <strong>{l.name}</strong>{' '}
            <span className="tabular">
              {l.soldOut ? 'sold out for now' : 'under par'}: {count.format(Math.max(0, l.free))} {STOCK_UNIT_LABELS[l.unit]} free
              {l.parLevel ? ` of ${count.format(l.parLevel)} par` : ''}
            </span>
          </li>
        ))}
        {short.map((i) => (
          <li key={`forecast-${i.ingredientId}`} data-testid="forecast-short">
            <strong>{i.name}</strong>{' '}
            <span className="tabular">
              short for {formatDay(tomorrow, 'weekdayDate')}: standing deliveries need {count.format(i.forecast)}{' '}
              {STOCK_UNIT_LABELS[i.unit]}, {count.format(Math.max(0, i.free ?? 0))} {STOCK_UNIT_LABELS[i.unit]} free
            </span>
          </li>
        ))}
      </ul>
      <Link href="/stock">Open stock</Link>
    </article>
  );
}

function Headline({
  label,
  value,
  now,
  before,
  name,
  detail,
}: {
  label: string;
  value: string;
  now: number;
  before: number;
  name: string;
  detail?: ReactNode;
}) {
  const change = before === 0 ? (now === 0 ? 0 : null) : Math.round(((now - before) / before) * 1000) / 10;
  const dir = change === null || change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  return (
    <article className="card admin-figure" data-figure={name}>
      <p className="admin-figure__label">{label}</p>
      <p className="admin-figure__value tabular">{value}</p>
      {detail ? <p className="admin-figure__detail text-sm text-muted tabular">{detail}</p> : null}
      <p className={`admin-figure__change is-${dir}`}>
        {change === null
          ? 'New this period'
          : change === 0
            ? 'Same as before'
            : `${change > 0 ? '▲' : '▼'} ${Math.abs(change)}% vs previous period`}
      </p>
    </article>
  );
}

function FiguresTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Figures">
      <table className="table">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((c, j) => (
                <td key={j} className={j ? 'num' : undefined}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const rupeesTick = (v: number | string) => `₹${count.format(Math.round(Number(v) / 100))}`;

function SalesChart({ report }: { report: DashboardReport }) {
  const config = useMemo<ChartConfiguration>(() => {
    const c = palette();
    return {
      type: 'bar',
      data: {
        labels: report.days.map((d) => day(d.date)),
        datasets: [
          {
            type: 'bar',
            label: 'Revenue',
            data: report.days.map((d) => d.revenue),
            backgroundColor: c.primary,
            borderRadius: 4,
            yAxisID: 'y',
            order: 2,
          },
          {
            type: 'line',
            label: 'Orders',
            data: report.days.map((d) => d.orders),
            borderColor: c.accent,
            backgroundColor: c.accent,
            pointRadius: 2,
            tension: 0.3,
            yAxisID: 'orders',
            order: 1,
          },
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { grid: { display: false }, ticks: { color: c.text, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 } },
          y: { beginAtZero: true, grid: { color: c.grid }, ticks: { color: c.text, callback: rupeesTick, maxTicksLimit: 5 } },
          orders: {
            position: 'right',
            beginAtZero: true,
            grid: { display: false },
            ticks: { color: c.text, precision: 0, maxTicksLimit: 5 },
          },
        },
        plugins: {
          legend: { position: 'top', align: 'end' },
          tooltip: {
            callbacks: { label: (i) => (i.dataset.label === 'Revenue' ? `Revenue ${formatRupees(Number(i.raw))}` : `Orders ${i.raw}`) },
          },
        },
      },
    };
  }, [report]);
  const best = report.days.reduce((a, b) => (b.revenue > a.revenue ? b : a), report.days[0]!);
  return (
    <ChartCanvas
      name="sales"
      config={config}
      label={`Revenue per day from ${day(report.from)} to ${day(report.to)}: ${formatRupees(report.totals.revenue)} from ${report.totals.orders} orders; best day ${day(best.date)} with ${formatRupees(best.revenue)}.`}
    >
      <FiguresTable
        head={['Day', 'Revenue', 'Orders', 'Subscriptions', 'Order count', 'Average order']}
        rows={report.days.map((d) => [
          day(d.date),
          formatRupees(d.revenue),
          formatRupees(d.orderRevenue),
          formatRupees(d.subscriptionRevenue),
          d.orders,
          formatRupees(d.aov),
        ])}
      />
    </ChartCanvas>
  );
}

function SlotFillChart({ report }: { report: DashboardReport }) {
  const config = useMemo<ChartConfiguration>(() => {
    const c = palette();
    return {
      type: 'bar',
      data: {
        labels: report.slotFill.map((d) => day(d.date, 'weekdayDate')),
        datasets: [
          { label: 'Booked', data: report.slotFill.map((d) => d.booked), backgroundColor: c.primary, borderRadius: 4, stack: 'fill' },
          {
            label: 'Free',
            data: report.slotFill.map((d) => Math.max(0, d.capacity - d.booked)),
            backgroundColor: c.primarySoft,
            borderRadius: 4,
            stack: 'fill',
          },
        ],
      },
      options: {
        scales: {
          x: { stacked: true, grid: { display: false }, ticks: { color: c.text } },
          y: { stacked: true, beginAtZero: true, grid: { color: c.grid }, ticks: { color: c.text, precision: 0, maxTicksLimit: 5 } },
        },
        plugins: { legend: { position: 'top', align: 'end' } },
      },
    };
  }, [report]);
  const booked = report.slotFill.reduce((a, d) => a + d.booked, 0);
  const capacity = report.slotFill.reduce((a, d) => a + d.capacity, 0);
  return (
    <ChartCanvas name="slots" config={config} height={220} label={`Delivery places booked over the next 7 days: ${booked} of ${capacity}.`}>
      <FiguresTable
        head={['Day', 'Booked', 'Places', 'Fill']}
        rows={report.slotFill.map((d) => [
          day(d.date, 'weekdayDate'),
          d.booked,
          d.blackout ? 'Closed' : d.capacity,
          d.capacity ? `${Math.round((d.booked / d.capacity) * 100)}%` : '—',
        ])}
      />
    </ChartCanvas>
  );
}

function StatusChart({ report }: { report: DashboardReport }) {
  const config = useMemo<ChartConfiguration>(() => {
    const c = palette();
    return {
      type: 'bar',
      data: {
        labels: report.ordersByStatus.map((s) => s.label),
        datasets: [
          {
            label: 'Orders',
            data: report.ordersByStatus.map((s) => s.count),
            backgroundColor: report.ordersByStatus.map((s) =>
              s.status === 'cancelled' ? c.muted : s.status === 'pending_payment' ? c.accent : c.primary,
            ),
            borderRadius: 4,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        scales: {
          x: { beginAtZero: true, grid: { color: c.grid }, ticks: { color: c.text, precision: 0, maxTicksLimit: 5 } },
          y: { grid: { display: false }, ticks: { color: c.text } },
        },
        plugins: { legend: { display: false } },
      },
    };
  }, [report]);
  return (
    <ChartCanvas
      name="status"
      config={config}
      height={220}
      label={`Orders by status in this period: ${report.ordersByStatus.map((s) => `${s.label} ${s.count}`).join(', ')}.`}
    >
      <FiguresTable head={['Status', 'Orders']} rows={report.ordersByStatus.map((s) => [s.label, s.count])} />
    </ChartCanvas>
  );
}

function CustomersChart({ report }: { report: DashboardReport }) {
  const config = useMemo<ChartConfiguration>(() => {
    const c = palette();
    return {
      type: 'line',
      data: {
        labels: report.days.map((d) => day(d.date)),
        datasets: [
          {
            label: 'New customers',
            data: report.days.map((d) => d.newCustomers),
            borderColor: c.primary,
            backgroundColor: `${c.primarySoft}`,
            fill: true,
            pointRadius: 2,
            tension: 0.3,
          },
        ],
      },
      options: {
        scales: {
          x: { grid: { display: false }, ticks: { color: c.text, maxRotation: 0, autoSkip: true, maxTicksLimit: 6 } },
          y: { beginAtZero: true, grid: { color: c.grid }, ticks: { color: c.text, precision: 0, maxTicksLimit: 4 } },
        },
        plugins: { legend: { display: false } },
      },
    };
  }, [report]);
  return (
    <ChartCanvas
      name="customers"
      config={config}
      height={220}
      label={`${report.totals.newCustomers} new customers from ${day(report.from)} to ${day(report.to)}.`}
    >
      <FiguresTable head={['Day', 'New customers']} rows={report.days.map((d) => [day(d.date), d.newCustomers])} />
    </ChartCanvas>
  );
}

/** Weekly cohorts by first order: the share still ordering 4, 8 and 12 weeks on, and the cancel reasons (decision 261). */
function RetentionCard() {
  const q = trpc.admin.retention.useQuery({ weeks: 16 }, { refetchInterval: 300_000 });
  const r = q.data;
  return (
    <article className="card card--padded admin-panel" data-testid="retention">
      <h2 className="h4">Retention by weekly cohort</h2>
      <p className="text-sm text-muted">
        Customers grouped by the week of their first order; the share who had an order delivered in the 4th, 8th and 12th week after it.
        A week still running shows no figure.
      </p>
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'Retention could not be loaded.')}</FormAlert> : null}
      {r ? (
        r.cohorts.length ? (
          <>
            <RetentionChart retention={r} />
            {r.cancelReasons.length ? (
              <div className="stack stack--sm">
                <h3 className="h5">Why customers cancelled</h3>
                <ul className="list-reset admin-more grid" data-testid="cancel-reasons">
                  {r.cancelReasons.slice(0, 8).map((c) => (
                    <li key={`${c.source}-${c.reason}`}>
                      <strong className="tabular">{c.count}</strong> {c.reason || 'No reason given'}{' '}
                      <span className="text-muted text-sm">({c.source === 'order' ? 'order' : 'plan'})</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : (
          <p className="text-muted">No first orders in the last 16 weeks.</p>
        )
      ) : null}
    </article>
  );
}

function RetentionChart({ retention }: { retention: Retention }) {
  const config = useMemo<ChartConfiguration>(() => {
    const c = palette();
    const colours = [c.primary, c.accent, c.muted];
    return {
      type: 'bar',
      data: {
        labels: retention.cohorts.map((k) => day(k.week)),
        datasets: [4, 8, 12].map((n, i) => ({
          label: `${n} weeks`,
          data: retention.cohorts.map((k) => k.retained[i]?.percent ?? null),
          backgroundColor: colours[i],
          borderRadius: 4,
        })),
      },
      options: {
        scales: {
          x: { grid: { display: false }, ticks: { color: c.text, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 } },
          y: { beginAtZero: true, max: 100, grid: { color: c.grid }, ticks: { color: c.text, callback: (v) => `${v}%`, maxTicksLimit: 5 } },
        },
        plugins: { legend: { position: 'top', align: 'end' } },
      },
    };
  }, [retention]);
  const cell = (k: Retention['cohorts'][number], i: number) => {
    const x = k.retained[i];
    return x?.customers === null || !x ? '—' : `${x.customers} (${x.percent ?? 0}%)`;
  };
  return (
    <ChartCanvas
      name="retention"
      config={config}
      height={220}
      label={`Retention of ${retention.cohorts.length} weekly cohorts from ${day(retention.from)}: the share still ordering 4, 8 and 12 weeks after their first order.`}
    >
      <FiguresTable
        head={['Week of first order', 'Customers', '4 weeks', '8 weeks', '12 weeks']}
        rows={retention.cohorts.map((k) => [day(k.week), k.customers, cell(k, 0), cell(k, 1), cell(k, 2)])}
      />
    </ChartCanvas>
  );
}
