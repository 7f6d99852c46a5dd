import type { Period } from '../../../../shared/schemas/subscriptions';
import { formatDate } from '../../../../shared/rules/dates';
import { ProgressBar } from '../../components/progress-bar';

/** Free units used and remaining in a period, with a progress bar. */
export function UsageMeter({ period }: { period: Period }) {
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
      <ProgressBar
        className="usage__bar"
        fillClassName="usage__fill"
        label="Free shakes used this period"
        value={period.used}
        max={period.allowed}
        valueText={`${period.used} of ${period.allowed} used`}
      />
    </div>
  );
}
