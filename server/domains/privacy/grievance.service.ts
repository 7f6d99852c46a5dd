import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import * as limits from '../../lib/rate-limit';
import type { Limit } from '../../lib/rate-limit';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { formatDate } from '../../../shared/rules/dates';
import type { Grievance, GrievanceAnswerInput, GrievanceInput, Grievances } from '../../../shared/schemas/privacy';
import { recordAudit } from '../audit/audit.service';
import { INBOX_ONLY, kickNotices, notify, type Told } from '../notifications/notify.service';
import * as repo from './grievance.repository';

/**
 * Grievances (decision 278; DPDP Act 2023 s.13, DPDP Rules 2025 r.14(3): answered within the period the
 * shop publishes, at most 90 days). The shop's period is PRIVACY_ANSWER_DAYS calendar days from the
 * asking, the one the privacy notice states; the due date is fixed when the grievance is asked.
 */

const DAY = 86_400_000;
/** Complaints one person may send in a day: each one is a message to them and work for the officer. */
export const GRIEVANCE_LIMIT: Limit = { name: 'grievance:user', max: 5, windowSeconds: 24 * 3600 };

const iso = (v: string | Date) => new Date(v).toISOString();

export function present(r: repo.GrievanceRow): Grievance {
  return {
    id: r.id,
    subject: r.subject,
    details: r.details,
    status: r.status,
    askedAt: iso(r.created_at),
    dueBy: iso(r.due_by),
    answer: r.answer,
    answeredAt: r.answered_at ? iso(r.answered_at) : null,
  };
}

/** The acknowledgement's way to the person, said to them: never an e-mail they do not have. */
function toldYou(t: Told): string {
  if (t.summary === INBOX_ONLY || t.channels.length === 0) return 'We put the acknowledgement in your messages on this site.';
  return `We sent the acknowledgement ${t.summary.replace(/^Sent /, '')}, and it is in your messages on this site.`;
}

/** POST /api/user/privacy/grievances: recorded, acknowledged through notify with the date it is answered by, audited — in one transaction. */
export async function ask(deps: AppDeps, user: AuthUser, input: GrievanceInput): Promise<{ grievance: Grievance; acknowledged: string }> {
  const now = deps.clock.now();
  await limits.enforce(deps.db, now, [[GRIEVANCE_LIMIT, user.id]]);
  const dueBy = new Date(now.getTime() + deps.config.PRIVACY_ANSWER_DAYS * DAY);
  const { row, told } = await withTransactionRetry(deps, async (trx) => {
    const row = await repo.insert(trx, {
      userId: user.id,
      subject: input.subject,
      details: input.details,
      at: now.toISOString(),
      dueBy: dueBy.toISOString(),
    });
    const told = await notify(deps, trx, { userId: user.id }, 'grievance_received', {
      subject: input.subject,
      dueBy: formatDate(dueBy, 'dateTime'),
      officer: deps.config.PRIVACY_OFFICER_NAME,
    });
    await recordAudit(
      trx,
      { id: user.id, email: user.email },
      { action: 'privacy.grievance.received', entity: 'privacy_grievance', entityId: row.id, at: now.toISOString() },
    );
    return { row, told };
  });
  kickNotices(deps);
  return { grievance: present(row), acknowledged: toldYou(told) };
}

/** GET /api/user/privacy/grievances: the person's grievances, newest first, with their state and answer. */
export async function mine(deps: Pick<AppDeps, 'db' | 'config'>, userId: string): Promise<Grievances> {
  return { grievances: (await repo.listFor(deps.db, userId, 50)).map(present), answerDays: deps.config.PRIVACY_ANSWER_DAYS };
}

/**
 * POST /api/admin/privacy/grievances/{id}/answer: the owner's answer closes the grievance and goes to the
 * person through notify, in one transaction. The update is conditional on the grievance being open, so of
 * two answers at once one is stored and sent; the other is refused with the first one's time.
 */
export async function answer(deps: AppDeps, owner: AuthUser, input: GrievanceAnswerInput): Promise<{ grievance: Grievance; told: string }> {
  const r = await withTransactionRetry(deps, async (trx) => {
    const at = deps.clock.now().toISOString();
    const row = await repo.answer(trx, input.id, { answer: input.answer, by: owner.id, at });
    if (!row) {
      const current = await repo.byId(trx, input.id);
      if (!current) throw notFound('That grievance');
      throw new AppError(
        'INVALID_STATE',
        current.status === 'closed'
          ? 'This grievance is closed: the account was erased before it was answered.'
          : `This grievance was already answered on ${formatDate(current.answered_at!, 'dateTime')}; that answer has been sent.`,
      );
    }
    const told = await notify(deps, trx, { userId: row.user_id }, 'grievance_answered', {
      subject: row.subject,
      askedOn: formatDate(row.created_at, 'date'),
      answer: input.answer,
    });
    await recordAudit(trx, owner, {
      action: 'privacy.grievance.answered',
      entity: 'privacy_grievance',
      entityId: row.id,
      after: { told: told.channels.map((c) => c.channel) },
      at,
    });
    return { row, told };
  });
  kickNotices(deps);
  return { grievance: present(r.row), told: r.told.summary };
}
