import { sql } from 'kysely';
import type { Executor, Trx } from '../../../db/database';
import { customerLedgerPage } from '../../lib/ledger.repository';
import type { RewardKind } from '../../../db/column-types';

/**
 * Reward points SQL (decision 073). Every change is ONE statement that writes the ledger row and
 * moves the balance together, so the balance is always the ledger's sum:
 *   - the ledger insert is `ON CONFLICT (order_id, reason) DO NOTHING`: a repeat writes nothing and
 *     moves nothing;
 *   - a debit moves the balance only `WHERE balance + points >= 0` (and the CHECK on
 *     reward_balances refuses anything below zero whatever the code does). A debit whose ledger row
 *     was written but whose balance could not move returns no row: the caller throws, rolling the
 *     row back with its transaction.
 */

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

const ledgerInsert = (e: NewEntry) => sql`
  insert into reward_ledger (user_id, kind, points, order_id, reason, note, actor_id, created_at)
  values (${e.userId}::uuid, ${e.kind}, ${e.points}, ${e.orderId}::uuid, ${e.reason}, ${e.note ?? null}, ${e.actorId ?? null}::uuid, ${e.now}::timestamptz)
  on conflict (order_id, reason) do nothing
  returning user_id, points`;

/**
 * Writes one ledger row and moves the balance by its points. Returns the new balance, or null when
 * nothing moved: a repeat of (order, reason), or a debit the balance does not cover (in which case
 * the ledger row WAS written: the caller must throw so the transaction rolls back).
 */
export async function appendEntry(trx: Trx, e: NewEntry): Promise<number | null> {
  const q =
    e.points > 0
      ? sql<{ balance: number }>`
          with l as (${ledgerInsert(e)})
          insert into reward_balances (user_id, balance, updated_at)
          select user_id, points, ${e.now}::timestamptz from l
          on conflict (user_id) do update set balance = reward_balances.balance + excluded.balance, updated_at = excluded.updated_at
          returning balance`
      : sql<{ balance: number }>`
          with l as (${ledgerInsert(e)})
          update reward_balances b set balance = b.balance + l.points, updated_at = ${e.now}::timestamptz
          from l
          where b.user_id = l.user_id and b.balance + l.points >= 0
          returning b.balance`;
  const r = await q.execute(trx);
  return r.rows[0]?.balance ?? null;
}

/** The balance, locked for this transaction (the row is created at 0 when the customer has none). */
export async function lockBalance(trx: Trx, userId: string): Promise<number> {
  const r = await sql<{ balance: number }>`
    insert into reward_balances (user_id, balance) values (${userId}::uuid, 0)
    on conflict (user_id) do update set user_id = excluded.user_id
    returning balance`.execute(trx);
  return r.rows[0]!.balance;
}

export async function balanceOf(db: Executor, userId: string): Promise<number> {
  const r = await db.selectFrom('reward_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return r?.balance ?? 0;
}

/** An order's ledger rows (to know what it earned, spent and already reversed). */
export function entriesOfOrder(db: Executor, orderId: string) {
  return db.selectFrom('reward_ledger').select(['kind', 'reason', 'points']).where('order_id', '=', orderId).execute();
}

export interface LedgerRow {
  id: string;
  kind: RewardKind;
  points: number;
  order_id: string | null;
  order_number: string | null;
  note: string | null;
  created_at: string;
  balance_after: number;
}

/** A page of a customer's ledger with the running balance and the total (server/lib/ledger.repository.ts). */
export function ledgerPage(db: Executor, userId: string, page: { page: number; pageSize: number }) {
  return customerLedgerPage<LedgerRow>(db, { table: 'reward_ledger', amount: 'points' }, userId, page);
}

export interface BalanceListRow {
  user_id: string;
  email: string;
  name: string;
  balance: number;
  earned: number;
  spent: number;
  last_activity_at: string | null;
  total_count: number;
}

/**
 * Customers with their points, most points first. Without a search: customers who ever had a
 * ledger row; with one: any customer whose e-mail or name contains it.
 */
export async function listBalances(db: Executor, search: string | undefined, limit: number, offset: number): Promise<BalanceListRow[]> {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const r = await sql<BalanceListRow>`
    select u.id as user_id, u.email, u.name, coalesce(b.balance, 0)::int as balance,
           coalesce(s.earned, 0)::int as earned, coalesce(s.spent, 0)::int as spent, s.last_at as last_activity_at,
           count(*) over ()::int as total_count
    from users u
    left join reward_balances b on b.user_id = u.id
    left join lateral (
      select sum(points) filter (where points > 0) as earned, -sum(points) filter (where points < 0) as spent, max(created_at) as last_at
      from reward_ledger l where l.user_id = u.id
    ) s on true
    where u.role = 'customer'
      and ${like === null ? sql`b.user_id is not null` : sql`(u.email ilike ${like} or u.name ilike ${like})`}
    order by coalesce(b.balance, 0) desc, u.email
    limit ${limit} offset ${offset}`.execute(db);
  return r.rows;
}

export function customerOf(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'name', 'role']).where('id', '=', userId).executeTakeFirst();
}

/** Every customer's balance next to the ledger's sum (the invariant tests read this). */
export async function balancesAgainstLedger(db: Executor): Promise<{ user_id: string; balance: number; ledger_sum: number }[]> {
  const r = await sql<{ user_id: string; balance: number; ledger_sum: number }>`
    select coalesce(b.user_id, l.user_id) as user_id, coalesce(b.balance, 0)::int as balance, coalesce(l.s, 0)::int as ledger_sum
    from reward_balances b
    full join (select user_id, sum(points) as s from reward_ledger group by user_id) l on l.user_id = b.user_id`.execute(db);
  return r.rows;
}
