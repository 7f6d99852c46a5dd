import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The two payment steps an order and a subscription share: the wait while the payment runs, and the
 * test-mode choice (no Razorpay keys) between a payment that succeeds and one that fails. `block` is
 * the caller's CSS block ('pay-panel', 'sub-pay'); `testId` prefixes the test ids ('test', 'sub-test').
 */
export function PaymentBusy({ block, spinnerClass, message }: { block: string; spinnerClass?: string; message: string }) {
  return (
    <div className={block} role="status" aria-live="polite">
      <span className={spinnerClass ? `spinner ${spinnerClass}` : 'spinner'} aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

export function TestPaymentChoice({
  block,
  testId,
  title,
  note,
  onTest,
}: {
  block: string;
  testId: string;
  title: ReactNode;
  note: ReactNode;
  onTest: (outcome: 'success' | 'failure') => void;
}) {
  return (
    <div className={`${block} ${block}--test`} data-testid={`${testId}-payment`}>
      <p className={`${block}__title`}>{title}</p>
      <p className="text-sm text-muted">{note}</p>
      <div className={`${block}__actions`}>
        <Button block onClick={() => onTest('success')} data-testid={`${testId}-success`}>
          Payment succeeds
        </Button>
        <Button block variant="secondary" onClick={() => onTest('failure')} data-testid={`${testId}-failure`}>
          Payment fails
        </Button>
      </div>
    </div>
  );
}
