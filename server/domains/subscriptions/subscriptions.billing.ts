import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { oneGatewayOrder, resolveIdempotencyKey, testGatewayOnly, verifiedStoredOrderPayment, type GatewayPayment, type TestGateway } from '../../lib/payments';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { reconcileGatewayOrders } from '../../lib/payments/reconcile';
import type { ChargeKindHandler } from '../../lib/payments/charge-kinds';
import { enqueueMail } from '../../lib/mail';
import * as repo from './subscriptions.repository';
import { subscriptionMail } from './subscriptions.mail';
import { subscriptionPayments } from './subscription-payments';
import { effectiveStatus, fmtDate, loadView, ms } from './subscriptions.service';
import { addDaysMs, renewalStart } from '../../../shared/rules/subscriptions';
import { formatRupees } from '../../../shared/rules/money';
import type {
  CreateSubscriptionPaymentInput,
  SubscriptionCheckout,
  SubscriptionPaymentResult,
  TestCompleteSubscriptionInput,
  VerifySubscriptionPaymentInput,
} from '../../../shared/schemas/subscriptions';

/**
 * Paying for subscriptions: buying and renewing (a gateway order for the server's price under the
 * customer's idempotency key), settling what the gateway reports (the one place a payment changes
 * a subscription), Razorpay Subscriptions' automatic renewals and the test-mode renewal job. Key
 * reading and Checkout verification are the payments code's (server/lib/payments), refunds go
 * through the payments domain's outbox (subscription-payments.ts).
 */

type Deps = AppDeps;

// ---------- Buying and renewing ----------

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
  const key = resolveIdempotencyKey(headerKey, input.idempotencyKey, 'purchase');
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
  const key = resolveIdempotencyKey(headerKey, input.idempotencyKey, 'purchase');
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
  // One gateway order per key, however many requests race (decision 205).
  const gatewayOrderId = await oneGatewayOrder(deps, {
    scope: `subscription:${user.id}`,
    key,
    amountPaise: amount,
    receipt: `sub-${key.slice(0, 30)}`,
    notes: { kind: 'subscription', plan: name },
    otherAmount: 'This idempotency key was already used for a payment of another amount. Use a new key.',
  });
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
      gateway_order_id: gatewayOrderId,
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

export type SubscriptionSettlement =
  | 'not_ours'
  | 'activated'
  | 'renewed'
  | 'already_paid'
  | 'failed'
  | 'amount_mismatch'
  | 'duplicate_refunded'
  | 'recorded';

/** What settling decided, and the refund to send once the transaction commits (decision 116). */
export interface SettledSubscriptionPayment {
  outcome: SubscriptionSettlement;
  refundId: string | null;
}

const settled = (outcome: SubscriptionSettlement, refundId: string | null = null): SettledSubscriptionPayment => ({ outcome, refundId });

/**
 * Records what the gateway says about a subscription payment, inside the caller's transaction.
 * Verify, the webhook and test mode all come here, in any order, any number of times: the
 * payment row is locked and moves from created (or failed) to paid once, so a payment adds
 * exactly one period — or, when it cannot buy what it was for, is refunded in full: money the
 * gateway captured never stays without a period or a refund. Returns 'not_ours' when the gateway
 * order is not a subscription payment.
 */
export async function settleInTransaction(deps: Deps, trx: Trx, gp: GatewayPayment): Promise<SettledSubscriptionPayment> {
  const pay = await repo.findPaymentByGatewayOrder(trx, gp.gatewayOrderId, { lock: true });
  if (!pay) return settled('not_ours');
  if (gp.status === 'created' || gp.status === 'refunded') return settled('recorded');
  if (gp.status === 'failed') {
    await repo.markFailed(trx, pay.id);
    return settled('failed');
  }
  if (pay.status === 'paid' || pay.status === 'refunded') return settled('already_paid');
  const now = deps.clock.now();
  const paid = await repo.markPaid(trx, pay.id, { gatewayPaymentId: gp.id, method: gp.method, capturedPaise: gp.amountPaise, now: now.toISOString() });
  if (!paid) return settled('already_paid');
  if (gp.amountPaise !== pay.amount_paise) {
    // The gateway fixes the amount per order, so this is a forged or broken event: what it says was taken goes back.
    deps.log.error({ paymentId: pay.id, amount: gp.amountPaise, expected: pay.amount_paise }, 'subscription payment amount differs; refunding');
    return settled('amount_mismatch', await refundInFull(deps, trx, pay, 'the amount paid differs from the plan price'));
  }
  return placePaidPayment(deps, trx, paid, now);
}

async function refundInFull(deps: Deps, trx: Trx, pay: repo.PaymentRow, why: string): Promise<string> {
  const { refund } = await subscriptionPayments().reserveRefundInTransaction(deps, trx, {
    subscriptionPaymentId: pay.id,
    reason: `automatic: ${why}`,
    idempotencyKey: `auto:subscription:${pay.id}`,
  });
  return refund.id;
}

/**
 * A paid payment gets its period. A purchase that was started while the customer had no live
 * subscription but is paid after another one went live (two tabs, a double click with two keys)
 * cannot make a second live subscription (the database allows one per customer): for the same plan
 * at the same price it becomes the next period of the live one — what buying that plan again does —
 * else it is refunded in full. Decision 116.
 */
async function placePaidPayment(deps: Deps, trx: Trx, pay: repo.PaymentRow, now: Date): Promise<SettledSubscriptionPayment> {
  const s = (await repo.findSubscription(trx, pay.subscription_id, { lock: true }))!;
  if (s.status === 'pending_payment') {
    // One customer's purchases settle one at a time: two paid at once would both find no live subscription.
    await repo.lockCustomerPurchases(trx, s.user_id);
    const live = await repo.findLive(trx, s.user_id, { lock: true });
    if (live && live.id !== s.id) {
      await repo.updateSubscription(trx, s.id, { status: 'expired', updated_at: now.toISOString() });
      if (live.plan_id === s.plan_id && live.price_paise === pay.amount_paise) {
        await repo.movePaymentTo(trx, pay.id, live.id);
        return settled(await addPaidPeriod(deps, trx, live.id, pay.id, now));
      }
      return settled('duplicate_refunded', await refundInFull(deps, trx, pay, `a second purchase (${s.plan_name}) while ${live.plan_name} runs`));
    }
  }
  return settled(await addPaidPeriod(deps, trx, s.id, pay.id, now));
}

export async function addPaidPeriod(
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
  // An account started from a mobile number may have no e-mail yet (decision 170).
  if (user.email) await enqueueMail(
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

/**
 * Through the one settle path (payments), which finds the payment by its gateway order and comes
 * back to settleInTransaction; the refund it decided is sent after commit (the refund job retries).
 */
async function settle(deps: Deps, gp: GatewayPayment): Promise<SubscriptionSettlement> {
  return (await subscriptionPayments().settle(deps, gp, 'subscription')).outcome as SubscriptionSettlement;
}

/** Subscription payments as a kind of charge (decision 280): registered with payments at start (server/app.ts). */
export const subscriptionCharges: ChargeKindHandler = {
  outcomePrefix: 'subscription_',
  async settleInTransaction(deps, trx, gp) {
    const r = await settleInTransaction(deps, trx, gp);
    const refundId = r.refundId;
    return { outcome: r.outcome, afterCommit: refundId ? (d) => subscriptionPayments().sendPendingRefund(d, refundId) : undefined };
  },
  reconcile: (deps, opts) => reconcileSubscriptionPayments(deps, opts),
};

async function resultFor(deps: Deps, user: AuthUser, paymentId: string, outcome: SubscriptionSettlement): Promise<SubscriptionPaymentResult> {
  // Read again: settling may have moved the payment to the customer's live subscription.
  const pay = (await repo.findPayment(deps.db, paymentId))!;
  if (outcome === 'duplicate_refunded' || outcome === 'amount_mismatch') {
    const live = await repo.findLive(deps.db, user.id);
    const s = live ?? (await repo.findSubscription(deps.db, pay.subscription_id))!;
    return {
      subscription: await loadView(deps, deps.db, s),
      paid: false,
      message: live
        ? `You already subscribe to ${live.plan_name}, so this payment of ${formatRupees(pay.amount_paise)} is being refunded in full (banks usually take 5–7 working days).`
        : `This payment of ${formatRupees(pay.amount_paise)} is being refunded in full (banks usually take 5–7 working days).`,
    };
  }
  const s = (await repo.findSubscription(deps.db, pay.subscription_id))!;
  const paid = pay.status === 'paid';
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
  return resultFor(deps, user, pay.id, await settle(deps, await verifiedStoredOrderPayment(deps, pay, input, 'subscription')));
}

/** POST /api/subscription-payment/test/complete — test payment mode only. */
export async function completeTestPayment(
  deps: Deps,
  user: AuthUser,
  input: TestCompleteSubscriptionInput,
): Promise<SubscriptionPaymentResult> {
  const gateway = testGatewayOnly(deps);
  const pay = await ownedPayment(deps, user, input.gatewayOrderId);
  if (pay.status === 'paid') return resultFor(deps, user, pay.id, 'already_paid');
  return resultFor(deps, user, pay.id, await settle(deps, await gateway.complete(pay.gateway_order_id, input.outcome)));
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
    captured_paise: p.amount,
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

/**
 * Job: subscription payments the customer completed at the gateway whose verify never came (the
 * browser closed) and whose webhook was lost are settled by asking the gateway, as orders' are
 * (decision 153): each unsettled payment between 2 minutes and 2 hours old, leased to one instance
 * for 3 minutes at a time. Settlement is the same idempotent path verify and webhooks take, so a
 * payment found here and by a late webhook adds one period (or one refund). Returns how many it
 * activated or renewed.
 */
export function reconcileSubscriptionPayments(deps: Deps, opts: { minAgeMinutes?: number; limit?: number } = {}): Promise<number> {
  return reconcileGatewayOrders(deps, 'subscription_payments', (gp) => settle(deps, gp), (outcome) => outcome === 'activated' || outcome === 'renewed', opts);
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
