import { useState } from 'react';
import { formatDate } from '../../../../shared/rules/dates';
import { Button, LinkButton } from '../../components/button';
import { AlertIcon, ArrowRightIcon, PauseIcon, PlayIcon, RefreshIcon, RepeatIcon } from '../../components/icons';
import { Field, Select, Textarea } from '../../components/input';
import { toast } from '../../components/toast';
import { Modal } from '../../components/modal';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { useAuth } from '../auth/auth-context';
import { useRefreshSubscription, useSubscriptionStatus } from './api';
import { useBuySubscription } from './use-buy-subscription';
import { BuyPanel } from './buy-panel';
import { UsageMeter } from './usage-meter';
import { formatRupees } from '../../../../shared/rules/money';
import { MAX_PAUSE_DAYS } from '../../../../shared/rules/subscriptions';
import type { Subscription } from '../../../../shared/schemas/subscriptions';
import { Link } from 'wouter';
import './subscriptions.css';
import { Section } from '../../components/section';

/** The cancel dialog's reasons: a tap, not an essay; "Something else" asks for a line. */
const OTHER_REASON = 'Something else';
export const CANCEL_REASONS = [
  'Too expensive for me',
  'I’m travelling or away',
  'I didn’t use my free shakes',
  'I didn’t enjoy the shakes',
  'Delivery times don’t suit me',
  OTHER_REASON,
] as const;

/** The reason sent to the server, or null while none is chosen (or "Something else" has under 3 characters). */
function cancelReasonText(choice: string | null, text: string): string | null {
  if (!choice) return null;
  if (choice !== OTHER_REASON) return choice;
  return text.trim().length >= 3 ? text.trim() : null;
}

const STATUS_TONE: Record<Subscription['status'], string> = {
  active: 'badge--success',
  paused: 'badge--warning',
  cancelled: 'badge--warning',
  expired: 'badge--outline',
  pending_payment: 'badge--info',
};

/** /profile?tab=subscriptions: the current plan, its usage, the customer's actions and the history. */
export default function SubscriptionTab() {
  const { user } = useAuth();
  const status = useSubscriptionStatus();
  const history = trpc.subscriptions.history.useQuery(undefined, { enabled: !!user });
  const refresh = useRefreshSubscription();
  const utils = trpc.useUtils();
  const pay = useBuySubscription();
  const [dialog, setDialog] = useState<'pause' | 'cancel' | null>(null);
  const [days, setDays] = useState(7);
  const [reason, setReason] = useState('');
  const [reasonChoice, setReasonChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sub = status.data?.subscription ?? null;

  const run = async (f: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await f();
      refresh();
      void utils.subscriptions.history.invalidate();
      setDialog(null);
      toast({ title: done, variant: 'success' });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  if (status.isError) {
    return (
      <div className="alert alert--danger" role="alert" data-testid="subscription-error">
        <AlertIcon aria-hidden="true" />
        <div>
          <p>{status.error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void status.refetch()}>
            <RefreshIcon /> Try again
          </Button>
        </div>
      </div>
    );
  }
  if (status.isLoading) return <span className="skeleton" style={{ height: '14rem' }} aria-busy="true" />;

  return (
    <div className="stack stack--lg subs-tab" data-testid="subscription-tab">
      {!sub ? (
        <div className="empty-state card card--padded" data-testid="no-subscription">
          <RepeatIcon aria-hidden="true" />
          <h2 className="h3">No subscription yet</h2>
          <p className="text-muted">Subscribe for a free shake in every order and free delivery, always.</p>
          <LinkButton href="/subscriptions">
            See the plans <ArrowRightIcon />
          </LinkButton>
        </div>
      ) : (
        <section className="card card--padded subs-manage" aria-labelledby="sub-current-title" data-testid="current-subscription">
          <div className="subs-manage__head">
            <div>
              <p className="eyebrow">Current plan</p>
              <h2 className="subs-manage__name" id="sub-current-title">
                {sub.planName}
              </h2>
              <p className="text-muted text-sm">
                {formatRupees(sub.price)} every {sub.periodDays} days · {sub.freeUnits} free shakes per period
              </p>
            </div>
            <span className={`badge ${STATUS_TONE[sub.status]}`} data-testid="subscription-status">
              {sub.statusLabel}
            </span>
          </div>

          {sub.currentPeriod ? <UsageMeter period={sub.currentPeriod} /> : null}

          <dl className="subs-facts">
            <div>
              <dt>This period ends</dt>
              <dd data-testid="period-end">{sub.currentPeriod ? formatDate(sub.currentPeriod.end, 'date') : '—'}</dd>
            </div>
            <div>
              <dt>Paid through</dt>
              <dd data-testid="paid-through">{sub.paidThrough ? formatDate(sub.paidThrough, 'date') : '—'}</dd>
            </div>
            {sub.status === 'paused' && sub.pauseUntil ? (
              <div>
                <dt>Paused until</dt>
                <dd>{formatDate(sub.pauseUntil, 'date')}</dd>
              </div>
            ) : null}
            {sub.queuedPeriods > 0 ? (
              <div>
                <dt>Renewals queued</dt>
                <dd>{sub.queuedPeriods}</dd>
              </div>
            ) : null}
            {sub.cancelReason ? (
              <div>
                <dt>Cancelled</dt>
                <dd>{sub.cancelReason}</dd>
              </div>
            ) : null}
          </dl>

          {error ? (
            <div className="alert alert--danger" role="alert">
              <AlertIcon />
              <p>{error}</p>
            </div>
          ) : null}

          <div className="subs-manage__actions">
            {sub.status === 'paused' ? (
              <Button
                onClick={() => void run(() => utils.client.subscriptions.resume.mutate({ id: sub.id }), 'Subscription resumed')}
                loading={busy}
                data-testid="sub-resume"
              >
                <PlayIcon /> Resume now
              </Button>
            ) : null}
            {sub.status === 'active' ? (
              <Button
                variant="secondary"
                onClick={() => setDialog('pause')}
                disabled={!sub.canPause}
                data-testid="sub-pause"
                title={sub.canPause ? undefined : 'You can pause once per period.'}
              >
                <PauseIcon /> Pause
              </Button>
            ) : null}
            {/* A cancelled plan is one the customer chose to end: offering "Renew" beside it contradicts
                that. They can buy a plan again from the plans page. */}
            {sub.status !== 'cancelled' ? (
              <Button variant="secondary" onClick={() => void pay.renew(sub.id, sub.planName)} data-testid="sub-renew">
                <RepeatIcon /> Renew for {formatRupees(sub.price)}
              </Button>
            ) : (
              <p className="text-sm text-muted" data-testid="sub-cancelled-note">
                Cancelled: your plan and its free shakes last until{' '}
                {sub.paidThrough ? formatDate(sub.paidThrough, 'date') : 'the end of this period'}, and nothing renews.
                Changed your mind? <Link href="/subscriptions">Choose a plan</Link> once it ends.
              </p>
            )}
            {sub.status === 'active' || sub.status === 'paused' ? (
              <Button variant="ghost" onClick={() => setDialog('cancel')} data-testid="sub-cancel">
                Cancel subscription
              </Button>
            ) : null}
          </div>
          {sub.status === 'active' && !sub.canPause ? (
            <p className="text-sm text-muted">You have paused once this period; you can pause again next period.</p>
          ) : null}

          {sub.status === 'active' || sub.status === 'paused' ? (
            <label className="switch">
              <input
                type="checkbox"
                role="switch"
                checked={sub.autoRenew}
                disabled={busy}
                onChange={(e) =>
                  void run(
                    () => utils.client.subscriptions.autoRenew.mutate({ id: sub.id, enabled: e.target.checked }),
                    e.target.checked ? 'Automatic renewal is on' : 'Automatic renewal is off',
                  )
                }
                data-testid="sub-auto-renew"
              />
              <span className="switch__track" aria-hidden="true" />
              <span>
                <strong>Automatic renewal</strong>
                <span className="text-sm text-muted"> — renew at the end of each period; we remind you 3 days before.</span>
              </span>
            </label>
          ) : null}

          {sub.autoRenew && sub.mandateUrl ? (
            <div className="alert alert--warning" role="note" data-testid="mandate-link">
              <AlertIcon />
              <div>
                <p className="alert__title">One more step for automatic renewal</p>
                <p>
                  Authorise the renewal with Razorpay once; each period is then charged {formatRupees(sub.price)} automatically.{' '}
                  <a className="link" href={sub.mandateUrl} target="_blank" rel="noopener noreferrer">
                    Authorise with Razorpay
                  </a>
                </p>
              </div>
            </div>
          ) : null}

          <BuyPanel state={pay.state} onTest={(o) => void pay.completeTest(o)} onClose={pay.reset} />
        </section>
      )}

      <Section titleId="sub-history-title" title="History">
        {history.data && history.data.subscriptions.length > 0 ? (
          <ul className="subs-history list-reset" data-testid="subscription-history">
            {history.data.subscriptions.map((h) => (
              <li key={h.id} className="subs-history__row">
                <div className="subs-history__main">
                  <p className="subs-history__plan">{h.planName}</p>
                  <p className="text-sm text-muted">
                    Since {formatDate(h.createdAt, 'date')}
                    {h.paidThrough ? ` · paid through ${formatDate(h.paidThrough, 'date')}` : ''}
                  </p>
                </div>
                <div className="subs-history__side">
                  <span className={`badge ${STATUS_TONE[h.status]}`}>{h.statusLabel}</span>
                  <span className="tabular text-sm">{formatRupees(h.price)}</span>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">{history.isLoading ? 'Loading…' : 'Your past subscriptions will appear here.'}</p>
        )}
      </Section>

      {sub ? (
        <>
          <Modal
            open={dialog === 'pause'}
            onClose={() => setDialog(null)}
            title="Pause your subscription"
            testId="pause-dialog"
            footer={
              <>
                <Button variant="ghost" onClick={() => setDialog(null)}>
                  Keep it running
                </Button>
                <Button
                  loading={busy}
                  onClick={() => void run(() => utils.client.subscriptions.pause.mutate({ id: sub.id, days }), `Paused for ${days} days`)}
                  data-testid="pause-confirm"
                >
                  Pause for {days} {days === 1 ? 'day' : 'days'}
                </Button>
              </>
            }
          >
            <p className="text-muted">Your period end moves by the pause. You can pause once per period and resume early at any time.</p>
            <Field label="How long?">
              {(p) => (
                <Select {...p} value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="pause-days">
                  {Array.from({ length: MAX_PAUSE_DAYS }, (_, i) => i + 1).map((d) => (
                    <option key={d} value={d}>
                      {d} {d === 1 ? 'day' : 'days'}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </Modal>
          <Modal
            open={dialog === 'cancel'}
            onClose={() => setDialog(null)}
            title="Cancel your subscription"
            testId="cancel-dialog"
            footer={
              <>
                <Button variant="ghost" onClick={() => setDialog(null)}>
                  Keep my plan
                </Button>
                <Button
                  variant="danger"
                  loading={busy}
                  disabled={cancelReasonText(reasonChoice, reason) === null}
                  onClick={() =>
                    void run(
                      () => utils.client.subscriptions.cancel.mutate({ id: sub.id, reason: cancelReasonText(reasonChoice, reason)! }),
                      'Subscription cancelled',
                    )
                  }
                  data-testid="cancel-confirm"
                >
                  Cancel subscription
                </Button>
              </>
            }
          >
            <p className="text-muted">
              Your plan keeps running until {sub.paidThrough ? formatDate(sub.paidThrough, 'date') : 'the end of the period'}, free shakes
              included. Nothing renews after that.
            </p>
            {sub.status === 'active' && sub.canPause ? (
              <div className="subs-cancel__pause" data-testid="cancel-pause-instead">
                <p>
                  <strong>Away for a while?</strong> Pause for up to {MAX_PAUSE_DAYS} days instead: your period end moves by the pause and
                  you keep your free shakes.
                </p>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setDialog('pause')}
                  data-testid="cancel-pause-button"
                >
                  <PauseIcon /> Pause instead
                </Button>
              </div>
            ) : null}
            <fieldset className="subs-cancel__reasons">
              <legend>Why are you cancelling?</legend>
              {CANCEL_REASONS.map((r) => (
                <label key={r} className="radio">
                  <input
                    type="radio"
                    name="cancel-reason"
                    value={r}
                    checked={reasonChoice === r}
                    onChange={() => setReasonChoice(r)}
                  />
                  <span>{r}</span>
                </label>
              ))}
            </fieldset>
            {reasonChoice === OTHER_REASON ? (
              <Field label="Tell us more" hint="A line is enough (at least 3 characters).">
                {(p) => (
                  <Textarea
                    {...p}
                    rows={3}
                    maxLength={500}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    data-testid="cancel-reason"
                  />
                )}
              </Field>
            ) : null}
          </Modal>
        </>
      ) : null}
    </div>
  );
}
