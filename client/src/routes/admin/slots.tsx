import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Checkbox, Field, Input, Select } from '../../components/input';
import { toast } from '../../components/toast';
import { AlertIcon, PlusIcon } from '../../components/icons';
import { formatSlotDate, formatSlotRange, type SlotPlanType } from '../../../../shared/rules/slots';
import { KitchenLocationInputSchema, type AdminSlotsOverview, type AdminPincode, type AdminSlot } from '../../../../shared/schemas/slots';
import { issuesByField } from './form-errors';
import { AdminTable } from './admin-table';
import '../../features/slots/slots-admin.css';

const PLAN_LABELS: Record<SlotPlanType, string> = { all: 'Everyone', one_time: 'One-time orders', subscription: 'Subscribers only' };

const done = (title: string, description?: string) => toast({ title, description, variant: 'success' });
const failed = (e: unknown) =>
  toast({ title: 'Not saved', description: (e as Error)?.message ?? 'Please try again.', variant: 'destructive' });

/** /admin/delivery-slots: capacity, booking rules, blackout days and the PIN codes we serve. */
export default function AdminDeliverySlotsPage() {
  usePageTitle('Delivery slots');
  const overview = trpc.slots.admin.overview.useQuery(undefined, { refetchInterval: 60_000 });

  return (
    <section className="admin-delivery stack stack--lg" data-page="admin/delivery-slots">
      <header className="stack stack--sm">
        <p className="eyebrow">Operations</p>
        <h1 className="h2">Delivery slots</h1>
        <p className="text-muted">
          Capacity per slot, how far ahead customers can book, when slots close, blackout days, the PIN codes we deliver to and where the
          riders start. Every change is recorded in the audit log.
        </p>
      </header>

      {overview.isError ? (
        <div className="alert alert--danger" role="alert">
          <AlertIcon aria-hidden="true" />
          <span>{overview.error.message}</span>
        </div>
      ) : null}

      {overview.data ? (
        <>
          <FillTable data={overview.data} />
          <div className="admin-delivery__columns">
            <RulesCard config={overview.data.config} />
            <BlackoutCard blackouts={overview.data.blackoutDates} today={overview.data.today} />
          </div>
          <SlotsCard slots={overview.data.slots} />
          <PincodesCard />
          <KitchenCard />
        </>
      ) : overview.isLoading ? (
        <div className="stack">
          <span className="skeleton" style={{ height: '14rem' }} />
          <span className="skeleton" style={{ height: '10rem' }} />
        </div>
      ) : null}
    </section>
  );
}

type Overview = AdminSlotsOverview;

function FillTable({ data }: { data: Overview }) {
  const slots = data.slots.filter((s) => s.active || data.fill.some((d) => d.slots.some((x) => x.slotId === s.id && x.booked > 0)));
  return (
    <section className="card card--padded stack" aria-labelledby="fill-h">
      <div className="admin-delivery__head">
        <h2 className="h4" id="fill-h">
          Bookings this week
        </h2>
        <p className="text-sm text-subtle">
          Booked / capacity per slot, today to {formatSlotDate(data.fill[data.fill.length - 1]?.date ?? data.today)}
        </p>
      </div>
      <AdminTable
        label="Slot fill by day"
        className="admin-fill"
        columns={[
          'Slot',
          ...data.fill.map((d) => ({
            key: d.date,
            label: d.date === data.today ? 'Today' : formatSlotDate(d.date),
            className: 'num',
            title: d.blackoutReason ? `Blackout: ${d.blackoutReason}` : undefined,
          })),
        ]}
      >
        {slots.map((s) => (
          <tr key={s.id}>
            <th scope="row">
              <span className="admin-fill__slot">{formatSlotRange(s.startTime, s.endTime)}</span>
              {s.planType !== 'all' ? <span className="badge badge--accent">{PLAN_LABELS[s.planType]}</span> : null}
              {!s.active ? <span className="badge">Off</span> : null}
            </th>
            {data.fill.map((d) => {
              const cell = d.slots.find((x) => x.slotId === s.id);
              if (d.blackoutReason) {
                return (
                  <td key={d.date} className="num admin-fill__cell admin-fill__cell--blackout" title={d.blackoutReason}>
                    {cell && cell.booked > 0 ? `${cell.booked} booked` : '—'}
                  </td>
                );
              }
              const booked = cell?.booked ?? 0;
              const max = cell?.max ?? s.maxBookings;
              const pct = max > 0 ? Math.min(100, Math.round((booked / max) * 100)) : 100;
              return (
                <td key={d.date} className="num admin-fill__cell" data-level={pct >= 100 ? 'full' : pct >= 75 ? 'high' : 'ok'}>
                  <span className="tabular">
                    {booked}/{max}
                  </span>
                  <span className="admin-fill__bar" aria-hidden="true">
                    <span style={{ width: `${pct}%` }} />
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

function RulesCard({ config }: { config: Overview['config'] }) {
  const utils = trpc.useUtils();
  const [horizon, setHorizon] = useState(String(config.horizonDays));
  const [cutoff, setCutoff] = useState(String(config.cutoffMinutes));
  const [standing, setStanding] = useState(config.standingCutoffTime);
  useEffect(() => {
    setHorizon(String(config.horizonDays));
    setCutoff(String(config.cutoffMinutes));
    setStanding(config.standingCutoffTime);
  }, [config.horizonDays, config.cutoffMinutes, config.standingCutoffTime]);
  const save = trpc.slots.admin.updateConfig.useMutation({
    onSuccess: async () => {
      done('Booking rules saved');
      await Promise.all([
        utils.slots.admin.overview.invalidate(),
        utils.slots.available.invalidate(),
        utils.slots.config.invalidate(),
      ]);
    },
    onError: failed,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ horizonDays: Number(horizon), cutoffMinutes: Number(cutoff), standingCutoffTime: standing });
  };
  return (
    <section className="card card--padded stack" aria-labelledby="rules-h">
      <h2 className="h4" id="rules-h">
        Booking rules
      </h2>
      <form className="admin-delivery__form" onSubmit={submit}>
        <Field label="Book up to (days ahead)" hint="0 = today only">
          {(p) => <Input {...p} type="number" min={0} max={30} required value={horizon} onChange={(e) => setHorizon(e.target.value)} />}
        </Field>
        <Field label="Cut-off (minutes before a slot)" hint="A slot stops taking orders this long before it starts">
          {(p) => (
            <Input {...p} type="number" min={0} max={720} step={5} required value={cutoff} onChange={(e) => setCutoff(e.target.value)} />
          )}
        </Field>
        <Field
          label="Standing deliveries fixed at (the evening before)"
          hint="Skips, changes and vacations for a date close at this time the day before, and its scheduled orders are placed"
        >
          {(p) => (
            <Input {...p} type="time" step={60} required value={standing} onChange={(e) => setStanding(e.target.value.slice(0, 5))} />
          )}
        </Field>
        <div>
          <Button type="submit" loading={save.isPending}>
            Save rules
          </Button>
        </div>
      </form>
    </section>
  );
}

function BlackoutCard({ blackouts, today }: { blackouts: Overview['blackoutDates']; today: string }) {
  const utils = trpc.useUtils();
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const refresh = () => Promise.all([utils.slots.admin.overview.invalidate(), utils.slots.available.invalidate()]);
  const add = trpc.slots.admin.addBlackout.useMutation({
    onSuccess: async (b) => {
      done(
        `${formatSlotDate(b.date)} closed`,
        b.bookings > 0 ? `${b.bookings} orders are already booked that day — contact those customers.` : undefined,
      );
      setDate('');
      setReason('');
      await refresh();
    },
    onError: failed,
  });
  const remove = trpc.slots.admin.removeBlackout.useMutation({
    onSuccess: async () => {
      done('Day reopened');
      await refresh();
    },
    onError: failed,
  });
  return (
    <section className="card card--padded stack" aria-labelledby="blackout-h">
      <h2 className="h4" id="blackout-h">
        Blackout days
      </h2>
      {blackouts.length === 0 ? <p className="text-sm text-subtle">No days closed. Close a day for holidays or farm maintenance.</p> : null}
      {blackouts.length > 0 ? (
        <ul className="list-reset admin-delivery__list">
          {blackouts.map((b) => (
            <li key={b.date}>
              <div>
                <strong>{formatSlotDate(b.date, { year: true })}</strong>
                <span className="text-sm text-muted"> · {b.reason}</span>
                {b.bookings > 0 ? <span className="badge badge--warning">{b.bookings} booked</span> : null}
              </div>
              <Button
                size="sm"
                variant="ghost"
                loading={remove.isPending && remove.variables?.date === b.date}
                onClick={() => remove.mutate({ date: b.date })}
              >
                Reopen
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="admin-delivery__form"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ date, reason });
        }}
      >
        <Field label="Date">
          {(p) => <Input {...p} type="date" min={today} required value={date} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <Field label="Reason customers will see">
          {(p) => <Input {...p} required maxLength={120} placeholder="Diwali" value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <div>
          <Button type="submit" variant="secondary" loading={add.isPending}>
            Close this day
          </Button>
        </div>
      </form>
    </section>
  );
}

function SlotsCard({ slots }: { slots: AdminSlot[] }) {
  const [adding, setAdding] = useState(false);
  return (
    <section className="card card--padded stack" aria-labelledby="slots-h">
      <div className="admin-delivery__head">
        <h2 className="h4" id="slots-h">
          Slots
        </h2>
        <Button size="sm" variant="secondary" onClick={() => setAdding((v) => !v)} aria-expanded={adding}>
          <PlusIcon aria-hidden="true" /> New slot
        </Button>
      </div>
      <p className="text-sm text-subtle">
        Lowering a capacity below today’s bookings keeps those orders; the slot just takes no new ones. Switch a slot off instead of
        deleting it.
      </p>
      {adding ? <SlotEditor onDone={() => setAdding(false)} /> : null}
      <AdminTable
        label="Delivery slots"
        columns={['Time', 'For', { label: 'Capacity', className: 'num' }, 'Status', { label: 'Actions', hidden: true }]}
      >
        {slots.map((s) => (
          <SlotRow key={s.id} slot={s} />
        ))}
      </AdminTable>
    </section>
  );
}

function SlotRow({ slot }: { slot: AdminSlot }) {
  const [editing, setEditing] = useState(false);
  const utils = trpc.useUtils();
  const toggle = trpc.slots.admin.updateSlot.useMutation({
    onSuccess: async (s) => {
      done(s.active ? 'Slot switched on' : 'Slot switched off');
      await Promise.all([utils.slots.admin.overview.invalidate(), utils.slots.available.invalidate()]);
    },
    onError: failed,
  });
  if (editing) {
    return (
      <tr>
        <td colSpan={5}>
          <SlotEditor slot={slot} onDone={() => setEditing(false)} />
        </td>
      </tr>
    );
  }
  return (
    <tr data-active={slot.active}>
      <td>
        <strong className="tabular">{formatSlotRange(slot.startTime, slot.endTime)}</strong>
      </td>
      <td>{PLAN_LABELS[slot.planType]}</td>
      <td className="num tabular">{slot.maxBookings}</td>
      <td>{slot.active ? <span className="badge badge--green">On</span> : <span className="badge">Off</span>}</td>
      <td className="num">
        <div className="cluster admin-delivery__row-actions">
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" loading={toggle.isPending} onClick={() => toggle.mutate({ id: slot.id, active: !slot.active })}>
            {slot.active ? 'Switch off' : 'Switch on'}
          </Button>
        </div>
      </td>
    </tr>
  );
}

function SlotEditor({ slot, onDone }: { slot?: AdminSlot; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [v, setV] = useState({
    startTime: slot?.startTime ?? '',
    endTime: slot?.endTime ?? '',
    maxBookings: String(slot?.maxBookings ?? 20),
    planType: (slot?.planType ?? 'all') as SlotPlanType,
    active: slot?.active ?? true,
  });
  const after = async () => {
    await Promise.all([utils.slots.admin.overview.invalidate(), utils.slots.available.invalidate()]);
    onDone();
  };
  const create = trpc.slots.admin.createSlot.useMutation({ onSuccess: async () => (done('Slot added'), after()), onError: failed });
  const update = trpc.slots.admin.updateSlot.useMutation({ onSuccess: async () => (done('Slot saved'), after()), onError: failed });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { startTime: v.startTime, endTime: v.endTime, maxBookings: Number(v.maxBookings), planType: v.planType, active: v.active };
    if (slot) update.mutate({ id: slot.id, ...body });
    else create.mutate(body);
  };
  return (
    <form className="admin-slot-editor" onSubmit={submit} aria-label={slot ? 'Edit slot' : 'New slot'}>
      <Field label="Starts">
        {(p) => <Input {...p} type="time" required value={v.startTime} onChange={(e) => setV({ ...v, startTime: e.target.value })} />}
      </Field>
      <Field label="Ends">
        {(p) => <Input {...p} type="time" required value={v.endTime} onChange={(e) => setV({ ...v, endTime: e.target.value })} />}
      </Field>
      <Field label="Capacity">
        {(p) => (
          <Input
            {...p}
            type="number"
            min={0}
            max={1000}
            required
            value={v.maxBookings}
            onChange={(e) => setV({ ...v, maxBookings: e.target.value })}
          />
        )}
      </Field>
      <Field label="For">
        {(p) => (
          <Select {...p} value={v.planType} onChange={(e) => setV({ ...v, planType: e.target.value as SlotPlanType })}>
            {Object.entries(PLAN_LABELS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Checkbox label="On" checked={v.active} onChange={(e) => setV({ ...v, active: e.target.checked })} />
      <div className="cluster">
        <Button type="submit" size="sm" loading={create.isPending || update.isPending}>
          {slot ? 'Save' : 'Add slot'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PincodesCard() {
  const utils = trpc.useUtils();
  const list = trpc.slots.admin.pincodes.useQuery();
  const [filter, setFilter] = useState('');
  const [pincode, setPincode] = useState('');
  const [area, setArea] = useState('');
  const refresh = () => Promise.all([utils.slots.admin.pincodes.invalidate(), utils.slots.pincode.invalidate()]);
  const add = trpc.slots.admin.addPincode.useMutation({
    onSuccess: async (p) => {
      done(`Delivering to ${p.pincode}`, p.area);
      setPincode('');
      setArea('');
      await refresh();
    },
    onError: failed,
  });
  const update = trpc.slots.admin.updatePincode.useMutation({ onSuccess: refresh, onError: failed });
  const remove = trpc.slots.admin.removePincode.useMutation({
    onSuccess: async () => {
      done('PIN code removed');
      await refresh();
    },
    onError: failed,
  });
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = list.data ?? [];
    return q ? all.filter((p: AdminPincode) => p.pincode.includes(q) || p.area.toLowerCase().includes(q)) : all;
  }, [list.data, filter]);
  const activeCount = (list.data ?? []).filter((p) => p.active).length;

  return (
    <section className="card card--padded stack" aria-labelledby="pins-h">
      <div className="admin-delivery__head">
        <h2 className="h4" id="pins-h">
          PIN codes we deliver to
        </h2>
        <p className="text-sm text-subtle">
          {activeCount} active of {list.data?.length ?? 0}
        </p>
      </div>
      <form
        className="admin-delivery__form admin-delivery__form--inline"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ pincode: pincode.trim(), area: area.trim(), city: 'Bengaluru', active: true });
        }}
      >
        <Field label="PIN code">
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              pattern="[1-9][0-9]{5}"
              maxLength={6}
              required
              value={pincode}
              onChange={(e) => setPincode(e.target.value)}
            />
          )}
        </Field>
        <Field label="Area">
          {(p) => <Input {...p} required maxLength={80} placeholder="Koramangala" value={area} onChange={(e) => setArea(e.target.value)} />}
        </Field>
        <div>
          <Button type="submit" variant="secondary" loading={add.isPending}>
            Add PIN code
          </Button>
        </div>
      </form>
      <Field label="Find">
        {(p) => <Input {...p} type="search" placeholder="PIN code or area" value={filter} onChange={(e) => setFilter(e.target.value)} />}
      </Field>
      <AdminTable
        label="PIN codes"
        wrapClassName="admin-pincodes"
        columns={['PIN code', 'Area', 'Status', { label: 'Actions', hidden: true }]}
      >
        {shown.map((p) => (
          <tr key={p.pincode} data-active={p.active}>
            <td className="tabular">
              <strong>{p.pincode}</strong>
            </td>
            <td>{p.area}</td>
            <td>{p.active ? <span className="badge badge--green">Delivering</span> : <span className="badge">Paused</span>}</td>
            <td className="num">
              <div className="cluster admin-delivery__row-actions">
                <Button size="sm" variant="ghost" onClick={() => update.mutate({ pincode: p.pincode, active: !p.active })}>
                  {p.active ? 'Pause' : 'Resume'}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    if (window.confirm(`Stop delivering to ${p.pincode} (${p.area}) and remove it?`)) remove.mutate({ pincode: p.pincode });
                  }}
                >
                  Remove
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

/** Where the riders start (decision 288): every run's stops are ordered from this point. */
function KitchenCard() {
  const utils = trpc.useUtils();
  const q = trpc.slots.admin.kitchenLocation.useQuery();
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!q.data) return;
    setLat(String(q.data.latitude));
    setLng(String(q.data.longitude));
  }, [q.data]);
  const save = trpc.slots.admin.updateKitchenLocation.useMutation({
    onSuccess: async () => {
      done('Kitchen location saved', 'The riders’ routes start there from now on.');
      await utils.slots.admin.kitchenLocation.invalidate();
    },
    onError: failed,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The same schema the server checks: a sentence at the field, no round trip.
    const parsed = KitchenLocationInputSchema.safeParse({ latitude: lat.trim() === '' ? NaN : Number(lat), longitude: lng.trim() === '' ? NaN : Number(lng) });
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <section className="card card--padded stack" aria-labelledby="kitchen-h">
      <h2 className="h4" id="kitchen-h">
        Where the riders start
      </h2>
      <p className="text-sm text-muted">
        The kitchen&rsquo;s location. Each rider&rsquo;s run goes from here to the nearest stop with a pin, then on to the nearest next;
        stops without a pin follow by PIN code. Copy the coordinates from any map app.
        {q.data?.isDefault ? ' Until you save yours, the farm at the edge of Bengaluru stands in.' : ''}
      </p>
      <form className="admin-delivery__form admin-delivery__form--kitchen" onSubmit={submit} noValidate aria-label="Kitchen location">
        <Field label="Latitude" hint="6 to 37.5 in India, e.g. 12.9141" error={errors.latitude}>
          {(p) => <Input {...p} inputMode="decimal" required value={lat} onChange={(e) => setLat(e.target.value)} />}
        </Field>
        <Field label="Longitude" hint="68 to 97.5 in India, e.g. 77.6411" error={errors.longitude}>
          {(p) => <Input {...p} inputMode="decimal" required value={lng} onChange={(e) => setLng(e.target.value)} />}
        </Field>
        <div>
          <Button type="submit" variant="secondary" loading={save.isPending} disabled={!q.data}>
            Save location
          </Button>
        </div>
      </form>
    </section>
  );
}
