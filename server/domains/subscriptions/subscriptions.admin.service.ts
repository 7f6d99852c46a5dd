import { assertMayGiveMoneyBack } from '../../lib/money-back';
import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { recordAudit } from '../audit/audit.service';
import * as repo from './subscriptions.repository';
import { subscriptionPayments } from './subscription-payments';
import { addPaidPeriod } from './subscriptions.billing';
import { renewalDebitsOf } from './subscriptions.autopay';
import {
  cancelInTransaction,
  effectiveStatus,
  ms,
  pauseInTransaction,
  resumeInTransaction,
  toPeriod,
  toPlan,
  toSubscription,
} from './subscriptions.service';
import { addDaysMs, RENEWING_SOON_DAYS } from '../../../shared/rules/subscriptions';
import { refundableOf } from '../../../shared/rules/money';
import type {
  AdminSubscriptionDetail,
  AdminSubscriptionList,
  AdminSubscriptionListInput,
  AdminSubscriptionRow,
  Plan,
  PlanInput,
  PlanList,
  PlanUpdateInput,
} from '../../../shared/schemas/subscriptions';

/** The subscriptions desk: list, detail, extend, pause, resume, cancel, refund (each audited), and plans. */

type Deps = AppDeps;

// ---------- Admin ----------

async function adminRows(deps: Deps, ex: Executor, rows: (repo.SubscriptionRow & { customer_name: string; customer_email: string })[]) {
  const periods = await repo.periodsOf(
    ex,
    rows.map((r) => r.id),
  );
  const now = deps.clock.now();
  return rows.map((r): AdminSubscriptionRow => ({
    ...toSubscription(r, periods, now),
    customer: { id: r.user_id, name: r.customer_name, email: r.customer_email },
  }));
}

/** GET /api/admin/subscriptions */
export async function adminList(deps: Deps, input: AdminSubscriptionListInput, resHeaders?: Record<string, string>): Promise<AdminSubscriptionList> {
  const now = deps.clock.now();
  const { rows, total } = await repo.adminList(deps.db, {
    planId: input.planId,
    status: input.status,
    q: input.q || undefined,
    renewingSoonBefore: input.renewingSoon ? addDaysMs(now, RENEWING_SOON_DAYS) : undefined,
    nowIso: now.toISOString(),
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  if (resHeaders) resHeaders['X-Total-Count'] = String(total);
  return { subscriptions: await adminRows(deps, deps.db, rows), totalCount: total };
}

/** GET /api/admin/subscriptions/{id} */
export async function adminDetail(deps: Deps, id: string, ex: Executor = deps.db): Promise<AdminSubscriptionDetail> {
  const s = await repo.findSubscription(ex, id);
  if (!s) throw notFound('That subscription');
  const c = await repo.customerOf(ex, s.user_id);
  const [row] = await adminRows(deps, ex, [{ ...s, customer_name: c.name, customer_email: c.email ?? '' }]);
  const [periods, payments, debits, free] = await Promise.all([
    repo.periodsOf(ex, [s.id]),
    repo.paymentsOf(ex, s.id),
    renewalDebitsOf(ex, s.id),
    repo.freeUnitsOf(ex, s.id),
  ]);
  const port = subscriptionPayments();
  const refunds = await port.refundsOfSubscriptionPayments(ex, [...payments.map((p) => p.id), ...debits.map((d) => d.id)]);
  const refundsOf = (id: string) =>
    refunds.filter((r) => r.subscription_payment_id === id || r.autopay_debit_id === id).map(port.toAdminRefund);
  return {
    subscription: row!,
    periods: periods.map(toPeriod),
    payments: [
      ...payments.map((p) => ({
        id: p.id,
        kind: p.kind,
        amount: p.amount_paise,
        refunded: p.refunded_paise,
        status: p.status,
        gateway: p.gateway,
        gatewayOrderId: p.gateway_order_id,
        gatewayPaymentId: p.gateway_payment_id,
        createdAt: p.created_at,
        paidAt: p.paid_at,
        refunds: refundsOf(p.id),
      })),
      // Renewals debited through the customer's UPI AutoPay mandate (decision 290) are payments of the subscription too (decision 284).
      ...debits.map((d) => ({
        id: d.id,
        kind: 'autopay_renewal' as const,
        amount: d.amountPaise,
        refunded: d.refundedPaise,
        status: d.status,
        gateway: d.provider,
        gatewayOrderId: d.gatewayOrderId,
        gatewayPaymentId: d.gatewayPaymentId,
        createdAt: d.createdAt,
        paidAt: d.paidAt,
        refunds: refundsOf(d.id),
      })),
    ].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime()),
    freeUnits: free.map((f) => ({ orderId: f.order_id, orderNumber: f.number, value: f.value_paise, at: f.created_at })),
  };
}

function adminAct(
  deps: Deps,
  admin: AuthUser,
  id: string,
  action: string,
  f: (trx: Trx, s: repo.SubscriptionRow) => Promise<unknown>,
): Promise<AdminSubscriptionDetail> {
  return withTransactionRetry(deps, async (trx) => {
    const s = await repo.findSubscription(trx, id, { lock: true });
    if (!s) throw notFound('That subscription');
    const before = await adminDetail(deps, id, trx);
    const extra = await f(trx, s);
    const after = await adminDetail(deps, id, trx);
    await recordAudit(trx, admin, {
      action,
      entity: 'subscription',
      entityId: id,
      before: before.subscription,
      after: extra ? { ...after.subscription, ...(extra as object) } : after.subscription,
      at: deps.clock.now().toISOString(),
    });
    return after;
  });
}

/** POST /api/admin/subscriptions/{id}/extend — the paid time (and the running period) ends `days` later. */
export const adminExtend = (deps: Deps, admin: AuthUser, input: { id: string; days: number; note?: string }) =>
  adminAct(deps, admin, input.id, 'subscription.extend', async (trx, s) => {
    const now = deps.clock.now();
    const periods = await repo.periodsOf(trx, [s.id]);
    const st = effectiveStatus(s, periods, now);
    if (st === 'pending_payment') throw new AppError('INVALID_STATE', 'This subscription was never paid for; there is nothing to extend.');
    if (st === 'expired' || periods.length === 0) {
      // Lapsed: a complimentary period from now.
      const live = await repo.findLive(trx, s.user_id);
      if (live && live.id !== s.id)
        throw new AppError('INVALID_STATE', `This customer already has a running ${live.plan_name} subscription.`);
      await addPaidPeriod(deps, trx, s.id, null, now);
      const last = (await repo.periodsOf(trx, [s.id])).at(-1)!;
      await repo.setPeriodEnd(trx, last.id, addDaysMs(last.starts_at, input.days));
      return { note: input.note ?? null, days: input.days };
    }
    // Extend the last paid period (the running one when nothing is queued).
    const last = periods.reduce((m, p) => (ms(p.ends_at) > ms(m.ends_at) ? p : m), periods[0]!);
    await repo.setPeriodEnd(trx, last.id, addDaysMs(last.ends_at, input.days));
    return { note: input.note ?? null, days: input.days };
  });

export const adminPause = (deps: Deps, admin: AuthUser, input: { id: string; days: number }) =>
  adminAct(deps, admin, input.id, 'subscription.pause', (trx, s) => pauseInTransaction(deps, trx, s, input.days, { admin: true }));

export const adminResume = (deps: Deps, admin: AuthUser, input: { id: string }) =>
  adminAct(deps, admin, input.id, 'subscription.resume', (trx, s) => resumeInTransaction(deps, trx, s));

export const adminCancel = (deps: Deps, admin: AuthUser, input: { id: string; reason: string }) =>
  adminAct(deps, admin, input.id, 'subscription.cancel', (trx, s) => cancelInTransaction(deps, trx, s, `By the shop: ${input.reason}`));

/**
 * POST /api/admin/subscriptions/{id}/refund — refund (part of) a paid subscription payment through
 * the one refund outbox (decision 115): the amount is reserved on the payment (never past what was
 * paid) and the refund recorded with the audit entry; it is sent after commit under its idempotency
 * key, the refund job retries a gateway that fails, and a refund the gateway finally refuses can be
 * retried from the admin. The payment reads "refunded" only once the gateway has made the refund.
 * A renewal debited through the customer's AutoPay mandate is refunded the same way, through its
 * debit (decision 284): `paymentId` is then the debit's id, as the detail lists it.
 */
export async function adminRefund(
  deps: Deps,
  admin: AuthUser,
  input: { id: string; paymentId: string; amount?: number; reason: string },
): Promise<AdminSubscriptionDetail> {
  let refundId: string | null = null;
  await adminAct(deps, admin, input.id, 'subscription.refund', async (trx, s) => {
    const pay = await chargeOfSubscription(trx, s.id, input.paymentId);
    if (pay.status !== 'paid' || !pay.gatewayPaymentId) throw new AppError('INVALID_STATE', 'Only a paid payment can be refunded.');
    const left = refundableOf(pay.capturedPaise, pay.refundedPaise);
    if (left <= 0) throw new AppError('INVALID_STATE', 'This payment has already been refunded in full.');
    // The same rule (and cap) as every refund by staff (decision 204).
    assertMayGiveMoneyBack(admin, 'subscriptions:write', pay.refundedPaise + (input.amount ?? left));
    // The key is the amount refunded so far plus this one: two clicks on one screen are one refund.
    // The charge's own lock (in the reservation) bounds the refund by what it captured, whatever raced it here.
    const { refund } = await subscriptionPayments().reserveRefundInTransaction(deps, trx, {
      ...pay.charge,
      amountPaise: input.amount,
      reason: `admin: ${input.reason.trim()}`.slice(0, 300),
      idempotencyKey: `subrefund:${pay.id}:${pay.refundedPaise + (input.amount ?? left)}`,
    });
    refundId = refund.id;
    return { refund: { paymentId: pay.id, refundId: refund.id, amount: refund.amount_paise, reason: input.reason } };
  });
  const sent = refundId as string | null;
  if (sent) await subscriptionPayments().sendPendingRefund(deps, sent);
  return adminDetail(deps, input.id);
}

/** A payment of the subscription by id: a subscription payment, or a debit that renewed it through AutoPay. */
async function chargeOfSubscription(trx: Trx, subscriptionId: string, id: string) {
  const pay = await repo.findPayment(trx, id);
  if (pay?.subscription_id === subscriptionId)
    return {
      id: pay.id,
      charge: { subscriptionPaymentId: pay.id },
      status: pay.status,
      gatewayPaymentId: pay.gateway_payment_id,
      capturedPaise: pay.captured_paise ?? 0,
      refundedPaise: pay.refunded_paise,
    };
  const debit = (await renewalDebitsOf(trx, subscriptionId)).find((d) => d.id === id);
  if (!debit) throw notFound('That payment');
  return {
    id: debit.id,
    charge: { autopayDebitId: debit.id },
    status: debit.status,
    gatewayPaymentId: debit.gatewayPaymentId,
    capturedPaise: debit.capturedPaise,
    refundedPaise: debit.refundedPaise,
  };
}

/** GET /api/admin/subscription-plans — every plan, offered or not. */
export async function adminPlans(deps: Deps): Promise<PlanList> {
  return { plans: (await repo.listPlans(deps.db, { activeOnly: false })).map(toPlan) };
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50) || 'plan';

/** POST /api/admin/subscription-plans */
export async function adminCreatePlan(deps: Deps, admin: AuthUser, input: PlanInput): Promise<Plan> {
  return withTransactionRetry(deps, async (trx) => {
    const nowIso = deps.clock.now().toISOString();
    const row = await repo
      .insertPlan(trx, {
        slug: `${slugOf(input.name)}-${Date.now().toString(36)}`,
        name: input.name,
        description: input.description,
        price_paise: input.price,
        period_days: input.periodDays,
        free_units: input.freeUnits,
        free_unit_rule: input.freeUnitRule,
        free_delivery: input.freeDelivery,
        points_multiplier: input.pointsMultiplier,
        subscriber_slots: input.subscriberSlots,
        active: input.active,
        sort_order: await repo.nextPlanSort(trx),
        created_at: nowIso,
        updated_at: nowIso,
      })
      .catch((e: unknown) => {
        throw new AppError('CONFLICT', 'A plan with this name exists already.', { cause: e });
      });
    const plan = toPlan(row);
    await recordAudit(trx, admin, {
      action: 'subscription_plan.create',
      entity: 'subscription_plan',
      entityId: plan.id,
      after: plan,
      at: nowIso,
    });
    return plan;
  });
}

/** PATCH /api/admin/subscription-plans/{id} — changes future purchases only: subscribers keep what they bought. */
export async function adminUpdatePlan(deps: Deps, admin: AuthUser, input: PlanUpdateInput): Promise<Plan> {
  return withTransactionRetry(deps, async (trx) => {
    const before = await repo.findPlan(trx, input.id);
    if (!before) throw notFound('That plan');
    const nowIso = deps.clock.now().toISOString();
    const row = await repo.updatePlan(trx, input.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.price !== undefined ? { price_paise: input.price } : {}),
      ...(input.periodDays !== undefined ? { period_days: input.periodDays } : {}),
      ...(input.freeUnits !== undefined ? { free_units: input.freeUnits } : {}),
      ...(input.freeUnitRule !== undefined ? { free_unit_rule: input.freeUnitRule } : {}),
      ...(input.freeDelivery !== undefined ? { free_delivery: input.freeDelivery } : {}),
      ...(input.pointsMultiplier !== undefined ? { points_multiplier: input.pointsMultiplier } : {}),
      ...(input.subscriberSlots !== undefined ? { subscriber_slots: input.subscriberSlots } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      updated_at: nowIso,
    });
    const plan = toPlan(row!);
    await recordAudit(trx, admin, {
      action: input.active === false && before.active ? 'subscription_plan.deactivate' : 'subscription_plan.update',
      entity: 'subscription_plan',
      entityId: plan.id,
      before: toPlan(before),
      after: plan,
      at: nowIso,
    });
    return plan;
  });
}
