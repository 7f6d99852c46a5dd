import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { usePageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { FormAlert } from '../../features/auth/forms';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, FilterSelect, ListCount, SearchFilter, SlotFilter, countOf, useSearchTerm } from './admin-ui';
import { formatDate, formatDay } from '../../../../shared/rules/dates';
import { formatSlotTime, formatSlotRange } from '../../../../shared/rules/slots';
import { SCHEDULE_STATUSES, type ScheduleStatus } from '../../../../shared/rules/schedules';
import '../../features/auth/auth.css';
import '../../features/schedules/schedules.css';

const PAGE_SIZE = 20;
const STATUS_LABEL: Record<ScheduleStatus, string> = { active: 'Active', paused: 'Paused', ended: 'Ended' };
const STATUS_BADGE: Record<ScheduleStatus, string> = {
  active: 'badge badge--green',
  paused: 'badge badge--warning',
  ended: 'badge badge--outline',
};

/**
 * /admin/schedules (PRODUCT.md §15): every standing delivery with its customer, filtered by status,
 * slot and customer; and tomorrow's forecast per slot × shake — what the cut-off will place.
 */
export default function AdminSchedulesPage() {
  usePageTitle('Schedules');
  const [status, setStatus] = useState<ScheduleStatus | ''>('');
  const [slotId, setSlotId] = useState('');
  const [page, setPage] = useState(1);
  const { term, setTerm, query: search } = useSearchTerm('', { onSettle: () => setPage(1) });

  const forecast = trpc.schedules.forecast.useQuery({});
  const slots = trpc.slots.slotsByDate.useQuery({ date: forecast.data?.date ?? '' }, { enabled: !!forecast.data });
  const list = trpc.schedules.adminList.useQuery(
    { page, pageSize: PAGE_SIZE, search: search || undefined, status: status || undefined, slotId: slotId || undefined },
    { placeholderData: (prev) => prev },
  );
  const total = list.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <AdminPage page="admin/schedules" eyebrow="Standing deliveries" title="Schedules">
      <section className="stack" aria-labelledby="forecast-title" data-testid="admin-forecast">
        <div className="list-head">
          <h2 className="h4" id="forecast-title">
            {forecast.data ? `Forecast for ${formatDay(forecast.data.date)}` : 'Forecast'}
          </h2>
          {forecast.data ? (
            <p className="text-sm text-subtle">Placed at the cut-off, {formatDate(forecast.data.cutoffAt, 'weekdayTime')}</p>
          ) : null}
        </div>
        {forecast.isError ? <FormAlert kind="danger">{messageOf(forecast.error, 'The forecast could not be loaded.')}</FormAlert> : null}
        {forecast.data && forecast.data.slots.length === 0 ? (
          <div className="empty-state card card--padded">
            <p className="text-muted">
              {forecast.data.notPlaced.length ? 'Nothing else will be placed for that day.' : 'Nothing scheduled for that day.'}
            </p>
          </div>
        ) : (
          <div className="grid dl-calendar">
            {forecast.data?.slots.map((s) => (
              <div key={s.slotId} className="card dl-day" data-testid="forecast-slot">
                <div className="dl-day__head">
                  <p className="dl-day__date">{formatSlotRange(s.startTime, s.endTime)}</p>
                  <span className="badge badge--green">
                    {s.deliveries} {s.deliveries === 1 ? 'delivery' : 'deliveries'}
                  </span>
                </div>
                <ul className="dl-forecast">
                  {s.shakes.map((k) => (
                    <li key={`${k.type}:${k.id}`} data-testid="forecast-shake">
                      <span>{k.name || (k.type === 'custom' ? 'Custom shake' : 'A shake no longer on the menu')}</span>
                      <strong className="tabular">× {k.quantity}</strong>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        {forecast.data?.notPlaced.length ? (
          <div className="card card--padded stack stack--sm" data-testid="forecast-refused">
            <h3 className="h5">Not placed ({forecast.data.notPlaced.length})</h3>
            <ul className="list-reset stack stack--sm">
              {forecast.data.notPlaced.map((n) => (
                <li key={n.scheduleId} data-testid="forecast-refused-day">
                  <strong>{n.customer}</strong>
                  {n.startTime ? ` · ${formatSlotTime(n.startTime)}` : ''}: {n.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <div className="admin-toolbar">
        <SearchFilter
          label="Customer"
          placeholder="Name or e-mail"
          value={term}
          onChange={setTerm}
          maxLength={100}
          testId="schedules-search"
        />
        <FilterSelect
          label="Status"
          value={status}
          onChange={(v) => (setStatus(v), setPage(1))}
          any="Any status"
          options={SCHEDULE_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
          testId="schedules-status"
        />
        <SlotFilter
          value={slotId}
          onChange={(v) => (setSlotId(v), setPage(1))}
          slots={slots.data?.map((s) => ({ id: s.id, label: formatSlotRange(s.start_time, s.end_time) }))}
          any="Any slot"
          testId="schedules-slot"
        />
        <ListCount>{list.data ? countOf(total, 'schedule', 'schedules') : ''}</ListCount>
      </div>
      {list.isError ? <FormAlert kind="danger">{messageOf(list.error, 'Schedules could not be loaded.')}</FormAlert> : null}

      <AdminTable
        label="Schedules"
        wrapClassName="card"
        testId="admin-schedules"
        columns={['Customer', 'Shakes', 'Days', 'Slot', 'Dates', 'Status']}
      >
        {list.data?.schedules.map((s) => (
          <tr key={s.id} data-testid="admin-schedule-row">
            <td>
              <strong>{s.customer.name || s.customer.email}</strong>
              <br />
              <span className="text-sm text-subtle">
                {s.customer.email}
                {s.pincode ? ` · ${s.pincode}` : ''}
              </span>
            </td>
            <td>{s.items.map((i) => `${i.quantity} × ${i.name || 'Custom shake'}`).join(', ')}</td>
            <td>{s.daysLabel}</td>
            <td>{s.slot ? formatSlotRange(s.slot.startTime, s.slot.endTime) : '—'}</td>
            <td className="text-sm">
              {formatDay(s.startDate)}
              {s.endDate ? ` – ${formatDay(s.endDate)}` : ' onwards'}
            </td>
            <td>
              <span className={STATUS_BADGE[s.status]}>{STATUS_LABEL[s.status]}</span>
            </td>
          </tr>
        ))}
        {list.data && list.data.schedules.length === 0 ? <EmptyRow colSpan={6}>No schedules match.</EmptyRow> : null}
      </AdminTable>
      <Pager page={page} pages={pages} onPage={setPage} label="Schedule pages" />
    </AdminPage>
  );
}
