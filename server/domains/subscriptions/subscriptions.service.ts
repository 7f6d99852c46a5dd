import type { AppDeps } from '../../deps';
import { formatDate } from '../../../shared/rules/dates';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import * as repo from './subscriptions.repository';
import { notify } from '../notifications/notify.service';
import { hasActiveMandate } from './subscriptions.autopay';
import type { FreeUnitRule, SubscriptionPlanInfo } from '../../../shared/rules/free-unit';
import {
  addDaysMs,
  DAY_MS,
  pauseRefusal,
  pricePerShake,
  REMINDER_DAYS_BEFORE_END,
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionStatus,
} from '../../../shared/rules/subscriptions';
import type {
  Period,
  Plan,
  PlanList,
  Subscription,
  SubscriptionHistory,
  SubscriptionStatusAnswer,
  SubscriptionUsage,
} from '../../../shared/schemas/subscriptions';

/**
 * Subscriptions for customers and for the other domains: the views, the plans on offer, a
 * subscriber's benefits (cart and orders call these), the customer's reads and actions (pause,
 * resume, cancel, automatic renewal) and the expiry and reminder jobs. Paying is
 * subscriptions.billing.ts; the admin desk is subscriptions.admin.service.ts.
 */

type Deps = AppDeps;

// ---------- Views ----------

export function toPlan(p: repo.PlanRow): Plan {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    price: p.price_paise,
    periodDays: p.period_days,
    freeUnits: p.free_units,
    freeUnitRule: p.free_unit_rule,
    freeDelivery: p.free_delivery,
    pointsMultiplier: p.points_multiplier,
    subscriberSlots: p.subscriber_slots,
    active: p.active,
    pricePerShake: pricePerShake(p.price_paise, p.free_units),
  };
}

export const ms = (iso: string) => new Date(iso).getTime();
export const fmtDate = (iso: string) => formatDate(iso, 'date');

export function toPeriod(p: repo.PeriodRow): Period {
  return {
    id: p.id,
    start: p.starts_at,
    end: p.ends_at,
    allowed: p.free_units_allowed,
    used: p.free_units_used,
    remaining: Math.max(0, p.free_units_allowed - p.free_units_used),
  };
}

/** What the row means at `now`: a paused subscription whose pause ended is active; one without paid time left has expired. */
export function effectiveStatus(s: repo.SubscriptionRow, periods: readonly repo.PeriodRow[], now: Date): SubscriptionStatus {
  if (s.status === 'pending_payment' || s.status === 'expired') return s.status;
  const paidThrough = periods.reduce((m, p) => Math.max(m, ms(p.ends_at)), 0);
  if (paidThrough <= now.getTime()) return 'expired';
  if (s.status === 'paused' && s.pause_until && ms(s.pause_until) <= now.getTime()) return 'active';
  return s.status;
}

export function currentPeriodOf(periods: readonly repo.PeriodRow[], now: Date): repo.PeriodRow | null {
  const t = now.getTime();
  return periods.find((p) => ms(p.starts_at) <= t && t < ms(p.ends_at)) ?? null;
}

export function toSubscription(s: repo.SubscriptionRow, allPeriods: readonly repo.PeriodRow[], now: Date): Subscription {
  const periods = allPeriods.filter((p) => p.subscription_id === s.id);
  const status = effectiveStatus(s, periods, now);
  const current = status === 'expired' || status === 'pending_payment' ? null : currentPeriodOf(periods, now);
  const paidThrough = periods.length ? periods.reduce((m, p) => (ms(p.ends_at) > ms(m) ? p.ends_at : m), periods[0]!.ends_at) : null;
  const queued = periods.filter((p) => ms(p.starts_at) > now.getTime()).length;
  return {
    id: s.id,
    planId: s.plan_id,
    planName: s.plan_name,
    price: s.price_paise,
    periodDays: s.period_days,
    freeUnits: s.free_units,
    freeUnitRule: s.free_unit_rule,
    freeDelivery: s.free_delivery,
    pointsMultiplier: s.points_multiplier,
    subscriberSlots: s.subscriber_slots,
    status,
    statusLabel: SUBSCRIPTION_STATUS_LABELS[status],
    autoRenew: s.auto_renew,
    mandateUrl: s.auto_renew && s.gateway_subscription_id ? s.gateway_mandate_url : null,
    currentPeriod: current ? toPeriod(current) : null,
    queuedPeriods: queued,
    paidThrough,
    pausedAt: status === 'paused' ? s.paused_at : null,
    pauseUntil: status === 'paused' ? s.pause_until : null,
    canPause: status === 'active' && !!current && s.paused_period_id !== current.id,
    cancelReason: s.cancel_reason,
    cancelledAt: s.cancelled_at,
    createdAt: s.created_at,
  };
}

export async function loadView(deps: Deps, ex: Executor, s: repo.SubscriptionRow): Promise<Subscription> {
  return toSubscription(s, await repo.periodsOf(ex, [s.id]), deps.clock.now());
}

// ---------- Plans ----------

/** GET /api/subscription-plans */
export async function listPlans(deps: Deps): Promise<PlanList> {
  return { plans: (await repo.listPlans(deps.db, { activeOnly: true })).map(toPlan) };
}

// ---------- Benefits (the cart and order seams call these) ----------

export interface SubscriberBenefits extends SubscriptionPlanInfo {
  rule: FreeUnitRule;
  freeDelivery: boolean;
  subscriberSlots: boolean;
  pointsMultiplier: number;
  subscriptionId: string;
  periodId: string;
}

/**
 * The benefits a customer has right now: only while the subscription runs (active, or cancelled
 * but before its end; not while paused) and inside a paid period. Inside a transaction the
 * subscription row is locked, so placements by the same customer take free units one at a time
 * and each prices from what the previous one left.
 */
export async function benefitsFor(
  deps: Pick<AppDeps, 'clock'>,
  executor: Executor,
  userId: string | null,
): Promise<SubscriberBenefits | null> {
  if (!userId) return null;
  return benefitsOfRow(deps, executor, (await repo.findLive(executor, userId, { lock: executor.isTransaction })) ?? null);
}

/** A live subscription row as the placing statement reads it (server/statements/placement.repository.ts). */
export type LiveSubscriptionRow = repo.SubscriptionRow;

/**
 * The benefits of a live subscription row already read (locked, inside a transaction: the placing
 * statement reads it). Its periods are read now, after the lock, so they are current.
 */
export async function benefitsOfRow(
  deps: Pick<AppDeps, 'clock'>,
  executor: Executor,
  s: repo.SubscriptionRow | null,
): Promise<SubscriberBenefits | null> {
  if (!s) return null;
  const periods = await repo.periodsOf(executor, [s.id]);
  const now = deps.clock.now();
  const status = effectiveStatus(s, periods, now);
  if (status !== 'active' && status !== 'cancelled') return null;
  const current = currentPeriodOf(periods, now);
  if (!current) return null;
  return {
    planName: s.plan_name,
    rule: s.free_unit_rule,
    remainingFreeUnits: Math.max(0, current.free_units_allowed - current.free_units_used),
    freeDelivery: s.free_delivery,
    subscriberSlots: s.subscriber_slots,
    pointsMultiplier: s.points_multiplier,
    subscriptionId: s.id,
    periodId: current.id,
  };
}

/**
 * Takes one free unit of the running period for an order, inside the placing transaction
 * (conditional update: never beyond the allowance). Returns the value granted: 0 when the
 * allowance is used up or the subscription stopped running meanwhile.
 */
export async function takeFreeUnit(
  deps: Pick<AppDeps, 'clock'>,
  trx: Trx,
  p: { userId: string; orderId: string; valuePaise: number },
): Promise<number> {
  if (p.valuePaise <= 0) return 0;
  const b = await benefitsFor(deps, trx, p.userId);
  if (!b) return 0;
  return (await repo.takeFreeUnit(trx, { periodId: b.periodId, orderId: p.orderId, valuePaise: p.valuePaise })) ? p.valuePaise : 0;
}

/** Gives an order's free unit back (order cancelled or expired unpaid). */
export async function giveBackFreeUnit(trx: Trx, orderId: string): Promise<void> {
  await repo.giveBackFreeUnit(trx, orderId);
}

/** For the admin dashboard: customers whose subscription is running now. */
export async function countActiveSubscribers(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  return repo.countLive(deps.db, deps.clock.now().toISOString());
}

/** Subscriber-only delivery slots are for customers whose running plan includes them. */
export async function requireSubscriberSlots(deps: Pick<AppDeps, 'clock'>, executor: Executor, userId: string): Promise<void> {
  const b = await benefitsFor(deps, executor, userId);
  if (!b?.subscriberSlots) {
    throw new AppError(
      'FORBIDDEN',
      'Subscriber delivery slots are for active Vitality Monthly and Elite Quarterly subscribers. Please pick another slot.',
    );
  }
}

// ---------- Customer reads ----------

/** GET /api/user/subscription-status */
export async function status(deps: Deps, user: AuthUser): Promise<SubscriptionStatusAnswer> {
  const s = await repo.findLive(deps.db, user.id);
  const view = s ? await loadView(deps, deps.db, s) : null;
  const running = !!view && (view.status === 'active' || view.status === 'cancelled') && !!view.currentPeriod;
  return {
    hasActiveSubscription: running,
    plan:
      view && view.status !== 'expired'
        ? {
            id: view.planId,
            name: view.planName,
            freeUnitRule: view.freeUnitRule,
            freeDelivery: view.freeDelivery,
            pointsMultiplier: view.pointsMultiplier,
            subscriberSlots: view.subscriberSlots,
          }
        : null,
    status: view?.status ?? null,
    periodEnd: view?.currentPeriod?.end ?? view?.paidThrough ?? null,
    remainingFreeUnits: running ? view.currentPeriod!.remaining : 0,
    subscription: view && view.status !== 'expired' ? view : null,
  };
}

/** A customer's latest subscription as the admin customer detail shows it (null when they never subscribed). */
export async function latestOfCustomer(ex: Executor, userId: string, now: Date): Promise<Subscription | null> {
  const rows = await repo.subscriptionsOfUser(ex, userId);
  const s = rows[0];
  return s ? toSubscription(s, await repo.periodsOf(ex, [s.id]), now) : null;
}

/** GET /api/user/subscription/usage */
export async function usage(deps: Deps, user: AuthUser): Promise<SubscriptionUsage> {
  const s = await repo.findLive(deps.db, user.id);
  const p = s ? (await loadView(deps, deps.db, s)).currentPeriod : null;
  return p
    ? { periodStart: p.start, periodEnd: p.end, allowed: p.allowed, used: p.used, remaining: p.remaining }
    : { periodStart: null, periodEnd: null, allowed: 0, used: 0, remaining: 0 };
}

/** GET /api/user/subscriptions */
export async function history(deps: Deps, user: AuthUser): Promise<SubscriptionHistory> {
  const rows = await repo.subscriptionsOfUser(deps.db, user.id);
  const periods = await repo.periodsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const now = deps.clock.now();
  return { subscriptions: rows.map((r) => toSubscription(r, periods, now)) };
}

// ---------- Customer actions ----------

export async function lockOwned(trx: Trx, user: AuthUser, id: string): Promise<repo.SubscriptionRow> {
  const s = await repo.findSubscription(trx, id, { lock: true });
  if (!s || s.user_id !== user.id) throw notFound('That subscription');
  return s;
}

/** Pause for `days` (once per period): the period end and every later period move by the pause. */
export async function pauseInTransaction(deps: Deps, trx: Trx, s: repo.SubscriptionRow, days: number, opts: { admin: boolean }): Promise<void> {
  const now = deps.clock.now();
  const periods = await repo.periodsOf(trx, [s.id]);
  const st = effectiveStatus(s, periods, now);
  const current = currentPeriodOf(periods, now);
  const refusal = pauseRefusal({
    status: st,
    days,
    alreadyPausedThisPeriod: !opts.admin && !!current && s.paused_period_id === current.id,
    hasCurrentPeriod: !!current,
  });
  if (refusal) throw new AppError('INVALID_STATE', refusal);
  const nowIso = now.toISOString();
  await repo.shiftPeriods(trx, s.id, nowIso, days * DAY_MS);
  await repo.updateSubscription(trx, s.id, {
    status: 'paused',
    paused_at: nowIso,
    pause_until: addDaysMs(now, days),
    paused_period_id: current!.id,
    updated_at: nowIso,
  });
}

/** Resume before the pause ends: the days not used are taken back off the period end. */
export async function resumeInTransaction(deps: Deps, trx: Trx, s: repo.SubscriptionRow): Promise<void> {
  const now = deps.clock.now();
  const periods = await repo.periodsOf(trx, [s.id]);
  if (effectiveStatus(s, periods, now) !== 'paused') throw new AppError('INVALID_STATE', 'Your subscription is not paused.');
  const unused = ms(s.pause_until!) - now.getTime();
  const nowIso = now.toISOString();
  if (unused > 0) await repo.shiftPeriods(trx, s.id, nowIso, -unused);
  await repo.updateSubscription(trx, s.id, { status: 'active', paused_at: null, pause_until: null, updated_at: nowIso });
}

export async function cancelInTransaction(deps: Deps, trx: Trx, s: repo.SubscriptionRow, reason: string): Promise<void> {
  const now = deps.clock.now();
  const st = effectiveStatus(s, await repo.periodsOf(trx, [s.id]), now);
  if (st === 'cancelled') throw new AppError('INVALID_STATE', 'This subscription is already cancelled.');
  if (st !== 'active' && st !== 'paused') throw new AppError('INVALID_STATE', 'Only a running subscription can be cancelled.');
  const nowIso = now.toISOString();
  // A paused subscription that is cancelled runs again (to its moved end) — the pause is over.
  await repo.updateSubscription(trx, s.id, {
    status: 'cancelled',
    cancel_reason: reason,
    cancelled_at: nowIso,
    auto_renew: false,
    paused_at: null,
    pause_until: null,
    updated_at: nowIso,
  });
}

function act(deps: Deps, user: AuthUser, id: string, f: (trx: Trx, s: repo.SubscriptionRow) => Promise<void>): Promise<Subscription> {
  return withTransactionRetry(deps, async (trx) => {
    const s = await lockOwned(trx, user, id);
    await f(trx, s);
    return loadView(deps, trx, (await repo.findSubscription(trx, id))!);
  });
}

export const pause = (deps: Deps, user: AuthUser, input: { id: string; days: number }) =>
  act(deps, user, input.id, (trx, s) => pauseInTransaction(deps, trx, s, input.days, { admin: false }));
export const resume = (deps: Deps, user: AuthUser, input: { id: string }) =>
  act(deps, user, input.id, (trx, s) => resumeInTransaction(deps, trx, s));
export const cancel = (deps: Deps, user: AuthUser, input: { id: string; reason: string }) =>
  act(deps, user, input.id, (trx, s) => cancelInTransaction(deps, trx, s, input.reason));

/**
 * POST /api/user/subscriptions/{id}/auto-renew. With Razorpay keys, switching on creates a Razorpay
 * plan and subscription charging from the end of the paid time (the customer authorises the mandate
 * at `mandateUrl`); switching off cancels it. In test mode the renewal job charges the test gateway.
 * Gateway calls happen outside the transaction; the row is re-checked under its lock afterwards.
 */
export async function setAutoRenew(deps: Deps, user: AuthUser, input: { id: string; enabled: boolean }): Promise<Subscription> {
  const s = await repo.findSubscription(deps.db, input.id);
  if (!s || s.user_id !== user.id) throw notFound('That subscription');
  const now = deps.clock.now();
  const st = effectiveStatus(s, await repo.periodsOf(deps.db, [s.id]), now);
  if (input.enabled && st !== 'active' && st !== 'paused') {
    throw new AppError('INVALID_STATE', 'Automatic renewal can be switched on for a running, not cancelled, subscription.');
  }
  const recurring = deps.payments.recurring;
  let created: { id: string; authUrl: string | null } | null = null;
  // A customer with UPI AutoPay renews through that mandate (decision 290): no second mandate link.
  if (input.enabled && recurring && !s.gateway_subscription_id && !(await hasActiveMandate(deps, user.id))) {
    const view = await loadView(deps, deps.db, s);
    try {
      const plan = await recurring.createPlan({ name: s.plan_name, amountPaise: s.price_paise, periodDays: s.period_days });
      created = await recurring.createSubscription({
        planId: plan.id,
        startAt: new Date(view.paidThrough ?? now.toISOString()),
        totalCount: Math.max(1, Math.floor(3650 / s.period_days)),
        notes: { kind: 'subscription', subscriptionId: s.id },
      });
    } catch (e) {
      deps.log.warn({ err: e, subscriptionId: s.id }, 'automatic renewal: Razorpay did not answer');
      throw new AppError('GATEWAY_ERROR', "We couldn't set up automatic renewal with the payment gateway. Please try again in a moment.", {
        cause: e,
      });
    }
  }
  let toCancel: string | null = null;
  const view = await withTransactionRetry(deps, async (trx) => {
    const row = await lockOwned(trx, user, input.id);
    const nowIso = deps.clock.now().toISOString();
    if (input.enabled) {
      if (created && row.gateway_subscription_id) toCancel = created.id; // a parallel request set one up first
      await repo.updateSubscription(trx, row.id, {
        auto_renew: true,
        ...(created && !row.gateway_subscription_id ? { gateway_subscription_id: created.id, gateway_mandate_url: created.authUrl } : {}),
        updated_at: nowIso,
      });
    } else {
      toCancel = row.gateway_subscription_id;
      await repo.updateSubscription(trx, row.id, {
        auto_renew: false,
        gateway_subscription_id: null,
        gateway_mandate_url: null,
        updated_at: nowIso,
      });
    }
    return loadView(deps, trx, (await repo.findSubscription(trx, row.id))!);
  });
  const cancelId = toCancel as string | null;
  if (cancelId && recurring) {
    await recurring
      .cancelSubscription(cancelId)
      .catch((err) => deps.log.error({ err, gatewaySubscriptionId: cancelId }, 'automatic renewal: could not cancel at Razorpay'));
  }
  return view;
}

// ---------- Jobs ----------

/** Paused subscriptions whose pause ended run again; lapsed ones expire; unpaid purchases older than a day are dropped. */
export async function expireAndResume(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const resumed = await repo.resumeDuePauses(deps.db, nowIso);
  const expired = await repo.expireLapsed(deps.db, nowIso);
  const dropped = await repo.expireUnpaid(deps.db, addDaysMs(now, -1), nowIso);
  return resumed.length + expired.length + dropped.length;
}

/** The reminder 3 days before the paid time ends, once per period (the claim is a conditional update), on the customer's channels. */
export async function sendReminders(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  return withTransactionRetry(deps, async (trx) => {
    const due = await repo.claimReminders(trx, { nowIso: now.toISOString(), untilIso: addDaysMs(now, REMINDER_DAYS_BEFORE_END) });
    for (const r of due) {
      // On every channel the customer has (decision 215): a customer without an e-mail hears too.
      await notify(deps, trx, { userId: r.user_id }, 'renews_soon', {
        subscriptionId: r.subscription_id,
        plan: r.plan_name,
        date: formatDate(r.ends_at, 'date'),
        autoRenew: r.auto_renew,
      });
    }
    return due.length;
  });
}
