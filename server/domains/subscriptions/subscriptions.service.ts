import type { AppDeps } from '../../deps';
import { formatDate } from '../../../shared/rules/dates';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import { paymentAfterSignature, type GatewayPayment, type TestGateway } from '../../lib/payments';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { recordAudit } from '../audit/audit.service';
import * as repo from './subscriptions.repository';
import { subscriptionMail } from './subscriptions.mail';
import type { FreeUnitRule, SubscriptionPlanInfo } from '../../../shared/rules/free-unit';
import {
  addDaysMs,
  DAY_MS,
  pauseRefusal,
  pricePerShake,
  REMINDER_DAYS_BEFORE_END,
  RENEWING_SOON_DAYS,
  renewalStart,
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionStatus,
} from '../../../shared/rules/subscriptions';
import { formatRupees } from '../../../shared/rules/money';
import type {
  AdminSubscriptionDetail,
  AdminSubscriptionList,
  AdminSubscriptionListInput,
  AdminSubscriptionRow,
  CreateSubscriptionPaymentInput,
  Period,
  Plan,
  PlanInput,
  PlanList,
  PlanUpdateInput,
  Subscription,
  SubscriptionCheckout,
  SubscriptionHistory,
  SubscriptionPaymentResult,
  SubscriptionStatusAnswer,
  SubscriptionUsage,
  TestCompleteSubscriptionInput,
  VerifySubscriptionPaymentInput,
} from '../../../shared/schemas/subscriptions';

type Deps = AppDeps;
const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;

// ---------- Views ----------

function toPlan(p: repo.PlanRow): Plan {
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

const ms = (iso: string) => new Date(iso).getTime();

function toPeriod(p: repo.PeriodRow): Period {
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

function currentPeriodOf(periods: readonly repo.PeriodRow[], now: Date): repo.PeriodRow | null {
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

async function loadView(deps: Deps, ex: Executor, s: repo.SubscriptionRow): Promise<Subscription> {
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
  const s = await repo.findLive(executor, userId, { lock: executor.isTransaction });
  if (!s) return null;
  const now = deps.clock.now();
  const periods = await repo.periodsOf(executor, [s.id]);
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

// ---------- Buying and renewing ----------

function resolveKey(header: string | string[] | undefined, body: string | undefined): string {
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader !== undefined && !IDEMPOTENCY_KEY_RE.test(fromHeader)) {
    throw new AppError('BAD_REQUEST', 'The Idempotency-Key header must be 8–100 letters, digits or - _ . : (a UUID is ideal).');
  }
  if (fromHeader !== undefined && body !== undefined && fromHeader !== body) {
    throw new AppError('BAD_REQUEST', 'The Idempotency-Key header and idempotencyKey in the body differ. Send one key.');
  }
  const key = fromHeader ?? body;
  if (!key) throw new AppError('BAD_REQUEST', 'Send an Idempotency-Key header (a new UUID per purchase) so a retry never charges twice.');
  return key;
}

async function checkoutOf(deps: Deps, user: AuthUser, pay: repo.PaymentRow, replayed: boolean): Promise<SubscriptionCheckout> {
  const s = await repo.findSubscription(deps.db, pay.subscription_id);
  if (!s) throw notFound('That subscription');
  return {
    subscription: await loadView(deps, deps.db, s),
    payment: {
      mode: pay.gateway === 'razorpay' ? 'razorpay' : 'test',
      gatewayOrderId: pay.gateway_order_id,
      amount: pay.amount_paise,
      currency: 'INR',
      keyId: deps.payments.keyId,
      description: `${s.plan_name} subscription`,
      prefill: { name: user.name, email: user.email },
    },
    replayed,
  };
}

const fmtDate = (iso: string) => formatDate(iso, 'date');

/**
 * What a payment for `planId` is for: a new subscription, or the next period of the one the
 * customer already has (buying while subscribed queues the next period).
 */
async function purchaseTarget(
  deps: Deps,
  user: AuthUser,
  planId: string,
): Promise<{ plan: repo.PlanRow; existing: repo.SubscriptionRow | null }> {
  const plan = await repo.findPlan(deps.db, planId);
  if (!plan || !plan.active) throw new AppError('NOT_FOUND', 'That plan is not offered any more. Please choose another plan.');
  const live = await repo.findLive(deps.db, user.id);
  if (!live) return { plan, existing: null };
  const view = await loadView(deps, deps.db, live);
  if (live.plan_id === planId) return { plan, existing: live };
  if (view.status === 'expired') return { plan, existing: null };
  throw new AppError(
    'INVALID_STATE',
    `You already subscribe to ${live.plan_name} until ${fmtDate(view.paidThrough!)}. Renew it from your profile, or choose another plan once it ends.`,
  );
}

/** POST /api/subscription-payment/create — a gateway order for the plan's price, from the server. */
export async function createPayment(
  deps: Deps,
  user: AuthUser,
  input: CreateSubscriptionPaymentInput,
  headerKey: string | string[] | undefined,
): Promise<SubscriptionCheckout> {
  const key = resolveKey(headerKey, input.idempotencyKey);
  const seen = await repo.findPaymentByKey(deps.db, user.id, key);
  if (seen) return checkoutOf(deps, user, seen, true);
  const { plan, existing } = await purchaseTarget(deps, user, input.planId);
  return startPayment(deps, user, key, existing ?? plan, existing ? 'renewal' : 'purchase');
}

/** POST /api/user/subscriptions/{id}/renew — pay for the next period (starts at the current end, or now when it has ended). */
export async function renew(
  deps: Deps,
  user: AuthUser,
  input: { id: string; idempotencyKey?: string },
  headerKey: string | string[] | undefined,
) {
  const key = resolveKey(headerKey, input.idempotencyKey);
  const seen = await repo.findPaymentByKey(deps.db, user.id, key);
  if (seen) return checkoutOf(deps, user, seen, true);
  const s = await repo.findSubscription(deps.db, input.id);
  if (!s || s.user_id !== user.id) throw notFound('That subscription');
  if (s.status === 'pending_payment')
    throw new AppError('INVALID_STATE', 'This subscription was never paid for. Choose a plan on the Subscriptions page.');
  if (s.status === 'expired') {
    const live = await repo.findLive(deps.db, user.id);
    if (live && live.id !== s.id)
      throw new AppError('INVALID_STATE', `You already subscribe to ${live.plan_name}. Renew that one instead.`);
  }
  return startPayment(deps, user, key, s, 'renewal');
}

async function startPayment(
  deps: Deps,
  user: AuthUser,
  key: string,
  target: repo.PlanRow | repo.SubscriptionRow,
  kind: 'purchase' | 'renewal',
): Promise<SubscriptionCheckout> {
  const isPlan = !('plan_id' in target);
  const amount = target.price_paise;
  const name = isPlan ? (target as repo.PlanRow).name : (target as repo.SubscriptionRow).plan_name;
  let g;
  try {
    g = await deps.payments.createOrder({
      amountPaise: amount,
      receipt: `sub-${key.slice(0, 30)}`,
      notes: { kind: 'subscription', plan: name },
    });
  } catch (e) {
    deps.log.warn({ err: e }, 'payment gateway: could not create a subscription order');
    throw new AppError('GATEWAY_ERROR', "We couldn't reach the payment gateway. Nothing was charged; please try again in a moment.", {
      cause: e,
    });
  }
  const nowIso = deps.clock.now().toISOString();
  const pay = await withTransactionRetry(deps, async (trx) => {
    let subId: string;
    if (isPlan) {
      const p = target as repo.PlanRow;
      const s = await repo.insertSubscription(trx, {
        user_id: user.id,
        plan_id: p.id,
        plan_name: p.name,
        price_paise: p.price_paise,
        period_days: p.period_days,
        free_units: p.free_units,
        free_unit_rule: p.free_unit_rule,
        free_delivery: p.free_delivery,
        points_multiplier: p.points_multiplier,
        subscriber_slots: p.subscriber_slots,
        status: 'pending_payment',
        created_at: nowIso,
        updated_at: nowIso,
      });
      subId = s.id;
    } else subId = target.id;
    const row = await repo.insertPayment(trx, {
      subscription_id: subId,
      user_id: user.id,
      kind,
      amount_paise: amount,
      status: 'created',
      gateway: deps.payments.mode,
      gateway_order_id: g.id,
      idempotency_key: key,
      created_at: nowIso,
    });
    // A parallel request with the same key won: undo ours and answer with its payment.
    if (!row) throw new KeyTaken();
    return row;
  }).catch(async (e) => {
    if (!(e instanceof KeyTaken)) throw e;
    return null;
  });
  if (!pay) {
    const winner = await repo.findPaymentByKey(deps.db, user.id, key);
    if (!winner) throw new AppError('CONFLICT', 'This purchase is being processed. Please try again in a moment.');
    return checkoutOf(deps, user, winner, true);
  }
  return checkoutOf(deps, user, pay, false);
}
class KeyTaken extends Error {}

// ---------- Settlement: the one place a payment changes a subscription ----------

export type SubscriptionSettlement = 'not_ours' | 'activated' | 'renewed' | 'already_paid' | 'failed' | 'amount_mismatch' | 'recorded';

/**
 * Records what the gateway says about a subscription payment, inside the caller's transaction.
 * Verify, the webhook and test mode all come here, in any order, any number of times: the
 * payment row is locked and moves from created to paid once, so a payment adds exactly one
 * period. Returns 'not_ours' when the gateway order is not a subscription payment.
 */
export async function settleInTransaction(deps: Deps, trx: Trx, gp: GatewayPayment): Promise<SubscriptionSettlement> {
  const pay = await repo.findPaymentByGatewayOrder(trx, gp.gatewayOrderId, { lock: true });
  if (!pay) return 'not_ours';
  if (gp.status === 'created' || gp.status === 'refunded') return 'recorded';
  if (gp.status === 'failed') {
    await repo.markFailed(trx, pay.id);
    return 'failed';
  }
  if (pay.status === 'paid' || pay.status === 'refunded') return 'already_paid';
  if (gp.amountPaise !== pay.amount_paise) {
    deps.log.error(
      { paymentId: pay.id, amount: gp.amountPaise, expected: pay.amount_paise },
      'subscription payment amount differs; not activated',
    );
    return 'amount_mismatch';
  }
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const paid = await repo.markPaid(trx, pay.id, { gatewayPaymentId: gp.id, method: gp.method, now: nowIso });
  if (!paid) return 'already_paid';
  return addPaidPeriod(deps, trx, pay.subscription_id, pay.id, now);
}

async function addPaidPeriod(
  deps: Deps,
  trx: Trx,
  subscriptionId: string,
  paymentId: string | null,
  now: Date,
): Promise<SubscriptionSettlement> {
  const nowIso = now.toISOString();
  const s = (await repo.findSubscription(trx, subscriptionId, { lock: true }))!;
  const periods = await repo.periodsOf(trx, [s.id]);
  const lapsed = effectiveStatus(s, periods, now) === 'expired';
  const paidThrough = lapsed ? null : periods.reduce<string | null>((m, p) => (!m || ms(p.ends_at) > ms(m) ? p.ends_at : m), null);
  const start = renewalStart(paidThrough, now);
  await repo.insertPeriod(trx, {
    subscription_id: s.id,
    payment_id: paymentId,
    starts_at: start,
    ends_at: addDaysMs(start, s.period_days),
    free_units_allowed: s.free_units,
    reminder_sent_at: null,
    created_at: nowIso,
  });
  const first = s.status === 'pending_payment';
  if (s.status !== 'active' && s.status !== 'paused') {
    await repo.updateSubscription(trx, s.id, {
      status: 'active',
      cancel_reason: null,
      cancelled_at: null,
      paused_at: null,
      pause_until: null,
      updated_at: nowIso,
    });
  }
  const user = await repo.customerOf(trx, s.user_id);
  await enqueueMail(
    trx,
    subscriptionMail(first ? 'activated' : 'renewed', {
      to: user.email,
      name: user.name,
      planName: s.plan_name,
      start,
      end: addDaysMs(start, s.period_days),
      freeUnits: s.free_units,
      publicUrl: deps.config.PUBLIC_URL,
    }),
  );
  return first ? 'activated' : 'renewed';
}

async function settle(deps: Deps, gp: GatewayPayment): Promise<SubscriptionSettlement> {
  return withTransactionRetry(deps, (trx) => settleInTransaction(deps, trx, gp));
}

async function resultFor(deps: Deps, pay: repo.PaymentRow, outcome: SubscriptionSettlement): Promise<SubscriptionPaymentResult> {
  const s = (await repo.findSubscription(deps.db, pay.subscription_id))!;
  const after = await repo.findPayment(deps.db, pay.id);
  const paid = after?.status === 'paid';
  const view = await loadView(deps, deps.db, s);
  return {
    subscription: view,
    paid,
    message: paid
      ? `${s.plan_name} is active until ${fmtDate(view.paidThrough ?? new Date().toISOString())}.`
      : outcome === 'failed'
        ? 'The payment did not go through. Nothing was charged; you can try again.'
        : 'We are still waiting for the payment to be confirmed.',
  };
}

async function ownedPayment(deps: Deps, user: AuthUser, gatewayOrderId: string): Promise<repo.PaymentRow> {
  const pay = await repo.findPaymentByGatewayOrder(deps.db, gatewayOrderId);
  if (!pay || pay.user_id !== user.id) throw notFound('That subscription payment');
  return pay;
}

/** POST /api/subscription-payment/verify — Checkout's success callback, signature checked against the gateway order we stored. */
export async function verifyPayment(deps: Deps, user: AuthUser, input: VerifySubscriptionPaymentInput): Promise<SubscriptionPaymentResult> {
  const pay = await ownedPayment(deps, user, input.razorpay_order_id);
  const ok = deps.payments.verifyPaymentSignature({
    gatewayOrderId: pay.gateway_order_id,
    paymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
  });
  if (!ok) {
    throw new AppError(
      'INVALID_SIGNATURE',
      'We could not verify this payment. If money left your account, it will be matched to your subscription automatically or refunded.',
    );
  }
  const gp = await paymentAfterSignature(
    deps,
    { paymentId: input.razorpay_payment_id, gatewayOrderId: pay.gateway_order_id, amountPaise: pay.amount_paise },
    { message: 'subscription verify: could not fetch payment details; settling on the signature' },
  );
  return resultFor(deps, pay, await settle(deps, gp));
}

/** POST /api/subscription-payment/test/complete — test payment mode only. */
export async function completeTestPayment(
  deps: Deps,
  user: AuthUser,
  input: TestCompleteSubscriptionInput,
): Promise<SubscriptionPaymentResult> {
  if (deps.payments.mode !== 'test') throw new AppError('NOT_FOUND', 'There is no API operation at this path. See /api/docs.');
  const pay = await ownedPayment(deps, user, input.gatewayOrderId);
  if (pay.status === 'paid') return resultFor(deps, pay, 'already_paid');
  const gp = await (deps.payments as TestGateway).complete(pay.gateway_order_id, input.outcome);
  return resultFor(deps, pay, await settle(deps, gp));
}

// ---------- Customer actions ----------

async function lockOwned(trx: Trx, user: AuthUser, id: string): Promise<repo.SubscriptionRow> {
  const s = await repo.findSubscription(trx, id, { lock: true });
  if (!s || s.user_id !== user.id) throw notFound('That subscription');
  return s;
}

/** Pause for `days` (once per period): the period end and every later period move by the pause. */
async function pauseInTransaction(deps: Deps, trx: Trx, s: repo.SubscriptionRow, days: number, opts: { admin: boolean }): Promise<void> {
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
async function resumeInTransaction(deps: Deps, trx: Trx, s: repo.SubscriptionRow): Promise<void> {
  const now = deps.clock.now();
  const periods = await repo.periodsOf(trx, [s.id]);
  if (effectiveStatus(s, periods, now) !== 'paused') throw new AppError('INVALID_STATE', 'Your subscription is not paused.');
  const unused = ms(s.pause_until!) - now.getTime();
  const nowIso = now.toISOString();
  if (unused > 0) await repo.shiftPeriods(trx, s.id, nowIso, -unused);
  await repo.updateSubscription(trx, s.id, { status: 'active', paused_at: null, pause_until: null, updated_at: nowIso });
}

async function cancelInTransaction(deps: Deps, trx: Trx, s: repo.SubscriptionRow, reason: string): Promise<void> {
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
  if (input.enabled && recurring && !s.gateway_subscription_id) {
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

type SubscriptionWebhookPayload = {
  subscription?: { entity?: { id?: string } };
  payment?: { entity?: { id?: string; order_id?: string; amount?: number; method?: string } };
};

/**
 * Razorpay Subscriptions webhooks, inside the webhook's transaction (its event id is already
 * recorded, so a replay never gets here): `subscription.charged` adds the paid period once per
 * gateway payment; `halted` and `cancelled` switch automatic renewal off.
 */
export async function subscriptionWebhookInTransaction(
  deps: Deps,
  trx: Trx,
  event: string,
  payload: SubscriptionWebhookPayload | undefined,
): Promise<string> {
  const gatewaySubId = payload?.subscription?.entity?.id;
  if (!gatewaySubId) return 'malformed';
  const s = await repo.findByGatewaySubscription(trx, gatewaySubId);
  if (!s) return 'subscription_unknown';
  const nowIso = deps.clock.now().toISOString();
  if (event === 'subscription.halted' || event === 'subscription.cancelled') {
    await repo.updateSubscription(trx, s.id, {
      auto_renew: false,
      gateway_subscription_id: null,
      gateway_mandate_url: null,
      updated_at: nowIso,
    });
    return event === 'subscription.halted' ? 'subscription_halted' : 'subscription_auto_renew_cancelled';
  }
  if (event !== 'subscription.charged') return 'ignored';
  const p = payload?.payment?.entity;
  if (!p?.id || typeof p.amount !== 'number') return 'malformed';
  if (p.amount !== s.price_paise) {
    deps.log.error(
      { subscriptionId: s.id, amount: p.amount, expected: s.price_paise },
      'automatic renewal charged a different amount; no period added',
    );
    return 'subscription_amount_mismatch';
  }
  const row = await repo.insertChargedPayment(trx, {
    subscription_id: s.id,
    user_id: s.user_id,
    kind: 'auto_renewal',
    amount_paise: p.amount,
    status: 'paid',
    gateway: 'razorpay',
    gateway_order_id: p.order_id ?? `charge:${p.id}`,
    gateway_payment_id: p.id,
    method: p.method ?? null,
    idempotency_key: `rzp:${p.id}`,
    created_at: nowIso,
    paid_at: nowIso,
  });
  if (!row) return 'subscription_already_charged';
  return `subscription_${await addPaidPeriod(deps, trx, s.id, row.id, deps.clock.now())}`;
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

/** The reminder e-mail 3 days before the paid time ends, once per period (the claim is a conditional update). */
export async function sendReminders(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  return withTransactionRetry(deps, async (trx) => {
    const due = await repo.claimReminders(trx, { nowIso: now.toISOString(), untilIso: addDaysMs(now, REMINDER_DAYS_BEFORE_END) });
    for (const r of due) {
      await enqueueMail(
        trx,
        subscriptionMail('reminder', {
          to: r.email,
          name: r.name,
          planName: r.plan_name,
          start: null,
          end: r.ends_at,
          freeUnits: 0,
          autoRenew: r.auto_renew,
          publicUrl: deps.config.PUBLIC_URL,
        }),
      );
    }
    return due.length;
  });
}

/**
 * Automatic renewal with the test gateway: at the period end the renewal is charged (the
 * test gateway simulates a successful charge) and settled like any payment — the payment's
 * unique idempotency key (subscription + period end) makes a second instance's run harmless.
 */
export async function autoRenewDue(deps: Deps): Promise<number> {
  if (deps.payments.mode !== 'test') return 0;
  const now = deps.clock.now();
  // Charged in the last hour of the paid time, so the next period follows without a gap.
  const due = await repo.dueAutoRenewals(deps.db, new Date(now.getTime() + 3_600_000).toISOString());
  let n = 0;
  for (const d of due) {
    const s = (await repo.findSubscription(deps.db, d.id))!;
    const periods = await repo.periodsOf(deps.db, [s.id]);
    const end = periods.reduce((m, p) => (ms(p.ends_at) > ms(m) ? p.ends_at : m), periods[0]!.ends_at);
    const key = `auto:${s.id}:${ms(end)}`;
    if (await repo.findPaymentByKey(deps.db, s.user_id, key)) continue;
    const g = await deps.payments.createOrder({ amountPaise: s.price_paise, receipt: `auto-${ms(end)}`, notes: { kind: 'subscription' } });
    const row = await repo.insertPayment(deps.db, {
      subscription_id: s.id,
      user_id: s.user_id,
      kind: 'auto_renewal',
      amount_paise: s.price_paise,
      status: 'created',
      gateway: deps.payments.mode,
      gateway_order_id: g.id,
      idempotency_key: key,
      created_at: now.toISOString(),
    });
    if (!row) continue;
    const outcome = await settle(deps, await (deps.payments as TestGateway).complete(g.id, 'success'));
    if (outcome === 'renewed' || outcome === 'activated') n++;
  }
  return n;
}

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
  const [row] = await adminRows(deps, ex, [{ ...s, customer_name: c.name, customer_email: c.email }]);
  const [periods, payments, free] = await Promise.all([repo.periodsOf(ex, [s.id]), repo.paymentsOf(ex, s.id), repo.freeUnitsOf(ex, s.id)]);
  return {
    subscription: row!,
    periods: periods.map(toPeriod),
    payments: payments.map((p) => ({
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
    })),
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
 * POST /api/admin/subscriptions/{id}/refund — refund (part of) a paid subscription payment. The
 * amount is reserved on the payment row (never past what was paid) with the audit entry; the
 * gateway is asked after commit with the same key, so a retry never refunds twice.
 */
export async function adminRefund(
  deps: Deps,
  admin: AuthUser,
  input: { id: string; paymentId: string; amount?: number; reason: string },
): Promise<AdminSubscriptionDetail> {
  let refund: { gatewayPaymentId: string; amount: number; key: string } | null = null;
  const detail = await adminAct(deps, admin, input.id, 'subscription.refund', async (trx, s) => {
    const pay = await repo.findPayment(trx, input.paymentId, { lock: true });
    if (!pay || pay.subscription_id !== s.id) throw notFound('That payment');
    if (pay.status !== 'paid' || !pay.gateway_payment_id) throw new AppError('INVALID_STATE', 'Only a paid payment can be refunded.');
    const left = pay.amount_paise - pay.refunded_paise;
    const amount = input.amount ?? left;
    const key = `subrefund:${pay.id}:${pay.refunded_paise + amount}`;
    const done = await repo.reserveRefund(trx, pay.id, amount, key);
    if (!done)
      throw new AppError(
        'INVALID_STATE',
        `A refund cannot be more than what was paid: at most ${formatRupees(left)} can still be refunded.`,
      );
    refund = { gatewayPaymentId: pay.gateway_payment_id, amount, key };
    return { refund: { paymentId: pay.id, amount, reason: input.reason } };
  });
  const r = refund as { gatewayPaymentId: string; amount: number; key: string } | null;
  if (r) {
    await deps.payments
      .refund({
        paymentId: r.gatewayPaymentId,
        amountPaise: r.amount,
        idempotencyKey: r.key,
        notes: { reason: input.reason.slice(0, 200) },
      })
      .catch((err) =>
        deps.log.error({ err, subscriptionId: input.id }, 'subscription refund: the gateway did not answer; retry from the admin'),
      );
  }
  return detail;
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
