import { sql, type Selectable } from 'kysely';
import type { Executor, Trx } from '../../../db/database';
import type { AutopayDebits, AutopayMandates } from '../../../db/generated/database';

/** UPI AutoPay's SQL (decision 281): mandates, the wallet's auto-recharge setting and debits. */

export type MandateRow = Selectable<AutopayMandates>;
export type DebitRow = Selectable<AutopayDebits>;

/**
 * The mandate of a customer's Idempotency-Key, written (or brought up to date) by the request that
 * holds the key's gateway-order claim, before it fills the claim: whoever gets the gateway order back
 * finds the mandate.
 */
export function upsertPendingMandate(
  db: Executor,
  m: { user_id: string; provider: 'razorpay' | 'test'; max_amount_paise: number; gateway_customer_id: string; gateway_order_id: string; idempotency_key: string; expires_at: string; now: string },
) {
  const { now, ...values } = m;
  return db
    .insertInto('autopay_mandates')
    .values({ ...values, status: 'pending', created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'idempotency_key']).doUpdateSet({ gateway_customer_id: m.gateway_customer_id, gateway_order_id: m.gateway_order_id, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function mandateByKey(db: Executor, userId: string, key: string) {
  return db.selectFrom('autopay_mandates').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function mandateByGatewayOrder(db: Executor, gatewayOrderId: string, opts: { lock?: boolean } = {}) {
  let q = db.selectFrom('autopay_mandates').selectAll().where('gateway_order_id', '=', gatewayOrderId);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function mandateByToken(db: Executor, tokenId: string, opts: { lock?: boolean } = {}) {
  let q = db.selectFrom('autopay_mandates').selectAll().where('gateway_token_id', '=', tokenId);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The newest pending mandate of a gateway customer (token.confirmed names the customer), locked. */
export function pendingMandateOfCustomer(db: Executor, customerId: string) {
  return db
    .selectFrom('autopay_mandates')
    .selectAll()
    .where('gateway_customer_id', '=', customerId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

/** The customer's live mandate (active or paused), else their newest pending one. */
export function currentMandate(db: Executor, userId: string, opts: { lock?: boolean } = {}) {
  let q = db
    .selectFrom('autopay_mandates')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'paused', 'pending'])
    .orderBy(sql`(status = 'pending')`)
    .orderBy('created_at', 'desc')
    .limit(1);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The customer's active mandate with its token: the one a debit may be announced on. */
export function activeMandate(db: Executor, userId: string) {
  return db
    .selectFrom('autopay_mandates')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('gateway_token_id', 'is not', null)
    .executeTakeFirst();
}

export function liveMandate(db: Executor, userId: string) {
  return db.selectFrom('autopay_mandates').selectAll().where('user_id', '=', userId).where('status', 'in', ['active', 'paused']).executeTakeFirst();
}

/** A pending mandate becomes active with its token (once: a confirmed token is never confirmed again). */
export function activateMandate(db: Executor, id: string, p: { tokenId: string; bank: string | null; now: string }) {
  return db
    .updateTable('autopay_mandates')
    .set({ status: 'active', gateway_token_id: p.tokenId, bank: p.bank, updated_at: p.now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function setMandateStatus(db: Executor, id: string, status: MandateRow['status'], from: MandateRow['status'][], now: string) {
  return db
    .updateTable('autopay_mandates')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

// ---------- Auto-recharge ----------

export function autoRechargeOf(db: Executor, userId: string) {
  return db.selectFrom('wallet_auto_recharge').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function setAutoRecharge(db: Executor, userId: string, v: { threshold_paise: number; amount_paise: number } | null, now: string): Promise<void> {
  if (!v) {
    await db.deleteFrom('wallet_auto_recharge').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('wallet_auto_recharge')
    .values({ user_id: userId, ...v, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...v, updated_at: now }))
    .execute();
}

/**
 * Customers whose wallet is under their auto-recharge threshold, with an active mandate that allows
 * the amount and no recharge today yet: the candidates for a pre-debit notice.
 */
export function rechargeCandidates(db: Executor, today: string, limit: number) {
  return db
    .selectFrom('wallet_auto_recharge as ar')
    .innerJoin('autopay_mandates as m', (j) => j.onRef('m.user_id', '=', 'ar.user_id').on('m.status', '=', 'active'))
    .leftJoin('wallet_balances as wb', 'wb.user_id', 'ar.user_id')
    .select(['ar.user_id', 'ar.threshold_paise', 'ar.amount_paise', 'm.id as mandate_id', 'm.max_amount_paise'])
    .select(sql<number>`coalesce(wb.balance_paise, 0)`.as('balance_paise'))
    .where(sql<boolean>`ar.amount_paise <= m.max_amount_paise`)
    .where(
      sql<boolean>`not exists (select 1 from autopay_debits d where d.user_id = ar.user_id and d.purpose = 'wallet_recharge' and d.purpose_date = ${today}::date)`,
    )
    .limit(limit)
    .execute();
}

// ---------- Debits ----------

/** One debit per (customer, purpose, date): the second notice of a day inserts nothing (null). */
export function insertDebit(
  db: Executor,
  d: {
    mandate_id: string;
    user_id: string;
    purpose: DebitRow['purpose'];
    purpose_date: string;
    amount_paise: number;
    notified_at: string;
    debit_after: string;
    subscription_id?: string;
  },
) {
  return db
    .insertInto('autopay_debits')
    .values({ ...d, status: 'notified', created_at: d.notified_at, updated_at: d.notified_at })
    .onConflict((oc) => oc.columns(['user_id', 'purpose', 'purpose_date']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Takes one due debit for this instance: notified, its 24 hours passed, its mandate active and
 * allowing the amount, never above NPCI's ₹15,000, and no other debit of the mandate in flight (the
 * partial unique index refuses a second 'debiting'; SKIP LOCKED keeps instances off each other's).
 */
export async function claimDueDebit(db: Executor, now: string): Promise<(DebitRow & { customer_id: string; token_id: string }) | undefined> {
  const { rows } = await sql<DebitRow & { customer_id: string; token_id: string }>`
    with due as (
      select d.id from autopay_debits d
      join autopay_mandates m on m.id = d.mandate_id
      where d.status = 'notified' and d.debit_after <= ${now}::timestamptz
        and m.status = 'active' and m.gateway_token_id is not null
        and d.amount_paise <= m.max_amount_paise and d.amount_paise <= 1500000
        and not exists (select 1 from autopay_debits x where x.mandate_id = d.mandate_id and x.status = 'debiting')
      order by d.debit_after
      limit 1
      for update of d skip locked
    )
    update autopay_debits d set status = 'debiting', updated_at = ${now}::timestamptz
    from due, autopay_mandates m
    where d.id = due.id and m.id = d.mandate_id
    returning d.*, m.gateway_customer_id as customer_id, m.gateway_token_id as token_id`.execute(db);
  return rows[0];
}

/** A claimed debit whose gateway order could not be made goes back, due again at `retryAt` (its notice already went). */
export async function releaseDebit(db: Executor, id: string, p: { retryAt: string; error: string }): Promise<void> {
  await db
    .updateTable('autopay_debits')
    .set({ status: 'notified', debit_after: p.retryAt, last_error: p.error.slice(0, 500) })
    .where('id', '=', id)
    .where('status', '=', 'debiting')
    .execute();
}

/** A claimed debit that may no longer be taken (what it was for is gone): cancelled, nothing asked of the gateway. */
export async function cancelClaimedDebit(db: Executor, id: string, now: string): Promise<void> {
  await db.updateTable('autopay_debits').set({ status: 'cancelled', updated_at: now }).where('id', '=', id).where('status', '=', 'debiting').execute();
}

export async function setDebitOrder(db: Executor, id: string, gatewayOrderId: string, now: string): Promise<void> {
  await db.updateTable('autopay_debits').set({ gateway_order_id: gatewayOrderId, updated_at: now }).where('id', '=', id).execute();
}

export function lockDebitByGatewayOrder(db: Executor, gatewayOrderId: string) {
  return db.selectFrom('autopay_debits').selectAll().where('gateway_order_id', '=', gatewayOrderId).forUpdate().executeTakeFirst();
}

export function markDebitPaid(db: Executor, id: string, p: { gatewayPaymentId: string; capturedPaise: number; now: string }) {
  return db
    .updateTable('autopay_debits')
    .set({ status: 'paid', gateway_payment_id: p.gatewayPaymentId, captured_paise: p.capturedPaise, paid_at: p.now, updated_at: p.now })
    .where('id', '=', id)
    .where('status', 'in', ['debiting', 'failed'])
    .returningAll()
    .executeTakeFirst();
}

export function markDebitFailed(db: Executor, id: string, p: { error: string | null; now: string }) {
  return db
    .updateTable('autopay_debits')
    .set({ status: 'failed', last_error: p.error?.slice(0, 500) ?? null, updated_at: p.now })
    .where('id', '=', id)
    .where('status', '=', 'debiting')
    .returningAll()
    .executeTakeFirst();
}

/** Cancelled before it was debited (the customer's Cancel, or the mandate paused or revoked). */
export function cancelDebits(db: Executor, p: { userId: string; id?: string; mandateId?: string; now: string }) {
  let q = db.updateTable('autopay_debits').set({ status: 'cancelled', updated_at: p.now }).where('user_id', '=', p.userId).where('status', '=', 'notified');
  if (p.id) q = q.where('id', '=', p.id);
  if (p.mandateId) q = q.where('mandate_id', '=', p.mandateId);
  return q.returningAll().execute();
}

export function debitsOf(db: Executor, userId: string, limit: number) {
  return db.selectFrom('autopay_debits').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
}

export function findDebit(db: Executor, id: string) {
  return db.selectFrom('autopay_debits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Debits in flight whose gateway answer never came (webhook lost): the reconciler asks the gateway. */
export function debitsInFlight(db: Executor, before: string, limit: number) {
  return db
    .selectFrom('autopay_debits')
    .select(['id', 'gateway_order_id'])
    .where('status', '=', 'debiting')
    .where('gateway_order_id', 'is not', null)
    .where('updated_at', '<=', before)
    .limit(limit)
    .execute();
}

// ---------- Refunds (decision 282) ----------

export function lockDebit(trx: Trx, id: string) {
  return trx.selectFrom('autopay_debits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Adds a refund's amount to the debit, only while it is paid and stays within what the gateway
 * captured: concurrent refunds queue on the row and the one that would pass the capture updates
 * nothing (the CHECK constraint backs it up).
 */
export async function reserveDebitRefund(trx: Trx, id: string, amountPaise: number, now: string): Promise<boolean> {
  const r = await trx
    .updateTable('autopay_debits')
    .set({ refunded_paise: sql`refunded_paise + ${amountPaise}`, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where(sql<boolean>`refunded_paise + ${amountPaise} <= captured_paise`)
    .returning('id')
    .executeTakeFirst();
  return !!r;
}

/** A debit whose refunds the gateway has made in full. */
export async function markDebitRefunded(trx: Trx, id: string, now: string): Promise<void> {
  await trx
    .updateTable('autopay_debits')
    .set({ status: 'refunded', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .execute();
}

/** A customer's paid wallet refills with money the gateway can still give back, newest first, locked (a balance refund's sources). */
export function refundableRechargeDebits(trx: Trx, userId: string) {
  return trx
    .selectFrom('autopay_debits')
    .select(['id', 'captured_paise', 'refunded_paise', 'paid_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'wallet_recharge')
    .where('status', '=', 'paid')
    .where(sql<boolean>`refunded_paise < captured_paise`)
    .orderBy('paid_at', 'desc')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** What the customer's paid wallet refills can still give back (the wallet's "refundable", read without a lock). */
export async function rechargeRefundable(db: Executor, userId: string): Promise<number> {
  const r = await db
    .selectFrom('autopay_debits')
    .select(sql<number>`coalesce(sum(captured_paise - refunded_paise), 0)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', 'wallet_recharge')
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The debits that renewed a subscription and reached the gateway (an order was made), with their mandate's provider, oldest first. */
export function renewalDebitsOf(db: Executor, subscriptionId: string) {
  return db
    .selectFrom('autopay_debits as d')
    .innerJoin('autopay_mandates as m', 'm.id', 'd.mandate_id')
    .selectAll('d')
    .select('m.provider')
    .where('d.subscription_id', '=', subscriptionId)
    .where('d.purpose', '=', 'subscription_renewal')
    .where('d.gateway_order_id', 'is not', null)
    .orderBy('d.created_at')
    .execute();
}

export function contactOf(db: Executor, userId: string) {
  return db.selectFrom('users').select(['name', 'email', 'mobile']).where('id', '=', userId).executeTakeFirst();
}
