import type { AppDeps } from '../deps';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../trpc/context';
import { AppError, notFound } from './errors';
import { withTransactionRetry } from './transaction-retry';
import { recordAudit } from '../domains/audit/audit.service';
import * as repo from './ledger.repository';

/**
 * What reward points (decision 073) and the wallet (decision 165) do alike with their ledgers
 * (server/lib/ledger.repository.ts): the customer's pages of rows, the back office's list of
 * balances and one customer's ledger, and an admin's audited adjustment that never takes a balance
 * below zero. Amounts stay in the ledger's own unit (points, paise); each domain passes its labels,
 * its refusal and its audit action, and keeps its own rules (earning, top-ups, refunds).
 */

/** A ledger row as the customer and the back office see it; `amount` is signed, in the ledger's unit. */
export interface LedgerEntryView<Kind extends string> {
  id: string;
  kind: Kind;
  label: string;
  amount: number;
  balanceAfter: number;
  orderId: string | null;
  orderNumber: string | null;
  note: string | null;
  at: string;
}

type PageInput = { page: number; pageSize: number };

/** One domain's ledger as this service sees it: its SQL description and the words and rules of its own. */
export interface LedgerBook<Kind extends string> {
  ledger: repo.CustomerLedger;
  labels: Record<Kind, string>;
  /** The admin adjustment's audit action, and the name the amount carries in the audit entry. */
  audit: { action: string; amountKey: string };
  /** The refusal of an adjustment that would take the balance below zero. */
  refused: (who: string, balance: number) => AppError;
  /** The ledger's own columns for an adjustment's row (the wallet's reference). */
  adjustColumns?: () => Record<string, string | null>;
}

/** A page of a customer's ledger, newest first, each row with its label and the balance after it. */
export async function ledgerEntries<Kind extends string>(
  db: Executor,
  book: LedgerBook<Kind>,
  userId: string,
  input: PageInput,
): Promise<{ entries: LedgerEntryView<Kind>[]; totalCount: number }> {
  const { rows, totalCount } = await repo.customerLedgerPage<Kind>(db, book.ledger, userId, input);
  const entries = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    label: book.labels[r.kind],
    amount: r.amount,
    balanceAfter: r.balance_after,
    orderId: r.order_id,
    orderNumber: r.order_number,
    note: r.note,
    at: new Date(r.created_at).toISOString(),
  }));
  return { entries, totalCount };
}

/** The back office's list: customers with their balances, largest first, and the ledger's two sums (X-Total-Count). */
export async function balanceList<Kind extends string>(
  deps: Pick<AppDeps, 'db'>,
  book: LedgerBook<Kind>,
  input: PageInput & { search?: string },
  resHeaders: Record<string, string>,
) {
  const rows = await repo.listBalances(deps.db, book.ledger, {
    search: input.search || undefined,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  const totalCount = rows[0]?.total_count ?? 0;
  resHeaders['X-Total-Count'] = String(totalCount);
  const customers = rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: r.name,
    balance: r.balance,
    credited: r.credited,
    debited: r.debited,
    lastActivityAt: r.last_activity_at ? new Date(r.last_activity_at).toISOString() : null,
  }));
  return { customers, totalCount };
}

/** One customer's balance and a page of their ledger, for the back office (X-Total-Count). */
export async function customerLedger<Kind extends string>(
  deps: Pick<AppDeps, 'db'>,
  book: LedgerBook<Kind>,
  input: PageInput & { userId: string },
  resHeaders: Record<string, string>,
) {
  const c = await repo.customerOf(deps.db, input.userId);
  if (!c) throw notFound('That customer');
  const [balance, page] = await Promise.all([repo.balanceOf(deps.db, book.ledger, c.id), ledgerEntries(deps.db, book, c.id, input)]);
  resHeaders['X-Total-Count'] = String(page.totalCount);
  return { customer: { userId: c.id, email: c.email ?? '', name: c.name }, balance, ...page };
}

/**
 * An admin adds (or, negative, takes away) an amount with a reason, audited in the same
 * transaction. Never below zero: the book's refusal is thrown (and nothing written) when the
 * balance does not cover a debit; the conditional debit is the last guard.
 */
export async function adjustBalance<Kind extends string>(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  admin: AuthUser,
  book: LedgerBook<Kind>,
  p: { userId: string; amount: number; reason: string },
): Promise<void> {
  await withTransactionRetry(deps, async (trx) => {
    const c = await repo.customerOf(trx, p.userId);
    if (!c) throw notFound('That customer');
    const now = deps.clock.now().toISOString();
    const before = await repo.lockBalance(trx, book.ledger, c.id);
    if (before + p.amount < 0) throw book.refused(`${c.name || c.email}`, before);
    const after = await repo.appendLedgerEntry(trx, book.ledger, {
      userId: c.id,
      kind: 'adjust',
      amount: p.amount,
      reason: 'adjust',
      note: p.reason,
      actorId: admin.id,
      now,
      extra: book.adjustColumns?.(),
    });
    if (after === null) throw new AppError('CONFLICT', 'The balance changed a moment ago. Please reload and try again.');
    await recordAudit(trx, admin, {
      action: book.audit.action,
      entity: 'user',
      entityId: c.id,
      before: { balance: before },
      after: { balance: after, [book.audit.amountKey]: p.amount, reason: p.reason },
      at: now,
    });
  });
}
