import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { trpc } from '../lib/trpc';
import { usePageTitle } from '../components/page-title';
import { Button } from '../components/button';
import { LoadError } from '../components/load-error';
import { useAuth } from '../features/auth/auth-context';
import { FormAlert } from '../features/auth/forms';
import { fieldErrorsOf, messageOf } from '../lib/errors';
import { apiFetch } from '../lib/api-fetch';
import { resizeOnPhone } from '../features/rider/resize-photo';
import { formatDate } from '../../../shared/rules/dates';
import { formatRupees } from '../../../shared/rules/money';
import { addDays } from '../../../shared/rules/slots';
import { can } from '../../../shared/rules/staff';
import { FAIL_REASONS, FAIL_REASON_LABELS, type FailReason, type RiderStop } from '../../../shared/schemas/stops';
import './rider.css';

/**
 * /rider (PRODUCT.md §17): a rider's own stops for today, phone first — one column, large targets, one
 * hand. Each stop: who, where (map), call and WhatsApp, items, cash to collect; "Picked up", then
 * "Delivered" with the customer's 4-digit code, or "Could not deliver" with a reason.
 */
export default function RiderPage() {
  usePageTitle('My deliveries');
  const { user, signOut } = useAuth();
  const allowed = can(user?.role, 'rider:deliver');
  const [day, setDay] = useState<'today' | 'tomorrow'>('today');
  // Today is the server's (the phone's clock may be off); tomorrow is the day after it.
  const todays = trpc.rider.runs.useQuery({}, { enabled: allowed, refetchOnWindowFocus: true });
  const tomorrow = todays.data ? addDays(todays.data.date, 1) : '';
  const tomorrows = trpc.rider.runs.useQuery({ date: tomorrow }, { enabled: allowed && day === 'tomorrow' && !!tomorrow, refetchOnWindowFocus: true });
  const q = day === 'today' ? todays : tomorrows;
  if (user && !allowed) return <Redirect to="/" replace />;
  const stops = q.data?.runs.flatMap((r) => r.stops) ?? [];
  const done = stops.filter((s) => s.status === 'delivered').length;
  return (
    <main id="main" className="rider" data-page="rider" tabIndex={-1}>
      <div className="rider__bar">
        <span className="rider__brand">Hydro Shakes · Rider</span>
        {user ? (
          <button type="button" className="rider__signout" onClick={() => void signOut()}>
            Sign out
          </button>
        ) : null}
      </div>
      <header className="rider__head">
        <h1 className="h3">{day === 'today' ? 'Today’s deliveries' : 'Tomorrow’s deliveries'}</h1>
        <div className="rider__days" role="group" aria-label="Which day">
          {(['today', 'tomorrow'] as const).map((d) => (
            <button key={d} type="button" className="rider-btn" aria-pressed={day === d} onClick={() => setDay(d)}>
              {d === 'today' ? 'Today' : 'Tomorrow'}
            </button>
          ))}
        </div>
        {q.data ? (
          <p className="text-muted text-sm" data-testid="rider-progress">
            {stops.length ? `${done} of ${stops.length} delivered` : `No stops assigned to you ${day}.`}
          </p>
        ) : null}
        {q.data && day === 'today' ? (
          <p className="rider__cash" data-testid="rider-cash">
            Cash in hand <strong className="tabular">{formatRupees(q.data.cashInHand)}</strong>
          </p>
        ) : null}
      </header>
      {q.isError ? <LoadError message={messageOf(q.error, 'Your stops could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      {q.isLoading ? <span className="skeleton" style={{ height: '12rem' }} aria-busy="true" /> : null}
      {q.data?.runs.map((run) => (
        <section key={run.slot.id} className="rider__run" aria-label={`Run ${run.slot.label}`}>
          <h2 className="rider__slot">{run.slot.label}</h2>
          <ol className="rider__stops list-reset">
            {run.stops.map((s) => (
              <li key={s.orderId}>
                <RoutePlace position={s.position} of={run.stops.length} km={s.kmFromPrevious} />
                <StopCard stop={s} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </main>
  );
}

/** The stop's place in the run's route (decision 289): "Stop 2 of 5 · 1.4 km from the last stop". */
function RoutePlace({ position, of, km }: { position: number; of: number; km: number | null }) {
  const from = position === 1 ? 'the kitchen' : 'the last stop';
  return (
    <p className="rider-stop__route text-sm" data-testid="rider-route">
      <strong>
        Stop {position} of {of}
      </strong>
      {km !== null ? (
        <span className="text-subtle">
          {' '}
          · {km.toLocaleString('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km from {from}
        </span>
      ) : null}
    </p>
  );
}

function StopCard({ stop: s }: { stop: RiderStop }) {
  const utils = trpc.useUtils();
  const picked = trpc.rider.pickedUp.useMutation();
  const delivered = trpc.rider.delivered.useMutation();
  const failed = trpc.rider.failed.useMutation();
  const [code, setCode] = useState('');
  const [cash, setCash] = useState(s.codDue !== null ? String(s.codDue / 100) : '');
  const [failing, setFailing] = useState(false);
  const [reason, setReason] = useState<FailReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** How the customer was told after "Return to the shop" ("Sent on WhatsApp to +91 98••• 43210"). */
  const [told, setTold] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const refresh = () => utils.rider.runs.invalidate();

  async function run(fn: () => Promise<unknown>, fallback: string) {
    setError(null);
    setFields({});
    try {
      await fn();
    } catch (err) {
      setFields(fieldErrorsOf(err));
      setError(messageOf(err, fallback));
    }
    await refresh();
  }

  async function deliver(e: FormEvent) {
    e.preventDefault();
    const rupees = Number(cash.replace(/[^\d.]/g, ''));
    await run(
      () =>
        delivered.mutateAsync({
          id: s.orderId,
          code,
          ...(s.codDue !== null && cash.trim() ? { cashCollected: Math.round(rupees * 100) } : {}),
        }),
      'The delivery could not be saved. Check your connection and try again.',
    );
  }

  const items = s.items.map((i) => `${i.quantity} × ${i.name}`).join(', ');
  return (
    <article className="rider-stop card" data-testid="rider-stop" data-status={s.status}>
      <div className="rider-stop__top">
        <p className="rider-stop__who">
          <strong>{s.firstName}</strong> <span className="text-subtle text-sm">#{s.number}</span>
        </p>
        <span className={`badge rider-stop__status rider-stop__status--${s.failedAt ? 'failed' : s.status}`}>
          {s.failedAt ? 'Not delivered' : s.statusLabel}
        </span>
      </div>
      <p className="rider-stop__address">
        {s.address.line1}
        {s.address.line2 ? `, ${s.address.line2}` : ''}
        {s.address.landmark ? ` (near ${s.address.landmark})` : ''}, {s.address.city} <strong>{s.address.pincode}</strong>
      </p>
      {s.instructions ? (
        <p className="rider-stop__note" data-testid="rider-instructions">
          <strong>Note from the customer:</strong> {s.instructions}
        </p>
      ) : null}
      <div className="rider-stop__links">
        <a className="rider-btn" href={s.mapUrl} target="_blank" rel="noreferrer">
          Map
        </a>
        <a className="rider-btn" href={s.callUrl}>
          Call
        </a>
        <a className="rider-btn" href={s.whatsappUrl} target="_blank" rel="noreferrer">
          WhatsApp
        </a>
      </div>
      <p className="text-sm">{items}</p>
      {s.readyAt && !s.failedAt && (s.status === 'confirmed' || s.status === 'preparing') ? (
        <p className="text-sm" data-testid="rider-ready">
          <strong>Ready at the kitchen</strong> since {formatDate(s.readyAt, 'time')}
        </p>
      ) : null}
      {s.codDue !== null ? (
        <p className="rider-stop__cod">
          <strong className="tabular">{s.paymentLabel}</strong>
        </p>
      ) : (
        <p className="text-sm text-subtle">{s.paymentLabel}</p>
      )}
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}

      {s.failedAt ? (
        <>
          <p className="text-sm">Returned to the shop: {s.failReason ? FAIL_REASON_LABELS[s.failReason].toLowerCase() : 'not delivered'}.</p>
          {told ? (
            <p className="text-sm text-muted" role="status" data-testid="rider-told">
              The customer was told. {told}.
            </p>
          ) : null}
        </>
      ) : s.status === 'confirmed' || s.status === 'preparing' ? (
        <Button
          block
          size="lg"
          loading={picked.isPending}
          onClick={() => void run(() => picked.mutateAsync({ id: s.orderId }), 'Could not mark it picked up. Try again.')}
        >
          Picked up
        </Button>
      ) : s.status === 'out_for_delivery' && !failing ? (
        <form className="rider-stop__deliver" onSubmit={deliver} noValidate aria-label={`Deliver order ${s.number}`}>
          {s.locked ? (
            <p className="text-sm">Locked after 5 wrong codes: call the shop — the manager confirms this delivery or issues a new code.</p>
          ) : (
            <>
              <label className="rider-field">
                <span>Customer’s delivery code</span>
                <input
                  className="input rider-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]{4}"
                  maxLength={4}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
                  aria-invalid={!!fields.code || undefined}
                  required
                />
              </label>
              {s.codDue !== null ? (
                <label className="rider-field">
                  <span>Cash collected (₹)</span>
                  <input
                    className="input"
                    inputMode="decimal"
                    value={cash}
                    onChange={(e) => setCash(e.target.value)}
                    aria-invalid={!!fields.cashCollected || undefined}
                  />
                </label>
              ) : null}
              <Button type="submit" block size="lg" loading={delivered.isPending} disabled={code.length !== 4}>
                Delivered
              </Button>
              <p className="text-sm text-subtle">{s.triesLeft} tries left.</p>
            </>
          )}
          <Button type="button" variant="secondary" block onClick={() => setFailing(true)}>
            Could not deliver
          </Button>
        </form>
      ) : s.status === 'out_for_delivery' ? (
        <fieldset className="rider-stop__fail">
          <legend>Why could you not deliver?</legend>
          {FAIL_REASONS.map((r) => (
            <label key={r} className="rider-choice">
              <input type="radio" name={`reason-${s.orderId}`} value={r} checked={reason === r} onChange={() => setReason(r)} />{' '}
              {FAIL_REASON_LABELS[r]}
            </label>
          ))}
          <Button
            block
            size="lg"
            disabled={!reason}
            loading={failed.isPending}
            onClick={() =>
              reason && void run(async () => setTold((await failed.mutateAsync({ id: s.orderId, reason })).told), 'Could not report it. Try again.')
            }
          >
            Return to the shop
          </Button>
          <Button type="button" variant="ghost" block onClick={() => setFailing(false)}>
            Back
          </Button>
        </fieldset>
      ) : s.status === 'delivered' ? (
        <p className="rider-stop__done">Delivered</p>
      ) : null}
      {!s.failedAt && (s.status === 'out_for_delivery' || s.status === 'delivered') ? <PhotoProof orderId={s.orderId} number={s.number} kept={s.hasPhoto} /> : null}
    </article>
  );
}

/** Proof of delivery (decision 296): the camera at the door, the photo made small on the phone, then sent. */
function PhotoProof({ orderId, number, kept }: { orderId: string; number: string; kept: boolean }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'error'; message?: string; preview?: string }>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => void (state.preview && URL.revokeObjectURL(state.preview)), [state.preview]);

  async function take(file: File | undefined) {
    if (!file) return;
    setState({ kind: 'sending' });
    try {
      const small = await resizeOnPhone(file);
      await apiFetch(`/api/rider/orders/${orderId}/photo`, { method: 'POST', body: small, headers: { 'content-type': 'image/jpeg' } });
      setState({ kind: 'sent', preview: URL.createObjectURL(small) });
    } catch (err) {
      setState({ kind: 'error', message: messageOf(err, 'The photo could not be sent. Check your connection and take it again.') });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="rider-photo" data-testid="rider-photo" data-state={state.kind}>
      {state.preview ? <img src={state.preview} alt={`Photo at the door for order ${number}`} className="rider-photo__preview" /> : null}
      <label className="rider-btn rider-photo__take">
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          className="visually-hidden"
          onChange={(e) => void take(e.target.files?.[0])}
          disabled={state.kind === 'sending'}
          data-testid="rider-photo-input"
        />
        {state.kind === 'sending' ? 'Sending the photo…' : state.kind === 'sent' || kept ? 'Take the photo again' : 'Photo at the door'}
      </label>
      {state.kind === 'sent' ? (
        <p className="text-sm" role="status">
          Photo sent: the customer sees it on their order.
        </p>
      ) : kept && state.kind === 'idle' ? (
        <p className="text-sm text-subtle">The customer has your photo on their order.</p>
      ) : null}
      {state.kind === 'error' ? <FormAlert kind="danger">{state.message}</FormAlert> : null}
    </div>
  );
}

