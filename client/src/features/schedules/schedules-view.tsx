import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { Button, LinkButton } from '../../components/button';
import { Field, Input } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { Modal } from '../../components/modal';
import { toast } from '../../components/toast';
import { CloseIcon, PauseIcon, PlayIcon, PlusIcon, RepeatIcon } from '../../components/icons';
import { formatRupees } from '../../../../shared/rules/money';
import { formatDay } from '../../../../shared/rules/dates';
import { addDays, formatSlotRange } from '../../../../shared/rules/slots';
import { entryOf, formatCutoffTime } from '../../../../shared/rules/schedules';
import type { ScheduleCalendar, DeliveryDay, DeliveryEntry, Schedule } from '../../../../shared/schemas/schedules';
import { DayEditor } from './day-editor';
import { NoteEditor } from './note-editor';
import { itemsLine } from './items-picker';
import { orderItNow } from './order-it-now';
import './schedules.css';

const STATE_LABEL: Record<DeliveryEntry['state'], string> = {
  planned: 'Planned',
  skipped: 'Skipped',
  vacation: 'On vacation',
  fixed: 'Fixed',
  placed: 'Placed',
  not_placed: 'Not placed',
};
const STATE_BADGE: Record<DeliveryEntry['state'], string> = {
  planned: 'badge badge--green',
  skipped: 'badge badge--outline',
  vacation: 'badge badge--info',
  fixed: 'badge badge--accent',
  placed: 'badge badge--success',
  not_placed: 'badge badge--danger',
};

/** The calendar shows these first days until "Show all 30 days". */
const FIRST_DAYS = 14;

/**
 * The standing deliveries of the signed-in customer (PRODUCT.md §15): the wallet and how many days
 * it covers, the schedules, vacations, and the next 30 days — each day's items, price and state, with
 * skip / change / extra until the day's cut-off. /deliveries and /profile?tab=deliveries.
 */
export default function SchedulesView() {
  const cal = trpc.schedules.calendar.useQuery({});
  const list = trpc.schedules.list.useQuery({});

  if (cal.isError || list.isError)
    return (
      <LoadError
        testId="deliveries-error"
        message="We couldn’t load your deliveries"
        onRetry={() => {
          void cal.refetch();
          void list.refetch();
        }}
      />
    );
  if (!cal.data || !list.data) return <span className="skeleton" style={{ height: '20rem' }} aria-busy="true" />;

  const schedules = list.data.schedules;
  if (schedules.length === 0) {
    return (
      <section className="deliveries" data-testid="deliveries">
        <div className="empty-state card card--padded dl-empty" data-testid="deliveries-empty">
          <RepeatIcon className="empty-state__icon" aria-hidden="true" />
          <h2 className="h3">A shake every morning, without ordering each one</h2>
          <p className="text-muted">
            Choose your shakes, the days and a delivery time once. We place each delivery the evening before and pay it from your wallet;
            skip a day or go on vacation until {formatCutoffTime(cal.data.cutoffTime)} the evening before.
          </p>
          <LinkButton href="/deliveries/new" data-testid="new-schedule">
            <PlusIcon /> Set up a delivery
          </LinkButton>
        </div>
      </section>
    );
  }

  return (
    <section className="deliveries" data-testid="deliveries">
      <div className="dl-top">
        <WalletCard calendar={cal.data} />
        <VacationCard calendar={cal.data} />
      </div>

      <div className="list-head">
        <h2 className="h4">Your schedules</h2>
        <LinkButton href="/deliveries/new" size="sm" variant="secondary" data-testid="new-schedule">
          <PlusIcon /> New schedule
        </LinkButton>
      </div>
      <ul className="grid list-reset dl-schedules">
        {schedules.map((s) => (
          <ScheduleCard key={s.id} s={s} />
        ))}
      </ul>

      <Calendar calendar={cal.data} schedules={schedules} />
    </section>
  );
}

/** Where the wallet's Top up goes: the wallet tab with the amount filled in, back to that day once credited. */
const topUpHref = (amount: number, date: string) => `/profile?tab=wallet&amount=${Math.ceil(amount / 100)}&back=${date}`;

/** The balance and what it covers, as the server counted it (decision 220: days paid in date order, each covered or short). */
function WalletCard({ calendar }: { calendar: ScheduleCalendar }) {
  const w = calendar.wallet;
  const first = w.firstShort ? calendar.days.find((d) => d.date === w.firstShort) : undefined;
  return (
    <div className="card card--padded dl-wallet" data-testid="deliveries-wallet">
      <p className="eyebrow">Wallet</p>
      <p className="dl-wallet__balance tabular" data-testid="deliveries-balance">
        {formatRupees(w.balance)}
      </p>
      <p className="text-sm" data-testid="wallet-covers">
        {w.due === 0
          ? 'No delivery is due in the next 30 days.'
          : w.covered >= w.due
            ? `Covers all ${w.due} coming ${w.due === 1 ? 'delivery day' : 'delivery days'}.`
            : `Covers ${w.covered} of the next ${w.due} delivery ${w.due === 1 ? 'day' : 'days'}.`}
        {first ? (
          <span className="text-muted" data-testid="wallet-deadline">
            {' '}
            Top up by {w.topUpBy} so {formatDay(first.date)} is placed.
          </span>
        ) : null}
      </p>
      <LinkButton
        href={first?.short ? topUpHref(first.short.topUp, first.date) : '/profile?tab=wallet'}
        size="sm"
        variant={first ? 'primary' : 'secondary'}
        data-testid="deliveries-top-up"
      >
        Top up
      </LinkButton>
    </div>
  );
}

function VacationCard({ calendar }: { calendar: ScheduleCalendar }) {
  const utils = trpc.useUtils();
  const firstOpen = calendar.days.find((d) => d.open)?.date ?? calendar.from;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = trpc.schedules.addVacation.useMutation();
  const remove = trpc.schedules.removeVacation.useMutation();
  const refresh = () => Promise.all([utils.schedules.calendar.invalidate(), utils.schedules.list.invalidate()]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!from || !to) return setError('Choose the first and the last day you are away.');
    try {
      await add.mutateAsync({ from, to });
      setFrom('');
      setTo('');
      toast({ title: 'Enjoy your trip', description: `No deliveries from ${formatDay(from)} to ${formatDay(to)}.`, variant: 'success' });
      await refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <div className="card card--padded dl-vacation" data-testid="vacation">
      <h2 className="h4">Going away?</h2>
      <p className="text-sm text-muted">Every schedule pauses from the first day to the last.</p>
      <form className="dl-vacation__form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="From">
          {(p) => (
            <Input {...p} type="date" min={firstOpen} value={from} onChange={(e) => setFrom(e.target.value)} data-testid="vacation-from" />
          )}
        </Field>
        <Field label="To">
          {(p) => (
            <Input
              {...p}
              type="date"
              min={from || firstOpen}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              data-testid="vacation-to"
            />
          )}
        </Field>
        <Button type="submit" loading={add.isPending} data-testid="vacation-submit">
          Add vacation
        </Button>
      </form>
      {error ? (
        <p className="field__error" role="alert" data-testid="vacation-error">
          {error}
        </p>
      ) : null}
      {calendar.vacations.length > 0 ? (
        <ul className="dl-vacation__list">
          {calendar.vacations.map((v) => (
            <li key={v.id} data-testid="vacation-row">
              <span>
                {formatDay(v.from)} – {formatDay(v.to)}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove the vacation from ${formatDay(v.from)} to ${formatDay(v.to)}`}
                onClick={async () => {
                  setError(null);
                  try {
                    await remove.mutateAsync({ id: v.id });
                    await refresh();
                  } catch (err) {
                    setError(messageOf(err));
                  }
                }}
              >
                <CloseIcon /> Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ScheduleCard({ s }: { s: Schedule }) {
  const utils = trpc.useUtils();
  const update = trpc.schedules.update.useMutation();
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setStatus = async (status: Schedule['status']) => {
    setError(null);
    try {
      const changed = await update.mutateAsync({ id: s.id, status });
      await Promise.all([utils.schedules.calendar.invalidate(), utils.schedules.list.invalidate()]);
      setEnding(false);
      toast({
        title: status === 'paused' ? 'Schedule paused' : status === 'ended' ? 'Schedule ended' : 'Schedule resumed',
        // Days already fixed keep their delivery: the server says from which date this applies.
        description: `Changes apply from ${formatDay(changed.effectiveFrom)}.`,
        variant: 'success',
      });
    } catch (err) {
      setError(messageOf(err));
      setEnding(false);
    }
  };
  const total = s.items.reduce((n, i) => n + i.lineTotal, 0);
  return (
    <li
      className={`card card--padded dl-schedule${s.status !== 'active' ? ' is-muted' : ''}`}
      data-testid="schedule-card"
      data-status={s.status}
    >
      <div className="dl-schedule__head">
        <p className="dl-schedule__items">{itemsLine(s.items)}</p>
        <span
          className={s.status === 'active' ? 'badge badge--green' : s.status === 'paused' ? 'badge badge--warning' : 'badge badge--outline'}
        >
          {s.status === 'active' ? 'Active' : s.status === 'paused' ? 'Paused' : 'Ended'}
        </span>
      </div>
      <p className="text-sm text-muted">
        {s.daysLabel}
        {s.slot ? ` · ${formatSlotRange(s.slot.startTime, s.slot.endTime)}` : ' · choose a delivery time'}
        {s.address ? ` · ${s.address.line1}, ${s.address.pincode}` : ' · choose an address'}
      </p>
      <p className="text-sm text-subtle">
        From {formatDay(s.startDate)}
        {s.endDate ? ` to ${formatDay(s.endDate)}` : ''} · {formatRupees(total)} a delivery before offers
        {s.status === 'active' && s.nextDate ? ` · next ${formatDay(s.nextDate)}` : ''}
      </p>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {s.status !== 'ended' ? (
        <div className="dl-schedule__actions">
          <LinkButton href={`/deliveries/${s.id}/edit`} size="sm" variant="secondary">
            Edit
          </LinkButton>
          {s.status === 'active' ? (
            <Button size="sm" variant="ghost" loading={update.isPending} onClick={() => void setStatus('paused')}>
              <PauseIcon /> Pause
            </Button>
          ) : (
            <Button size="sm" variant="ghost" loading={update.isPending} onClick={() => void setStatus('active')}>
              <PlayIcon /> Resume
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setEnding(true)}>
            End
          </Button>
        </div>
      ) : null}
      <Modal
        open={ending}
        onClose={() => setEnding(false)}
        title="End this schedule?"
        testId="end-schedule"
        footer={
          <>
            <Button variant="ghost" onClick={() => setEnding(false)}>
              Keep it
            </Button>
            <Button variant="danger" loading={update.isPending} onClick={() => void setStatus('ended')}>
              End schedule
            </Button>
          </>
        }
      >
        <p>No more deliveries of {itemsLine(s.items)} will be placed. Days already fixed are still delivered.</p>
      </Modal>
    </li>
  );
}

function Calendar({ calendar, schedules }: { calendar: ScheduleCalendar; schedules: Schedule[] }) {
  const utils = trpc.useUtils();
  const skip = trpc.schedules.skip.useMutation();
  const unskip = trpc.schedules.unskip.useMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ date: string; message: string } | null>(null);
  const [editing, setEditing] = useState<{ day: DeliveryDay; entry: DeliveryEntry } | null>(null);
  const [noting, setNoting] = useState<{ day: DeliveryDay; entry: DeliveryEntry } | null>(null);
  // /deliveries?date=YYYY-MM-DD (a reminder's or a not-placed message's link) opens that day.
  const target = new URLSearchParams(useSearch()).get('date');
  const [all, setAll] = useState(() => !!target && target >= addDays(calendar.from, FIRST_DAYS));
  const [, navigate] = useLocation();
  useEffect(() => {
    if (target) document.querySelector(`[data-testid="calendar-day"][data-date="${CSS.escape(target)}"]`)?.scrollIntoView({ block: 'center' });
  }, [target]);
  const withSomething = calendar.days.filter((d) => d.entries.length > 0 || d.vacationId);
  // Two weeks first; the rest of the 30 days one tap away.
  const days = all ? withSomething : withSomething.filter((d) => d.date < addDays(calendar.from, FIRST_DAYS));
  const many = schedules.length > 1;
  const cutoff = formatCutoffTime(calendar.cutoffTime);

  const toggleSkip = async (day: DeliveryDay, entry: DeliveryEntry) => {
    setError(null);
    setBusy(`${day.date}:${entry.scheduleId}`);
    try {
      const input = { date: day.date, scheduleId: entry.scheduleId };
      if (entry.state === 'skipped') await unskip.mutateAsync(input);
      else await skip.mutateAsync(input);
      await Promise.all([utils.schedules.calendar.invalidate(), utils.schedules.list.invalidate()]);
    } catch (err) {
      setError({ date: day.date, message: messageOf(err) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="list-head">
        <h2 className="h4">The next 30 days</h2>
        <p className="text-sm text-subtle">Changes close at {cutoff} the evening before.</p>
      </div>
      {days.length === 0 ? (
        <div className="empty-state card card--padded">
          <p className="text-muted">Nothing to deliver in the next 30 days. Resume a schedule or set up a new one.</p>
        </div>
      ) : (
        <ol className="grid list-reset dl-calendar" data-testid="calendar">
          {days.map((d) => (
            <li
              key={d.date}
              className={`card dl-day${d.open ? '' : ' is-closed'}${d.date === target ? ' is-target' : ''}${d.short ? ' is-short' : ''}`}
              data-testid="calendar-day"
              data-date={d.date}
              data-open={d.open ? 'true' : 'false'}
            >
              <div className="dl-day__head">
                <p className="dl-day__date">
                  {/* "Mon, 14 Dec" in one line; on a phone the weekday above "14 Dec", which never splits. */}
                  <span className="dl-day__weekday">{formatDay(d.date, 'weekday')}</span>
                  <span className="dl-day__sep">, </span>
                  <span className="dl-day__day">{formatDay(d.date, 'dayMonth')}</span>
                </p>
                {d.open ? null : <span className="text-xs text-subtle">Changes closed</span>}
              </div>
              {d.short ? (
                <div className="dl-day__short" data-testid="day-short">
                  <p className="text-sm">
                    <strong className="tabular">{formatRupees(d.short.by)} short</strong>
                  </p>
                  {d.open ? (
                    <LinkButton href={topUpHref(d.short.topUp, d.date)} size="sm" data-testid="day-top-up">
                      Top up {formatRupees(d.short.topUp)}
                    </LinkButton>
                  ) : null}
                </div>
              ) : null}
              {d.entries.length === 0 ? <p className="text-sm text-muted">On vacation</p> : null}
              {d.entries.map((e) => {
                const s = schedules.find((x) => x.id === e.scheduleId);
                const { items, price, changed, slot } = entryOf(calendar, e);
                return (
                  <div
                    key={e.scheduleId}
                    className="dl-entry"
                    data-testid="calendar-entry"
                    data-state={e.state}
                    data-schedule={e.scheduleId}
                  >
                    <div className="dl-entry__head">
                      <span className={STATE_BADGE[e.state]} data-testid="entry-state">
                        {STATE_LABEL[e.state]}
                      </span>
                      <span className="dl-entry__price tabular" data-testid="entry-price">
                        {formatRupees(price.total)}
                      </span>
                    </div>
                    <p className="dl-entry__items">
                      {itemsLine(items)}
                      {changed ? <span className="text-subtle"> · changed for this day</span> : null}
                    </p>
                    <p className="text-xs text-subtle">
                      {slot ? formatSlotRange(slot.startTime, slot.endTime) : 'No delivery time'}
                      {many && s?.address ? ` · ${s.address.name || s.address.line1}` : ''}
                    </p>
                    {e.state === 'placed' && e.order ? (
                      <Link href={`/order/${e.order.id}`} className="link text-sm" data-testid="entry-order">
                        Order {e.order.number}
                      </Link>
                    ) : null}
                    {e.state === 'not_placed' && e.reason ? (
                      <p className="text-sm dl-entry__reason" data-testid="entry-reason">
                        {e.reason.message}
                      </p>
                    ) : null}
                    {/* The calendar starts today: every day not placed in it may still be ordered (the checkout says if its slot is gone). */}
                    {e.state === 'not_placed' ? (
                      <div className="dl-entry__actions">
                        <Button
                          size="sm"
                          onClick={() => navigate(orderItNow(d.date, items, slot, s?.address ?? null))}
                          data-testid="order-it-now"
                        >
                          Order it now
                        </Button>
                      </div>
                    ) : null}
                    {e.state === 'fixed' ? <p className="text-xs text-subtle">Fixed: it will be placed shortly.</p> : null}
                    {d.open && (e.state === 'planned' || e.state === 'skipped') ? (
                      <div className="dl-entry__actions">
                        <Button
                          size="sm"
                          variant={e.state === 'skipped' ? 'secondary' : 'ghost'}
                          loading={busy === `${d.date}:${e.scheduleId}`}
                          onClick={() => void toggleSkip(d, e)}
                          data-testid={e.state === 'skipped' ? 'unskip' : 'skip'}
                        >
                          {e.state === 'skipped' ? 'Deliver after all' : 'Skip'}
                        </Button>
                        {e.state === 'planned' ? (
                          <Button size="sm" variant="ghost" onClick={() => setEditing({ day: d, entry: e })} data-testid="change-day">
                            Change
                          </Button>
                        ) : null}
                      </div>
                    ) : null}
                  </div>
                );
              })}
              <DayNote day={d} calendar={calendar} onEdit={(entry) => setNoting({ day: d, entry })} />
              {error?.date === d.date ? (
                <p className="field__error" role="alert" data-testid="day-error">
                  {error.message}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {days.length < withSomething.length ? (
        <Button variant="secondary" className="dl-more" onClick={() => setAll(true)} data-testid="calendar-more">
          Show all 30 days
        </Button>
      ) : null}
      {editing ? (
        <DayEditor
          date={editing.day.date}
          scheduleId={editing.entry.scheduleId}
          {...entryOf(calendar, editing.entry)}
          schedule={schedules.find((s) => s.id === editing.entry.scheduleId) ?? null}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {noting ? (
        <NoteEditor
          date={noting.day.date}
          scheduleId={noting.entry.scheduleId}
          dayNote={noting.day.instructions}
          scheduleNote={calendar.schedules.find((s) => s.id === noting.entry.scheduleId)?.dropOffNote ?? null}
          onClose={() => setNoting(null)}
        />
      ) : null}
    </>
  );
}

/** The rider's note of a day (decision 295): the date's own, else the schedule's every-day note; editable while the day is open. */
function DayNote({ day, calendar, onEdit }: { day: DeliveryDay; calendar: ScheduleCalendar; onEdit(entry: DeliveryEntry): void }) {
  const entry = day.entries.find((e) => e.state === 'planned') ?? day.entries.find((e) => e.state !== 'skipped');
  if (!entry) return null;
  const everyDay = calendar.schedules.find((s) => s.id === entry.scheduleId)?.dropOffNote ?? null;
  const note = day.instructions !== undefined ? day.instructions : everyDay;
  const own = day.instructions !== undefined;
  if (!note && !(day.open && entry.state === 'planned')) return null;
  return (
    <div className="dl-note" data-testid="day-note">
      {note ? (
        <p className="text-sm">
          <span className="text-subtle">{own ? 'Note for the rider:' : 'Every day:'}</span> <span data-testid="day-note-text">{note}</span>
        </p>
      ) : null}
      {day.open && entry.state === 'planned' ? (
        <Button size="sm" variant="ghost" onClick={() => onEdit(entry)} data-testid="edit-note">
          {note ? 'Change note' : 'Add a note for the rider'}
        </Button>
      ) : null}
    </div>
  );
}
