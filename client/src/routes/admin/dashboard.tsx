import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { formatRupees } from '../../../../shared/rules/money';
import type { DashboardMetric } from '../../../../shared/schemas/auth';
import { FormAlert, messageOf } from '../../features/auth/forms';
import { formatDate } from '../../../../shared/rules/dates';

const count = new Intl.NumberFormat('en-IN');

export function formatMetric(m: DashboardMetric): string {
  if (m.format === 'paise') return formatRupees(m.value);
  if (m.format === 'percent') return `${Math.round(m.value * 10) / 10}%`;
  return count.format(m.value);
}

/** /admin and /admin/dashboard: whatever figures the server's dashboard providers answer. */
export default function AdminDashboardPage() {
  usePageTitle('Admin dashboard');
  const q = trpc.admin.dashboard.useQuery(undefined, { refetchInterval: 60_000 });
  return (
    <section className="admin-page" data-page="admin/dashboard">
      <header className="admin-page__header">
        <p className="eyebrow">Overview</p>
        <h1 className="h2">Dashboard</h1>
        {q.data ? <p className="text-sm text-subtle">Updated at {formatDate(q.data.generatedAt, 'time')}</p> : null}
      </header>
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'The dashboard could not be loaded.')}</FormAlert> : null}
      <div className="admin-metrics">
        {q.data
          ? q.data.metrics.map((m) => (
              <article key={m.key} className="card admin-metric" data-metric={m.key}>
                <p className="admin-metric__label">{m.label}</p>
                <p className="admin-metric__value">{formatMetric(m)}</p>
                {m.hint ? <p className="text-xs text-subtle">{m.hint}</p> : null}
              </article>
            ))
          : q.isLoading
            ? Array.from({ length: 5 }, (_, i) => <span key={i} className="skeleton" style={{ height: '7rem' }} />)
            : null}
      </div>
    </section>
  );
}
