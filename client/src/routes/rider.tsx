import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { trpc } from '../lib/trpc';
import { usePageTitle } from '../components/page-title';
import { Button } from '../components/button';
import { LoadError } from '../components/load-error';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/guards';
import { tokens } from '../features/auth/session';
import { FormAlert } from '../features/auth/forms';
import { fieldErrorsOf, messageOf } from '../lib/errors';
import { resizeOnPhone } from '../features/rider/resize-photo';
import { act, dismiss, forgetRuns, savedRuns, saveRuns, useOfflineQueue, type Problem, type Queued, type SavedRuns } from '../features/rider/offline-queue';
import { useRiderManifest } from '../features/rider/rider-manifest';

/**
 * The shop's worker asks the rider app to keep itself on a rider's phone (decision 312): through this
 * route's own chunk, so the code shared with the page (the offline copy of the runs) stays in one chunk.
 */
export { keepRiderAppOnPhone } from '../features/rider/keep-on-phone';
import { formatDate } from '../../../shared/rules/dates';
import { formatRupees } from '../../../shared/rules/money';
import { addDays } from '../../../shared/rules/slots';
import { can } from '../../../shared/rules/staff';
import { FAIL_REASONS, FAIL_REASON_LABELS, type FailReason, type RiderRuns, type RiderStop } from '../../../shared/schemas/stops';
import './rider.css';

/**
 * /rider (PRODUCT.md §17): a rider's own stops for today, phone first — one column, large targets, one
 * hand. Each stop: who, where (map), call and WhatsApp, items, cash to collect; "Picked up", then
 * "Delivered" with the customer's 4-digit code, or "Could not deliver" with a reason. With one bar of
 * signal (decision 297) the steps and the photo wait on the phone and are sent in order when the network
 * returns; the runs read offline are the last good answer kept on the phone.
 */
export default function RiderRoute() {
  const { status, offline } = useAuth();
  // Opened with no network (decision 147 keeps the session unchecked): the rider whose session is on
  // this phone, by the access token's subject, sees what this phone keeps for them; the server still
  // decides everything when the steps are sent.
  const offlineRider = status === 'loading' && offline ? subjectOf(tokens.read().accessToken) : null;
  if (offlineRider) return <RiderPage offlineRider={offlineRider} />;
  return (
    <RequireAuth>
      <RiderPage />
    </RequireAuth>
  );
}

/** The `sub` of a JWT, unverified (only to find this phone's own copy; never sent anywhere). */
function subjectOf(token: string | null | undefined): string | null {
  try {
    const part = token?.split('.')[1];
    if (!part) return null;
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

function RiderPage({ offlineRider }: { offlineRider?: string }) {
  usePageTitle('My deliveries');
  useRiderManifest();
  const { user: signedIn, signOut } = useAuth();
  const user = signedIn ?? (offlineRider ? { id: offlineRider, role: 'rider' as const } : null);
  const allowed = can(user?.role, 'rider:deliver');
  const [day, setDay] = useState<'today' | 'tomorrow'>('today');
  const utils = trpc.useUtils();
  const refresh = useCallback(() => void utils.rider.runs.invalidate(), [utils]);
  const queue = useOfflineQueue(allowed ? user?.id : undefined, refresh);
  const online = useOnline();
  // The last good answers, read when the network gives none.
  const [saved, setSaved] = useState<Partial<Record<'today' | 'tomorrow', SavedRuns>>>({});
  useEffect(() => {
    if (!user?.id || !allowed) return;
    let live = true;
    void Promise.all([savedRuns(user.id, 'today'), savedRuns(user.id, 'tomorrow')]).then(([t, m]) => live && setSaved({ today: t, tomorrow: m }));
    return () => void (live = false);
  }, [user?.id, allowed]);
  // Today is the server's (the phone's clock may be off); tomorrow is the day after it.
  const todays = trpc.rider.runs.useQuery({}, { enabled: allowed, refetchOnWindowFocus: true });
  const todayDate = todays.data?.date ?? saved.today?.runs.date;
  const tomorrow = todayDate ? addDays(todayDate, 1) : '';
  const tomorrows = trpc.rider.runs.useQuery({ date: tomorrow }, { enabled: allowed && day === 'tomorrow' && !!tomorrow, refetchOnWindowFocus: true });
  const q = day === 'today' ? todays : tomorrows;
  useKeep(user?.id, 'today', todays.data);
  useKeep(user?.id, 'tomorrow', tomorrows.data);
  const kept = !q.data && (q.isError || q.fetchStatus === 'paused' || !online) ? saved[day] : undefined;
  const data: RiderRuns | undefined = q.data ?? kept?.runs;
  const stops = data?.runs.flatMap((r) => r.stops) ?? [];
  // A wrong code asked again is for a stop still out for delivery: once it is not, the question is gone.
  useEffect(() => {
    if (!q.data) return;
    const out = new Set(q.data.runs.flatMap((r) => r.stops.filter((s) => s.status === 'out_for_delivery' && !s.failedAt).map((s) => s.orderId)));
    for (const p of queue.problems) if (p.kind === 'code' && !out.has(p.orderId) && q.data.runs.some((r) => r.stops.some((s) => s.orderId === p.orderId))) void dismiss(p.key);
  }, [q.data, queue.problems]);
  if (user && !allowed) return <Redirect to="/" replace />;
  const done = stops.filter((s) => s.status === 'delivered').length;
  const conflicts = queue.problems.filter((p) => p.kind === 'conflict');
  const waiting = queue.queue.length;
  return (
    <main id="main" className="rider" data-page="rider" tabIndex={-1}>
      <div className="rider__bar">
        <span className="rider__brand">Hydro Shakes · Rider</span>
        {waiting ? (
          <span className="rider__pending" role="status" data-testid="rider-pending">
            {waiting} waiting to sync
          </span>
        ) : !online ? (
          <span className="rider__pending" role="status" data-testid="rider-offline">
            Offline
          </span>
        ) : null}
        {user ? (
          <button
            type="button"
            className="rider__signout"
            onClick={() => void (async () => {
              await forgetRuns(user.id).catch(() => undefined);
              await signOut();
            })()}
          >
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
        {kept ? (
          <p className="rider__kept text-sm" role="status" data-testid="rider-kept">
            You are offline: these are your stops as of {formatDate(kept.savedAt, 'time')}. Your taps wait on the phone and are sent when you are back online.
          </p>
        ) : null}
        {data ? (
          <p className="text-muted text-sm" data-testid="rider-progress">
            {stops.length ? `${done} of ${stops.length} delivered` : `No stops assigned to you ${day}.`}
          </p>
        ) : null}
        {data && day === 'today' ? (
          <p className="rider__cash" data-testid="rider-cash">
            Cash in hand <strong className="tabular">{formatRupees(data.cashInHand)}</strong>
          </p>
        ) : null}
      </header>
      {conflicts.length ? (
        <section className="rider__unsynced" aria-labelledby="rider-unsynced" data-testid="rider-unsynced">
          <h2 id="rider-unsynced" className="rider__slot">
            Could not sync
          </h2>
          <p className="text-sm text-muted">The shop refused these when your phone sent them. Nothing else was changed; call the shop if you need help.</p>
          <ul className="list-reset rider__unsynced-list">
            {conflicts.map((p) => (
              <li key={p.key} className="rider__unsynced-item">
                <p>
                  <strong>
                    #{p.number} · {STEP_LABELS[p.step]}
                  </strong>
                  : {p.message}
                </p>
                <button type="button" className="rider-btn rider__dismiss" onClick={() => void dismiss(p.key)}>
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {q.isError && !kept ? <LoadError message={messageOf(q.error, 'Your stops could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      {/* Offline with the phone's copy shown, the first try's wait is no reason for a grey box above the stops. */}
      {q.isLoading && !data ? <span className="skeleton" style={{ height: '12rem' }} aria-busy="true" /> : null}
      {!data && !q.isLoading && !q.isError && !online ? (
        <p className="rider__kept text-sm" role="status">
          You are offline and this phone has no copy of your stops yet. They show when you are back online.
        </p>
      ) : null}
      {data?.runs.map((run) => (
        <section key={run.slot.id} className="rider__run" aria-label={`Run ${run.slot.label}`}>
          <h2 className="rider__slot">{run.slot.label}</h2>
          <ol className="rider__stops list-reset">
            {run.stops.map((s) => (
              <li key={s.orderId}>
                <RoutePlace position={s.position} of={run.stops.length} km={s.kmFromPrevious} />
                <StopCard
                  stop={s}
                  queued={queue.queue.filter((x) => x.orderId === s.orderId)}
                  problems={queue.problems.filter((x) => x.orderId === s.orderId)}
                  toldLater={queue.told[s.orderId]}
                  refresh={refresh}
                />
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

const STEP_LABELS: Record<Queued['step']['kind'], string> = {
  'picked-up': 'Picked up',
  delivered: 'Delivered',
  failed: 'Could not deliver',
  photo: 'Photo at the door',
};

/** navigator.onLine, followed. */
function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      window.addEventListener('online', l);
      window.addEventListener('offline', l);
      return () => {
        window.removeEventListener('online', l);
        window.removeEventListener('offline', l);
      };
    },
    () => navigator.onLine,
  );
}

/** Keeps each good answer of a day's runs on the phone, for reading offline. */
function useKeep(user: string | undefined, day: 'today' | 'tomorrow', data: RiderRuns | undefined) {
  useEffect(() => {
    if (user && data) void saveRuns(user, day, data).catch(() => undefined);
  }, [user, day, data]);
}

interface StopProps {
  stop: RiderStop;
  /** This stop's steps waiting on the phone, oldest first. */
  queued: Queued[];
  /** What the shop refused for this stop at sync. */
  problems: Problem[];
  /** How the customer was told, when a queued "Could not deliver" went through. */
  toldLater?: string;
  refresh: () => void;
}

function StopCard({ stop: s, queued, problems, toldLater, refresh }: StopProps) {
  const [code, setCode] = useState('');
  const [cash, setCash] = useState(s.codDue !== null ? String(s.codDue / 100) : '');
  const [failing, setFailing] = useState(false);
  const [reason, setReason] = useState<FailReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Queued['step']['kind'] | null>(null);
  /** How the customer was told after "Return to the shop" ("Sent on WhatsApp to +91 98••• 43210"). */
  const [told, setTold] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const waits = (kind: Queued['step']['kind']) => queued.find((q) => q.step.kind === kind);
  const waitingDelivery = waits('delivered');
  const waitingFail = waits('failed');
  const waitingPickUp = waits('picked-up');
  const codeAgain = s.status === 'out_for_delivery' && !waitingDelivery ? problems.find((p) => p.kind === 'code') : undefined;
  const conflict = problems.filter((p) => p.kind === 'conflict').at(-1);
  // What the rider sees: the shop's status, moved on by the steps still waiting on the phone.
  const status = waitingDelivery ? 'delivered' : waitingPickUp && (s.status === 'confirmed' || s.status === 'preparing') ? 'out_for_delivery' : s.status;
  const failed = !!s.failedAt || !!waitingFail;

  async function run(step: Queued['step'], fallback: string): Promise<boolean> {
    setError(null);
    setFields({});
    setBusy(step.kind);
    try {
      const done = await act(s.orderId, s.number, step);
      if (done.told) setTold(done.told);
      if (!done.queued) refresh();
      return true;
    } catch (err) {
      setFields(fieldErrorsOf(err));
      setError(messageOf(err, fallback));
      refresh();
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function deliver(e: FormEvent) {
    e.preventDefault();
    const rupees = Number(cash.replace(/[^\d.]/g, ''));
    const sent = await run(
      { kind: 'delivered', code, ...(s.codDue !== null && cash.trim() ? { cashCollected: Math.round(rupees * 100) } : {}) },
      'The delivery could not be saved. Check your connection and try again.',
    );
    if (sent) setCode('');
  }

  const items = s.items.map((i) => `${i.quantity} × ${i.name}`).join(', ');
  const badge = waitingDelivery
    ? { kind: 'waiting', text: 'Waiting to confirm' }
    : waitingFail
      ? { kind: 'waiting', text: 'Not delivered · waiting to sync' }
      : waitingPickUp
        ? { kind: 'waiting', text: 'Picked up · waiting to sync' }
        : s.failedAt
          ? { kind: 'failed', text: 'Not delivered' }
          : { kind: s.status, text: s.statusLabel };
  const reasonText = waitingFail?.step.kind === 'failed' ? waitingFail.step.reason : s.failReason;
  return (
    <article className="rider-stop card" data-testid="rider-stop" data-status={s.status} data-waiting={queued.length ? 'true' : undefined}>
      <div className="rider-stop__top">
        <p className="rider-stop__who">
          <strong>{s.firstName}</strong> <span className="text-subtle text-sm">#{s.number}</span>
        </p>
        <span className={`badge rider-stop__status rider-stop__status--${badge.kind}`} data-testid="rider-status">
          {badge.text}
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
      {s.readyAt && !failed && (status === 'confirmed' || status === 'preparing') ? (
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
      {conflict ? (
        <div data-testid="rider-conflict">
          <FormAlert kind="danger">
            Not synced — {STEP_LABELS[conflict.step]}: {conflict.message}
          </FormAlert>
        </div>
      ) : null}
      {codeAgain ? (
        <div data-testid="rider-code-again">
          <FormAlert kind="danger">The delivery was not confirmed. {codeAgain.message}</FormAlert>
        </div>
      ) : null}
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}

      {failed ? (
        <>
          <p className="text-sm">
            {waitingFail ? 'Could not deliver' : 'Returned to the shop'}: {reasonText ? FAIL_REASON_LABELS[reasonText].toLowerCase() : 'not delivered'}.
            {waitingFail ? ' Waiting on this phone: the shop and the customer are told when you are back online.' : null}
          </p>
          {told || toldLater ? (
            <p className="text-sm text-muted" role="status" data-testid="rider-told">
              The customer was told. {told ?? toldLater}.
            </p>
          ) : null}
        </>
      ) : status === 'confirmed' || status === 'preparing' ? (
        <Button block size="lg" loading={busy === 'picked-up'} onClick={() => void run({ kind: 'picked-up' }, 'Could not mark it picked up. Try again.')}>
          Picked up
        </Button>
      ) : status === 'out_for_delivery' && !failing ? (
        <form className="rider-stop__deliver" onSubmit={deliver} noValidate aria-label={`Deliver order ${s.number}`}>
          {s.locked ? (
            <p className="text-sm">Locked after 5 wrong codes: call the shop — the manager confirms this delivery or issues a new code.</p>
          ) : (
            <>
              <label className="rider-field">
                <span>{codeAgain ? 'Ask the customer for the code again' : 'Customer’s delivery code'}</span>
                <input
                  className="input rider-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]{4}"
                  maxLength={4}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
                  aria-invalid={!!fields.code || !!codeAgain || undefined}
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
              <Button type="submit" block size="lg" loading={busy === 'delivered'} disabled={code.length !== 4}>
                Delivered
              </Button>
              {waitingPickUp ? null : <p className="text-sm text-subtle">{s.triesLeft} tries left.</p>}
            </>
          )}
          <Button type="button" variant="secondary" block onClick={() => setFailing(true)}>
            Could not deliver
          </Button>
        </form>
      ) : status === 'out_for_delivery' ? (
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
            loading={busy === 'failed'}
            onClick={() => reason && void run({ kind: 'failed', reason }, 'Could not report it. Try again.').then((ok) => ok && setFailing(false))}
          >
            Return to the shop
          </Button>
          <Button type="button" variant="ghost" block onClick={() => setFailing(false)}>
            Back
          </Button>
        </fieldset>
      ) : status === 'delivered' && waitingDelivery ? (
        <p className="rider-stop__waiting" data-testid="rider-waiting">
          Waiting to confirm: the code is checked by the shop when your phone is back online.
        </p>
      ) : status === 'delivered' ? (
        <p className="rider-stop__done">Delivered</p>
      ) : null}
      {!failed && (status === 'out_for_delivery' || status === 'delivered') ? (
        <PhotoProof orderId={s.orderId} number={s.number} kept={s.hasPhoto} waiting={!!waits('photo')} refused={problems.some((p) => p.step === 'photo')} />
      ) : null}
    </article>
  );
}

/**
 * Proof of delivery (decision 296): the camera at the door, the photo made small on the phone, then sent —
 * or kept on the phone until the network returns (decision 297).
 */
function PhotoProof({ orderId, number, kept, waiting, refused }: { orderId: string; number: string; kept: boolean; waiting: boolean; refused: boolean }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'queued' | 'error'; message?: string; preview?: string }>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => void (state.preview && URL.revokeObjectURL(state.preview)), [state.preview]);

  async function take(file: File | undefined) {
    if (!file) return;
    setState({ kind: 'sending' });
    try {
      const small = await resizeOnPhone(file);
      const done = await act(orderId, number, { kind: 'photo', photo: small });
      setState({ kind: done.queued ? 'queued' : 'sent', preview: URL.createObjectURL(small) });
    } catch (err) {
      setState({ kind: 'error', message: messageOf(err, 'The photo could not be sent. Check your connection and take it again.') });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  // A photo that waited on the phone and has gone (and was not refused) is sent.
  const shown = state.kind === 'queued' && !waiting && !refused ? 'sent' : waiting && state.kind === 'idle' ? 'queued' : state.kind;
  return (
    <div className="rider-photo" data-testid="rider-photo" data-state={shown}>
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
        {state.kind === 'sending' ? 'Sending the photo…' : shown === 'sent' || shown === 'queued' || kept ? 'Take the photo again' : 'Photo at the door'}
      </label>
      {shown === 'sent' ? (
        <p className="text-sm" role="status">
          Photo sent: the customer sees it on their order.
        </p>
      ) : shown === 'queued' ? (
        <p className="text-sm" role="status">
          Photo kept on this phone: it is sent when you are back online.
        </p>
      ) : kept && state.kind === 'idle' ? (
        <p className="text-sm text-subtle">The customer has your photo on their order.</p>
      ) : null}
      {state.kind === 'error' ? <FormAlert kind="danger">{state.message}</FormAlert> : null}
    </div>
  );
}
