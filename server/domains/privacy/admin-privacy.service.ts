import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import type { Executor } from '../../../db/database';
import { normalizeIndianMobile } from '../../../shared/rules/india';
import { Uuid } from '../../../shared/schemas/common';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { formatDate } from '../../../shared/rules/dates';
import type { Incident, IncidentInput, PrivacyRequests } from '../../../shared/schemas/privacy';
import { recordAudit } from '../audit/audit.service';
import { kickNotices, notify } from '../notifications/notify.service';
import * as repo from './admin-privacy.repository';

/** The Board is told within 72 hours of the shop becoming aware (DPDP Rules 2025, r.7(2)(b)). */
const BOARD_HOURS = 72;
const DAY = 86_400_000;
const iso = (v: string | Date) => new Date(v).toISOString();
const isoOrNull = (v: string | Date | null) => (v ? iso(v) : null);

const STATE: Record<string, Record<string, string>> = {
  export: { queued: 'Being built', ready: 'Ready to download', expired: 'Delivered (file expired)' },
  deletion: { scheduled: 'Account closed; erasure waits for open deliveries', erased: 'Erased' },
  inactive: { scheduled: 'Unused 3 years: closed; erasure waits for messages', erased: 'Erased' },
  grievance: { open: 'Waiting for an answer', answered: 'Answered', closed: 'Closed: account erased' },
};

/** GET /api/admin/privacy/requests: exports, deletions and grievances with their state and the date each must be answered by. */
export async function listRequests(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): Promise<PrivacyRequests> {
  const days = deps.config.PRIVACY_ANSWER_DAYS;
  const now = deps.clock.now().getTime();
  const rows = await repo.requests(deps.db, 200);
  return {
    answerDays: days,
    requests: rows.map((r) => {
      // A grievance's date was fixed when it was asked (decision 278); the others count from the asking.
      const dueBy = r.due_by ? new Date(r.due_by) : new Date(new Date(r.requested_at).getTime() + days * DAY);
      const done = r.kind === 'export' ? r.status !== 'queued' : r.kind === 'grievance' ? r.status !== 'open' : r.status === 'erased';
      return {
        kind: r.kind,
        id: r.id,
        userId: r.user_id,
        person: r.person || (r.disabled ? 'Erased account' : 'No name given'),
        requestedAt: iso(r.requested_at),
        dueBy: dueBy.toISOString(),
        state: STATE[r.kind]?.[r.status] ?? r.status,
        done,
        doneAt: isoOrNull(r.done_at),
        overdue: !done && dueBy.getTime() < now,
        grievance:
          r.kind === 'grievance' ? { subject: r.subject ?? '', details: r.details ?? '', answer: r.answer, answeredBy: r.answered_by || null } : null,
      };
    }),
  };
}

/** The report for the Data Protection Board, drafted from the record (DPDP Act s.8(6), Rules r.7(2)). */
function boardReport(deps: Pick<AppDeps, 'config'>, r: repo.IncidentRow, dueBy: Date): string {
  const c = deps.config;
  const when = (v: string | Date | null) => (v ? `${formatDate(v, 'dateTime')} (IST)` : 'not yet known');
  return [
    'Intimation of a personal data breach',
    'To: the Data Protection Board of India',
    'Under section 8(6) of the Digital Personal Data Protection Act 2023 and rule 7(2) of the DPDP Rules 2025.',
    '',
    'Data fiduciary: Hydro Shakes',
    `Contact: ${c.PRIVACY_OFFICER_NAME}, ${c.PRIVACY_OFFICER_EMAIL}${c.PRIVACY_OFFICER_PHONE ? `, ${c.PRIVACY_OFFICER_PHONE}` : ''}`,
    `Report due by: ${when(dueBy)} (72 hours after the breach became known)`,
    '',
    '1. Nature of the breach',
    r.what,
    '',
    '2. Extent',
    `Data principals affected: ${r.affected}. Personal data concerned: ${r.data_kinds}.`,
    '',
    '3. Timing and discovery',
    `Occurred: ${when(r.occurred_at)}. Became known to us: ${when(r.discovered_at)}.`,
    '',
    '4. Likely impact on the data principals',
    r.likely_impact,
    '',
    '5. Measures taken and proposed to mitigate the risk and prevent a recurrence',
    r.measures,
    '',
    '6. Intimation to the affected data principals',
    r.people_told_at
      ? `${r.told} of ${r.affected} told on ${when(r.people_told_at)}, through their inbox on the site and by e-mail or SMS, with what happened, the likely consequences, our measures, what they can do and whom to contact.`
      : 'Not yet told; they will be told without delay.',
    '',
    `Recorded on ${when(r.created_at)}${r.recorded_by_name ? ` by ${r.recorded_by_name}` : ''}.`,
    '',
  ].join('\n');
}

function present(deps: Pick<AppDeps, 'config' | 'clock'>, r: repo.IncidentRow): Incident {
  const dueBy = new Date(new Date(r.discovered_at).getTime() + BOARD_HOURS * 3600_000);
  return {
    id: r.id,
    what: r.what,
    dataKinds: r.data_kinds,
    occurredAt: isoOrNull(r.occurred_at),
    discoveredAt: iso(r.discovered_at),
    likelyImpact: r.likely_impact,
    measures: r.measures,
    recordedAt: iso(r.created_at),
    recordedBy: r.recorded_by_name,
    affected: r.affected,
    told: r.told,
    peopleToldAt: isoOrNull(r.people_told_at),
    reportDueBy: dueBy.toISOString(),
    boardReportedAt: isoOrNull(r.board_reported_at),
    overdue: !r.board_reported_at && dueBy <= deps.clock.now(),
    boardReport: boardReport(deps, r, dueBy),
  };
}

async function one(deps: AppDeps, id: string): Promise<Incident> {
  const r = await repo.incident(deps.db, id);
  if (!r) throw notFound('That incident');
  return present(deps, r);
}

/** GET /api/admin/privacy/incidents */
export async function listIncidents(deps: AppDeps): Promise<{ incidents: Incident[] }> {
  return { incidents: (await repo.incidents(deps.db, 100)).map((r) => present(deps, r)) };
}

/**
 * The people a breach record names as the owner knows them — e-mail addresses, mobile numbers or
 * customer ids — as customer ids; an entry that is none of these, or matches no customer, refuses the
 * record with the entries to check (nobody is left out silently).
 */
async function namedPeople(db: Executor, people: string[]): Promise<string[]> {
  const entries = [...new Set(people)].map((entry) => ({
    entry,
    email: entry.includes('@') ? entry.toLowerCase() : null,
    mobile: entry.includes('@') ? null : normalizeIndianMobile(entry),
    id: Uuid.safeParse(entry).success ? entry.toLowerCase() : null,
  }));
  const matched = await repo.matchPeople(db, entries);
  const unknown = matched.filter((m) => !m.user_id).map((m) => m.entry);
  if (unknown.length) {
    const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
    throw new AppError('BAD_REQUEST', `No customer matches ${shown}. Check each e-mail address, mobile number or id.`, {
      fieldErrors: { people: [`No customer matches ${shown}`] },
    });
  }
  return matched.map((m) => m.user_id!);
}

/** POST /api/admin/privacy/incidents: the record and who is affected, in one transaction; audited. */
export async function recordIncident(deps: AppDeps, owner: AuthUser, input: IncidentInput): Promise<Incident> {
  const at = deps.clock.now().toISOString();
  const id = await withTransactionRetry(deps, async (trx) => {
    const id = await repo.insertIncident(trx, {
      what: input.what,
      dataKinds: input.dataKinds,
      occurredAt: input.occurredAt,
      discoveredAt: new Date(input.discoveredAt).toISOString(),
      likelyImpact: input.likelyImpact,
      measures: input.measures,
      recordedBy: owner.id,
      at,
    });
    const affected = await repo.addPeople(trx, id, input.allCustomers, [...input.userIds, ...(await namedPeople(trx, input.people))]);
    await recordAudit(trx, owner, { action: 'privacy.incident.recorded', entity: 'privacy_incident', entityId: id, after: { affected }, at });
    return id;
  });
  return one(deps, id);
}

/**
 * POST /api/admin/privacy/incidents/{id}/tell: each affected person not yet told gets the notice through
 * notify (inbox, then e-mail, SMS or WhatsApp as they chose) — their row marked in the same transaction,
 * so a repeat or a second owner tells nobody twice.
 */
export async function tellPeople(deps: AppDeps, owner: AuthUser, id: string): Promise<{ incident: Incident; toldNow: number }> {
  const r = await repo.incident(deps.db, id);
  if (!r) throw notFound('That incident');
  const c = deps.config;
  const data = {
    what: r.what,
    when: r.occurred_at ? formatDate(r.occurred_at, 'date') : `found on ${formatDate(r.discovered_at, 'date')}`,
    dataKinds: r.data_kinds,
    impact: r.likely_impact,
    measures: r.measures,
    contact: `${c.PRIVACY_OFFICER_NAME}, ${c.PRIVACY_OFFICER_EMAIL}${c.PRIVACY_OFFICER_PHONE ? `, ${c.PRIVACY_OFFICER_PHONE}` : ''}`,
  };
  const toldNow = await withTransactionRetry(deps, async (trx) => {
    const people = await repo.untold(trx, id);
    const at = deps.clock.now().toISOString();
    for (const p of people) await notify(deps, trx, { userId: p.user_id }, 'data_breach', data);
    await repo.markTold(
      trx,
      id,
      people.map((p) => p.user_id),
      at,
    );
    if (people.length) await recordAudit(trx, owner, { action: 'privacy.incident.people_told', entity: 'privacy_incident', entityId: id, after: { told: people.length }, at });
    return people.length;
  });
  if (toldNow) kickNotices(deps);
  return { incident: await one(deps, id), toldNow };
}

/** POST /api/admin/privacy/incidents/{id}/reported: the owner sent the report to the Board (once; audited). */
export async function markReported(deps: AppDeps, owner: AuthUser, id: string): Promise<Incident> {
  const at = deps.clock.now().toISOString();
  await withTransactionRetry(deps, async (trx) => {
    if (!(await repo.incident(trx, id))) throw notFound('That incident');
    if (await repo.markReported(trx, id, at)) await recordAudit(trx, owner, { action: 'privacy.incident.board_reported', entity: 'privacy_incident', entityId: id, at });
  });
  return one(deps, id);
}
