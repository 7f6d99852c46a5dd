import './quantity-stepper.css';
import { MAX_LINE_QUANTITY } from '../../../../shared/rules/cart-rules';

/** − n + for a cart line; − stops at 1 (removing is its own button), + at the per-line limit. */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max = MAX_LINE_QUANTITY,
  disabled,
}: {
  value: number;
  onChange: (next: number) => void;
  /** What is being counted, for screen readers: "Green Glow". */
  label: string;
  min?: number;
  max?: number;
  disabled?: boolean;
}) {
  return (
    <div className="qty" role="group" aria-label={`Quantity of ${label}`}>
      <button
        type="button"
        className="qty__btn"
        onClick={() => onChange(value - 1)}
        disabled={disabled || value <= min}
        aria-label={`One less ${label}`}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="16" height="16">
          <path d="M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <output className="qty__value" aria-live="polite" data-testid="qty-value">
        {value}
      </output>
      <button
        type="button"
        className="qty__btn"
        onClick={() => onChange(value + 1)}
        disabled={disabled || value >= max}
        aria-label={`One more ${label}`}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="16" height="16">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
