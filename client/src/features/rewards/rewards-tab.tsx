import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { LoadError } from '../../components/load-error';
import { SparkleIcon } from '../../components/icons';
import { LEDGER_PAGE_SIZE, LedgerHistory, useLedgerPage, type LedgerUnit } from '../ledger/ledger-history';
import { formatRupees } from '../../../../shared/rules/money';
import type { RewardEntry } from '../../../../shared/schemas/rewards';
import './rewards.css';

/** Points in the ledger's rows: whole points, no unit ("+40", "Balance 76"). */
export const POINTS_UNIT: LedgerUnit<RewardEntry> = {
  amountOf: (e) => e.points,
  format: String,
  pagerLabel: 'Points history pages',
  testIds: { list: 'rewards-ledger', empty: 'rewards-empty', row: 'rewards-row', amount: 'rewards-row-points' },
};

/** /profile?tab=rewards: the points balance, how to earn and spend them, and the ledger (10 a page). */
export default function RewardsTab() {
  const pager = useLedgerPage('rewards');
  const q = trpc.rewards.mine.useQuery({ page: pager.page, pageSize: LEDGER_PAGE_SIZE }, { placeholderData: keepPreviousData });
  if (q.isError) return <LoadError testId="rewards-error" message="We couldn’t load your points" onRetry={() => void q.refetch()} />;
  if (!q.data) return <span className="skeleton" style={{ height: '16rem' }} aria-busy="true" />;
  const r = q.data;

  return (
    <section className="rewards-tab" aria-labelledby="rewards-heading" data-testid="rewards-tab">
      <div className="rewards-top">
        <div className="card card--padded rewards-balance">
          <p className="eyebrow" id="rewards-heading">
            Reward points
          </p>
          <p className="rewards-balance__points">
            <span data-testid="rewards-balance">{r.balance.toLocaleString('en-IN')}</span> <span className="text-muted">points</span>
          </p>
          <p className="text-sm text-muted">
            Worth {formatRupees(r.balance * r.rules.pointValue)} on your orders.{' '}
            {r.redeemableNow > 0
              ? 'Switch on “Use points” in your cart or at checkout.'
              : `${r.pointsToMinimum} more to start redeeming (from ${r.rules.minRedeemPoints} points).`}
          </p>
          {r.rules.multiplier > 1 ? <span className="badge badge--success">{r.rules.multiplier}× points with your plan</span> : null}
        </div>
        <div className="card card--padded rewards-how" data-testid="rewards-how">
          <h2 className="h4">How it works</h2>
          <ul className="rewards-how__list check-list">
            <li>
              <SparkleIcon /> 1 point for every ₹{r.rules.rupeesPerPoint} you pay for shakes (after discounts, delivery not included).
            </li>
            <li>
              <SparkleIcon /> 2× points with a Vitality or Elite subscription.
            </li>
            <li>
              <SparkleIcon /> Points arrive when an order is paid; cash on delivery and wallet orders, when they are delivered.
            </li>
            <li>
              <SparkleIcon /> 1 point = {formatRupees(r.rules.pointValue)}. Use {r.rules.minRedeemPoints} or more, up to{' '}
              {r.rules.maxRedeemPercent}% of an order&rsquo;s subtotal.
            </li>
          </ul>
        </div>
      </div>

      <LedgerHistory
        unit={POINTS_UNIT}
        data={r}
        pager={pager}
        fetching={q.isFetching}
        empty={{ text: 'No points yet. Your first order earns them.' }}
      />
    </section>
  );
}
