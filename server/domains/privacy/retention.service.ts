import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { formatDate } from '../../../shared/rules/dates';
import { formatRupees } from '../../../shared/rules/money';
import { INACTIVE_YEARS } from '../../../shared/rules/privacy-notice';
import { endAllSessions } from '../auth/auth.service';
import { refundBalance } from '../wallet/wallet.service';
import { recordAudit } from '../audit/audit.service';
import { kickNotices, notify } from '../notifications/notify.service';
import { pruneRiderKeys } from '../orders/orders.rider-keys';
import * as deletions from './deletion.repository';
import * as repo from './retention.repository';

/** The person is told at least this long before an inactive account is closed (PRODUCT.md §24). */
export const WARNING_HOURS = 48;
/** Processing logs (the access log) are kept this long. */
const LOG_DAYS = 365;
const AUDIT = { entity: 'user' } as const;

const yearsBefore = (d: Date, years: number) => {
  const x = new Date(d);
  x.setUTCFullYear(x.getUTCFullYear() - years);
  return x;
};

/**
 * Job `privacy-retention` (decision 276), on the app clock:
 * 1. a customer inactive for INACTIVE_YEARS (no sign-in, no order, nothing running) is told once — the
 *    notice row and the message in one transaction, the row's key making it once on any number of instances;
 * 2. WARNING_HOURS later, unless they came back (any activity voids the notice), the account is closed
 *    the way a deletion closes it — the wallet refunded once (the deletion's key), sessions ended, e-mail
 *    and number freed, `account_deletions` (reason inactive) — and `privacy-erasures` erases the rest;
 * 3. access-log entries older than a year go;
 * 4. the rider's idempotency keys older than a week go (decision 311), in batches.
 */
export async function runRetention(deps: AppDeps): Promise<{ told: number; closed: number; kept: number; riderKeys: number }> {
  const now = deps.clock.now();
  const at = now.toISOString();
  let told = 0;
  let closed = 0;
  let kept = 0;

  // 1. Tell.
  const eraseAfter = new Date(now.getTime() + WARNING_HOURS * 3600_000);
  for (const p of await repo.inactiveNotTold(deps.db, yearsBefore(now, INACTIVE_YEARS).toISOString(), 50)) {
    const did = await withTransactionRetry(deps, async (trx) => {
      if (!(await repo.insertNotice(trx, p.id, new Date(p.last_active_at).toISOString(), at, eraseAfter.toISOString()))) return false;
      await notify(deps, trx, { userId: p.id }, 'account_inactive_warning', {
        years: INACTIVE_YEARS,
        eraseOn: formatDate(eraseAfter, 'dateTime'),
      });
      await recordAudit(trx, null, {
        ...AUDIT,
        action: 'privacy.retention.told',
        entityId: p.id,
        after: { eraseAfter: eraseAfter.toISOString() },
        at,
      });
      return true;
    });
    if (did) told++;
  }

  // 2. Close what is due (each person: refund outside, then close under the notice's lock).
  for (const due of await repo.dueNotices(deps.db, at, 50)) {
    if (due.active_since || due.running || due.disabled) {
      const voided = await withTransactionRetry(deps, async (trx) => {
        if (!(await repo.dueNotices(trx, at, 1, due.user_id)).length) return false;
        await repo.voidNotice(trx, due.user_id);
        await recordAudit(trx, null, { ...AUDIT, action: 'privacy.retention.kept', entityId: due.user_id, at });
        return true;
      });
      if (voided) kept++;
      continue;
    }
    const me: AuthUser = { id: due.user_id, email: '', role: 'customer', name: '' };
    // The same key as the person's own deletion: the balance goes back once, whoever closes the account.
    const refund = await refundBalance(deps, me, { idempotencyKey: `account-deletion:${due.user_id}` }, undefined);
    const done = await withTransactionRetry(deps, async (trx) => {
      const [n] = await repo.dueNotices(trx, at, 1, due.user_id);
      if (!n || n.active_since || n.running || n.disabled) return false;
      const id = await deletions.insertDeletion(trx, due.user_id, 'inactive', at);
      if (id) await deletions.setWalletRefunded(trx, id, refund.refunded);
      const settled = [
        `Your account had not been used for ${INACTIVE_YEARS} years; we wrote to you on ${formatDate(n.told_at, 'date')}.`,
        ...(refund.refunded
          ? [`${formatRupees(refund.refunded)} from your wallet is on its way back to the payments you topped up with.`]
          : []),
      ];
      await notify(deps, trx, { userId: due.user_id }, 'account_deletion_scheduled', { settled });
      await endAllSessions(trx, due.user_id, now);
      await deletions.closeAccount(trx, due.user_id, at);
      await repo.closeNotice(trx, due.user_id, at);
      await recordAudit(trx, null, {
        ...AUDIT,
        action: 'privacy.retention.closed',
        entityId: due.user_id,
        after: { refundedPaise: refund.refunded },
        at,
      });
      return true;
    });
    if (done) closed++;
  }
  if (told || closed) kickNotices(deps);

  // 3. Processing logs: a year.
  await repo.dropOldAccessLog(deps.db, new Date(now.getTime() - LOG_DAYS * 86_400_000).toISOString());
  // 4. The rider's offline-queue keys (personal: who did what at which door).
  const riderKeys = await pruneRiderKeys(deps);
  return { told, closed, kept, riderKeys };
}
