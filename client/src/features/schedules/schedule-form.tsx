import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { Button, LinkButton } from '../../components/button';
import { Field, Input } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { toast } from '../../components/toast';
import { AddressPicker } from '../addresses/address-picker';
import { formatDay } from '../../../../shared/rules/dates';
import { formatRupees } from '../../../../shared/rules/money';
import { addDays, formatSlotRange } from '../../../../shared/rules/slots';
import { CALENDAR_DAYS, coversDate, describeDays, formatCutoffTime, type ScheduleDayKind } from '../../../../shared/rules/schedules';
import type { Schedule, ScheduleLine } from '../../../../shared/schemas/schedules';
import { itemsLine, ItemsPicker, useItemOptions } from './items-picker';
import '../addresses/addresses.css';

const KINDS: { kind: ScheduleDayKind; label: string; hint: string }[] = [
  { kind: 'daily', label: 'Every day', hint: 'Seven days a week' },
  { kind: 'weekdays', label: 'Weekdays', hint: 'Monday to Friday' },
  { kind: 'alternate', label: 'Alternate days', hint: 'Every other day from the start date' },
  { kind: 'chosen', label: 'Chosen days', hint: 'The days of the week you pick' },
];
/** Monday first, as people plan a week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** /deliveries/new (optionally ?shake=<id> from a shake page) and /deliveries/:id/edit. */
export function ScheduleFormPage({ id }: { id?: string }) {
  const list = trpc.schedules.list.useQuery({}, { enabled: !!id });
  const cal = trpc.schedules.calendar.useQuery({ days: 3 });
  if (list.isError || cal.isError)
    return (
      <LoadError
        message="We couldn’t load the schedule"
        onRetry={() => {
          void list.refetch();
          void cal.refetch();
        }}
      />
    );
  if ((id && !list.data) || !cal.data) return <span className="skeleton" style={{ height: '24rem' }} aria-busy="true" />;
  const existing = id ? (list.data?.schedules.find((s) => s.id === id) ?? null) : null;
  if (id && !existing)
    return (
      <div className="empty-state card card--padded">
        <p className="text-muted">That schedule is not yours or no longer exists.</p>
        <LinkButton href="/deliveries" variant="secondary">
          Back to my deliveries
        </LinkButton>
      </div>
    );
  // The first date still open for changes, as the server sees it (its clock, its cut-off).
  const firstOpen = cal.data.days.find((d) => d.open)?.date ?? addDays(cal.data.from, 2);
  return <ScheduleForm existing={existing} firstOpen={firstOpen} cutoffTime={cal.data.cutoffTime} />;
}

function ScheduleForm({ existing, firstOpen, cutoffTime }: { existing: Schedule | null; firstOpen: string; cutoffTime: string }) {
  const [, navigate] = useLocation();
  const wanted = new URLSearchParams(useSearch()).get('shake');
  const utils = trpc.useUtils();
  const { options, loading } = useItemOptions();
  const [lines, setLines] = useState<ScheduleLine[] | null>(() =>
    existing
      ? existing.items.map((i) => ({ id: i.id, type: i.type, quantity: i.quantity, ...(i.recipe ? { recipe: i.recipe } : {}) }))
      : wanted
        ? null
        : [],
  );
  // ?shake=<id>: that shake is chosen once the menu has loaded.
  const chosenLines =
    lines ??
    (loading ? [] : options.filter((o) => o.line.type === 'signature' && o.line.id === wanted).map((o) => ({ ...o.line, quantity: 1 })));
  const [kind, setKind] = useState<ScheduleDayKind>(existing?.days ?? 'weekdays');
  const [weekdays, setWeekdays] = useState<number[]>(existing?.weekdays.length ? existing.weekdays : [1, 3, 5]);
  const [startDate, setStartDate] = useState(existing ? existing.startDate : firstOpen);
  const [endDate, setEndDate] = useState(existing?.endDate ?? '');
  const [slotId, setSlotId] = useState<string | null>(existing?.slot?.id ?? null);
  const [addressId, setAddressId] = useState<string | null>(existing?.address?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = trpc.schedules.create.useMutation();
  const update = trpc.schedules.update.useMutation();
  const slotDate = startDate >= firstOpen ? startDate : firstOpen;
  const slots = trpc.slots.slotsByDate.useQuery({ date: slotDate });

  const sortedSlots = [...(slots.data ?? [])].sort(
    (a, b) => a.start_time.localeCompare(b.start_time) || a.end_time.localeCompare(b.end_time),
  );
  const chosenSlot = sortedSlots.find((s) => s.id === slotId) ?? null;
  const pattern = { days: kind, weekdays: kind === 'chosen' ? weekdays : [], startDate, endDate: endDate || null };
  const preview: string[] = [];
  for (let i = 0, d = slotDate; i < CALENDAR_DAYS && preview.length < 5; i++, d = addDays(d, 1))
    if (coversDate(pattern, d)) preview.push(d);
  const perDelivery = chosenLines.reduce((n, l) => n + (options.find((o) => o.line.id === l.id)?.price ?? 0) * l.quantity, 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (chosenLines.length === 0) errs.items = 'Choose at least one shake.';
    if (kind === 'chosen' && weekdays.length === 0) errs.weekdays = 'Choose at least one day of the week.';
    if (!slotId) errs.slot = 'Choose a delivery time.';
    if (!addressId) errs.address = 'Choose the address to deliver to.';
    if (!startDate) errs.startDate = 'Choose the first day.';
    else if (!existing && startDate < firstOpen) errs.startDate = `The first day can be ${formatDay(firstOpen)} or later.`;
    if (endDate && endDate < startDate) errs.endDate = 'The last day is on or after the first day.';
    setErrors(errs);
    setFormError(null);
    if (Object.keys(errs).length > 0) return;
    const body = {
      items: chosenLines,
      days: kind,
      weekdays: kind === 'chosen' ? weekdays : [],
      slotId: slotId!,
      addressId: addressId!,
      endDate: endDate || null,
    };
    try {
      const changed = existing
        ? await update.mutateAsync({ id: existing.id, ...body, ...(startDate !== existing.startDate ? { startDate } : {}) })
        : null;
      if (!existing) await create.mutateAsync({ ...body, startDate });
      await Promise.all([utils.schedules.list.invalidate(), utils.schedules.calendar.invalidate()]);
      toast({
        title: existing ? 'Schedule saved' : 'Your deliveries are set up',
        // A change leaves the days already fixed as they were: the server says from which date it applies.
        description: changed
          ? `Changes apply from ${formatDay(changed.effectiveFrom)}.`
          : `${describeDays(pattern)}, from ${formatDay(startDate)}. Keep your wallet topped up.`,
        variant: 'success',
      });
      navigate('/deliveries');
    } catch (err) {
      setFormError(messageOf(err));
    }
  };

  return (
    <form className="dl-form" onSubmit={(e) => void submit(e)} noValidate data-testid="schedule-form">
      <div className="dl-form__steps">
        <section className="card card--padded stack" aria-labelledby="dl-step-items">
          <h2 className="h4" id="dl-step-items">
            <span className="dl-step">1</span> Your shakes
          </h2>
          <p className="text-sm text-muted">Signature shakes and your saved shakes (My shakes), 1 to 5 of each.</p>
          {loading ? (
            <span className="skeleton" style={{ height: '10rem' }} />
          ) : (
            <ItemsPicker value={chosenLines} onChange={setLines} options={options} />
          )}
          {errors.items ? (
            <p className="field__error" role="alert">
              {errors.items}
            </p>
          ) : null}
        </section>

        <section className="card card--padded stack" aria-labelledby="dl-step-days">
          <h2 className="h4" id="dl-step-days">
            <span className="dl-step">2</span> Which days
          </h2>
          <div className="dl-kinds" role="radiogroup" aria-label="Which days">
            {KINDS.map((k) => (
              <button
                key={k.kind}
                type="button"
                role="radio"
                className="dl-kind"
                aria-checked={kind === k.kind}
                onClick={() => setKind(k.kind)}
              >
                <span className="dl-kind__label">{k.label}</span>
                <span className="text-xs text-subtle">{k.hint}</span>
              </button>
            ))}
          </div>
          {kind === 'chosen' ? (
            <div className="cluster" role="group" aria-label="Days of the week">
              {WEEK.map((d) => (
                <button
                  key={d}
                  type="button"
                  className="chip"
                  aria-pressed={weekdays.includes(d)}
                  onClick={() => setWeekdays((w) => (w.includes(d) ? w.filter((x) => x !== d) : [...w, d]))}
                >
                  {WEEKDAY_NAMES[d]}
                </button>
              ))}
            </div>
          ) : null}
          {errors.weekdays ? (
            <p className="field__error" role="alert">
              {errors.weekdays}
            </p>
          ) : null}
          <div className="dl-dates">
            <Field label="First day" error={errors.startDate}>
              {(p) => (
                <Input
                  {...p}
                  type="date"
                  min={existing ? undefined : firstOpen}
                  value={startDate}
                  onChange={(e) => setStartDate(e.target.value)}
                  data-testid="start-date"
                />
              )}
            </Field>
            <Field label="Last day" optional error={errors.endDate} hint="Leave it empty to keep going">
              {(p) => (
                <Input
                  {...p}
                  type="date"
                  min={startDate}
                  value={endDate}
                  onChange={(e) => setEndDate(e.target.value)}
                  data-testid="end-date"
                />
              )}
            </Field>
          </div>
          {preview.length > 0 ? (
            <p className="text-sm text-muted" data-testid="schedule-preview">
              First deliveries: {preview.map((d) => formatDay(d)).join(' · ')}
            </p>
          ) : null}
        </section>

        <section className="card card--padded stack" aria-labelledby="dl-step-slot">
          <h2 className="h4" id="dl-step-slot">
            <span className="dl-step">3</span> Delivery time
          </h2>
          {slots.isError ? (
            <p className="field__error">We couldn’t load the delivery times. Try again in a moment.</p>
          ) : !slots.data ? (
            <span className="skeleton" style={{ height: '3rem' }} />
          ) : (
            <div className="cluster" role="radiogroup" aria-label="Delivery time">
              {sortedSlots.map((s) => (
                <button
                  key={s.id}
                  type="button"
                  role="radio"
                  className="chip"
                  aria-checked={slotId === s.id}
                  onClick={() => setSlotId(s.id)}
                >
                  {formatSlotRange(s.start_time, s.end_time)}
                </button>
              ))}
            </div>
          )}
          {errors.slot ? (
            <p className="field__error" role="alert">
              {errors.slot}
            </p>
          ) : null}
        </section>

        <section className="card card--padded stack" aria-labelledby="dl-step-address">
          <h2 className="h4" id="dl-step-address">
            <span className="dl-step">4</span> Where
          </h2>
          <AddressPicker value={addressId} onChange={(a) => setAddressId(a?.id ?? null)} title={null} />
          {errors.address ? (
            <p className="field__error" role="alert">
              {errors.address}
            </p>
          ) : null}
        </section>
      </div>

      <aside className="card card--padded dl-form__submit" aria-label="Summary">
        <h2 className="h4">Summary</h2>
        <dl className="dl-summary">
          <dt>Shakes</dt>
          <dd>
            {chosenLines.length
              ? itemsLine(chosenLines.map((l) => ({ name: options.find((o) => o.line.id === l.id)?.name ?? '', quantity: l.quantity })))
              : '—'}
          </dd>
          <dt>Days</dt>
          <dd>{kind === 'chosen' && weekdays.length === 0 ? '—' : describeDays(pattern)}</dd>
          <dt>Time</dt>
          <dd>{chosenSlot ? formatSlotRange(chosenSlot.start_time, chosenSlot.end_time) : '—'}</dd>
          <dt>From</dt>
          <dd>
            {startDate ? formatDay(startDate) : '—'}
            {endDate ? ` to ${formatDay(endDate)}` : ''}
          </dd>
        </dl>
        <p className="text-sm">
          {chosenLines.length > 0 ? (
            <>
              <strong>{formatRupees(perDelivery)}</strong> a delivery before offers and delivery fee, paid from your wallet.{' '}
            </>
          ) : null}
          <span className="text-muted">Skip a day or go on vacation until {formatCutoffTime(cutoffTime)} the evening before.</span>
        </p>
        {formError ? (
          <p className="field__error" role="alert" data-testid="schedule-error">
            {formError}
          </p>
        ) : null}
        <div className="cluster">
          <LinkButton href="/deliveries" variant="ghost">
            Cancel
          </LinkButton>
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="schedule-submit">
            {existing ? 'Save schedule' : 'Start deliveries'}
          </Button>
        </div>
      </aside>
    </form>
  );
}
