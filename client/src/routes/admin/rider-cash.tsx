import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Field, Input } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { messageOf } from '../../lib/errors';
import { formatRupees } from '../../../../shared/rules/money';
import { istToday } from '../../../../shared/rules/slots';
import { EmptyRow } from './admin-table';

/** /admin/riders/cash (PRODUCT.md §17): each rider's cash for the day against their delivered cash-on-delivery orders. */
export default function AdminRiderCashPage() {
  usePageTitle('Rider cash');
  const [date, setDate] = useState(() => istToday(new Date()));
  const q = trpc.deliveries.cash.useQuery({ date });
  return (
    <section className="admin-page" data-page="admin/riders/cash">
      <header className="admin-page__header">
        <p className="eyebrow">Last mile</p>
        <h1 className="h2">Rider cash</h1>
        <p className="text-muted">Cash each rider recorded against what their delivered cash-on-delivery orders came to.</p>
      </header>
      <div className="card card--padded" style={{ maxWidth: 280 }}>
        <Field label="Date">{(p) => <Input {...p} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}</Field>
      </div>
      {q.isError ? <LoadError message={messageOf(q.error, 'The cash could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      <div className="table-wrap card" tabIndex={0} role="region" aria-label="Rider cash">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Rider</th>
              <th scope="col">COD orders</th>
              <th scope="col">Due</th>
              <th scope="col">Collected</th>
              <th scope="col">Difference</th>
            </tr>
          </thead>
          <tbody>
            {q.data?.riders.map((r) => (
              <tr key={r.riderId} data-testid="cash-row">
                <td>{r.name}</td>
                <td className="tabular">{r.deliveredCodOrders}</td>
                <td className="tabular">{formatRupees(r.codTotal)}</td>
                <td className="tabular">{formatRupees(r.cashCollected)}</td>
                <td className="tabular" style={r.difference < 0 ? { color: '#a3261b', fontWeight: 700 } : undefined}>
                  {r.difference === 0 ? 'Even' : `${r.difference < 0 ? '−' : '+'}${formatRupees(Math.abs(r.difference))}`}
                </td>
              </tr>
            ))}
            {q.data && !q.data.riders.length ? <EmptyRow colSpan={5}>No cash-on-delivery orders delivered on this date.</EmptyRow> : null}
          </tbody>
          {q.data && q.data.riders.length ? (
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td />
                <td className="tabular">{formatRupees(q.data.totals.codTotal)}</td>
                <td className="tabular">{formatRupees(q.data.totals.cashCollected)}</td>
                <td />
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </section>
  );
}
