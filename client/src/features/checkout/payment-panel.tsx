import { Button } from '../../components/button';
import { AlertIcon, RefreshIcon } from '../../components/icons';
import { PaymentBusy, TestPaymentChoice } from '../../components/payment-step';
import { formatRupees } from '../../../../shared/rules/money';
import type { PayState } from './use-pay-order';

/** Shown at the top of checkout when the shop runs without Razorpay keys. */
export function TestModeBanner() {
  return (
    <div className="alert alert--warning test-mode-banner" role="note" data-testid="test-mode-banner">
      <AlertIcon />
      <div>
        <p className="alert__title">Test payment mode</p>
        <p>No real money moves. After you place an online order you choose whether its payment succeeds or fails.</p>
      </div>
    </div>
  );
}

/** The payment of a placed order: the test-mode choice, progress, or a failure with a retry. */
export function PaymentPanel({
  state,
  number,
  total,
  onTest,
  onRetry,
}: {
  state: PayState;
  number: string;
  total: number;
  onTest: (outcome: 'success' | 'failure') => void;
  onRetry: () => void;
}) {
  if (state.kind === 'busy') return <PaymentBusy block="pay-panel" spinnerClass="pay-panel__spinner" message={state.message} />;
  if (state.kind === 'test') {
    return (
      <TestPaymentChoice
        block="pay-panel"
        testId="test"
        title={
          <>
            Test payment for {number} · <span className="tabular">{formatRupees(total)}</span>
          </>
        }
        note={<>Choose what happens, as if you were in the bank&rsquo;s window.</>}
        onTest={onTest}
      />
    );
  }
  if (state.kind === 'failed' || state.kind === 'dismissed') {
    return (
      <div className="pay-panel pay-panel--failed" data-testid="payment-failed">
        <div className="alert alert--danger" role="alert">
          <AlertIcon />
          <div>
            <p className="alert__title">{state.kind === 'failed' ? 'Payment failed' : 'Payment not completed'}</p>
            <p>
              {state.kind === 'failed' ? state.message : 'You closed the payment window.'} Your order {number} is kept for 30 minutes. No
              money was taken for a failed payment.
            </p>
          </div>
        </div>
        <Button size="lg" block onClick={onRetry} data-testid="retry-payment">
          <RefreshIcon /> Try paying again
        </Button>
      </div>
    );
  }
  return null;
}
