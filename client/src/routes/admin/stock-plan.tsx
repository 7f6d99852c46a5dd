import { useId, useState } from 'react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Select } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { FormAlert } from '../../features/auth/forms';
import { downloadFile } from '../../features/orders/download-file';
import { messageOf } from '../../lib/errors';
import { formatQuantity } from '../../../../shared/rules/stock';
import { formatDay } from '../../../../shared/rules/dates';
import { expiryLine } from '../../../../shared/rules/stock-expiry';
import type { PurchasePlan, PurchasePlanItem } from '../../../../shared/schemas/stock';
import { AdminTable } from './admin-table';
import { AdminPage, FilterCard } from './admin-ui';
import './admin-kitchen.css';

const DAY_CHOICES = [3, 7, 14] as const;
const qty = (n: number, unit: PurchasePlanItem['unit']) => formatQuantity(n, unit);

/**
 * /admin/stock/plan (PRODUCT.md §23, decision 262): what to harvest at the farm and buy from each
 * supplier, and by when, for the next days: the forecast's need by each recipe against the stock.
 * The server works it out; this screen shows it and hands out the CSV and the PDF.
 */
export default function StockPlanPage() {
  usePageTitle('Harvest and purchase plan');
  const [days, setDays] = useState<number>(7);
  const q = trpc.admin.purchasePlan.useQuery({ days });
  const [error, setError] = useState<string | null>(null);
  const file = async (ext: 'csv' | 'pdf') => {
    setError(null);
    try {
      await downloadFile(`/api/admin/purchase-plan.${ext}?days=${days}`, `purchase-plan.${ext}`);
    } catch (e) {
      setError(messageOf(e, 'The file could not be made. Please try again.'));
    }
  };
  const plan = q.data;
  return (
    <AdminPage
      page="admin/stock/plan"
      className="stock-plan"
      eyebrow="Kitchen"
      title="Harvest and purchase plan"
      intro={
        <>
          What the coming days need of each ingredient, set against the stock: the farm&rsquo;s harvest list and one list per supplier.{' '}
          <Link href="/stock">Back to stock</Link>
        </>
      }
    >
      <FilterCard>
        <Field label="Plan for">
          {(p) => (
            <Select {...p} value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
              {DAY_CHOICES.map((d) => (
                <option key={d} value={d}>
                  The next {d} days
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="stock-plan__files">
          <Button size="sm" variant="secondary" onClick={() => void file('pdf')}>
            Download PDF
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void file('csv')}>
            Download CSV
          </Button>
        </div>
      </FilterCard>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      {q.isError ? <LoadError message={messageOf(q.error, 'The plan could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      {q.isPending ? <span className="skeleton" style={{ height: '12rem' }} aria-busy="true" /> : null}
      {plan ? (
        <>
          <p className="text-sm text-muted">
            {formatDay(plan.dates[0]!, 'weekdayDate')} to {formatDay(plan.dates.at(-1)!, 'weekdayDate')}.
          </p>
          {plan.groups.length ? (
            plan.groups.map((g) => <PlanGroup key={`${g.source}|${g.name}`} group={g} today={plan.today} />)
          ) : (
            <p className="card card--padded">No ingredient is tracked yet: receive or count stock on the stock screen to plan it.</p>
          )}
          <p className="text-sm text-muted stock-plan__rule">{plan.rule}</p>
        </>
      ) : null}
    </AdminPage>
  );
}

function PlanGroup({ group, today }: { group: PurchasePlan['groups'][number]; today: string }) {
  const id = useId();
  const toGet = group.items.filter((i) => i.toGet > 0).length;
  const title = group.source === 'farm' ? `Harvest: ${group.name}` : `Buy: ${group.name}`;
  return (
    <section className="stock-plan__group" aria-labelledby={id} data-testid="plan-group" data-source={group.source} data-name={group.name}>
      <h2 className="h4" id={id}>
        {title} <span className="text-sm text-muted">{toGet ? `${toGet} to get` : 'nothing to get'}</span>
      </h2>
      <AdminTable
        label={title}
        wrapClassName="card"
        className="stock-plan__table"
        columns={['Ingredient', 'Need', 'Stock', 'Par', 'To get']}
      >
        {group.items.map((i) => (
          <tr key={i.ingredientId} data-testid="plan-row" data-name={i.name}>
            <td>
              <strong>{i.name}</strong>
              {i.nextBestBefore ? <div className="text-sm text-subtle">Best before {formatDay(i.nextBestBefore, 'dayMonth')}</div> : null}
              {i.expiring.map((e) => (
                <div key={e.bestBefore} className="text-sm stock-plan__expiring" data-testid="plan-expiring">
                  {expiryLine(i.name, i.unit, e, today)}
                </div>
              ))}
              <details className="stock-plan__days">
                <summary className="text-sm">Day by day</summary>
                <ul className="list-reset text-sm">
                  {i.days.map((d) => (
                    <li key={d.date}>
                      {formatDay(d.date, 'weekdayDate')}: {d.expired ? `${qty(d.expired, i.unit)} past its best-before, ` : ''}usable{' '}
                      {qty(d.usable, i.unit)}, need {qty(d.need, i.unit)},{' '}
                      {d.left < i.parLevel ? <strong>left {qty(d.left, i.unit)}</strong> : `left ${qty(d.left, i.unit)}`}
                    </li>
                  ))}
                </ul>
              </details>
            </td>
            <td className="tabular">{qty(i.totalNeed, i.unit)}</td>
            <td className="tabular">
              {qty(i.available, i.unit)}
              {i.reserved ? <div className="text-sm text-subtle">{qty(i.reserved, i.unit)} held</div> : null}
            </td>
            <td className="tabular">{i.parLevel ? qty(i.parLevel, i.unit) : '—'}</td>
            <td className="tabular" data-testid="plan-to-get">
              {i.toGet > 0 ? (
                <>
                  <strong>{qty(i.toGet, i.unit)}</strong>
                  {i.by ? <div className="text-sm">by {formatDay(i.by, 'weekdayDate')}</div> : null}
                </>
              ) : (
                <span className="text-muted">Nothing</span>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
