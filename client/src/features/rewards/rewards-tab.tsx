import { keepPreviousData } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { LinkButton } from '../../components/button';
import { Pager } from '../../components/pager';
import { LoadError } from '../../components/load-error';
import { SparkleIcon } from '../../components/icons';
import { formatRupees } from '../../../../shared/rules/money';
import { formatDate } from '../../../../shared/rules/dates';
import type { RewardEntry } from '../../../../shared/schemas/rewards';
import './rewards.css';

const PAGE_SIZE = 10;

/** /profile?tab=rewards: the points balance, how to earn and spend them, and the ledger (10 a page). */
export default function RewardsTab() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const q = trpc.rewards.mine.useQuery({ page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  if (q.isError) return <LoadError testId="rewards-error" message="We couldn’t load your points" onRetry={() => void q.refetch()} />;
  if (!q.data) return <span className="skeleton" style={{ height: '16rem' }} aria-busy="true" />;
  const r = q.data;
  const pages = Math.max(1, Math.ceil(r.totalCount / PAGE_SIZE));
  const go = (p: number) => navigate(p === 1 ? '/profile?tab=rewards' : `/profile?tab=rewards&page=${p}`);

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

      <div className="list-head">
        <h2 className="h4">History</h2>
        <p className="text-sm text-subtle">
          {r.totalCount.toLocaleString('en-IN')} {r.totalCount === 1 ? 'entry' : 'entries'}
        </p>
      </div>
      {r.entries.length === 0 ? (
        <div className="empty-state card card--padded" data-testid="rewards-empty">
          <p className="text-muted">No points yet. Your first order earns them.</p>
          <LinkButton href="/signature-shakes">Browse signature shakes</LinkButton>
        </div>
      ) : (
        <ul className="card rewards-ledger" data-testid="rewards-ledger" aria-busy={q.isFetching || undefined}>
          {r.entries.map((e) => (
            <LedgerRow key={e.id} e={e} />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={go} label="Points history pages" />
    </section>
  );
}

export function LedgerRow({ e, admin = false }: { e: RewardEntry; admin?: boolean }) {
  return (
    <li className="rewards-row" data-testid="rewards-row" data-kind={e.kind}>
      <div className="rewards-row__main">
        <p className="rewards-row__label">
          {e.label}
          {e.orderNumber ? (
            <>
              {' · '}
              {admin ? e.orderNumber : <Link href={`/order/${e.orderId}`}>{e.orderNumber}</Link>}
            </>
          ) : null}
        </p>
        <p className="text-sm text-subtle">
          {formatDate(e.at, 'dateTime')}
          {e.note ? ` · ${e.note}` : ''}
        </p>
      </div>
      <div className="rewards-row__side">
        <span className={`rewards-row__points tabular${e.points > 0 ? ' is-plus' : ''}`} data-testid="rewards-row-points">
          {e.points > 0 ? `+${e.points}` : `−${Math.abs(e.points)}`}
        </span>
        <span className="text-sm text-subtle tabular">Balance {e.balanceAfter}</span>
      </div>
    </li>
  );
}
