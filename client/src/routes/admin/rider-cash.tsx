import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Field, Input } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { messageOf } from '../../lib/errors';
import { formatRupees } from '../../../../shared/rules/money';
import { istToday } from '../../../../shared/rules/slots';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, FilterCard } from './admin-ui';

/** /admin/riders/cash (PRODUCT.md §17): each rider's cash for the day against their delivered cash-on-delivery orders. */
export default function AdminRiderCashPage() {
  usePageTitle('Rider cash');
  const [date, setDate] = useState(() => istToday(new Date()));
  const q = trpc.stops.cash.useQuery({ date });
  return (
    <AdminPage
      page="admin/riders/cash"
      eyebrow="Last mile"
      title="Rider cash"
      intro="Cash each rider recorded against what their delivered cash-on-delivery orders came to."
    >
      <FilterCard>
        <Field label="Date">{(p) => <Input {...p} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}</Field>
      </FilterCard>
      {q.isError ? <LoadError message={messageOf(q.error, 'The cash could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      <AdminTable
        label="Rider cash"
        wrapClassName="card"
        columns={['Rider', 'COD orders', 'Due', 'Collected', 'Difference']}
        foot={
          q.data && q.data.riders.length ? (
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td />
                <td className="tabular">{formatRupees(q.data.totals.codTotal)}</td>
                <td className="tabular">{formatRupees(q.data.totals.cashCollected)}</td>
                <td />
              </tr>
            </tfoot>
          ) : null
        }
      >
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
      </AdminTable>
    </AdminPage>
  );
}
