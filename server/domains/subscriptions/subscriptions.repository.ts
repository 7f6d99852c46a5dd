import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor, Trx } from '../../../db/database';
import type {
  SubscriptionPayments as SubscriptionPaymentsTable,
  SubscriptionPeriods as SubscriptionPeriodsTable,
  SubscriptionPlans as SubscriptionPlansTable,
  Subscriptions as SubscriptionsTable,
} from '../../../db/generated/database';

export type PlanRow = Selectable<SubscriptionPlansTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type PeriodRow = Selectable<SubscriptionPeriodsTable>;
export type PaymentRow = Selectable<SubscriptionPaymentsTable>;

/** A subscription in one of these statuses is live. The delivery calendar's database function takes the list as its argument (decision 199). */
export const LIVE = ['active', 'paused', 'cancelled'] as const;

// ---------- Plans ----------

export function listPlans(db: Executor, opts: { activeOnly: boolean }): Promise<PlanRow[]> {
  let q = db.selectFrom('subscription_plans').selectAll();
  if (opts.activeOnly) q = q.where('active', '=', true);
  return q.orderBy('sort_order').orderBy('price_paise').execute();
}

export function findPlan(db: Executor, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('subscription_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertPlan(db: Executor, v: Insertable<SubscriptionPlansTable>): Promise<PlanRow> {
  return db.insertInto('subscription_plans').values(v).returningAll().executeTakeFirstOrThrow();
}

export function updatePlan(db: Executor, id: string, patch: Updateable<SubscriptionPlansTable>): Promise<PlanRow | undefined> {
  return db.updateTable('subscription_plans').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function nextPlanSort(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('subscription_plans')
    .select(sql<number>`coalesce(max(sort_order), 0) + 1`.as('n'))
    .executeTakeFirstOrThrow();
  return r.n;
}

// ---------- Subscriptions ----------

/** The customer's live subscription (active, paused or cancelled-but-running); `lock` takes its row lock. */
export function findLive(db: Executor, userId: string, opts: { lock?: boolean } = {}): Promise<SubscriptionRow | undefined> {
  let q = db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).where('status', 'in', LIVE);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * The customer's live subscription row as one json value (null without one), locked: a column of the
 * placing statement (server/statements/placement.repository.ts), so a customer without one costs
 * placing no round trip (decision 240). Its periods are read after the lock (benefitsOfRow): a
 * statement that waited for the lock sees the row's newest version but its own, older snapshot of
 * every other table. Timestamps arrive as ISO text, read with Date.parse like the rest.
 */
export function liveSubscriptionSql(userId: string) {
  return sql`select to_json(s) from subscriptions s
    where s.user_id = ${userId}::uuid and s.status in ('active', 'paused', 'cancelled') limit 1 for update of s`;
}

export function decodeLive(v: unknown): SubscriptionRow | null {
  return v ? (v as SubscriptionRow) : null;
}

export function findSubscription(db: Executor, id: string, opts: { lock?: boolean } = {}): Promise<SubscriptionRow | undefined> {
  let q = db.selectFrom('subscriptions').selectAll().where('id', '=', id);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function subscriptionsOfUser(db: Executor, userId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'pending_payment')
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}

export function insertSubscription(db: Executor, v: Insertable<SubscriptionsTable>): Promise<SubscriptionRow> {
  return db.insertInto('subscriptions').values(v).returningAll().executeTakeFirstOrThrow();
}

export function updateSubscription(db: Executor, id: string, patch: Updateable<SubscriptionsTable>): Promise<SubscriptionRow> {
  return db.updateTable('subscriptions').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function countLive(db: Executor, nowIso: string): Promise<number> {
  const r = await db
    .selectFrom('subscriptions as s')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.status', 'in', ['active', 'cancelled'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('subscription_periods as p')
          .select('p.id')
          .whereRef('p.subscription_id', '=', 's.id')
          .where('p.starts_at', '<=', nowIso)
          .where('p.ends_at', '>', nowIso),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---------- Periods ----------

export function periodsOf(db: Executor, subscriptionIds: readonly string[]): Promise<PeriodRow[]> {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('subscription_periods').selectAll().where('subscription_id', 'in', subscriptionIds).orderBy('starts_at').execute();
}

export function insertPeriod(db: Executor, v: Insertable<SubscriptionPeriodsTable>): Promise<PeriodRow> {
  return db.insertInto('subscription_periods').values(v).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves time after `from` by `ms` (a pause, a resume, an extension): periods ending after it end
 * later, periods starting after it start later.
 */
export async function shiftPeriods(trx: Trx, subscriptionId: string, fromIso: string, ms: number): Promise<void> {
  const by = sql`(${ms}::bigint * interval '1 millisecond')`;
  await trx
    .updateTable('subscription_periods')
    .set({
      starts_at: sql`case when starts_at > ${fromIso}::timestamptz then starts_at + ${by} else starts_at end`,
      ends_at: sql`ends_at + ${by}`,
    })
    .where('subscription_id', '=', subscriptionId)
    .where('ends_at', '>', fromIso)
    .execute();
}

/** A period's new end (admin extension); its reminder is due again before the new end. */
export async function setPeriodEnd(trx: Trx, periodId: string, endsAt: string): Promise<void> {
  await trx.updateTable('subscription_periods').set({ ends_at: endsAt, reminder_sent_at: null }).where('id', '=', periodId).execute();
}

/** One free unit of the period for this order, or nothing when the allowance is used up (conditional update). */
export async function takeFreeUnit(trx: Trx, p: { periodId: string; orderId: string; valuePaise: number }): Promise<boolean> {
  const taken = await trx
    .updateTable('subscription_periods')
    .set({ free_units_used: sql`free_units_used + 1` })
    .where('id', '=', p.periodId)
    .where(sql<boolean>`free_units_used < free_units_allowed`)
    .returning('id')
    .executeTakeFirst();
  if (!taken) return false;
  await trx
    .insertInto('subscription_free_units')
    .values({ order_id: p.orderId, period_id: p.periodId, value_paise: p.valuePaise })
    .execute();
  return true;
}

/** Gives back the free unit an order took (none taken: nothing happens). */
export async function giveBackFreeUnit(trx: Trx, orderId: string): Promise<boolean> {
  const row = await trx.deleteFrom('subscription_free_units').where('order_id', '=', orderId).returning('period_id').executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable('subscription_periods')
    .set({ free_units_used: sql`free_units_used - 1` })
    .where('id', '=', row.period_id)
    .where('free_units_used', '>', 0)
    .execute();
  return true;
}

export function freeUnitsOf(db: Executor, subscriptionId: string) {
  return db
    .selectFrom('subscription_free_units as f')
    .innerJoin('subscription_periods as p', 'p.id', 'f.period_id')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .select(['f.order_id', 'o.number', 'f.value_paise', 'f.created_at'])
    .where('p.subscription_id', '=', subscriptionId)
    .orderBy('f.created_at', 'desc')
    .limit(200)
    .execute();
}

export function findByGatewaySubscription(db: Executor, gatewaySubscriptionId: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('gateway_subscription_id', '=', gatewaySubscriptionId)
    .forUpdate()
    .executeTakeFirst();
}

// ---------- Payments ----------

/** A charge Razorpay made on its own (automatic renewal): recorded once per gateway payment (any unique key repeats → nothing). */
export function insertChargedPayment(trx: Trx, v: Insertable<SubscriptionPaymentsTable>): Promise<PaymentRow | undefined> {
  return trx
    .insertInto('subscription_payments')
    .values(v)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function insertPayment(db: Executor, v: Insertable<SubscriptionPaymentsTable>): Promise<PaymentRow | undefined> {
  return (
    db
      .insertInto('subscription_payments')
      .values(v)
      // Every request with one key carries the same gateway order: either unique key means "recorded already".
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst()
  );
}

export function findPaymentByKey(db: Executor, userId: string, key: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('subscription_payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findPaymentByGatewayOrder(
  db: Executor,
  gatewayOrderId: string,
  opts: { lock?: boolean } = {},
): Promise<PaymentRow | undefined> {
  let q = db.selectFrom('subscription_payments').selectAll().where('gateway_order_id', '=', gatewayOrderId);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function findPayment(db: Executor, id: string, opts: { lock?: boolean } = {}): Promise<PaymentRow | undefined> {
  let q = db.selectFrom('subscription_payments').selectAll().where('id', '=', id);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function paymentsOf(db: Executor, subscriptionId: string): Promise<PaymentRow[]> {
  return db.selectFrom('subscription_payments').selectAll().where('subscription_id', '=', subscriptionId).orderBy('created_at').execute();
}

/** created|failed → paid, once (the row is locked by the caller; the condition is the last guard). */
export function markPaid(trx: Trx, id: string, p: { gatewayPaymentId: string; method: string | null; capturedPaise: number; now: string }) {
  return trx
    .updateTable('subscription_payments')
    .set({ status: 'paid', gateway_payment_id: p.gatewayPaymentId, method: p.method, captured_paise: p.capturedPaise, paid_at: p.now })
    .where('id', '=', id)
    .where('status', 'in', ['created', 'failed'])
    .returningAll()
    .executeTakeFirst();
}

export function markFailed(trx: Trx, id: string) {
  return trx.updateTable('subscription_payments').set({ status: 'failed' }).where('id', '=', id).where('status', '=', 'created').execute();
}

// ---------- Jobs ----------

/** Live subscriptions with no paid time left: expired. */
export function expireLapsed(db: Executor, nowIso: string) {
  return db
    .updateTable('subscriptions as s')
    .set({ status: 'expired', updated_at: nowIso })
    .where('s.status', 'in', ['active', 'cancelled'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscription_periods as p')
            .select('p.id')
            .whereRef('p.subscription_id', '=', 's.id')
            .where('p.ends_at', '>', nowIso),
        ),
      ),
    )
    .returning('s.id')
    .execute();
}

/** Purchases never paid within a day are dropped from the customer's view. */
export function expireUnpaid(db: Executor, beforeIso: string, nowIso: string) {
  return db
    .updateTable('subscriptions')
    .set({ status: 'expired', updated_at: nowIso })
    .where('status', '=', 'pending_payment')
    .where('created_at', '<', beforeIso)
    .returning('id')
    .execute();
}

export function resumeDuePauses(db: Executor, nowIso: string) {
  return db
    .updateTable('subscriptions')
    .set({ status: 'active', paused_at: null, pause_until: null, updated_at: nowIso })
    .where('status', '=', 'paused')
    .where('pause_until', '<=', nowIso)
    .returning('id')
    .execute();
}

/**
 * Claims the reminders due: the last paid period of a live subscription ending within the
 * window and not reminded yet. The conditional update is the claim: with several instances
 * running the job at once, each period is claimed (and mailed) once.
 */
export function claimReminders(trx: Trx, p: { nowIso: string; untilIso: string }) {
  return trx
    .updateTable('subscription_periods as p')
    .set({ reminder_sent_at: p.nowIso })
    .from('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .whereRef('s.id', '=', 'p.subscription_id')
    .where('s.status', 'in', LIVE)
    .where('p.reminder_sent_at', 'is', null)
    .where('p.ends_at', '>', p.nowIso)
    .where('p.ends_at', '<=', p.untilIso)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscription_periods as later')
            .select('later.id')
            .whereRef('later.subscription_id', '=', 'p.subscription_id')
            .whereRef('later.starts_at', '>=', 'p.ends_at'),
        ),
      ),
    )
    .returning(['p.id', 'p.ends_at', 's.id as subscription_id', 's.user_id', 's.plan_name', 's.auto_renew', 'u.email', 'u.name'])
    .execute();
}

/**
 * Auto-renewing subscriptions whose paid time ends by `untilIso` with nothing queued (test gateway
 * renewals). Not one whose renewal a UPI AutoPay debit took on for this period (decision 290): the
 * mandate renews it, and a debit that failed has told the customer the plan ends unless they renew.
 */
export function dueAutoRenewals(db: Executor, untilIso: string) {
  return db
    .selectFrom('subscriptions as s')
    .select(['s.id', 's.user_id'])
    .where('s.status', '=', 'active')
    .where('s.auto_renew', '=', true)
    .where('s.gateway_subscription_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('autopay_debits as d')
            .select('d.id')
            .whereRef('d.subscription_id', '=', 's.id')
            .where('d.purpose', '=', 'subscription_renewal')
            .where((eb) =>
              eb(
                'd.created_at',
                '>',
                eb
                  .selectFrom('subscription_periods as p2')
                  .select((e) => e.fn.max('p2.starts_at').as('m'))
                  .whereRef('p2.subscription_id', '=', 's.id'),
              ),
            ),
        ),
      ),
    )
    .where((eb) =>
      eb(
        eb
          .selectFrom('subscription_periods as p')
          .select((e) => e.fn.max('p.ends_at').as('m'))
          .whereRef('p.subscription_id', '=', 's.id'),
        '<=',
        untilIso,
      ),
    )
    .limit(50)
    .execute();
}

// ---------- Admin ----------

export interface AdminListFilter {
  planId?: string;
  status?: SubscriptionRow['status'];
  renewingSoonBefore?: string;
  nowIso: string;
  q?: string;
  limit: number;
  offset: number;
}

export async function adminList(db: Executor, f: AdminListFilter) {
  let q = db.selectFrom('subscriptions as s').innerJoin('users as u', 'u.id', 's.user_id').where('s.status', '!=', 'pending_payment');
  if (f.planId) q = q.where('s.plan_id', '=', f.planId);
  if (f.status) q = q.where('s.status', '=', f.status);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('u.email', 'ilike', like), eb('u.name', 'ilike', like)]));
  }
  if (f.renewingSoonBefore) {
    const until = f.renewingSoonBefore;
    q = q.where('s.status', 'in', LIVE).where((eb) =>
      eb(
        eb
          .selectFrom('subscription_periods as p')
          .select((e) => e.fn.max('p.ends_at').as('m'))
          .whereRef('p.subscription_id', '=', 's.id'),
        '<=',
        until,
      ),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll('s')
      .select(['u.name as customer_name', sql<string>`coalesce(u.email, '')`.as('customer_email')])
      .orderBy('s.created_at', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function customerOf(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
}

// ---------- Settling purchases ----------

/**
 * Serialises the settlement of one customer's purchases (a transaction-scoped advisory lock, so
 * nothing to release and nothing session-level for PgBouncer): the second of two purchases paid at
 * once then sees the subscription the first made live.
 */
export async function lockCustomerPurchases(trx: Trx, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`subscription-purchase:${userId}`}, 0))`.execute(trx);
}

/** A paid purchase that becomes the next period of the customer's live subscription. */
export async function movePaymentTo(trx: Trx, paymentId: string, subscriptionId: string): Promise<void> {
  await trx
    .updateTable('subscription_payments')
    .set({ subscription_id: subscriptionId, kind: 'renewal' })
    .where('id', '=', paymentId)
    .execute();
}

/**
 * Running subscriptions that renew automatically without a Razorpay subscription and whose paid
 * time ends in (`fromIso`, `untilIso`]: the renewals UPI AutoPay debits (decision 290).
 */
export function renewalsEndingBetween(db: Executor, p: { fromIso: string; untilIso: string; limit: number }) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_periods as p', 'p.subscription_id', 's.id')
    .select(['s.id', 's.user_id', 's.plan_name', 's.price_paise'])
    .select((e) => e.fn.max('p.ends_at').as('ends_at'))
    .where('s.status', '=', 'active')
    .where('s.auto_renew', '=', true)
    .where('s.gateway_subscription_id', 'is', null)
    .groupBy('s.id')
    .having((e) => e.fn.max('p.ends_at'), '>', p.fromIso)
    .having((e) => e.fn.max('p.ends_at'), '<=', p.untilIso)
    .limit(p.limit)
    .execute();
}
