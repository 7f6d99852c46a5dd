import { sql, type RawBuilder } from 'kysely';
import type { Executor, Trx } from '../../db/database';

/**
 * The customer ledgers' one SQL: reward points (decision 073) and the wallet (decision 165) keep the
 * same kind of ledger (ARCHITECTURE §3): append-only rows (`seq`, `kind`, an amount, an optional
 * order, a reason, a note), a balance row per customer that is their sum and never below zero, each
 * (key, reason) once. Each domain's repository describes its ledger (tables, columns, what a row is
 * keyed by, what its admin list adds up) and keeps its own statements (the wallet's top-ups and order charge).
 */
export type CustomerLedger = (
  | { table: 'reward_ledger'; amount: 'points'; balances: 'reward_balances'; balance: 'balance'; key: 'order_id' }
  | { table: 'wallet_ledger'; amount: 'amount_paise'; balances: 'wallet_balances'; balance: 'balance_paise'; key: 'reference' }
) & {
  /** The admin list's two sums over a customer's rows `l`: what counts as put in and as taken out. */
  sums: { credited: RawBuilder<unknown>; debited: RawBuilder<unknown> };
};

/** One ledger row to write. */
export interface LedgerEntry {
  userId: string;
  kind: string;
  /** Signed: + credit, − debit. Never 0. */
  amount: number;
  /** Unique per key (the ledger's `key` column) with it. */
  reason: string;
  orderId?: string | null;
  note?: string | null;
  actorId?: string | null;
  now: string;
  /** The ledger's own columns (the wallet's reference and top-up). */
  extra?: Record<string, string | null>;
}

/**
 * Writes one ledger row and moves the balance by its amount, in ONE statement, so the balance is
 * always the ledger's sum:
 *   - the ledger insert is `ON CONFLICT (key, reason) DO NOTHING`: a repeat writes nothing and moves nothing;
 *   - a debit moves the balance only `WHERE balance + amount >= 0` (and the CHECK on the balance
 *     table refuses anything below zero whatever the code does).
 * Returns the new balance, or null when nothing moved: a repeat, or a debit the balance does not
 * cover (in which case the ledger row WAS written: the caller must throw so the transaction rolls back).
 */
export async function appendLedgerEntry(trx: Trx, ledger: CustomerLedger, e: LedgerEntry): Promise<number | null> {
  const amount = sql.ref(ledger.amount);
  const balance = sql.ref(ledger.balance);
  const extra = Object.entries(e.extra ?? {});
  const insert = sql`
    insert into ${sql.table(ledger.table)} (user_id, kind, ${amount}, order_id, reason, note, actor_id, created_at${sql.join(
      extra.map(([c]) => sql`, ${sql.ref(c)}`),
      sql``,
    )})
    values (${e.userId}::uuid, ${e.kind}, ${e.amount}, ${e.orderId ?? null}::uuid, ${e.reason}, ${e.note ?? null}, ${e.actorId ?? null}::uuid,
            ${e.now}::timestamptz${sql.join(
              extra.map(([, v]) => sql`, ${v}`),
              sql``,
            )})
    on conflict (${sql.ref(ledger.key)}, reason) do nothing
    returning user_id, ${amount} as amount`;
  const q =
    e.amount > 0
      ? sql<{ balance: number }>`
          with l as (${insert})
          insert into ${sql.table(ledger.balances)} (user_id, ${balance}, updated_at)
          select user_id, amount, ${e.now}::timestamptz from l
          on conflict (user_id) do update
            set ${balance} = ${sql.ref(`${ledger.balances}.${ledger.balance}`)} + excluded.${balance}, updated_at = excluded.updated_at
          returning ${balance} as balance`
      : sql<{ balance: number }>`
          with l as (${insert})
          update ${sql.table(ledger.balances)} b set ${balance} = b.${balance} + l.amount, updated_at = ${e.now}::timestamptz
          from l
          where b.user_id = l.user_id and b.${balance} + l.amount >= 0
          returning b.${balance} as balance`;
  const r = await q.execute(trx);
  return r.rows[0]?.balance ?? null;
}

export async function balanceOf(db: Executor, ledger: CustomerLedger, userId: string): Promise<number> {
  const r = await sql<{ balance: number }>`
    select ${sql.ref(ledger.balance)} as balance from ${sql.table(ledger.balances)} where user_id = ${userId}::uuid`.execute(db);
  return r.rows[0]?.balance ?? 0;
}

/** The balance row, locked for this transaction (created at 0 when the customer has none). */
export async function lockBalance(trx: Trx, ledger: CustomerLedger, userId: string): Promise<number> {
  const balance = sql.ref(ledger.balance);
  const r = await sql<{ balance: number }>`
    insert into ${sql.table(ledger.balances)} (user_id, ${balance}) values (${userId}::uuid, 0)
    on conflict (user_id) do update set user_id = excluded.user_id
    returning ${balance} as balance`.execute(trx);
  return r.rows[0]!.balance;
}

/** A ledger row with the balance right after it; `amount` is the ledger's amount column. */
export interface LedgerRow<Kind extends string> {
  id: string;
  kind: Kind;
  amount: number;
  order_id: string | null;
  order_number: string | null;
  note: string | null;
  created_at: string;
  balance_after: number;
}

/**
 * A page of a customer's ledger, newest first, with the running balance after each row, and the
 * total number of rows (from the page itself; counted separately only for a page past the end).
 */
export async function customerLedgerPage<Kind extends string>(
  db: Executor,
  ledger: CustomerLedger,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: LedgerRow<Kind>[]; totalCount: number }> {
  const amount = sql.ref(`l.${ledger.amount}`);
  const table = sql.table(ledger.table);
  const r = await sql<LedgerRow<Kind> & { total_count: number }>`
    select t.*, count(*) over ()::int as total_count
    from (
      select l.id, l.seq, l.kind, ${amount} as amount, l.order_id, o.number as order_number, l.note, l.created_at,
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

export interface BalanceListRow {
  user_id: string;
  email: string;
  name: string;
  balance: number;
  credited: number;
  debited: number;
  last_activity_at: string | null;
  total_count: number;
}

/**
 * Customers with their balances, largest first, and the ledger's two sums over each one's rows.
 * Without a search: customers who ever had a ledger row (a balance row); with one: any customer
 * whose e-mail or name contains it.
 */
export async function listBalances(
  db: Executor,
  ledger: CustomerLedger,
  page: { search: string | undefined; limit: number; offset: number },
): Promise<BalanceListRow[]> {
  const like = page.search ? `%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const balance = sql.ref(`b.${ledger.balance}`);
  const r = await sql<BalanceListRow>`
    select u.id as user_id, coalesce(u.email, '') as email, u.name, coalesce(${balance}, 0)::int as balance,
           coalesce(s.credited, 0)::int as credited, coalesce(s.debited, 0)::int as debited, s.last_at as last_activity_at,
           count(*) over ()::int as total_count
    from users u
    left join ${sql.table(ledger.balances)} b on b.user_id = u.id
    left join lateral (
      select ${ledger.sums.credited} as credited, ${ledger.sums.debited} as debited, max(created_at) as last_at
      from ${sql.table(ledger.table)} l where l.user_id = u.id
    ) s on true
    where u.role = 'customer'
      and ${like === null ? sql`b.user_id is not null` : sql`(u.email ilike ${like} or u.name ilike ${like})`}
    order by coalesce(${balance}, 0) desc, u.email
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return r.rows;
}

export function customerOf(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'name', 'role']).where('id', '=', userId).executeTakeFirst();
}
