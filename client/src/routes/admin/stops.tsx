import { useMemo, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input, Select } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { formatDate } from '../../../../shared/rules/dates';
import { formatSlotDate, istToday } from '../../../../shared/rules/slots';
import { FAIL_REASON_LABELS, type DeliveryStop, type RescheduleAnswer } from '../../../../shared/schemas/stops';
import { Link } from 'wouter';
import { Modal } from '../../components/modal';
import { fieldErrorsOf } from '../../lib/errors';
import { AdminTable } from './admin-table';
import { AdminPage, DialogButtons, FilterSelect, SlotFilter } from './admin-ui';

/**
 * /admin/deliveries (PRODUCT.md §17): per date and slot, the orders for riders grouped by PIN code.
 * Select many and give them to a rider, or let the shop spread them by area (the same PIN to the same
 * rider). Failed stops come back here with the reason: re-attempt (pick it and assign a rider),
 * reschedule (another date and slot) or cancel and refund on the order's page; a stop locked after 5
 * wrong codes is confirmed here.
 */
export default function AdminDeliveriesPage() {
  usePageTitle('Deliveries');
  const utils = trpc.useUtils();
  const [date, setDate] = useState(() => istToday(new Date()));
  const [slotId, setSlotId] = useState('');
  const q = trpc.stops.day.useQuery({ date, ...(slotId ? { slotId } : {}) });
  const assign = trpc.stops.assign.useMutation();
  const confirm = trpc.stops.confirm.useMutation();
  const newCode = trpc.stops.newCode.useMutation();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [riderId, setRiderId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [moving, setMoving] = useState<DeliveryStop | null>(null);

  const groups = useMemo(() => {
    const m = new Map<string, DeliveryStop[]>();
    for (const s of q.data?.stops ?? []) m.set(s.pincode, [...(m.get(s.pincode) ?? []), s]);
    return [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [q.data]);
  const assignable = (s: DeliveryStop) => s.status === 'confirmed' || s.status === 'preparing';
  const toggle = (ids: string[], on: boolean) =>
    setPicked((cur) => {
      const next = new Set(cur);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  async function doAssign(spread: boolean) {
    setError(null);
    setNotice(null);
    try {
      const r = await assign.mutateAsync({ orderIds: [...picked], ...(spread ? {} : { riderId }) });
      const names = [...new Set(r.assigned.map((a) => a.riderName))].join(', ');
      setNotice(`${r.assigned.length} order${r.assigned.length === 1 ? '' : 's'} assigned to ${names}.`);
      setPicked(new Set());
      await utils.stops.day.invalidate();
    } catch (err) {
      setError(messageOf(err, 'The orders could not be assigned. Please try again.'));
    }
  }

  async function doConfirm(s: DeliveryStop) {
    setError(null);
    try {
      await confirm.mutateAsync({ id: s.orderId, ...(s.codDue !== null ? { cashCollected: s.codDue } : {}) });
      setNotice(`Order ${s.number} confirmed delivered.`);
      await utils.stops.day.invalidate();
    } catch (err) {
      setError(messageOf(err, 'The delivery could not be confirmed.'));
    }
  }

  async function doNewCode(s: DeliveryStop) {
    setError(null);
    try {
      await newCode.mutateAsync({ id: s.orderId });
      setNotice(`Order ${s.number} has a new delivery code: the customer sees it on their order page; the old one no longer works.`);
      await utils.stops.day.invalidate();
    } catch (err) {
      setError(messageOf(err, 'A new code could not be issued.'));
    }
  }

  return (
    <AdminPage
      page="admin/deliveries"
      eyebrow="Last mile"
      title="Deliveries"
      intro="Orders for riders by PIN code. Pick them and assign a rider, or spread them by area."
    >
      <div
        className="card card--padded"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '12px 20px' }}
      >
        <Field label="Date">
          {(p) => <Input {...p} type="date" value={date} onChange={(e) => (setDate(e.target.value), setPicked(new Set()))} />}
        </Field>
        <SlotFilter value={slotId} onChange={(v) => (setSlotId(v), setPicked(new Set()))} slots={q.data?.slots} />
        <FilterSelect
          label="Rider"
          value={riderId}
          onChange={setRiderId}
          any="Choose a rider"
          options={q.data?.riders.map((r) => ({ value: r.id, label: r.name }))}
        />
        <div style={{ display: 'flex', gap: 8, alignItems: 'end', flexWrap: 'wrap' }}>
          <Button disabled={!picked.size || !riderId} loading={assign.isPending} onClick={() => void doAssign(false)}>
            Assign {picked.size || ''}
          </Button>
          <Button variant="secondary" disabled={!picked.size} onClick={() => void doAssign(true)}>
            Spread by area
          </Button>
        </div>
      </div>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      {notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
      {q.isError ? (
        <LoadError message={messageOf(q.error, 'The deliveries could not be loaded.')} onRetry={() => void q.refetch()} />
      ) : null}
      {q.data && !groups.length ? <p className="text-muted">No orders for riders on this date.</p> : null}
      {groups.map(([pin, stops]) => {
        const open = stops.filter(assignable).map((s) => s.orderId);
        return (
          <AdminTable
            key={pin}
            label={`PIN ${pin}`}
            wrapClassName="card"
            style={{ minWidth: 680 }}
            caption={
              <caption style={{ textAlign: 'left', padding: '12px 16px', fontWeight: 700 }}>
                <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                  <input
                    type="checkbox"
                    disabled={!open.length}
                    checked={!!open.length && open.every((id) => picked.has(id))}
                    onChange={(e) => toggle(open, e.target.checked)}
                  />
                  PIN {pin} · {stops.length} order{stops.length === 1 ? '' : 's'}
                </label>
              </caption>
            }
            columns={[{ label: 'Pick', hidden: true }, 'Order', 'Slot', 'Status', 'Rider', 'Cash']}
          >
            {stops.map((s) => (
              <tr key={s.orderId} data-testid="delivery-row">
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Pick order ${s.number}`}
                    disabled={!assignable(s)}
                    checked={picked.has(s.orderId)}
                    onChange={(e) => toggle([s.orderId], e.target.checked)}
                  />
                </td>
                <td>
                  <strong>{s.number}</strong>
                  <span className="text-sm text-subtle" style={{ display: 'block' }}>
                    {s.customerFirstName} · {s.area} · {s.itemCount} bottle{s.itemCount === 1 ? '' : 's'}
                  </span>
                  {s.instructions ? (
                    <span className="text-sm" style={{ display: 'block', overflowWrap: 'anywhere' }} data-testid="stop-instructions">
                      Note: “{s.instructions}”
                    </span>
                  ) : null}
                </td>
                <td className="text-sm">{s.slot.label}</td>
                <td className="text-sm">
                  {s.statusLabel}
                  {s.readyAt && (s.status === 'preparing' || s.status === 'confirmed') && !s.failReason ? (
                    <span className="badge badge--success" style={{ display: 'table', marginTop: 4 }} data-testid="ready-at">
                      Ready since {formatDate(s.readyAt, 'time')}
                    </span>
                  ) : null}
                  {s.failReason ? (
                    <span style={{ display: 'block', color: '#a3261b' }}>
                      Not delivered: {FAIL_REASON_LABELS[s.failReason]}
                      {s.failNote ? ` — ${s.failNote}` : ''}
                    </span>
                  ) : null}
                  {s.failReason && assignable(s) ? (
                    <span className="cluster" style={{ gap: 8, marginTop: 6 }}>
                      <Button size="sm" variant="secondary" onClick={() => setMoving(s)} data-testid="reschedule">
                        Reschedule…
                      </Button>
                      <Link href={`/orders?id=${s.orderId}`} className="btn btn--ghost btn--sm">
                        Cancel or refund
                      </Link>
                    </span>
                  ) : null}
                  {s.locked && s.status !== 'delivered' ? (
                    <span className="cluster" style={{ gap: 8, marginTop: 6 }} data-testid="code-locked">
                      <span className="badge badge--danger">Code locked: 5 wrong tries</span>
                      <Button size="sm" variant="secondary" loading={newCode.isPending} onClick={() => void doNewCode(s)}>
                        Issue a new code
                      </Button>
                      {s.status === 'out_for_delivery' ? (
                        <Button size="sm" variant="secondary" onClick={() => void doConfirm(s)}>
                          Confirm delivered
                        </Button>
                      ) : null}
                    </span>
                  ) : null}
                </td>
                <td className="text-sm">{s.riderName ?? <span className="text-subtle">Not assigned</span>}</td>
                <td className="tabular text-sm">{s.paymentLabel}</td>
              </tr>
            ))}
          </AdminTable>
        );
      })}
      {moving && q.data ? (
        <RescheduleDialog
          stop={moving}
          slots={q.data.slots}
          onClose={() => setMoving(null)}
          onDone={(stop, day) => {
            setMoving(null);
            setPicked(new Set());
            setNotice(`Order ${stop.number} moved to ${formatSlotDate(day)}, ${stop.slot.label}. The customer was told: ${stop.told}.`);
            void utils.stops.day.invalidate();
          }}
        />
      ) : null}
    </AdminPage>
  );
}

/** Another date and slot for a stop not yet out; the server books the new place (or says the slot is full). */
function RescheduleDialog({
  stop,
  slots,
  onClose,
  onDone,
}: {
  stop: DeliveryStop;
  slots: { id: string; label: string }[];
  onClose(): void;
  onDone(stop: RescheduleAnswer, date: string): void;
}) {
  const reschedule = trpc.stops.reschedule.useMutation({ onSuccess: (s, input) => onDone(s, input.date) });
  const [date, setDate] = useState(() => istToday(new Date()));
  const [slotId, setSlotId] = useState(stop.slot.id);
  const errors = reschedule.error ? fieldErrorsOf(reschedule.error) : {};
  const general = reschedule.error && !Object.keys(errors).length ? messageOf(reschedule.error, 'The order could not be moved.') : null;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Reschedule ${stop.number}`}
      testId="reschedule-dialog"
      footer={
        <DialogButtons cancel="Keep it" onCancel={onClose}>
          <Button
            loading={reschedule.isPending}
            onClick={() => reschedule.mutate({ id: stop.orderId, date, slotId })}
            data-testid="reschedule-save"
          >
            Move the delivery
          </Button>
        </DialogButtons>
      }
    >
      <div className="stack">
        <p className="text-sm text-muted">
          {stop.customerFirstName}, {stop.area}: now {stop.slot.label}. The new place is booked at once; the customer is told in their messages and on WhatsApp, SMS or e-mail, whichever reaches them.
        </p>
        <Field label="New date" error={errors.date}>
          {(p) => <Input {...p} type="date" value={date} min={istToday(new Date())} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <Field label="New slot" error={errors.slotId}>
          {(p) => (
            <Select {...p} value={slotId} onChange={(e) => setSlotId(e.target.value)}>
              {slots.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {general ? <FormAlert kind="danger">{general}</FormAlert> : null}
      </div>
    </Modal>
  );
}
