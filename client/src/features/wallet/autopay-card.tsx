import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { newId } from '../../lib/ids';
import { messageOf } from '../../lib/errors';
import { Button } from '../../components/button';
import { Field, Input, Select } from '../../components/input';
import { PaymentBusy, TestPaymentChoice } from '../../components/payment-step';
import { toast } from '../../components/toast';
import { openRazorpay } from '../checkout/razorpay-checkout';
import { formatRupees, parseRupees } from '../../../../shared/rules/money';
import { formatDate } from '../../../../shared/rules/dates';
import type { Autopay, MandateStart } from '../../../../shared/schemas/autopay';

const STATUS: Record<NonNullable<Autopay['mandate']>['status'], { label: string; badge: string }> = {
  pending: { label: 'Waiting for your UPI app', badge: 'badge--warning' },
  active: { label: 'On', badge: 'badge--success' },
  paused: { label: 'Paused', badge: 'badge--warning' },
  revoked: { label: 'Cancelled', badge: '' },
  rejected: { label: 'Not authorised', badge: 'badge--danger' },
};
const DEBIT: Record<Autopay['debits'][number]['status'], string> = {
  notified: 'Announced',
  debiting: 'Being taken',
  paid: 'Added',
  failed: 'Declined by the bank',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const TEST_DEBITS: Record<NonNullable<Autopay['testDebits']>, string> = {
  success: 'succeed',
  failure: 'fail at once',
  decline_later: 'are declined later',
};

type Step = { kind: 'idle' } | { kind: 'busy'; message: string } | { kind: 'test'; start: MandateStart };

/**
 * UPI AutoPay on the wallet tab (PRODUCT.md §21): authorise once (a maximum per debit, as presented),
 * see the mandate's status and bank or app, pause or cancel it, and set the wallet's auto-recharge.
 * The pre-debit notice links here (?cancel=<debit>) so an announced debit can be cancelled.
 */
export function AutopayCard({ name, email }: { name: string; email: string }) {
  const utils = trpc.useUtils();
  const q = trpc.autopay.get.useQuery({});
  const cancelId = new URLSearchParams(useSearch()).get('cancel');
  const [max, setMax] = useState('5000');
  const [threshold, setThreshold] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  if (!q.data) return <span className="skeleton" style={{ height: '10rem' }} aria-busy="true" />;
  const a = q.data;
  const m = a.mandate;
  const done = (next: Autopay, message?: string) => {
    utils.autopay.get.setData({}, next);
    void utils.wallet.invalidate();
    setStep({ kind: 'idle' });
    if (message) toast({ title: 'AutoPay', description: message, variant: 'success' });
  };
  const run = async (busy: string, f: () => Promise<Autopay>, message?: string) => {
    setError(null);
    setStep({ kind: 'busy', message: busy });
    try {
      done(await f(), message);
    } catch (err) {
      setStep({ kind: 'idle' });
      setError(messageOf(err));
    }
  };

  const start = async (e: FormEvent) => {
    e.preventDefault();
    const paise = parseRupees(max);
    if (paise === null || paise < 100 || paise > 1_500_000) return setError('Enter a maximum from ₹1 to ₹15,000 (UPI AutoPay’s limit).');
    setError(null);
    setStep({ kind: 'busy', message: 'Preparing AutoPay…' });
    try {
      const s = await utils.client.autopay.start.mutate({ maxAmount: paise, idempotencyKey: newId() });
      if (s.checkout.mode === 'test') return setStep({ kind: 'test', start: s });
      setStep({ kind: 'busy', message: 'Opening your UPI app…' });
      const outcome = await openRazorpay({ ...s.checkout, prefill: { name, email }, recurring: { customerId: s.checkout.customerId ?? '' } });
      if (outcome.kind !== 'paid') {
        setStep({ kind: 'idle' });
        return setError(outcome.kind === 'failed' ? outcome.message : 'You closed the window. AutoPay is not set up; nothing was charged.');
      }
      done(await utils.client.autopay.verify.mutate(outcome.response), 'AutoPay is set up.');
    } catch (err) {
      setStep({ kind: 'idle' });
      setError(messageOf(err));
    }
  };

  const saveRecharge = (e: FormEvent) => {
    e.preventDefault();
    const t = parseRupees(threshold ?? String((a.autoRecharge?.threshold ?? 30_000) / 100));
    const add = parseRupees(amount ?? String((a.autoRecharge?.amount ?? 100_000) / 100));
    if (t === null || add === null) return setError('Enter amounts in rupees.');
    void run('Saving…', () => utils.client.autopay.autoRecharge.mutate({ threshold: t, amount: add }), `Below ${formatRupees(t)}, AutoPay adds ${formatRupees(add)}.`);
  };

  const live = m && (m.status === 'active' || m.status === 'paused');
  return (
    <div className="card card--padded autopay-card" data-testid="autopay-card">
      <div className="autopay-card__head">
        <h2 className="h4">UPI AutoPay</h2>
        {m ? (
          <span className={`badge ${STATUS[m.status].badge}`} data-testid="autopay-status">
            {STATUS[m.status].label}
          </span>
        ) : null}
      </div>
      {step.kind === 'busy' ? (
        <PaymentBusy block="wallet-pay" message={step.message} />
      ) : step.kind === 'test' ? (
        <TestPaymentChoice
          block="wallet-pay"
          testId="autopay-test"
          title={`Authorise AutoPay up to ${formatRupees(step.start.mandate.maxAmount)}`}
          note="Test payment mode: no bank is asked. Choose what your UPI app answers."
          onTest={(o) =>
            void run(
              o === 'success' ? 'Authorising…' : 'Declining…',
              () => utils.client.autopay.testComplete.mutate({ gatewayOrderId: step.start.checkout.gatewayOrderId, outcome: o }),
              o === 'success' ? 'AutoPay is set up.' : undefined,
            )
          }
        />
      ) : live ? (
        <>
          <p className="text-sm" data-testid="autopay-terms">
            Up to {formatRupees(m.maxAmount)} a debit, as needed{m.bank ? `, from ${m.bank}` : ''}. We tell you at least 24 hours before each one.
          </p>
          <form className="autopay-card__form" onSubmit={saveRecharge} noValidate>
            <p className="text-sm text-muted">Refill the wallet when it runs low:</p>
            <div className="autopay-card__fields">
              <Field label="Below (₹)">
                {(p) => (
                  <Input {...p} inputMode="decimal" value={threshold ?? String((a.autoRecharge?.threshold ?? 30_000) / 100)} onChange={(e) => setThreshold(e.target.value)} data-testid="autopay-threshold" />
                )}
              </Field>
              <Field label="Add (₹)">
                {(p) => (
                  <Input {...p} inputMode="decimal" value={amount ?? String((a.autoRecharge?.amount ?? 100_000) / 100)} onChange={(e) => setAmount(e.target.value)} data-testid="autopay-amount" />
                )}
              </Field>
            </div>
            <div className="wallet-refund__actions">
              <Button type="submit" size="sm" data-testid="autopay-recharge-save">
                {a.autoRecharge ? 'Save' : 'Turn on auto-recharge'}
              </Button>
              {a.autoRecharge ? (
                <Button size="sm" variant="ghost" onClick={() => void run('Saving…', () => utils.client.autopay.autoRecharge.mutate({ off: true }), 'Auto-recharge is off.')}>
                  Turn off
                </Button>
              ) : null}
            </div>
          </form>
          {a.testDebits ? (
            <Field label="Test payment mode: the next debits" hint="No bank is asked. Choose what it answers, to see what happens when a debit fails.">
              {(p) => (
                <Select
                  {...p}
                  value={a.testDebits!}
                  onChange={(e) => {
                    const debits = e.target.value as NonNullable<Autopay['testDebits']>;
                    void run('Saving…', () => utils.client.autopay.testDebits.mutate({ debits }), `The next debits ${TEST_DEBITS[debits]}.`);
                  }}
                  data-testid="autopay-test-debits"
                >
                  {Object.entries(TEST_DEBITS).map(([k, label]) => (
                    <option key={k} value={k}>
                      {label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : null}
          <div className="wallet-refund__actions">
            <Button size="sm" variant="secondary" onClick={() => void run('Saving…', () => utils.client.autopay.pause.mutate({ paused: m.status === 'active' }))} data-testid="autopay-pause">
              {m.status === 'active' ? 'Pause' : 'Resume'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void run('Cancelling AutoPay…', () => utils.client.autopay.revoke.mutate({}), 'AutoPay is cancelled.')} data-testid="autopay-cancel">
              Cancel AutoPay
            </Button>
          </div>
        </>
      ) : (
        <form className="autopay-card__form" onSubmit={(e) => void start(e)} noValidate>
          <p className="text-sm text-muted">Authorise once in your UPI app and your wallet refills itself before a delivery is short.</p>
          <Field label="Most per debit (₹)" hint="Up to ₹15,000">
            {(p) => <Input {...p} inputMode="decimal" value={max} onChange={(e) => setMax(e.target.value)} data-testid="autopay-max" />}
          </Field>
          <Button type="submit" size="sm" data-testid="autopay-start">
            Set up AutoPay
          </Button>
        </form>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {a.debits.length ? (
        <ul className="autopay-card__debits" data-testid="autopay-debits">
          {a.debits.map((d) => (
            <li key={d.id} className={d.id === cancelId ? 'is-current' : undefined}>
              <span>
                {formatRupees(d.amount)} · {DEBIT[d.status]}
                {d.status === 'notified' ? ` · after ${formatDate(d.debitAfter, 'dateTime')}` : ''}
              </span>
              {d.status === 'notified' ? (
                <Button size="sm" variant="ghost" onClick={() => void run('Cancelling…', () => utils.client.autopay.cancelDebit.mutate({ id: d.id }), 'Nothing will be taken.')}>
                  Cancel
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
