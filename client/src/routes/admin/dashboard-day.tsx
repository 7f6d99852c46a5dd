import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { formatRupees } from '../../../../shared/rules/money';
import { formatDate, formatDay } from '../../../../shared/rules/dates';
import { formatSlotRange } from '../../../../shared/rules/slots';
import type { DashboardDay } from '../../../../shared/schemas/morning';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';

const count = new Intl.NumberFormat('en-IN');

/**
 * The owner's morning (PRODUCT.md §23): tomorrow's forecast per slot, today's run per rider, the
 * standing deliveries, the wallet liability and today's revenue — cash on delivery once delivered.
 */
export function DashboardDayPanel() {
  const q = trpc.admin.dashboardDay.useQuery({}, { refetchInterval: 60_000 });
  if (q.isError) return <FormAlert kind="danger">{messageOf(q.error, 'The day could not be loaded.')}</FormAlert>;
  const d = q.data;
  if (!d) return <span className="skeleton" style={{ height: '12rem' }} />;
  return (
    <section className="admin-day stack" aria-labelledby="admin-day-title" data-testid="dashboard-day">
      <h2 id="admin-day-title" className="h3">
        The day: {formatDay(d.date, 'weekdayDate')}
      </h2>
      <div className="admin-headline">
        <Figure name="revenue-today" label="Revenue today" value={formatRupees(d.revenue.counted)}>
          {d.revenue.cashAwaiting
            ? `+ ${formatRupees(d.revenue.cashAwaiting)} cash on delivery once delivered (${d.revenue.cashAwaitingOrders} ${d.revenue.cashAwaitingOrders === 1 ? 'order' : 'orders'})`
            : 'Cash on delivery counts once delivered'}
        </Figure>
        <Figure name="forecast-bottles" label={`Bottles ${formatDay(d.tomorrow, 'weekdayDate')}`} value={count.format(d.forecast.total.bottles)}>
          {count.format(d.forecast.total.orders)} deliveries · {formatRupees(d.forecast.total.revenue)} forecast
        </Figure>
        <Figure name="standing" label="Standing deliveries" value={count.format(d.standing.activeSchedules)}>
          {count.format(d.standing.activeCustomers)} customers
        </Figure>
        <Figure name="wallet-liability" label="Wallet liability" value={formatRupees(d.wallet.liability)}>
          Owed to customers in {count.format(d.wallet.wallets)} {d.wallet.wallets === 1 ? 'wallet' : 'wallets'}
        </Figure>
      </div>
      <ForecastCard day={d} />
      <RunCard day={d} />
      <StandingCard day={d} />
    </section>
  );
}

function Figure({ name, label, value, children }: { name: string; label: string; value: string; children: React.ReactNode }) {
  return (
    <article className="card admin-figure" data-figure={name}>
      <p className="admin-figure__label">{label}</p>
      <p className="admin-figure__value tabular">{value}</p>
      <p className="admin-figure__detail text-sm text-muted">{children}</p>
    </article>
  );
}

function ForecastCard({ day }: { day: DashboardDay }) {
  const f = day.forecast;
  return (
    <article className="card card--padded admin-panel" data-testid="forecast">
      <h3 className="h4">Forecast for {formatDay(f.date, 'weekdayDate')}</h3>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Forecast per slot">
        <table className="table admin-day__table">
          <thead>
            <tr>
              <th scope="col">Slot</th>
              <th scope="col" className="num">
                Orders
              </th>
              <th scope="col" className="num">
                Bottles
              </th>
              <th scope="col" className="num">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {f.slots.map((s) => (
              <tr key={s.slotId} data-slot={s.slotId}>
                <th scope="row">
                  {s.startTime ? formatSlotRange(s.startTime, s.endTime) : 'Slot'}
                  <span className="admin-day__split text-xs text-muted">
                    {s.standing.orders} standing · {s.oneOff.orders} one-off
                    {s.oneOffBooked.orders ? ` (${s.oneOffBooked.orders} booked)` : ''}
                  </span>
                </th>
                <td className="num tabular">{count.format(s.total.orders)}</td>
                <td className="num tabular">{count.format(s.total.bottles)}</td>
                <td className="num tabular">{formatRupees(s.total.revenue)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All slots</th>
              <td className="num tabular">{count.format(f.total.orders)}</td>
              <td className="num tabular">{count.format(f.total.bottles)}</td>
              <td className="num tabular">{formatRupees(f.total.revenue)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-xs text-muted" data-testid="forecast-rule">
        {day.rule}
      </p>
    </article>
  );
}

function RunCard({ day }: { day: DashboardDay }) {
  return (
    <article className="card card--padded admin-panel" data-testid="run">
      <h3 className="h4">Today’s run</h3>
      {day.run.length ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Today’s run per rider">
          <table className="table admin-day__table">
            <thead>
              <tr>
                <th scope="col">Rider</th>
                <th scope="col" className="num">
                  Stops
                </th>
                <th scope="col" className="num">
                  Out
                </th>
                <th scope="col" className="num">
                  Delivered
                </th>
                <th scope="col" className="num">
                  Failed
                </th>
                <th scope="col" className="num">
                  Cash due / in
                </th>
              </tr>
            </thead>
            <tbody>
              {day.run.map((r) => (
                <tr key={r.riderId ?? 'none'} data-rider={r.riderId ?? 'none'}>
                  <th scope="row">{r.name}</th>
                  <td className="num tabular">{r.assigned}</td>
                  <td className="num tabular">{r.out}</td>
                  <td className="num tabular">{r.delivered}</td>
                  <td className="num tabular">{r.failed}</td>
                  <td className="num tabular">
                    {formatRupees(r.cashDue)} / {formatRupees(r.cashCollected)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-muted">No deliveries today.</p>
      )}
      <p className="text-xs text-muted">Updated at {formatDate(day.generatedAt, 'time')}.</p>
    </article>
  );
}

function StandingCard({ day }: { day: DashboardDay }) {
  const { notPlaced, short } = day.standing;
  return (
    <article className="card card--padded admin-panel" data-testid="standing">
      <h3 className="h4">Standing deliveries</h3>
      <div className="admin-dash__grid">
        <div className="stack stack--sm">
          <h4 className="text-sm">Not placed, today and tomorrow</h4>
          {notPlaced.length ? (
            <ul className="list-reset stack stack--sm">
              {notPlaced.map((n) => (
                <li key={`${n.date}-${n.customerId}-${n.reasonCode}`} data-testid="not-placed">
                  <strong>{n.customer}</strong> · {formatDay(n.date, 'weekdayDate')}: {n.reason}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">Every standing delivery was placed.</p>
          )}
        </div>
        <div className="stack stack--sm">
          <h4 className="text-sm">Short for {formatDay(day.tomorrow, 'weekdayDate')}</h4>
          {short.length ? (
            <ul className="list-reset stack stack--sm">
              {short.map((s) => (
                <li key={s.customerId} data-testid="short">
                  <Link href={`/customers?id=${s.customerId}`}>{s.customer}</Link>: wallet {formatRupees(s.balance)}, needs {formatRupees(s.needed)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">Every wallet covers tomorrow.</p>
          )}
        </div>
      </div>
      <Link href="/schedules">Open schedules</Link>
    </article>
  );
}
