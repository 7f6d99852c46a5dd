import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/**
 * The customer ledgers' one paged read: reward points (decision 073) and the wallet (decision 165)
 * keep the same kind of append-only ledger (`seq`, `kind`, an amount, an optional order, a note), and
 * their history screens page through it the same way. The amount column keeps its own name in the rows.
 */
export type CustomerLedger = { table: 'reward_ledger'; amount: 'points' } | { table: 'wallet_ledger'; amount: 'amount_paise' };

/**
 * A page of a customer's ledger, newest first, with the running balance after each row, and the
 * total number of rows (from the page itself; counted separately only for a page past the end).
 */
export async function customerLedgerPage<Row>(
  db: Executor,
  ledger: CustomerLedger,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: Row[]; totalCount: number }> {
  const amount = sql.ref(`l.${ledger.amount}`);
  const table = sql.table(ledger.table);
  const r = await sql<Row & { total_count: number }>`
    select t.*, count(*) over ()::int as total_count
    from (
      select l.id, l.seq, l.kind, ${amount}, l.order_id, o.number as order_number, l.note, l.created_at,
             sum(${amount}) over (order by l.seq rows unbounded preceding)::int as balance_after
      from ${table} l left join orders o on o.id = l.order_id
      where l.user_id = ${userId}::uuid
    ) t
    order by t.seq desc
    limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`.execute(db);
  if (r.rows.length || page.page === 1) return { rows: r.rows, totalCount: r.rows[0]?.total_count ?? 0 };
  const n = await sql<{ n: number }>`select count(*)::int as n from ${table} where user_id = ${userId}::uuid`.execute(db);
  return { rows: [], totalCount: n.rows[0]?.n ?? 0 };
}
