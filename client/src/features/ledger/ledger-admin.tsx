import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ZodSafeParseResult } from 'zod';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/input';
import { FormAlert } from '../auth/forms';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { Pager } from '../../components/pager';
import { EmptyRow } from '../../routes/admin/admin-table';
import { issuesByField } from '../../routes/admin/form-errors';
import { formatDate } from '../../../../shared/rules/dates';
import { LEDGER_PAGE_SIZE, LedgerRow, type LedgerEntryRow, type LedgerUnit } from './ledger-history';

/**
 * The back office's ledger desk, shared by /admin/user-rewards and /admin/wallets: customers and
 * their balances (search), one customer's ledger, and a manual adjustment with a reason (audited,
 * never below zero). Each screen passes its queries, its unit and its words. Styles: admin-orders.css,
 * rewards.css.
 */

interface BalanceRow {
  userId: string;
  email: string;
  name: string;
  balance: number;
  spent: number;
  lastActivityAt: string | null;
}

export interface CustomerLedgerAnswer<E> {
  customer: { userId: string; email: string; name: string };
  balance: number;
  entries: E[];
  totalCount: number;
}

interface Loaded<T> {
  data?: T;
  isError: boolean;
  error: unknown;
}

export interface LedgerDesk<E extends LedgerEntryRow, C extends BalanceRow, I> {
  unit: LedgerUnit<E>;
  /** The screen's path inside /admin, for the search and page in its address. */
  path: string;
  title: string;
  eyebrow: string;
  intro: ReactNode;
  dataPage: string;
  /** The credit column of the balance list ("Earned", "Topped up") and its value. */
  credited: { heading: string; of: (c: C) => number };
  useList(input: { search: string | undefined; page: number; pageSize: number }): Loaded<{ customers: C[]; totalCount: number }>;
  useLedger(input: { userId: string; page: number; pageSize: number }): Loaded<CustomerLedgerAnswer<E>>;
  useAdjust(on: { onSuccess: (r: CustomerLedgerAnswer<E>) => void; onError: (e: unknown) => void }): {
    mutate: (input: I) => void;
    isPending: boolean;
  };
  /** After an adjustment: its answer is the ledger's first page (shown at once, no second read); the list is stale. */
  useAdjusted(): (userId: string, r: CustomerLedgerAnswer<E>) => void;
  /** The adjustment's amount field, parsed with the shared schema (its key in the errors is `field.name`). */
  field: { name: string; label: string; inputMode: 'decimal' | 'numeric'; placeholder: string; testId: string };
  parse(input: { userId: string; amount: string; reason: string }): ZodSafeParseResult<I>;
  /** The balance as the customer's card shows it, and in a sentence ("40 points", "₹771"). */
  balance: (d: CustomerLedgerAnswer<E> | undefined) => ReactNode;
  inWords: (balance: number) => string;
  words: {
    searchTestId: string;
    listError: string;
    withActivity: string;
    regionLabel: string;
    customerTestId: string;
    noneYet: string;
    listPagerLabel: string;
    hint: string;
    detailTestId: string;
    ledgerError: string;
    ledgerLabel: string;
    ledgerTestId: string;
    noActivity: string;
  };
}

const PAGE_SIZE = 20;

export function LedgerDeskPage<E extends LedgerEntryRow, C extends BalanceRow, I>({ desk }: { desk: LedgerDesk<E, C, I> }) {
  const w = desk.words;
  usePageTitle(desk.title);
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
    navigate(`${desk.path}${s ? `?${s}` : ''}`, { replace: true });
  };
  const list = desk.useList({ search: query || undefined, page, pageSize: PAGE_SIZE });
  const total = list.data?.totalCount ?? 0;

  return (
    <section className="admin-page" data-page={desk.dataPage}>
      <header className="admin-page__header">
        <p className="eyebrow">{desk.eyebrow}</p>
        <h1 className="h2">{desk.title}</h1>
        <p className="text-sm text-subtle">{desk.intro}</p>
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
                  data-testid={w.searchTestId}
                />
              )}
            </Field>
          </div>
          {list.isError ? <FormAlert kind="danger">{messageOf(list.error, w.listError)}</FormAlert> : null}
          <p className="text-sm text-subtle" aria-live="polite">
            {list.data ? `${total.toLocaleString('en-IN')} ${total === 1 ? 'customer' : 'customers'}${query ? '' : w.withActivity}` : ''}
          </p>
          <div className="table-wrap card" tabIndex={0} role="region" aria-label={w.regionLabel}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                  <th scope="col" className="num">
                    {desk.credited.heading}
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
                    data-testid={w.customerTestId}
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
                      <strong>{desk.unit.format(c.balance)}</strong>
                    </td>
                    <td className="num tabular">{desk.unit.format(desk.credited.of(c))}</td>
                    <td className="num tabular">{desk.unit.format(c.spent)}</td>
                  </tr>
                ))}
                {list.data && list.data.customers.length === 0 ? (
                  <EmptyRow colSpan={4}>{query ? 'No customer matches that search.' : w.noneYet}</EmptyRow>
                ) : null}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPage={(p) => go({ page: p })} label={w.listPagerLabel} />
        </div>
        {userId ? (
          <CustomerLedger key={userId} desk={desk} userId={userId} />
        ) : (
          <div className="card card--padded text-muted user-rewards__hint">{w.hint}</div>
        )}
      </div>
    </section>
  );
}

function CustomerLedger<E extends LedgerEntryRow, C extends BalanceRow, I>({
  desk,
  userId,
}: {
  desk: LedgerDesk<E, C, I>;
  userId: string;
}) {
  const w = desk.words;
  const [page, setPage] = useState(1);
  const ledger = desk.useLedger({ userId, page, pageSize: LEDGER_PAGE_SIZE });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const adjusted = desk.useAdjusted();
  const adjust = desk.useAdjust({
    onSuccess: (r) => {
      setDone(`Saved. ${r.customer.name || r.customer.email} now has ${desk.inWords(r.balance)}.`);
      setAmount('');
      setReason('');
      setPage(1);
      adjusted(userId, r);
    },
    onError: (e) => setErrors({ ...fieldErrorsOf(e), form: messageOf(e, 'The adjustment could not be saved.') }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const parsed = desk.parse({ userId, amount, reason });
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    adjust.mutate(parsed.data);
  };
  if (ledger.isError) return <FormAlert kind="danger">{messageOf(ledger.error, w.ledgerError)}</FormAlert>;
  const d = ledger.data;
  const pages = Math.max(1, Math.ceil((d?.totalCount ?? 0) / LEDGER_PAGE_SIZE));
  const f = desk.field;
  return (
    <div className="stack" data-testid={w.detailTestId}>
      <div className="card card--padded stack">
        <div>
          <p className="eyebrow">{d?.customer.email ?? ' '}</p>
          <h2 className="h3">{d ? d.customer.name || d.customer.email : 'Loading…'}</h2>
          <p className="rewards-balance__points">{desk.balance(d)}</p>
        </div>
        <form className="user-rewards__adjust" onSubmit={submit} noValidate>
          <Field label={f.label} hint="Negative to take away" error={errors[f.name]}>
            {(p) => (
              <Input
                {...p}
                inputMode={f.inputMode}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                placeholder={f.placeholder}
                data-testid={f.testId}
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
        {errors.form && !errors[f.name] && !errors.reason ? <FormAlert kind="danger">{errors.form}</FormAlert> : null}
        {done ? <FormAlert kind="success">{done}</FormAlert> : null}
      </div>
      <ul className="card rewards-ledger" aria-label={w.ledgerLabel} data-testid={w.ledgerTestId}>
        {d?.entries.map((e) => (
          <LedgerRow key={e.id} e={e} unit={desk.unit} admin />
        ))}
        {d && d.entries.length === 0 ? <li className="rewards-row text-muted">{w.noActivity}</li> : null}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} label={desk.unit.pagerLabel} />
    </div>
  );
}
