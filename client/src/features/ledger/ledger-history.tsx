import { Link, useLocation, useSearch } from 'wouter';
import { Pager } from '../../components/pager';
import { LinkButton } from '../../components/button';
import { formatDate } from '../../../../shared/rules/dates';

/**
 * The customer ledgers' rows and history, shared by reward points and the wallet (both the
 * profile tabs and the back office): the same rows in the ledger's own unit. Styles: rewards.css.
 */

/** A ledger row as the server answers it (the amount under the ledger's own name: `points` or `amount`). */
export interface LedgerEntryRow {
  id: string;
  kind: string;
  label: string;
  balanceAfter: number;
  orderId: string | null;
  orderNumber: string | null;
  note: string | null;
  at: string;
}

/** How one ledger shows its amounts, names its history's pages and its rows for tests. */
export interface LedgerUnit<E extends LedgerEntryRow> {
  amountOf(e: E): number;
  /** A non-negative amount as shown ("40", "₹1,000"). */
  format(n: number): string;
  /** The history's pager ("Points history pages"). */
  pagerLabel: string;
  /** The profile tab's history: its list, its empty state, a row, a row's amount. */
  testIds: { list: string; empty: string; row: string; amount: string };
}

/** Rows a page on the profile tabs. */
export const LEDGER_PAGE_SIZE = 10;

export function LedgerRow<E extends LedgerEntryRow>({ e, unit, admin = false }: { e: E; unit: LedgerUnit<E>; admin?: boolean }) {
  const amount = unit.amountOf(e);
  return (
    <li className="rewards-row" data-testid={unit.testIds.row} data-kind={e.kind}>
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
        <span className={`rewards-row__points tabular${amount > 0 ? ' is-plus' : ''}`} data-testid={unit.testIds.amount}>
          {amount > 0 ? `+${unit.format(amount)}` : `−${unit.format(Math.abs(amount))}`}
        </span>
        <span className="text-sm text-subtle tabular">Balance {unit.format(e.balanceAfter)}</span>
      </div>
    </li>
  );
}

export interface LedgerPager {
  page: number;
  go: (p: number) => void;
}

/** The profile tab's page of the ledger (`?page=`, 10 a page) and the way to another page. */
export function useLedgerPage(tab: string): LedgerPager {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  return { page, go: (p: number) => navigate(p === 1 ? `/profile?tab=${tab}` : `/profile?tab=${tab}&page=${p}`) };
}

/** A profile tab's "History": the count, the rows (or, with none, `empty` and a way to the shakes), and the pager. */
export function LedgerHistory<E extends LedgerEntryRow>(p: {
  unit: LedgerUnit<E>;
  data: { entries: E[]; totalCount: number };
  pager: LedgerPager;
  fetching: boolean;
  empty: { text: string; secondary?: boolean };
}) {
  const { entries, totalCount } = p.data;
  return (
    <>
      <div className="list-head">
        <h2 className="h4">History</h2>
        <p className="text-sm text-subtle">
          {totalCount.toLocaleString('en-IN')} {totalCount === 1 ? 'entry' : 'entries'}
        </p>
      </div>
      {entries.length === 0 ? (
        <div className="empty-state card card--padded" data-testid={p.unit.testIds.empty}>
          <p className="text-muted">{p.empty.text}</p>
          <LinkButton href="/signature-shakes" variant={p.empty.secondary ? 'secondary' : undefined}>
            Browse signature shakes
          </LinkButton>
        </div>
      ) : (
        <ul className="card rewards-ledger" data-testid={p.unit.testIds.list} aria-busy={p.fetching || undefined}>
          {entries.map((e) => (
            <LedgerRow key={e.id} e={e} unit={p.unit} />
          ))}
        </ul>
      )}
      <Pager
        page={p.pager.page}
        pages={Math.max(1, Math.ceil(totalCount / LEDGER_PAGE_SIZE))}
        onPage={p.pager.go}
        label={p.unit.pagerLabel}
      />
    </>
  );
}
