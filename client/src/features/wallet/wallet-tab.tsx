import { useState, type FormEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { newId } from '../../lib/ids';
import { messageOf } from '../../lib/errors';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { PaymentBusy, TestPaymentChoice } from '../../components/payment-step';
import { toast } from '../../components/toast';
import { openRazorpay } from '../checkout/razorpay-checkout';
import { useAuth } from '../auth/auth-context';
import { AutopayCard } from './autopay-card';
import { formatRupees, parseRupees } from '../../../../shared/rules/money';
import { LEDGER_PAGE_SIZE, LedgerHistory, useLedgerPage, type LedgerUnit } from '../ledger/ledger-history';
import type { TopUpStart, WalletEntry } from '../../../../shared/schemas/wallet';
import '../rewards/rewards.css';
import './wallet.css';

/** Quick amounts on the top-up form (paise). */
const PRESETS = [50_000, 100_000, 200_000];

/** Money in the ledger's rows: rupees ("+₹1,000", "Balance ₹771"). */
export const WALLET_UNIT: LedgerUnit<WalletEntry> = {
  amountOf: (e) => e.amount,
  format: formatRupees,
  pagerLabel: 'Wallet history pages',
  testIds: { list: 'wallet-ledger', empty: 'wallet-empty', row: 'wallet-row', amount: 'wallet-row-amount' },
};

type Step = { kind: 'idle' } | { kind: 'busy'; message: string } | { kind: 'test'; start: TopUpStart };

/** /profile?tab=wallet: the balance, top up (₹200–₹20,000), refund the balance, and the ledger (10 a page). */
export default function WalletTab() {
  const pager = useLedgerPage('wallet');
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const q = trpc.wallet.mine.useQuery({ page: pager.page, pageSize: LEDGER_PAGE_SIZE }, { placeholderData: keepPreviousData });
  // From a short day of /deliveries: ?amount= (rupees) filled in, and ?back= (that date) to return to once credited.
  const params = new URLSearchParams(useSearch());
  const asked = Number(params.get('amount'));
  const back = /^\d{4}-\d{2}-\d{2}$/.test(params.get('back') ?? '') ? params.get('back') : null;
  const [, navigate] = useLocation();
  const [amount, setAmount] = useState(Number.isInteger(asked) && asked > 0 ? String(asked) : '1000');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [refunding, setRefunding] = useState(false);
  const [confirmRefund, setConfirmRefund] = useState(false);

  if (q.isError) return <LoadError testId="wallet-error" message="We couldn’t load your wallet" onRetry={() => void q.refetch()} />;
  if (!q.data) return <span className="skeleton" style={{ height: '16rem' }} aria-busy="true" />;
  const w = q.data;

  const finished = (credited: boolean, message: string) => {
    setStep({ kind: 'idle' });
    void utils.wallet.invalidate();
    if (credited) {
      toast({ title: 'Wallet topped up', description: message, variant: 'success' });
      if (back) {
        void utils.schedules.calendar.invalidate();
        navigate(`/deliveries?date=${back}`);
      }
    } else setError(message);
  };

  const start = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const paise = parseRupees(amount);
    if (paise === null || paise < w.limits.minTopUp || paise > w.limits.maxTopUp) {
      setError(`Enter an amount from ${formatRupees(w.limits.minTopUp)} to ${formatRupees(w.limits.maxTopUp)}.`);
      return;
    }
    setStep({ kind: 'busy', message: `Starting your top-up of ${formatRupees(paise)}…` });
    try {
      const s = await utils.client.wallet.topUp.mutate({ amount: paise, idempotencyKey: newId() });
      if (s.mode === 'test') return setStep({ kind: 'test', start: s });
      setStep({ kind: 'busy', message: 'Opening secure payment…' });
      const outcome = await openRazorpay(s);
      if (outcome.kind === 'dismissed') return finished(false, 'You closed the payment window. Nothing was charged.');
      if (outcome.kind === 'failed') return finished(false, outcome.message);
      setStep({ kind: 'busy', message: 'Confirming your payment…' });
      const r = await utils.client.wallet.verifyTopUp.mutate(outcome.response);
      finished(r.credited, r.message);
    } catch (err) {
      finished(false, messageOf(err));
    }
  };

  const completeTest = async (outcome: 'success' | 'failure') => {
    if (step.kind !== 'test') return;
    const { start: s } = step;
    setStep({ kind: 'busy', message: outcome === 'success' ? 'Completing the test payment…' : 'Declining the test payment…' });
    try {
      const r = await utils.client.wallet.testCompleteTopUp.mutate({ gatewayOrderId: s.gatewayOrderId, outcome });
      finished(r.credited, r.credited ? r.message : 'The test payment was declined, as you chose. Nothing was charged.');
    } catch (err) {
      finished(false, messageOf(err));
    }
  };

  const refund = async () => {
    setRefunding(true);
    setError(null);
    try {
      const r = await utils.client.wallet.refundBalance.mutate({ idempotencyKey: newId() });
      toast({
        title: r.refunded > 0 ? 'Refund started' : 'Nothing to refund',
        description: r.message,
        variant: r.refunded > 0 ? 'success' : 'default',
      });
      void utils.wallet.invalidate();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setRefunding(false);
      setConfirmRefund(false);
    }
  };

  return (
    <section className="rewards-tab wallet-tab" aria-labelledby="wallet-heading" data-testid="wallet-tab">
      <div className="rewards-top">
        <div className="card card--padded rewards-balance">
          <p className="eyebrow" id="wallet-heading">
            Wallet balance
          </p>
          <p className="rewards-balance__points" data-testid="wallet-balance">
            {formatRupees(w.balance)}
          </p>
          <p className="text-sm text-muted">Pay for any order with it: choose “Wallet” at checkout. It never expires.</p>
          {w.refundable > 0 ? (
            confirmRefund ? (
              <div className="wallet-refund" role="group" aria-label="Refund my balance">
                <p className="text-sm">
                  Send {formatRupees(w.refundable)} back to the payments you topped up with? Banks usually take 5–7 working days.
                </p>
                <div className="wallet-refund__actions">
                  <Button size="sm" variant="danger" loading={refunding} onClick={() => void refund()} data-testid="wallet-refund-confirm">
                    Refund {formatRupees(w.refundable)}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirmRefund(false)}>
                    Keep it
                  </Button>
                </div>
              </div>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                className="wallet-refund__open"
                onClick={() => setConfirmRefund(true)}
                data-testid="wallet-refund"
              >
                Refund my balance
              </Button>
            )
          ) : null}
        </div>
        <div className="card card--padded wallet-topup" data-testid="wallet-topup">
          <h2 className="h4">Top up</h2>
          {step.kind === 'busy' ? (
            <PaymentBusy block="wallet-pay" message={step.message} />
          ) : step.kind === 'test' ? (
            <TestPaymentChoice
              block="wallet-pay"
              testId="wallet-test"
              title={`Test payment of ${formatRupees(step.start.amount)}`}
              note="Test payment mode: no money moves. Choose what the payment does."
              onTest={(o) => void completeTest(o)}
            />
          ) : (
            <form className="wallet-topup__form" onSubmit={(e) => void start(e)} noValidate>
              <div className="wallet-topup__presets" role="group" aria-label="Quick amounts">
                {PRESETS.map((p) => (
                  <button
                    key={p}
                    type="button"
                    className="chip"
                    aria-pressed={parseRupees(amount) === p}
                    onClick={() => setAmount(String(p / 100))}
                  >
                    {formatRupees(p)}
                  </button>
                ))}
              </div>
              <Field label="Amount (₹)" hint={`${formatRupees(w.limits.minTopUp)} to ${formatRupees(w.limits.maxTopUp)}`} error={error}>
                {(p) => (
                  <Input
                    {...p}
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    data-testid="wallet-amount"
                  />
                )}
              </Field>
              <Button type="submit" data-testid="wallet-topup-submit">
                Add {parseRupees(amount) !== null ? formatRupees(parseRupees(amount)!) : 'money'}
              </Button>
            </form>
          )}
        </div>
      </div>

      <AutopayCard name={user?.user_metadata.name ?? ''} email={user?.email ?? ''} />

      <LedgerHistory
        unit={WALLET_UNIT}
        data={w}
        pager={pager}
        fetching={q.isFetching}
        empty={{ text: 'Nothing here yet. Top up to pay for your shakes in one tap.', secondary: true }}
      />
    </section>
  );
}
