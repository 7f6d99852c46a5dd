import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Pager } from '../../components/pager';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, ListCount, SearchFilter, countOf, useSearchTerm } from './admin-ui';
import { toast } from '../../components/toast';
import { CloseIcon } from '../../components/icons';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import '../../features/auth/auth.css';
import { formatDate } from '../../../../shared/rules/dates';
import { can, ROLE_LABELS, type UserRole } from '../../../../shared/rules/staff';
import { useAuth } from '../../features/auth/auth-context';
import { mayOpen } from './screens';

const PAGE_SIZE = 20;
const fmt = (iso: string | null) => (iso ? formatDate(iso, 'date') : '—');
/** A column shown from tablet width up (hidden on a phone). */
const wide = (label: string) => ({ label, className: 'admin-col-wide' });

/** /admin/customers: search, paging, and the detail of one customer (?id=). */
export default function AdminCustomersPage() {
  usePageTitle('Customers');
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const selected = params.get('id');
  const [page, setPage] = useState(1);
  const { term, setTerm, query } = useSearchTerm(params.get('q') ?? '', { onSettle: () => setPage(1) });

  const list = trpc.admin.customers.useQuery(
    { search: query || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: (prev) => prev },
  );
  const total = list.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const open = (id: string | null) => navigate(id ? `/customers?id=${id}` : '/customers');

  return (
    <AdminPage page="admin/customers" eyebrow="People" title="Customers">
      <div className="admin-toolbar">
        <SearchFilter label="Search" placeholder="Name, e-mail, username or mobile" value={term} onChange={setTerm} maxLength={100} />
        <ListCount>{list.data ? countOf(total, 'customer', 'customers') : ''}</ListCount>
      </div>
      {list.isError ? <FormAlert kind="danger">{messageOf(list.error, 'Customers could not be loaded.')}</FormAlert> : null}

      <div className={`admin-split${selected ? ' admin-split--open' : ''}`}>
        <div className="stack">
          <AdminTable
            label="Customers"
            wrapClassName="card"
            className="admin-customers"
            columns={['Name', 'E-mail', wide('Mobile'), wide('Joined'), wide('Last active')]}
          >
            {list.data?.customers.map((c) => (
              <tr key={c.id} className="admin-table-row" aria-selected={c.id === selected} onClick={() => open(c.id)}>
                <td>
                  <button type="button" onClick={() => open(c.id)}>
                    {c.name || c.username || '—'}
                  </button>
                  {c.role !== 'customer' ? (
                    <span className="badge badge--accent" style={{ marginLeft: '0.5rem' }}>
                      {c.role === 'admin' ? 'Admin' : (ROLE_LABELS[c.role as UserRole] ?? c.role)}
                    </span>
                  ) : null}
                </td>
                <td>{c.email}</td>
                <td className="tabular admin-col-wide">{c.mobile ?? '—'}</td>
                <td className="admin-col-wide">{fmt(c.created_at)}</td>
                <td className="admin-col-wide">{fmt(c.last_active_at)}</td>
              </tr>
            ))}
            {list.data && list.data.customers.length === 0 ? <EmptyRow colSpan={5}>No customer matches “{query}”.</EmptyRow> : null}
          </AdminTable>
          <Pager page={page} pages={pages} onPage={(p) => setPage(p)} label="Customer pages" />
        </div>
        {selected ? <CustomerDetail id={selected} onClose={() => open(null)} /> : null}
      </div>
    </AdminPage>
  );
}

function CustomerDetail({ id, onClose }: { id: string; onClose(): void }) {
  const q = trpc.admin.customer.useQuery({ id });
  const reset = trpc.admin.passwordReset.useMutation();
  const signOut = trpc.admin.signOutEverywhere.useMutation();
  const c = q.data?.customer;
  // Only what the signed-in role may do (support: no "sign out everywhere"; links to screens it may open).
  const { user } = useAuth();
  const may = { reset: can(user?.role, 'customers:password-reset'), signOut: can(user?.role, 'customers:sessions') };
  return (
    <aside className="card card--padded admin-detail" aria-label="Customer detail">
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h2 className="h4">{c ? c.name || c.email : 'Customer'}</h2>
        <Button variant="ghost" size="sm" icon aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'This customer could not be loaded.')}</FormAlert> : null}
      {c ? (
        <>
          <dl className="profile-facts">
            <div>
              <dt>E-mail</dt>
              <dd>
                {c.email} {c.email_verified ? '' : '(not verified)'}
              </dd>
            </div>
            <div>
              <dt>Username</dt>
              <dd>{c.username ?? '—'}</dd>
            </div>
            <div>
              <dt>Mobile</dt>
              <dd>{c.mobile ? <Reveal key={c.id} id={c.id} masked={c.mobile} field="mobile" /> : '—'}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{c.role === 'admin' ? 'Administrator' : (ROLE_LABELS[c.role as UserRole] ?? c.role)}</dd>
            </div>
            <div>
              <dt>Signs in with</dt>
              <dd>{c.providers.map((p) => (p === 'password' ? 'Password' : p === 'google' ? 'Google' : p)).join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>Active sessions</dt>
              <dd>{c.active_sessions}</dd>
            </div>
            <div>
              <dt>Joined</dt>
              <dd>{fmt(c.created_at)}</dd>
            </div>
            {c.disabled ? (
              <div>
                <dt>Status</dt>
                <dd>Disabled</dd>
              </div>
            ) : null}
          </dl>
          {q.data!.sections.map((s) => (
            <section key={s.key} className="stack stack--sm">
              <h3 className="h4">{s.title}</h3>
              <dl className="profile-facts">
                {s.rows.map((r, i) => (
                  <div key={`${r.label}-${i}`}>
                    <dt>{r.label}</dt>
                    <dd>
                      {r.reveal ? (
                        <Reveal key={r.reveal.addressId} id={c.id} masked={r.value} field="address" addressId={r.reveal.addressId} />
                      ) : r.href && mayOpen(user?.role, r.href) ? (
                        <Link href={`~${r.href}`} className="link">
                          {r.value}
                        </Link>
                      ) : (
                        r.value
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <div className="stack stack--sm">
            {may.reset ? (
              <Button
                variant="secondary"
                loading={reset.isPending}
                onClick={async () => {
                  try {
                    const r = await reset.mutateAsync({ userId: c.id });
                    toast({
                      title: 'Reset link sent',
                      description: `Sent to ${r.sentTo}. It works once, for 30 minutes.`,
                      variant: 'success',
                    });
                  } catch (e) {
                    toast({ title: 'Not sent', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
                  }
                }}
              >
                Send password reset link
              </Button>
            ) : null}
            {may.signOut ? (
              <Button
                variant="secondary"
                loading={signOut.isPending}
                disabled={c.active_sessions === 0}
                onClick={async () => {
                  try {
                    const r = await signOut.mutateAsync({ id: c.id });
                    toast({
                      title: 'Signed out everywhere',
                      description: `${r.sessionsEnded} ${r.sessionsEnded === 1 ? 'session' : 'sessions'} ended on every device, at once.`,
                      variant: 'success',
                    });
                    await q.refetch();
                  } catch (e) {
                    toast({ title: 'Not signed out', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
                  }
                }}
              >
                Sign out everywhere
              </Button>
            ) : null}
            {may.reset ? (
              <Link href={`/password-reset?email=${encodeURIComponent(c.email)}`} className="link text-sm">
                Open the password reset screen
              </Link>
            ) : null}
          </div>
        </>
      ) : q.isLoading ? (
        <span className="skeleton" style={{ height: '12rem' }} />
      ) : null}
    </aside>
  );
}

const REVEAL_WORDS = { mobile: 'the full mobile number', address: 'the full address' } as const;

/**
 * A number or an address masked until Show (decisions 275, 279): Show asks the server, which answers the
 * full value only with an access-log entry the customer sees in their privacy tab. Nothing unmasked is
 * held before.
 */
function Reveal({ id, masked, field, addressId }: { id: string; masked: string; field: 'mobile' | 'address'; addressId?: string }) {
  const reveal = trpc.privacy.reveal.useMutation();
  const value = reveal.data?.value;
  if (value)
    return (
      <span className={field === 'mobile' ? 'tabular' : undefined} data-testid={`${field}-full`}>
        {value}
      </span>
    );
  return (
    <span className="cluster" style={{ gap: '0.5rem' }}>
      <span className={field === 'mobile' ? 'tabular' : undefined} data-testid={`${field}-masked`}>
        {masked}
      </span>
      <Button
        variant="ghost"
        size="sm"
        loading={reveal.isPending}
        aria-label={`Show ${REVEAL_WORDS[field]} (logged)`}
        onClick={() =>
          reveal.mutate(
            { id, field, addressId, screen: 'admin/customers' },
            { onError: (e) => toast({ title: 'Not shown', description: messageOf(e, 'Please try again.'), variant: 'destructive' }) },
          )
        }
      >
        Show
      </Button>
      {field === 'mobile' ? <span className="text-sm text-muted">Showing it is logged, and the customer can see it.</span> : null}
    </span>
  );
}
