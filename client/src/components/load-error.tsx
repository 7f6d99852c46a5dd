import { AlertIcon, RefreshIcon } from './icons';
import { Button } from './button';

/** "We couldn't load …" with a Try again button: the one way a screen says a read failed. */
export function LoadError({ message, onRetry, testId }: { message: string; onRetry(): void; testId?: string }) {
  return (
    <div className="alert alert--danger" role="alert" data-testid={testId}>
      <AlertIcon aria-hidden="true" />
      <div className="stack stack--sm">
        <p className="alert__title">{message}</p>
        <div>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            <RefreshIcon aria-hidden="true" /> Try again
          </Button>
        </div>
      </div>
    </div>
  );
}
