import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/input';
import { FormAlert } from '../../features/auth/forms';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { Pager } from '../../components/pager';
import { EmptyRow } from './admin-table';
import { WalletRow } from '../../features/wallet/wallet-tab';
import { AdminWalletAdjustInput } from '../../../../shared/schemas/wallet';
import { formatRupees, parseRupees } from '../../../../shared/rules/money';
import { issuesByField } from './form-errors';
import { formatDate } from '../../../../shared/rules/dates';
import './admin-orders.css';
import '../../features/rewards/rewards.css';
import '../../features/wallet/wallet.css';

const PAGE_SIZE = 20;

/** /admin/wallets: customers' wallets (search), one customer's ledger, a manual adjustment with a reason (audited, never below zero). */
export default function WalletsPage() {
  usePageTitle('Wallets');
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const userId = params.get('user') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [query, setQuery] = useState(search);
  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  const go = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams({
      ...(query ? { q: query } : {}),
      ...(userId ? { user: userId } : {}),
      ...(page > 1 ? { page: String(page) } : {}),
    });
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
      else next.set(k, String(v));
    }
    const s = next.toString();
    navigate(`/wallets${s ? `?${s}` : ''}`, { replace: true });
  };
  const list = trpc.wallet.adminList.useQuery(
    { search: query || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: (prev) => prev },
  );
  const total = list.data?.totalCount ?? 0;

  return (
    <section className="admin-page" data-page="admin/wallets">
      <header className="admin-page__header">
        <p className="eyebrow">Money</p>
        <h1 className="h2">Wallets</h1>
        <p className="text-sm text-subtle">Customers&rsquo; prepaid wallets: balances, every change, and manual adjustments with a reason. Top-ups are money held for customers, not revenue.</p>
      </header>
      <div className="user-rewards">
        <div className="stack">
          <div className="card card--padded">
            <Field label="Find a customer">
              {(p) => (
                <Input
                  {...p}
                  type="search"
                  placeholder="E-mail or name"
                  value={search}
                  maxLength={100}
                  onChange={(e) => {
                    setSearch(e.target.value);
                    if (page > 1) go({ page: 1 });
                  }}
                  data-testid="wallets-search"
                />
              )}
            </Field>
          </div>
          {list.isError ? <FormAlert kind="danger">{messageOf(list.error, 'Wallets could not be loaded.')}</FormAlert> : null}
          <p className="text-sm text-subtle" aria-live="polite">
            {list.data
              ? `${total.toLocaleString('en-IN')} ${total === 1 ? 'customer' : 'customers'}${query ? '' : ' with a wallet'}`
              : ''}
          </p>
          <div className="table-wrap card" tabIndex={0} role="region" aria-label="Wallet balances">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                  <th scope="col" className="num">
                    Topped up
                  </th>
                  <th scope="col" className="num">
                    Spent
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data?.customers.map((c) => (
                  <tr
                    key={c.userId}
                    data-testid="wallet-customer"
                    aria-selected={c.userId === userId || undefined}
                    className={c.userId === userId ? 'is-selected' : undefined}
                  >
                    <td>
                      <button type="button" className="link" onClick={() => go({ user: c.userId })}>
                        {c.name || c.email}
                      </button>
                      <span className="admin-orders__sub">
                        {c.email}
                        {c.lastActivityAt ? ` · ${formatDate(c.lastActivityAt, 'date')}` : ''}
                      </span>
                    </td>
                    <td className="num tabular">
                      <strong>{formatRupees(c.balance)}</strong>
                    </td>
                    <td className="num tabular">{formatRupees(c.toppedUp)}</td>
                    <td className="num tabular">{formatRupees(c.spent)}</td>
                  </tr>
                ))}
                {list.data && list.data.customers.length === 0 ? (
                  <EmptyRow colSpan={4}>{query ? 'No customer matches that search.' : 'No customer has a wallet yet.'}</EmptyRow>
                ) : null}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
            onPage={(p) => go({ page: p })}
            label="Wallet pages"
          />
        </div>
        {userId ? (
          <CustomerLedger key={userId} userId={userId} />
        ) : (
          <div className="card card--padded text-muted user-rewards__hint">
            Choose a customer to see their wallet history and adjust their balance.
          </div>
        )}
      </div>
    </section>
  );
}

function CustomerLedger({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const ledger = trpc.wallet.adminLedger.useQuery({ userId, page, pageSize: 10 }, { placeholderData: (prev) => prev });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const adjust = trpc.wallet.adminAdjust.useMutation({
    onSuccess: (r) => {
      setDone(`Saved. ${r.customer.name || r.customer.email} now has ${formatRupees(r.balance)}.`);
      setAmount('');
      setReason('');
      setPage(1);
      // The answer is the ledger's first page: shown at once, no second read.
      utils.wallet.adminLedger.setData({ userId, page: 1, pageSize: 10 }, r);
      void utils.wallet.adminList.invalidate();
    },
    onError: (e) => setErrors({ ...fieldErrorsOf(e), form: messageOf(e, 'The adjustment could not be saved.') }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const negative = amount.trim().startsWith('-');
    const paise = parseRupees(amount.trim().replace(/^[-+]/, ''));
    const input = { userId, amount: paise === null ? Number.NaN : negative ? -paise : paise, reason };
    const parsed = AdminWalletAdjustInput.safeParse(input);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    adjust.mutate(parsed.data);
  };
  if (ledger.isError) return <FormAlert kind="danger">{messageOf(ledger.error, 'This customer’s wallet could not be loaded.')}</FormAlert>;
  const d = ledger.data;
  const pages = Math.max(1, Math.ceil((d?.totalCount ?? 0) / 10));
  return (
    <div className="stack" data-testid="wallet-customer-detail">
      <div className="card card--padded stack">
        <div>
          <p className="eyebrow">{d?.customer.email ?? ' '}</p>
          <h2 className="h3">{d ? d.customer.name || d.customer.email : 'Loading…'}</h2>
          <p className="rewards-balance__points">
            <span data-testid="admin-wallet-balance">{d ? formatRupees(d.balance) : '—'}</span>
          </p>
        </div>
        <form className="user-rewards__adjust" onSubmit={submit} noValidate>
          <Field label="Amount (₹)" hint="Negative to take away" error={errors.amount}>
            {(p) => (
              <Input
                {...p}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                placeholder="e.g. 100 or -50"
                data-testid="adjust-amount"
              />
            )}
          </Field>
          <Field label="Reason" hint="Shown to the customer and kept in the audit log" error={errors.reason}>
            {(p) => (
              <Input
                {...p}
                value={reason}
                maxLength={300}
                onChange={(e) => setReason(e.target.value)}
                placeholder="Apology for a late delivery"
                data-testid="adjust-reason"
              />
            )}
          </Field>
          <Button type="submit" loading={adjust.isPending} data-testid="adjust-submit">
            Save adjustment
          </Button>
        </form>
        {errors.form && !errors.amount && !errors.reason ? <FormAlert kind="danger">{errors.form}</FormAlert> : null}
        {done ? <FormAlert kind="success">{done}</FormAlert> : null}
      </div>
      <ul className="card rewards-ledger" aria-label="Wallet history" data-testid="admin-wallet-ledger">
        {d?.entries.map((e) => (
          <WalletRow key={e.id} e={e} admin />
        ))}
        {d && d.entries.length === 0 ? <li className="rewards-row text-muted">No wallet activity yet.</li> : null}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} label="Wallet history pages" />
    </div>
  );
}
