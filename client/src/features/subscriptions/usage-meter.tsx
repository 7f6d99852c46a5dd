import type { Period } from '../../../../shared/schemas/subscriptions';
import { formatDate } from '../../../../shared/rules/dates';

/** Free units used and remaining in a period, with a progress bar. */
export function UsageMeter({ period }: { period: Period }) {
  const pct = period.allowed > 0 ? Math.round((period.used / period.allowed) * 100) : 0;
  return (
    <div className="usage" data-testid="usage-meter">
      <div className="usage__numbers">
        <p>
          <span className="usage__big tabular" data-testid="free-units-remaining">
            {period.remaining}
          </span>{' '}
          <span className="text-muted">of {period.allowed} free shakes left</span>
        </p>
        <p className="text-sm text-muted">
          {period.used} used · {formatDate(period.start, 'date')} – {formatDate(period.end, 'date')}
        </p>
      </div>
      <div
        className="usage__bar"
        role="progressbar"
        aria-label="Free shakes used this period"
        aria-valuemin={0}
        aria-valuemax={period.allowed}
        aria-valuenow={period.used}
        aria-valuetext={`${period.used} of ${period.allowed} used`}
      >
        <span className="usage__fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
