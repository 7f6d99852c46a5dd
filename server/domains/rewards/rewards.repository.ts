import { sql } from 'kysely';
import type { Executor, Trx } from '../../../db/database';
import * as ledger from '../../lib/ledger.repository';
import type { RewardKind } from '../../../db/column-types';

/**
 * Reward points SQL (decision 073), through the customer ledgers' one SQL (server/lib/ledger.repository.ts):
 * each change is one statement that writes the ledger row and moves the balance together; a row is
 * keyed by (order, reason).
 */
export const POINTS: ledger.CustomerLedger = {
  table: 'reward_ledger',
  amount: 'points',
  balances: 'reward_balances',
  balance: 'balance',
  key: 'order_id',
  sums: { credited: sql`sum(points) filter (where points > 0)`, debited: sql`-sum(points) filter (where points < 0)` },
};

export interface NewEntry {
  userId: string;
  kind: RewardKind;
  /** Signed: + credit, − debit. Never 0. */
  points: number;
  orderId: string | null;
  /** Unique per order ('earn', 'redeem', 'give_back', 'reverse', 'refund:<id>'…); 'adjust' for admin rows. */
  reason: string;
  note?: string | null;
  actorId?: string | null;
  now: string;
}

/**
 * Writes one ledger row and moves the balance by its points. Returns the new balance, or null when
 * nothing moved: a repeat of (order, reason), or a debit the balance does not cover (in which case
 * the ledger row WAS written: the caller must throw so the transaction rolls back).
 */
export function appendEntry(trx: Trx, e: NewEntry): Promise<number | null> {
  return ledger.appendLedgerEntry(trx, POINTS, { ...e, amount: e.points });
}

/** The balance, locked for this transaction (the row is created at 0 when the customer has none). */
export function lockBalance(trx: Trx, userId: string): Promise<number> {
  return ledger.lockBalance(trx, POINTS, userId);
}

export function balanceOf(db: Executor, userId: string): Promise<number> {
  return ledger.balanceOf(db, POINTS, userId);
}

/** An order's ledger rows (to know what it earned, spent and already reversed). */
export function entriesOfOrder(db: Executor, orderId: string) {
  return db.selectFrom('reward_ledger').select(['kind', 'reason', 'points']).where('order_id', '=', orderId).execute();
}

/** A page of a customer's ledger with the running balance and the total (the admin's customer detail). */
export function ledgerPage(db: Executor, userId: string, page: { page: number; pageSize: number }) {
  return ledger.customerLedgerPage<RewardKind>(db, POINTS, userId, page);
}

/** Every customer's balance next to the ledger's sum (the invariant tests read this). */
export async function balancesAgainstLedger(db: Executor): Promise<{ user_id: string; balance: number; ledger_sum: number }[]> {
  const r = await sql<{ user_id: string; balance: number; ledger_sum: number }>`
    select coalesce(b.user_id, l.user_id) as user_id, coalesce(b.balance, 0)::int as balance, coalesce(l.s, 0)::int as ledger_sum
    from reward_balances b
    full join (select user_id, sum(points) as s from reward_ledger group by user_id) l on l.user_id = b.user_id`.execute(db);
  return r.rows;
}
