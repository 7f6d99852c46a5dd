import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { toast } from '../../components/toast';
import { Pager } from '../../components/pager';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, FilterSelect, ListCount, countOf } from './admin-ui';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { formatDate } from '../../../../shared/rules/dates';
import { jobLabel } from '../../../../shared/rules/job-labels';
import { JOB_STATE_FILTERS, type JobRun, type JobState } from '../../../../shared/schemas/jobs';
import './admin-orders.css';
import './admin-webhooks.css';

const PAGE_SIZE = 25;

const STATE_LABEL: Record<JobState, string> = {
  created: 'Waiting',
  retry: 'To try again',
  active: 'Running',
  completed: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const STATE_BADGE: Record<JobState, string> = {
  created: '',
  retry: 'badge--warning',
  active: 'badge--success',
  completed: 'badge--outline',
  failed: 'badge--danger',
  cancelled: 'badge--outline',
};
type Filter = (typeof JOB_STATE_FILTERS)[number];
const FILTER_OPTIONS = JOB_STATE_FILTERS.filter((f) => f !== 'open').map((f) => ({
  value: f,
  label: f === 'all' ? 'Every run' : STATE_LABEL[f],
}));

/** A cron line in words ("Every minute", "Every hour, 20 minutes past", "Daily at 18:00"); anything else as written. */
function cronWords(cron: string): string {
  if (cron === '* * * * *') return 'Every minute';
  const every = /^\*\/(\d+) \* \* \* \*$/.exec(cron);
  if (every) return `Every ${every[1]} minutes`;
  const hourly = /^(\d+) \* \* \* \*$/.exec(cron);
  if (hourly) return hourly[1] === '0' ? 'Every hour, on the hour' : `Every hour, ${hourly[1]} minutes past`;
  const daily = /^(\d+) (\d+) \* \* \*$/.exec(cron);
  if (daily) return `Daily at ${daily[2]!.padStart(2, '0')}:${daily[1]!.padStart(2, '0')}`;
  return cron;
}

/** /admin/jobs: the background jobs' runs (waiting, running, failed) with a Retry on a failed one, and the schedules. */
export default function JobsPage() {
  usePageTitle('Background jobs');
  const [state, setState] = useState<Filter | ''>('');
  const [page, setPage] = useState(1);
  const q = trpc.jobs.list.useQuery(
    { state: state || 'open', page, pageSize: PAGE_SIZE },
    { placeholderData: (prev) => prev, refetchInterval: 10_000 },
  );
  const total = q.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const c = q.data?.counts;
  return (
    <AdminPage
      page="admin/jobs"
      eyebrow="Operations"
      title="Background jobs"
      intro="What the server does by itself: sending messages, placing standing orders at the cut-off, reminders, asking the payment gateway. A run that fails is tried again after a pause; one that keeps failing stops here until you try it again."
      introClassName="text-sm text-subtle"
    >
      {c ? (
        <p className="admin-jobs__counts" data-testid="job-counts">
          <span className={`badge ${c.failed ? 'badge--danger' : 'badge--outline'}`}>{c.failed} failed</span>
          <span className={`badge ${c.retry ? 'badge--warning' : 'badge--outline'}`}>{c.retry} to try again</span>
          <span className="badge badge--outline">{c.active} running</span>
          <span className="badge badge--outline">{c.created} waiting</span>
        </p>
      ) : null}
      <section className="card card--padded stack" aria-labelledby="jobs-runs">
        <div className="admin-heading-row">
          <h2 className="h4" id="jobs-runs">
            Runs
          </h2>
          <div className="admin-webhooks__filters">
            <FilterSelect
              label="State"
              value={state}
              onChange={(v) => (setState(v), setPage(1))}
              any="Waiting, running or failed"
              options={FILTER_OPTIONS}
              testId="job-state"
            />
          </div>
        </div>
        {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'The jobs could not be loaded.')}</FormAlert> : null}
        <ListCount>{q.data ? countOf(total, 'run', 'runs') : ''}</ListCount>
        <AdminTable
          label="Job runs"
          className="admin-orders__table admin-webhooks__table"
          columns={[
            'Job',
            'State',
            { label: 'Tries', className: 'num admin-orders__wide' },
            { label: 'Last error', className: 'admin-orders__wide' },
            { label: 'Actions', className: 'admin-orders__wide', hidden: true },
          ]}
        >
          {q.data?.jobs.map((j) => (
            <RunRow key={j.id} j={j} />
          ))}
          {q.data && q.data.jobs.length === 0 ? (
            <EmptyRow colSpan={5}>
              {state ? 'No runs in this state.' : 'Nothing waiting, running or failed: every job is up to date.'}
            </EmptyRow>
          ) : null}
        </AdminTable>
        <Pager page={page} pages={pages} onPage={setPage} label="Job run pages" />
      </section>
      <section className="card card--padded stack" aria-labelledby="jobs-schedules">
        <h2 className="h4" id="jobs-schedules">
          Schedules
        </h2>
        <AdminTable
          label="Job schedules"
          className="admin-orders__table admin-webhooks__table"
          columns={[
            'Job',
            { label: 'When', className: 'admin-orders__wide' },
            { label: 'Last run', className: 'admin-orders__wide' },
            'Next run',
          ]}
        >
          {q.data?.schedules.map((s) => (
            <tr key={s.name} data-testid="job-schedule">
              <td>
                <strong>{jobLabel(s.name)}</strong>
                <span className="admin-orders__sub admin-jobs__name">{s.name}</span>
                {/* On a phone the When column is hidden: its words sit under the job. */}
                <span className="admin-orders__sub admin-webhooks__narrow">{cronWords(s.cron)}</span>
              </td>
              <td className="admin-orders__wide">
                {cronWords(s.cron)}
                <span className="admin-orders__sub">
                  <code>{s.cron}</code> · {s.timezone === 'Asia/Kolkata' ? 'India time' : s.timezone}
                </span>
              </td>
              <td className="admin-orders__wide tabular">{s.lastRunAt ? formatDate(s.lastRunAt, 'dayMonthTime') : '—'}</td>
              <td className="tabular">{s.nextRunAt ? formatDate(s.nextRunAt, 'dayMonthTime') : '—'}</td>
            </tr>
          ))}
          {q.data && q.data.schedules.length === 0 ? (
            <EmptyRow colSpan={4}>No schedules yet: they appear once a server with jobs has started.</EmptyRow>
          ) : null}
        </AdminTable>
      </section>
    </AdminPage>
  );
}

function RunRow({ j }: { j: JobRun }) {
  const utils = trpc.useUtils();
  const retry = trpc.jobs.retry.useMutation({
    onSuccess: async () => {
      toast({ title: 'Queued to run again', description: `${jobLabel(j.name)} runs within a few seconds.`, variant: 'success' });
      await utils.jobs.list.invalidate();
    },
    onError: (err) => toast({ title: 'Not queued', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const retryButton =
    j.state === 'failed' ? (
      <Button size="sm" variant="secondary" loading={retry.isPending} onClick={() => retry.mutate({ id: j.id })} data-testid="job-retry">
        Retry
      </Button>
    ) : null;
  return (
    <tr data-testid="job-run">
      <td>
        <strong>{jobLabel(j.name)}</strong>
        <span className="admin-orders__sub admin-jobs__name tabular" title={j.id}>
          {formatDate(j.startedAt ?? j.createdAt, 'dayMonthTime')} · {j.name}
        </span>
      </td>
      <td>
        <span className={`badge ${STATE_BADGE[j.state]}`}>{STATE_LABEL[j.state]}</span>
        {j.nextRunAt ? <span className="admin-orders__sub">due {formatDate(j.nextRunAt, 'time')}</span> : null}
        {j.lastError ? <span className="admin-orders__sub admin-webhooks__error admin-webhooks__narrow">{j.lastError}</span> : null}
        {/* On a phone the actions column is hidden: the button sits under the state. */}
        {retryButton ? <span className="admin-webhooks__narrow">{retryButton}</span> : null}
      </td>
      <td className="num tabular admin-orders__wide">
        {j.attempts} of {j.maxAttempts}
      </td>
      <td className="admin-orders__wide">{j.lastError ? <span className="admin-webhooks__error">{j.lastError}</span> : '—'}</td>
      <td className="num admin-webhooks__resend admin-orders__wide">{retryButton}</td>
    </tr>
  );
}
