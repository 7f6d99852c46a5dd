import { useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Checkbox, Field, Input, Textarea } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { toast } from '../../components/toast';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { formatDate } from '../../../../shared/rules/dates';
import { GRIEVANCE_LIMITS, type Incident, type PrivacyRequests } from '../../../../shared/schemas/privacy';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage } from './admin-ui';

const KIND: Record<string, string> = { export: 'Download my data', deletion: 'Delete my account', inactive: 'Unused 3 years', grievance: 'Complaint' };
/** A datetime-local value is the shop's time (IST). */
const istInstant = (local: string) => (local ? `${local}:00+05:30` : '');

/**
 * /admin/privacy (decision 277), the owner's: the people's data requests with the date each is due by,
 * and personal-data breaches — recorded, the affected people told through their messages, the Board's
 * 72-hour report drafted from the record.
 */
export default function AdminPrivacyPage() {
  usePageTitle('Privacy');
  return (
    <AdminPage
      page="admin/privacy"
      eyebrow="People’s data"
      title="Privacy"
      intro="Requests to download or delete data and complaints to the grievance officer, with the date each must be answered by; and personal-data breaches, with the notice to the people affected and the report for the Data Protection Board within 72 hours."
    >
      <Requests />
      <Grievances />
      <Incidents />
      <NewIncident />
    </AdminPage>
  );
}

function Requests() {
  const q = trpc.privacy.requests.useQuery();
  return (
    <section className="stack stack--sm" aria-labelledby="requests-h">
      <h2 className="h4" id="requests-h">
        Data requests
      </h2>
      {q.data ? <p className="text-sm text-muted">Each is due within {q.data.answerDays} days of being asked.</p> : null}
      {q.isError ? <LoadError message={messageOf(q.error, 'The requests could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      <AdminTable
        label="Data requests"
        wrapClassName="card"
        className="admin-privacy-requests"
        testId="privacy-requests"
        columns={['Request', 'Person', { label: 'Asked', className: 'admin-col-wide' }, 'Due by', 'State']}
      >
        {q.data?.requests.map((r) => (
          <tr key={`${r.kind}-${r.id}`}>
            <td>
              {KIND[r.kind]}
              {r.grievance?.subject ? (
                <span className="text-sm text-subtle" style={{ display: 'block' }}>
                  {r.grievance.subject}
                </span>
              ) : null}
            </td>
            <td>{r.person}</td>
            <td className="admin-col-wide">{formatDate(r.requestedAt, 'dateTime')}</td>
            <td>{r.done ? '—' : formatDate(r.dueBy, 'date')}</td>
            <td>
              {r.overdue ? <span className="badge badge--danger">Overdue</span> : null} {r.state}
              {r.doneAt ? (
                <span className="text-sm text-subtle" style={{ display: 'block' }}>
                  {formatDate(r.doneAt, 'date')}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
        {q.data && q.data.requests.length === 0 ? (
          <EmptyRow colSpan={5}>Nobody has asked for their data, to be deleted or complained yet.</EmptyRow>
        ) : null}
      </AdminTable>
    </section>
  );
}

type Request = PrivacyRequests['requests'][number];

/** Complaints to the grievance officer (decision 278): the open ones first, each answered once from here. */
function Grievances() {
  const q = trpc.privacy.requests.useQuery();
  const list = (q.data?.requests ?? []).filter((r) => r.kind === 'grievance');
  if (!list.length) return null;
  const ordered = [...list.filter((r) => !r.done), ...list.filter((r) => r.done)];
  return (
    <section className="stack stack--sm" aria-labelledby="grievances-h">
      <h2 className="h4" id="grievances-h">
        Complaints
      </h2>
      {ordered.map((r) => (
        <GrievanceCard key={r.id} request={r} />
      ))}
    </section>
  );
}

function GrievanceCard({ request: r }: { request: Request }) {
  const utils = trpc.useUtils();
  const send = trpc.privacy.answerGrievance.useMutation();
  const [answer, setAnswer] = useState('');
  const { busy, error, fields, run } = useFormSubmit();
  const g = r.grievance!;

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(
      async () => {
        const res = await send.mutateAsync({ id: r.id, answer });
        toast({ title: 'Answer sent', description: res.told, variant: 'success' });
        setAnswer('');
      },
      { fallback: 'The answer was not sent. Please try again.' },
    );
    await utils.privacy.requests.invalidate();
  }

  return (
    <article className="card card--padded stack stack--sm" data-testid="grievance">
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h3 className="h4">{g.subject || 'A complaint (account erased)'}</h3>
        {r.done ? (
          <span className="badge badge--success">{r.state}</span>
        ) : r.overdue ? (
          <span className="badge badge--danger">Overdue since {formatDate(r.dueBy, 'date')}</span>
        ) : (
          <span className="badge badge--accent">Answer by {formatDate(r.dueBy, 'dateTime')}</span>
        )}
      </div>
      <p className="text-sm text-muted">
        From {r.person}, {formatDate(r.requestedAt, 'dateTime')}
      </p>
      {g.details ? <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{g.details}</p> : null}
      {r.done ? (
        g.answer ? (
          <p className="text-sm" data-testid="grievance-answer" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <strong>
              Answered{g.answeredBy ? ` by ${g.answeredBy}` : ''}
              {r.doneAt ? ` on ${formatDate(r.doneAt, 'dateTime')}` : ''}:
            </strong>{' '}
            {g.answer}
          </p>
        ) : null
      ) : (
        <form className="stack stack--sm" onSubmit={submit} noValidate aria-label={`Answer: ${g.subject}`}>
          {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
          <Field label="Your answer" hint="Sent to the person through their messages; this closes the complaint" error={fields.answer}>
            {(p) => (
              <Textarea {...p} name="answer" rows={4} maxLength={GRIEVANCE_LIMITS.answer} value={answer} onChange={(e) => setAnswer(e.target.value)} />
            )}
          </Field>
          <div>
            <Button type="submit" loading={busy}>
              Send the answer
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}

function Incidents() {
  const q = trpc.privacy.incidents.useQuery();
  return (
    <section className="stack stack--sm" aria-labelledby="incidents-h">
      <h2 className="h4" id="incidents-h">
        Breaches
      </h2>
      {q.isError ? <LoadError message={messageOf(q.error, 'The breaches could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      {q.data && q.data.incidents.length === 0 ? <p className="text-sm text-muted">No breach recorded.</p> : null}
      {q.data?.incidents.map((i) => (
        <IncidentCard key={i.id} incident={i} />
      ))}
    </section>
  );
}

function IncidentCard({ incident: i }: { incident: Incident }) {
  const utils = trpc.useUtils();
  const tell = trpc.privacy.tellIncident.useMutation({ onSettled: () => utils.privacy.incidents.invalidate() });
  const reported = trpc.privacy.incidentReported.useMutation({ onSettled: () => utils.privacy.incidents.invalidate() });
  const untold = i.affected - i.told;
  const download = () => {
    const url = URL.createObjectURL(new Blob([i.boardReport], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `breach-report-${i.discoveredAt.slice(0, 10)}.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <article className="card card--padded stack stack--sm" data-testid="incident">
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h3 className="h4">Found {formatDate(i.discoveredAt, 'dateTime')}</h3>
        {i.boardReportedAt ? (
          <span className="badge badge--success">Reported {formatDate(i.boardReportedAt, 'date')}</span>
        ) : i.overdue ? (
          <span className="badge badge--danger">Report overdue</span>
        ) : (
          <span className="badge badge--accent">Report due by {formatDate(i.reportDueBy, 'dateTime')}</span>
        )}
      </div>
      <p>{i.what}</p>
      <dl className="profile-facts">
        <div>
          <dt>Data</dt>
          <dd>{i.dataKinds}</dd>
        </div>
        <div>
          <dt>People affected</dt>
          <dd data-testid="incident-told">
            {i.affected}, of whom {i.told} told
          </dd>
        </div>
        <div>
          <dt>Likely impact</dt>
          <dd>{i.likelyImpact}</dd>
        </div>
        <div>
          <dt>Measures</dt>
          <dd>{i.measures}</dd>
        </div>
      </dl>
      <details>
        <summary className="text-sm">The report for the Board</summary>
        <pre className="text-sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {i.boardReport}
        </pre>
      </details>
      <div className="cluster">
        {untold > 0 ? (
          <Button
            loading={tell.isPending}
            onClick={() =>
              tell.mutate(
                { id: i.id },
                {
                  onSuccess: (r) => toast({ title: `${r.toldNow} ${r.toldNow === 1 ? 'person' : 'people'} told`, variant: 'success' }),
                  onError: (e) => toast({ title: messageOf(e, 'They were not told. Please try again.'), variant: 'destructive' }),
                },
              )
            }
          >
            Tell the {untold} {untold === 1 ? 'person' : 'people'} affected
          </Button>
        ) : null}
        <Button variant="secondary" onClick={download}>
          Download the report (.txt)
        </Button>
        {!i.boardReportedAt ? (
          <Button
            variant="secondary"
            loading={reported.isPending}
            onClick={() =>
              reported.mutate(
                { id: i.id },
                { onError: (e) => toast({ title: messageOf(e, 'Not saved. Please try again.'), variant: 'destructive' }) },
              )
            }
          >
            I sent the report to the Board
          </Button>
        ) : null}
      </div>
    </article>
  );
}

function NewIncident() {
  const utils = trpc.useUtils();
  const record = trpc.privacy.recordIncident.useMutation();
  const blank = { what: '', dataKinds: '', occurredAt: '', discoveredAt: '', likelyImpact: '', measures: '', ids: '' };
  const [f, setF] = useState(blank);
  const [all, setAll] = useState(false);
  const { error, fields, run } = useFormSubmit();
  const set = (k: keyof typeof blank) => (e: { target: { value: string } }) => setF((cur) => ({ ...cur, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(
      async () => {
        await record.mutateAsync({
          what: f.what,
          dataKinds: f.dataKinds,
          occurredAt: f.occurredAt ? istInstant(f.occurredAt) : null,
          discoveredAt: istInstant(f.discoveredAt),
          likelyImpact: f.likelyImpact,
          measures: f.measures,
          allCustomers: all,
          // One per line (a mobile number may hold spaces).
          people: all ? [] : f.ids.split(/[\n,;]+/).map((x) => x.trim()).filter(Boolean),
        });
        setF(blank);
        setAll(false);
        toast({
          title: 'Breach recorded',
          description: 'Tell the people affected, and send the report to the Board within 72 hours.',
          variant: 'success',
        });
        await utils.privacy.incidents.invalidate();
      },
      { fallback: 'The breach could not be recorded. Please try again.' },
    );
  }

  return (
    <form className="card card--padded stack" onSubmit={submit} noValidate aria-label="Record a breach">
      <h2 className="h4">Record a breach</h2>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      <Field label="What happened" hint="The nature of the breach: what, where, how" error={fields.what}>
        {(p) => <Textarea {...p} name="what" rows={3} maxLength={2000} value={f.what} onChange={set('what')} />}
      </Field>
      <Field label="Which personal data" hint="e.g. names, mobile numbers, delivery addresses" error={fields.dataKinds}>
        {(p) => <Input {...p} name="dataKinds" maxLength={500} value={f.dataKinds} onChange={set('dataKinds')} />}
      </Field>
      <div className="cluster" style={{ alignItems: 'flex-start' }}>
        <Field label="When it happened (if known)" error={fields.occurredAt}>
          {(p) => <Input {...p} name="occurredAt" type="datetime-local" value={f.occurredAt} onChange={set('occurredAt')} />}
        </Field>
        <Field label="When you found out" hint="The 72 hours count from here" error={fields.discoveredAt}>
          {(p) => <Input {...p} name="discoveredAt" type="datetime-local" value={f.discoveredAt} onChange={set('discoveredAt')} />}
        </Field>
      </div>
      <Field label="Likely impact on the people" error={fields.likelyImpact}>
        {(p) => <Textarea {...p} name="likelyImpact" rows={2} maxLength={2000} value={f.likelyImpact} onChange={set('likelyImpact')} />}
      </Field>
      <Field label="What you did, and will do" hint="To limit the harm and stop it happening again" error={fields.measures}>
        {(p) => <Textarea {...p} name="measures" rows={2} maxLength={2000} value={f.measures} onChange={set('measures')} />}
      </Field>
      <Checkbox label="Every customer is affected" checked={all} onChange={(e) => setAll(e.target.checked)} />
      {!all ? (
        <Field label="The customers affected" hint="Their e-mail addresses, mobile numbers or customer ids, one per line" error={fields.people}>
          {(p) => <Textarea {...p} name="people" rows={3} value={f.ids} onChange={set('ids')} />}
        </Field>
      ) : null}
      <div>
        <Button type="submit" loading={record.isPending}>
          Record the breach
        </Button>
      </div>
    </form>
  );
}
