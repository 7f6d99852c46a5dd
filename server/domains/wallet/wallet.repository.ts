import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Executor, Trx } from '../../../db/database';
import * as ledger from '../../lib/ledger.repository';
import type { WalletKind } from '../../../db/column-types';
import type { WalletTopUps } from '../../../db/generated/database';

/**
 * Wallet SQL (decision 165), the points ledger's discipline (decision 073) through the customer
 * ledgers' one SQL (server/lib/ledger.repository.ts): each change is one statement that writes the
 * ledger row and moves the balance together; a row is keyed by (reference, reason). The order
 * charge (a CTE of the order's statement) and the top-ups are the wallet's own.
 */

export type TopUpRow = Selectable<WalletTopUps>;

export const WALLET: ledger.CustomerLedger = {
  table: 'wallet_ledger',
  amount: 'amount_paise',
  balances: 'wallet_balances',
  balance: 'balance_paise',
  key: 'reference',
  sums: {
    credited: sql`sum(amount_paise) filter (where kind = 'top_up')`,
    debited: sql`-sum(amount_paise) filter (where kind = 'charge')`,
  },
};

export interface NewEntry {
  userId: string;
  kind: WalletKind;
  /** Signed paise: + credit, − debit. Never 0. */
  amountPaise: number;
  reference: string;
  reason: string;
  orderId?: string | null;
  topUpId?: string | null;
  note?: string | null;
  actorId?: string | null;
  now: string;
}

/**
 * Writes one ledger row and moves the balance by its amount. Returns the new balance, or null when
 * nothing moved: a repeat of (reference, reason), or a debit the balance does not cover (in which
 * case the ledger row WAS written: the caller must throw so the transaction rolls back).
 */
export function appendEntry(trx: Trx, { amountPaise, reference, topUpId, ...e }: NewEntry): Promise<number | null> {
  return ledger.appendLedgerEntry(trx, WALLET, { ...e, amount: amountPaise, extra: { reference, top_up_id: topUpId ?? null } });
}

/**
 * The wallet charge of a new order, as CTEs of the order-writing statement (decision 165: a wallet
 * order stays at five round trips). It runs only when the order was written (`when`), moves the
 * balance only when it covers the total — the row lock queues concurrent orders and each finds the
 * balance the one before left — and writes the ledger row from the moved balance, so the two
 * always go together. `charged` is true when the balance moved: the order-writing step refuses the
 * order (rolling it all back) when it did not.
 */
export function chargeCtes(
  p: { userId: string; orderId: string; amountPaise: number; now: string },
  when: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`wallet_debit as (
      update wallet_balances set balance_paise = balance_paise - ${p.amountPaise}::int, updated_at = ${p.now}::timestamptz
      where user_id = ${p.userId}::uuid and balance_paise >= ${p.amountPaise}::int and exists (${when})
      returning user_id
    ),
    wallet_charge as (
      insert into wallet_ledger (user_id, kind, amount_paise, reference, reason, order_id, created_at)
      select user_id, 'charge', -(${p.amountPaise}::int), 'order:' || ${p.orderId}::text, 'charge', ${p.orderId}::uuid, ${p.now}::timestamptz from wallet_debit
    )`;
}
/** chargeCtes' parameters, in text order. */
export const chargeParams = (p: { userId: string; orderId: string; amountPaise: number; now: string }): unknown[] => [
  p.amountPaise,
  p.now,
  p.userId,
  p.amountPaise,
  p.amountPaise,
  p.orderId,
  p.orderId,
  p.now,
];
/** True in the order statement's answer when chargeCtes moved the balance (no parameters). */
export const chargedSql = (): RawBuilder<boolean> => sql<boolean>`exists (select 1 from wallet_debit)`;

export function balanceOf(db: Executor, userId: string): Promise<number> {
  return ledger.balanceOf(db, WALLET, userId);
}

/** The balance row, locked for this transaction (created at 0 when the customer has none). */
export function lockBalance(trx: Trx, userId: string): Promise<number> {
  return ledger.lockBalance(trx, WALLET, userId);
}

/** An order's wallet rows (charge, release, order refunds): what it took and what came back. */
export function entriesOfOrder(db: Executor, orderId: string) {
  return db.selectFrom('wallet_ledger').select(['kind', 'reason', 'amount_paise']).where('order_id', '=', orderId).execute();
}

/** A customer's rows written with one reason (a balance refund's rows carry its idempotency key). */
export function entriesWithReason(db: Executor, userId: string, reason: string) {
  return db
    .selectFrom('wallet_ledger')
    .select(['reference', 'amount_paise'])
    .where('user_id', '=', userId)
    .where('reason', '=', reason)
    .execute();
}

/** The customer a wallet mail goes to. */
export const customerOf = ledger.customerOf;

// ---------- Top-ups ----------

export function insertTopUp(
  db: Executor,
  t: {
    user_id: string;
    amount_paise: number;
    gateway: 'razorpay' | 'test';
    gateway_order_id: string;
    idempotency_key: string;
    created_at: string;
  },
): Promise<TopUpRow | undefined> {
  return db
    .insertInto('wallet_top_ups')
    .values({ ...t, status: 'created' })
    // Every request with one key carries the same gateway order: either unique key means "recorded already".
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findTopUpByKey(db: Executor, userId: string, key: string): Promise<TopUpRow | undefined> {
  return db.selectFrom('wallet_top_ups').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function findTopUpByGatewayOrder(
  db: Executor,
  gatewayOrderId: string,
  opts: { lock?: boolean } = {},
): Promise<TopUpRow | undefined> {
  let q = db.selectFrom('wallet_top_ups').selectAll().where('gateway_order_id', '=', gatewayOrderId);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function findTopUp(db: Executor, id: string): Promise<TopUpRow | undefined> {
  return db.selectFrom('wallet_top_ups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** created|failed → paid, once (the row is locked by the caller; the condition is the last guard). */
export function markTopUpPaid(trx: Trx, id: string, p: { gatewayPaymentId: string; method: string | null; capturedPaise: number; now: string }) {
  return trx
    .updateTable('wallet_top_ups')
    .set({ status: 'paid', gateway_payment_id: p.gatewayPaymentId, method: p.method, captured_paise: p.capturedPaise, paid_at: p.now })
    .where('id', '=', id)
    .where('status', 'in', ['created', 'failed'])
    .returningAll()
    .executeTakeFirst();
}

export async function markTopUpFailed(trx: Trx, id: string): Promise<void> {
  await trx.updateTable('wallet_top_ups').set({ status: 'failed' }).where('id', '=', id).where('status', '=', 'created').execute();
}

/** Paid top-ups with money the gateway can still give back, newest first (a balance refund's order), locked. */
export function refundableTopUps(trx: Trx, userId: string): Promise<TopUpRow[]> {
  return trx
    .selectFrom('wallet_top_ups')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where(sql<boolean>`refunded_paise < captured_paise`)
    .orderBy('paid_at', 'desc')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function topUpsOf(db: Executor, userId: string, limit: number): Promise<TopUpRow[]> {
  return db.selectFrom('wallet_top_ups').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
}

/** Money received into wallets (paid top-ups) and given back (processed refunds) between two instants, for the dashboard. */
export async function topUpTotals(db: Executor, from: string, to: string): Promise<{ count: number; paise: number }> {
  const r = await sql<{ count: number; paise: number }>`
    select count(*)::int as count, coalesce(sum(amount_paise), 0)::int as paise
    from wallet_top_ups where status in ('paid', 'refunded') and paid_at >= ${from}::timestamptz and paid_at < ${to}::timestamptz`.execute(
    db,
  );
  return r.rows[0]!;
}

/** What the shop owes customers in their wallets (sum of balances), and how many wallets hold money. */
export async function liability(db: Executor): Promise<{ total: number; wallets: number }> {
  const r = await db
    .selectFrom('wallet_balances')
    .select([sql<number>`coalesce(sum(balance_paise), 0)::bigint`.as('total'), sql<number>`count(*) filter (where balance_paise > 0)::int`.as('wallets')])
    .executeTakeFirstOrThrow();
  return { total: Number(r.total), wallets: Number(r.wallets) };
}
