import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { downloadFile } from '../../features/orders/download-file';
import { formatDate, formatDay } from '../../../../shared/rules/dates';
import { addDays, istToday } from '../../../../shared/rules/slots';
import { formatQuantity } from '../../../../shared/rules/stock';
import type { Blend, IngredientQty, KitchenDay, KitchenSlotSection } from '../../../../shared/schemas/kitchen';
import { AdminTable } from './admin-table';
import { AdminPage, DialogButtons, SlotFilter } from './admin-ui';
import { Modal } from '../../components/modal';
import './admin-kitchen.css';

const num = new Intl.NumberFormat('en-IN');
const amount = (i: Pick<IngredientQty, 'qty' | 'unit'>) => formatQuantity(i.qty, i.unit);
const plural = (n: number, one: string, many = `${one}s`) => `${num.format(n)} ${n === 1 ? one : many}`;

/**
 * /admin/kitchen (PRODUCT.md §16, decision 180), tablet first: for a date and slot, what to blend —
 * signature shakes × bottles, custom recipes with what one bottle takes, ingredient totals for the
 * slot and the day, and the standing deliveries expected before the cut-off as a forecast. "Start
 * batch" moves the slot's confirmed orders to preparing (their reserved stock becomes usage); "Ready"
 * tells the riders' screen the batch can go. Prep sheet and bottle labels print as PDFs.
 */
export default function AdminKitchenPage() {
  usePageTitle('Kitchen');
  const today = istToday(new Date());
  const [date, setDate] = useState(today);
  const [slotId, setSlotId] = useState('');
  const q = trpc.kitchen.day.useQuery({ date, ...(slotId ? { slotId } : {}) }, { refetchInterval: 30_000 });

  return (
    <AdminPage
      page="admin/kitchen"
      className="kitchen"
      eyebrow="Kitchen"
      title="What to blend"
      intro="By slot: the shakes to make, what goes into them, and the totals for the day."
    >
      <div className="card card--padded kitchen__pickers">
        <Field label="Date">{(p) => <Input {...p} type="date" value={date} onChange={(e) => setDate(e.target.value || today)} />}</Field>
        <div className="kitchen__days" role="group" aria-label="Quick dates">
          <Button size="sm" variant={date === today ? 'primary' : 'secondary'} onClick={() => setDate(today)}>
            Today
          </Button>
          <Button size="sm" variant={date === addDays(today, 1) ? 'primary' : 'secondary'} onClick={() => setDate(addDays(today, 1))}>
            Tomorrow
          </Button>
        </div>
        <SlotFilter value={slotId} onChange={setSlotId} slots={q.data?.slots} />
      </div>
      {q.isError ? <LoadError message={messageOf(q.error, 'The kitchen could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      {q.isPending ? <span className="skeleton" style={{ height: '12rem' }} aria-busy="true" /> : null}
      {q.data ? <DayTotals day={q.data} /> : null}
      {q.data?.sections.map((s) => (
        <SlotSection key={s.slot.id} date={date} section={s} />
      ))}
    </AdminPage>
  );
}

function DayTotals({ day }: { day: KitchenDay }) {
  const withForecast = day.day.forecastBottles > 0;
  return (
    <section className="card card--padded" aria-labelledby="kitchen-day" data-testid="kitchen-day">
      <div className="kitchen__section-head">
        <h2 className="h4" id="kitchen-day">
          {formatDay(day.date, 'weekdayDateYear')}
        </h2>
        <p className="text-muted">
          {plural(day.day.bottles, 'bottle')} ordered
          {day.day.forecastBottles ? ` · ${plural(day.day.forecastBottles, 'bottle')} forecast from standing deliveries` : ''}
        </p>
      </div>
      {day.day.ingredients.length ? (
        <AdminTable
          label="Ingredients for the day"
          className="kitchen__table"
          columns={['Ingredient', 'Ordered', withForecast && 'Forecast', 'Day total', 'Free now']}
        >
          {day.day.ingredients.map((i) => (
            <tr key={i.ingredientId} data-testid="day-ingredient" data-name={i.name}>
              <td>{i.name}</td>
              <td className="tabular">{amount({ qty: i.ordered, unit: i.unit })}</td>
              {withForecast ? <td className="tabular">{i.forecast ? amount({ qty: i.forecast, unit: i.unit }) : '—'}</td> : null}
              <td className="tabular">
                <strong>{amount(i)}</strong>
              </td>
              <td className="tabular">
                {i.free === null ? '—' : amount({ qty: Math.max(0, i.free), unit: i.unit })}
                {i.short ? <span className="badge badge--warning kitchen__short">Forecast needs more</span> : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="text-muted">Nothing to blend on this day yet.</p>
      )}
    </section>
  );
}

function SlotSection({ date, section }: { date: string; section: KitchenSlotSection }) {
  const utils = trpc.useUtils();
  const start = trpc.kitchen.startBatch.useMutation();
  const ready = trpc.kitchen.markReady.useMutation();
  const undo = trpc.kitchen.undoBatch.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const o = section.orders;
  const total = o.confirmed + o.preparing + o.ready + o.outForDelivery + o.delivered;
  const waiting = section.batches.filter((b) => !b.readyAt && !b.undoneAt);
  const toStart = section.toStart;
  const headingId = `slot-${section.slot.id}`;

  async function run(work: () => Promise<string>) {
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
      await utils.kitchen.day.invalidate();
    } catch (err) {
      setError(messageOf(err, 'That did not work. Please try again.'));
    }
  }
  const file = (kind: 'prep-sheet' | 'labels') =>
    run(async () => {
      await downloadFile(`/api/admin/kitchen/${kind}.pdf?date=${date}&slotId=${section.slot.id}`, `${kind}-${date}.pdf`);
      return kind === 'labels' ? 'Labels downloaded.' : 'Prep sheet downloaded.';
    });

  return (
    <section
      className="card card--padded kitchen__slot"
      aria-labelledby={headingId}
      data-testid="kitchen-slot"
      data-slot={section.slot.label}
    >
      <div className="kitchen__section-head">
        <div>
          <h2 className="h4" id={headingId}>
            {section.slot.label}
          </h2>
          {total ? (
            <p className="kitchen__statuses text-sm">
              {o.confirmed ? <span className="badge badge--warning">{o.confirmed} to start</span> : null}
              {o.preparing ? <span className="badge badge--accent">{o.preparing} preparing</span> : null}
              {o.ready ? <span className="badge badge--success">{o.ready} ready for riders</span> : null}
              {o.outForDelivery ? <span className="badge">{o.outForDelivery} on the way</span> : null}
              {o.delivered ? <span className="badge badge--success">{o.delivered} delivered</span> : null}
            </p>
          ) : (
            <p className="text-sm text-muted">No orders in this slot yet.</p>
          )}
        </div>
        {total || section.forecast.bottles ? (
          <div className="kitchen__actions">
            <Button disabled={!o.confirmed} loading={start.isPending} onClick={() => setConfirming(true)}>
              Start batch{o.confirmed ? ` (${o.confirmed})` : ''}
            </Button>
            {waiting.map((b) => (
              <Button
                key={b.id}
                variant="secondary"
                loading={ready.isPending}
                onClick={() =>
                  void run(async () => {
                    await ready.mutateAsync({ id: b.id });
                    return `Ready for the riders: ${plural(b.orderCount, 'order')}.`;
                  })
                }
              >
                Ready ({b.orderCount})
              </Button>
            ))}
            <Button variant="ghost" size="sm" onClick={() => void file('prep-sheet')}>
              Prep sheet
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void file('labels')}>
              Labels
            </Button>
          </div>
        ) : null}
      </div>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      {notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
      {confirming ? (
        // Starting moves the orders to preparing and uses their stock: asked once, on purpose.
        <Modal
          open
          onClose={() => setConfirming(false)}
          title={`Start batch of ${plural(toStart.bottles, 'bottle')} for ${section.slot.label}?`}
          testId="start-batch"
          footer={
            <DialogButtons cancel="Not yet" onCancel={() => setConfirming(false)}>
              <Button
                loading={start.isPending}
                onClick={() => {
                  setConfirming(false);
                  void run(async () => {
                    const r = await start.mutateAsync({ date, slotId: section.slot.id });
                    return r.moved ? `Batch started: ${plural(r.moved, 'order')} now preparing.` : 'Nothing new to start.';
                  });
                }}
              >
                Start {plural(o.confirmed, 'order')}
              </Button>
            </DialogButtons>
          }
        >
          {toStart.ingredients.length ? (
            <p data-testid="start-batch-takes">
              This takes {toStart.ingredients.map((i) => `${amount(i)} ${i.name.toLowerCase()}`).join(', ')}.
            </p>
          ) : null}
          <p>
            {plural(o.confirmed, 'order')} move to preparing: their customers are told the shakes are being blended, and the stock held for
            them is used. You can undo the batch until you mark it ready.
          </p>
        </Modal>
      ) : null}
      {section.batches.length ? (
        <ul className="kitchen__batches text-sm" aria-label="Batches">
          {section.batches.map((b) => (
            <li key={b.id} data-testid="kitchen-batch" className={b.undoneAt ? 'kitchen__batch kitchen__batch--undone' : 'kitchen__batch'}>
              <span>
                Batch of {plural(b.orderCount, 'order')} started {formatDate(b.startedAt, 'time')}
                {b.startedBy ? ` by ${b.startedBy}` : ''} ·{' '}
                {b.undoneAt ? (
                  <>
                    <strong>Undone {formatDate(b.undoneAt, 'time')}</strong>
                    {b.undoneBy ? ` by ${b.undoneBy}` : ''}: labels printed for it are void
                  </>
                ) : b.readyAt ? (
                  <strong className="kitchen__ready">Ready {formatDate(b.readyAt, 'time')}</strong>
                ) : (
                  'blending'
                )}
              </span>
              {!b.readyAt && !b.undoneAt ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={undo.isPending}
                  onClick={() =>
                    void run(async () => {
                      const r = await undo.mutateAsync({ id: b.id });
                      const made = formatDate(b.startedAt, 'time');
                      const cancelled = r.cancelled
                        ? ` ${plural(r.cancelled, 'order')} cancelled meanwhile ${r.cancelled === 1 ? 'stays' : 'stay'} cancelled.`
                        : '';
                      return `Batch undone: ${plural(r.confirmed, 'order')} back to confirmed and their stock given back.${cancelled} Labels printed for it (Made ${made}) are void: throw them away.`;
                    })
                  }
                >
                  Undo
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <BlendView blend={section.blend} label="To blend" empty="" ticks />
      {section.forecast.bottles ? (
        <div className="kitchen__forecast">
          <BlendView blend={section.forecast} label="Forecast: standing deliveries not yet ordered" empty="" />
        </div>
      ) : null}
    </section>
  );
}

function BlendView({ blend, label, empty, ticks = false }: { blend: Blend; label: string; empty: string; ticks?: boolean }) {
  if (!blend.bottles) return empty ? <p className="text-muted">{empty}</p> : null;
  return (
    <div className="kitchen__blend">
      <div>
        <h3 className="kitchen__label">
          {label} · {plural(blend.bottles, 'bottle')}
        </h3>
        <ul className="kitchen__shakes">
          {blend.shakes.map((s) => (
            <li key={s.shakeId} data-testid="kitchen-shake" data-name={s.name}>
              <label className="kitchen__tick">
                {ticks ? <input type="checkbox" aria-label={`${s.name} blended`} /> : null}
                <span>
                  {s.name}
                  {s.perBottle.length ? (
                    <span className="kitchen__recipe text-sm text-subtle" data-testid="kitchen-per-bottle">
                      {s.perBottle.map((i) => `${i.name} ${amount(i)}`).join(' · ')} per bottle
                    </span>
                  ) : null}
                </span>
              </label>
              <strong className="kitchen__count">× {s.bottles}</strong>
            </li>
          ))}
          {blend.customs.map((c) => (
            <li key={c.key} className="kitchen__custom" data-testid="kitchen-custom">
              <label className="kitchen__tick">
                {ticks ? <input type="checkbox" aria-label={`${c.name} blended`} /> : null}
                <span>
                  {c.name} <span className="text-subtle">· {c.size === 'large' ? 'Large' : 'Regular'}</span>
                  <span className="kitchen__recipe text-sm text-subtle">
                    {c.perBottle.map((i) => `${i.name} ${amount(i)}`).join(' · ')} per bottle
                  </span>
                </span>
              </label>
              <strong className="kitchen__count">× {c.bottles}</strong>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="kitchen__label">Ingredients</h3>
        <ul className="kitchen__ingredients">
          {blend.ingredients.map((i) => (
            <li key={i.ingredientId} data-testid="kitchen-ingredient" data-name={i.name}>
              <span>{i.name}</span>
              <span className="tabular">{amount(i)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
