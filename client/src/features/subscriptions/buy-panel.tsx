import { Button } from '../../components/button';
import { AlertIcon, CheckIcon } from '../../components/icons';
import { PaymentBusy, TestPaymentChoice } from '../../components/payment-step';
import { formatRupees } from '../../../../shared/rules/money';
import type { BuyState } from './use-buy-subscription';

/** The payment step of a subscription purchase: progress, the test-mode choice, the result. */
export function BuyPanel({ state, onTest, onClose }: { state: BuyState; onTest: (o: 'success' | 'failure') => void; onClose: () => void }) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'busy') return <PaymentBusy block="sub-pay" message={state.message} />;
  if (state.kind === 'test') {
    return (
      <TestPaymentChoice
        block="sub-pay"
        testId="sub-test"
        title={
          <>
            Test payment · {state.planName} · <span className="tabular">{formatRupees(state.start.amount)}</span>
          </>
        }
        note={<>Test payment mode: no real money moves. Choose what happens, as if you were in the bank&rsquo;s window.</>}
        onTest={onTest}
      />
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="alert alert--danger sub-pay__alert" role="alert" data-testid="sub-pay-failed">
        <AlertIcon />
        <div>
          <p className="alert__title">Payment not completed</p>
          <p>{state.message}</p>
          <Button size="sm" variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="alert alert--success sub-pay__alert" role="status" data-testid="sub-pay-success">
      <CheckIcon />
      <div>
        <p className="alert__title">You&rsquo;re subscribed</p>
        <p>{state.message}</p>
      </div>
    </div>
  );
}
