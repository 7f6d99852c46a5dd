import { formatRupees } from '../../../../shared/rules/money';
import type { Quote } from '../../../../shared/schemas/cart';
import { SparkleIcon } from '../../components/icons';
import './points.css';

/**
 * The points switch and what the order earns, from the server's quote: the balance, the most this
 * order can redeem and what that takes off (`base`: the quote without points), and the quote shown
 * (`applied`) for a refusal. Nothing is computed here.
 */
export function PointsToggle({
  base,
  applied,
  on,
  onChange,
  signedIn,
}: {
  base: Quote;
  applied: Quote;
  on: boolean;
  onChange: (on: boolean) => void;
  signedIn: boolean;
}) {
  const p = base.points;
  const earn = applied.points.pointsToEarn;
  return (
    <div className="points-box" data-testid="points-box">
      {!signedIn ? null : p.maxRedeemable > 0 ? (
        <label className="points-toggle">
          <input type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} data-testid="points-toggle" />
          <span className="points-toggle__track" aria-hidden="true" />
          <span className="points-toggle__text">
            <strong>
              Use {p.maxRedeemable} points · save {formatRupees(p.maxRedeemValue)}
            </strong>
            <span className="text-sm text-muted">
              You have {p.balance} points{p.maxRedeemable < p.balance ? `; this order can take ${p.maxRedeemable}` : ''}.
            </span>
          </span>
        </label>
      ) : p.balance > 0 ? (
        <p className="text-sm text-muted" data-testid="points-not-yet">
          You have {p.balance} points. Redeem from {p.minRedeemPoints} points, up to 20% of the subtotal.
        </p>
      ) : null}
      {on && applied.points.refusal ? (
        <p className="text-sm points-box__refusal" role="alert">
          {applied.points.refusal}
        </p>
      ) : null}
      {earn > 0 ? (
        <p className="points-box__earn text-sm" data-testid="points-earn">
          <SparkleIcon /> {signedIn ? 'This order earns' : 'Sign in to earn'} <strong>{earn} points</strong>
          {applied.points.multiplier > 1 ? ` (${applied.points.multiplier}× with your plan)` : ''}
        </p>
      ) : null}
    </div>
  );
}
