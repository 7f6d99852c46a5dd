import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { GatewayError, oneGatewayOrder, resolveIdempotencyKey, testGatewayOnly, verifiedStoredOrderPayment, type GatewayPayment, type TestGateway } from '../../lib/payments';
import type { ChargeKindHandler } from '../../lib/payments/charge-kinds';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { kickNotices, notify } from '../notifications/notify.service';
import * as wallet from '../wallet/wallet.service';
import { plannedTotal } from '../schedules/schedules.service';
import * as repo from './autopay.repository';
import * as renewals from '../subscriptions/subscriptions.autopay';
import { autopayPayments } from './autopay-payments';
import { debitRefundHooks } from './autopay.refunds';
import { formatRupees } from '../../../shared/rules/money';
import { formatDate } from '../../../shared/rules/dates';
import { addDays, istToday } from '../../../shared/rules/slots';
import type { UserRole } from '../../../shared/rules/staff';
import {
  AUTOPAY_MAX_PAISE,
  type Autopay,
  type AutopayDebit,
  type AutoRechargeInput,
  type Mandate,
  type MandateStart,
  type MandateTestCompleteInput,
  type MandateVerifyInput,
  type StartMandateInput,
  type TestDebitsInput,
} from '../../../shared/schemas/autopay';

/**
 * UPI AutoPay (PRODUCT.md §21, decision 281): the customer authorises a mandate once (Razorpay
 * recurring payments: customer → order with the token's terms → authorisation payment → token);
 * the wallet then refills itself: a pre-debit notice at least 24 hours ahead, then the debit, a
 * charge of kind autopay_debit settled through the one settle path (decision 280).
 */
type Deps = AppDeps;

/** NPCI: the pre-debit notice goes at least 24 hours before the debit. A minute more, so a clock's rounding never makes it 23:59. */
export const NOTICE_MS = 24 * 3_600_000 + 60_000;
const MANDATE_YEARS = 10;

const iso = (s: string) => new Date(s).toISOString();

function toMandate(m: repo.MandateRow): Mandate {
  return {
    id: m.id,
    status: m.status,
    maxAmount: m.max_amount_paise,
    frequency: 'as presented',
    bank: m.bank,
    validUntil: iso(m.expires_at),
    createdAt: iso(m.created_at),
  };
}

const toDebit = (d: repo.DebitRow): AutopayDebit => ({
  id: d.id,
  purpose: d.purpose,
  amount: d.amount_paise,
  status: d.status,
  debitAfter: iso(d.debit_after),
  createdAt: iso(d.created_at),
});

// ---------- The mandate ----------

const OTHER_MAX = 'This idempotency key was already used for AutoPay with another maximum. Use a new key.';

/**
 * POST /api/user/autopay/mandate — the gateway customer and the authorisation order for the mandate,
 * under the customer's Idempotency-Key: any number of requests with one key, on any number of
 * instances, make one gateway order (the key is claimed before the gateway is called, decision 205).
 */
export async function startMandate(deps: Deps, user: AuthUser, input: StartMandateInput, headerKey: string | string[] | undefined): Promise<MandateStart> {
  const key = resolveIdempotencyKey(headerKey, input.idempotencyKey, 'purchase');
  const seen = await repo.mandateByKey(deps.db, user.id, key);
  if (seen) {
    if (seen.max_amount_paise !== input.maxAmount) throw new AppError('IDEMPOTENCY_MISMATCH', OTHER_MAX);
    return startOf(deps, seen, true);
  }
  const live = await repo.liveMandate(deps.db, user.id);
  if (live) throw new AppError('CONFLICT', 'AutoPay is already set up. Cancel it first to set it up again with other terms.');
  const contact = await repo.contactOf(deps.db, user.id);
  let created = false;
  const gatewayOrderId = await oneGatewayOrder(deps, {
    scope: `autopay_mandate:${user.id}`,
    key,
    amountPaise: input.maxAmount,
    receipt: `autopay-${key.slice(0, 30)}`,
    notes: { kind: 'autopay_mandate' },
    otherAmount: OTHER_MAX,
    create: async () => {
      const customer = await deps.payments.autopay.createCustomer({ name: contact?.name ?? user.name, email: contact?.email ?? null, contact: contact?.mobile ?? null });
      const expires = new Date(deps.clock.now().getTime() + MANDATE_YEARS * 365 * 86_400_000);
      const order = await deps.payments.autopay.createMandateOrder({
        customerId: customer.id,
        maxAmountPaise: input.maxAmount,
        expireAt: expires,
        receipt: `autopay-${key.slice(0, 30)}`,
        notes: { kind: 'autopay_mandate', userId: user.id },
      });
      // Written before the claim is filled: whoever gets this gateway order back finds its mandate.
      const now = deps.clock.now().toISOString();
      await repo.upsertPendingMandate(deps.db, {
        user_id: user.id,
        provider: deps.payments.mode,
        max_amount_paise: input.maxAmount,
        gateway_customer_id: customer.id,
        gateway_order_id: order.id,
        idempotency_key: key,
        expires_at: expires.toISOString(),
        now,
      });
      created = true;
      return order;
    },
  });
  const row = await repo.mandateByGatewayOrder(deps.db, gatewayOrderId);
  if (!row) throw new AppError('UNAVAILABLE', 'AutoPay is still being prepared. Please try again in a moment.', { retryAfter: 2 });
  return startOf(deps, row, !created);
}

function startOf(deps: Deps, m: repo.MandateRow, replayed: boolean): MandateStart {
  return {
    mandate: toMandate(m),
    checkout: {
      mode: m.provider,
      gatewayOrderId: m.gateway_order_id!,
      customerId: m.provider === 'razorpay' ? m.gateway_customer_id : null,
      keyId: deps.payments.keyId,
      amount: 100,
      currency: 'INR',
      description: `Hydro Shakes AutoPay, up to ${formatRupees(m.max_amount_paise)} a debit`,
    },
    replayed,
  };
}

async function ownedPending(deps: Deps, user: AuthUser, gatewayOrderId: string): Promise<repo.MandateRow> {
  const m = await repo.mandateByGatewayOrder(deps.db, gatewayOrderId);
  if (!m || m.user_id !== user.id) throw notFound('That AutoPay set-up');
  return m;
}

/** The authorisation payment went through: the mandate is active with its token (once). */
async function confirmWithPayment(deps: Deps, m: repo.MandateRow, paymentId: string): Promise<repo.MandateRow> {
  const { tokenId, bank } = await deps.payments.autopay.tokenOfPayment(paymentId);
  if (!tokenId) return m; // the bank has not confirmed yet: token.confirmed will
  return withTransactionRetry(deps, async (trx) => {
    const live = await repo.liveMandate(trx, m.user_id);
    if (live && live.id !== m.id) return live;
    return (await repo.activateMandate(trx, m.id, { tokenId, bank, now: deps.clock.now().toISOString() })) ?? (await repo.mandateByGatewayOrder(trx, m.gateway_order_id!))!;
  });
}

/** POST /api/user/autopay/mandate/verify — Checkout's callback after the authorisation payment (signature checked). */
export async function verifyMandate(deps: Deps, user: AuthUser, input: MandateVerifyInput): Promise<Autopay> {
  const m = await ownedPending(deps, user, input.razorpay_order_id);
  const gp = await verifiedStoredOrderPayment(deps, { gateway_order_id: m.gateway_order_id!, amount_paise: 100 }, input, 'subscription');
  await confirmWithPayment(deps, m, gp.id);
  return getAutopay(deps, user);
}

/** POST /api/user/autopay/mandate/test/complete — test payment mode only: the customer authorises (or declines) the mandate. */
export async function completeTestMandate(deps: Deps, user: AuthUser, input: MandateTestCompleteInput): Promise<Autopay> {
  const gateway = testGatewayOnly(deps);
  const m = await ownedPending(deps, user, input.gatewayOrderId);
  if (m.status === 'pending') {
    const paid = await gateway.complete(m.gateway_order_id!, input.outcome);
    if (input.outcome === 'success') await confirmWithPayment(deps, m, paid.id);
    else await repo.setMandateStatus(deps.db, m.id, 'rejected', ['pending'], deps.clock.now().toISOString());
  }
  return getAutopay(deps, user);
}

/** GET /api/user/autopay */
export async function getAutopay(deps: Pick<Deps, 'db' | 'payments'>, user: AuthUser): Promise<Autopay> {
  const [m, ar, debits] = await Promise.all([repo.currentMandate(deps.db, user.id), repo.autoRechargeOf(deps.db, user.id), repo.debitsOf(deps.db, user.id, 10)]);
  const live = m && (m.status === 'active' || m.status === 'paused') && m.gateway_token_id ? m.gateway_token_id : null;
  return {
    mandate: m ? toMandate(m) : null,
    autoRecharge: ar ? { threshold: ar.threshold_paise, amount: ar.amount_paise } : null,
    debits: debits.map(toDebit),
    testDebits: live && deps.payments.mode === 'test' ? await (deps.payments as TestGateway).tokenDebits(live) : null,
  };
}

/**
 * POST /api/user/autopay/test/debits — test payment mode only (decision 291): what the simulated
 * bank answers to the mandate's next debits, so a shopper can see a declined debit end in the
 * "not covered" message. 404 in Razorpay mode.
 */
export async function setTestDebits(deps: Deps, user: AuthUser, input: TestDebitsInput): Promise<Autopay> {
  const gateway = testGatewayOnly(deps);
  const m = await repo.liveMandate(deps.db, user.id);
  if (!m?.gateway_token_id) throw new AppError('INVALID_STATE', 'There is no AutoPay to test. Set it up first.');
  await gateway.setTokenDebits(m.gateway_token_id, input.debits);
  return getAutopay(deps, user);
}

/** Whether the customer has an active mandate (subscriptions asks, through its port, decision 290). */
export async function hasActiveMandate(deps: Pick<Deps, 'db'>, userId: string): Promise<boolean> {
  return !!(await repo.activeMandate(deps.db, userId));
}

/** POST /api/user/autopay/pause — pause (no debits; those notified are cancelled) or resume. */
export async function pause(deps: Deps, user: AuthUser, paused: boolean): Promise<Autopay> {
  await withTransactionRetry(deps, async (trx) => {
    const m = await repo.liveMandate(trx, user.id);
    if (!m) throw new AppError('INVALID_STATE', 'There is no AutoPay to pause or resume. Set it up first.');
    const now = deps.clock.now().toISOString();
    if (paused) {
      await repo.setMandateStatus(trx, m.id, 'paused', ['active'], now);
      await repo.cancelDebits(trx, { userId: user.id, mandateId: m.id, now });
    } else await repo.setMandateStatus(trx, m.id, 'active', ['paused'], now);
  });
  return getAutopay(deps, user);
}

/** DELETE /api/user/autopay — revoked at the gateway (NPCI) first, then here; debits not yet made are cancelled. */
export async function revoke(deps: Deps, user: AuthUser): Promise<Autopay> {
  const m = await repo.currentMandate(deps.db, user.id);
  if (!m) throw new AppError('INVALID_STATE', 'There is no AutoPay to cancel.');
  if (m.gateway_token_id && m.gateway_customer_id) {
    try {
      await deps.payments.autopay.cancelToken({ customerId: m.gateway_customer_id, tokenId: m.gateway_token_id });
    } catch (e) {
      throw new AppError('GATEWAY_ERROR', "We couldn't reach the payment gateway to cancel AutoPay. Nothing was changed; please try again in a moment.", { cause: e });
    }
  }
  await withTransactionRetry(deps, async (trx) => {
    const now = deps.clock.now().toISOString();
    await repo.setMandateStatus(trx, m.id, 'revoked', ['pending', 'active', 'paused'], now);
    await repo.cancelDebits(trx, { userId: user.id, mandateId: m.id, now });
  });
  return getAutopay(deps, user);
}

/** PUT /api/user/wallet/auto-recharge — below the threshold add the amount; or off. */
export async function setAutoRecharge(deps: Deps, user: AuthUser, input: AutoRechargeInput): Promise<Autopay> {
  const on = !input.off && input.threshold !== undefined && input.amount !== undefined;
  await repo.setAutoRecharge(deps.db, user.id, on ? { threshold_paise: input.threshold!, amount_paise: input.amount! } : null, deps.clock.now().toISOString());
  return getAutopay(deps, user);
}

/** POST /api/user/autopay/debits/{id}/cancel — the pre-debit notice's Cancel: nothing is taken. */
export async function cancelDebit(deps: Deps, user: AuthUser, id: string): Promise<Autopay> {
  const d = await repo.findDebit(deps.db, id);
  if (!d || d.user_id !== user.id) throw notFound('That AutoPay debit');
  const done = await repo.cancelDebits(deps.db, { userId: user.id, id, now: deps.clock.now().toISOString() });
  if (!done.length && d.status !== 'cancelled') throw new AppError('INVALID_STATE', 'This debit has already been made and can no longer be cancelled.');
  return getAutopay(deps, user);
}

// ---------- Token webhooks ----------

type TokenEntity = { id?: unknown; customer_id?: unknown; vpa?: { username?: unknown; handle?: unknown } | null; bank?: unknown };

/** token.confirmed / token.cancelled / token.rejected, inside the webhook's transaction (its event id recorded). */
export async function tokenWebhookInTransaction(deps: Deps, trx: Trx, event: string, token: TokenEntity | undefined): Promise<string> {
  const tokenId = typeof token?.id === 'string' ? token.id : null;
  if (!tokenId) return 'malformed';
  const now = deps.clock.now().toISOString();
  const known = await repo.mandateByToken(trx, tokenId, { lock: true });
  if (event === 'token.confirmed') {
    if (known) return 'autopay_already_active';
    const customerId = typeof token?.customer_id === 'string' ? token.customer_id : null;
    const pending = customerId ? await repo.pendingMandateOfCustomer(trx, customerId) : undefined;
    if (!pending) return 'autopay_unknown_token';
    if (await repo.liveMandate(trx, pending.user_id)) return 'autopay_already_active';
    const vpa = token?.vpa && typeof token.vpa.username === 'string' && typeof token.vpa.handle === 'string' ? `${token.vpa.username}@${token.vpa.handle}` : null;
    await repo.activateMandate(trx, pending.id, { tokenId, bank: vpa ?? (typeof token?.bank === 'string' ? token.bank : null), now });
    return 'autopay_active';
  }
  if (event === 'token.cancelled' || event === 'token.rejected') {
    if (!known) return 'autopay_unknown_token';
    await repo.setMandateStatus(trx, known.id, event === 'token.cancelled' ? 'revoked' : 'rejected', ['pending', 'active', 'paused'], now);
    await repo.cancelDebits(trx, { userId: known.user_id, mandateId: known.id, now });
    return event === 'token.cancelled' ? 'autopay_revoked' : 'autopay_rejected';
  }
  return 'ignored';
}

// ---------- Wallet auto-recharge: notice, then debit ----------

/**
 * Job (every 5 minutes): customers with auto-recharge and an active mandate whose balance is under
 * their threshold, or will not cover the first day a debit made now+24 h can still pay for, get the
 * pre-debit notice and a debit due 24 hours later — one per customer and day (its unique key), the
 * notice in the same transaction, so two instances tell no one twice.
 */
export async function planRecharges(deps: Deps, opts: { limit?: number } = {}): Promise<number> {
  const now = deps.clock.now();
  const today = istToday(now);
  let noticed = 0;
  for (const c of await repo.rechargeCandidates(deps.db, today, opts.limit ?? 200)) {
    const user: AuthUser = { id: c.user_id, email: '', name: '', role: 'customer' as UserRole };
    const coverDay = addDays(today, 2);
    const need = await plannedTotal(deps, user, coverDay).catch(() => 0);
    const short = need - c.balance_paise;
    if (c.balance_paise >= c.threshold_paise && short <= 0) continue;
    const amount = Math.min(Math.max(c.amount_paise, short), c.max_amount_paise, AUTOPAY_MAX_PAISE);
    const debitAfter = new Date(now.getTime() + NOTICE_MS);
    const told = await withTransactionRetry(deps, async (trx) => {
      const d = await repo.insertDebit(trx, {
        mandate_id: c.mandate_id,
        user_id: c.user_id,
        purpose: 'wallet_recharge',
        purpose_date: today,
        amount_paise: amount,
        notified_at: now.toISOString(),
        debit_after: debitAfter.toISOString(),
      });
      if (!d) return false;
      await notify(deps, trx, { userId: c.user_id }, 'autopay_pre_debit', {
        debitId: d.id,
        amount: formatRupees(amount),
        when: `on ${formatDate(debitAfter, 'dateTime')}`,
        why:
          short > 0
            ? `Your wallet has ${formatRupees(c.balance_paise)} and ${formatDate(`${coverDay}T12:00:00+05:30`, 'date')}'s delivery needs ${formatRupees(need)}: AutoPay will add ${formatRupees(amount)}.`
            : `Your wallet has ${formatRupees(c.balance_paise)}, under the ${formatRupees(c.threshold_paise)} you set: AutoPay will add ${formatRupees(amount)}.`,
        path: `/profile?tab=wallet&cancel=${d.id}`,
      });
      return true;
    });
    if (told) noticed++;
  }
  if (noticed) kickNotices(deps);
  return noticed;
}

/** A renewal is announced from this long before the paid time ends, and debited a day before the end. */
const RENEWAL_NOTICE_AHEAD_MS = 2 * 86_400_000 + 15 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Job (with the notices, every 5 minutes): subscription renewals through the mandate (decision 290).
 * A customer with an active mandate whose automatically renewing subscription ends within two days
 * gets the pre-debit notice and a debit of the plan's price due a day before the end (and at least
 * 24 hours after the notice) — one per subscription end date (the debit's unique key), the notice
 * in the same transaction. A renewal the mandate cannot pay (above its maximum or ₹15,000) is left
 * to the customer, as without AutoPay.
 */
export async function planRenewals(deps: Deps, opts: { limit?: number } = {}): Promise<number> {
  const now = deps.clock.now();
  const due = await renewals.renewalsDue(deps, { from: new Date(now.getTime() + NOTICE_MS), until: new Date(now.getTime() + RENEWAL_NOTICE_AHEAD_MS), limit: opts.limit ?? 200 });
  let noticed = 0;
  for (const r of due) {
    const m = await repo.activeMandate(deps.db, r.userId);
    if (!m || r.pricePaise > Math.min(m.max_amount_paise, AUTOPAY_MAX_PAISE)) continue;
    const debitAfter = new Date(Math.max(now.getTime() + NOTICE_MS, new Date(r.endsAt).getTime() - DAY_MS));
    const told = await withTransactionRetry(deps, async (trx) => {
      const d = await repo.insertDebit(trx, {
        mandate_id: m.id,
        user_id: r.userId,
        purpose: 'subscription_renewal',
        purpose_date: istToday(new Date(r.endsAt)),
        amount_paise: r.pricePaise,
        notified_at: now.toISOString(),
        debit_after: debitAfter.toISOString(),
        subscription_id: r.subscriptionId,
      });
      if (!d) return false;
      await notify(deps, trx, { userId: r.userId }, 'autopay_pre_debit', {
        debitId: d.id,
        amount: formatRupees(r.pricePaise),
        when: `on ${formatDate(debitAfter, 'dateTime')}`,
        why: `Your ${r.planName} subscription ends on ${formatDate(r.endsAt, 'date')}: AutoPay will renew it for ${formatRupees(r.pricePaise)}.`,
        path: `/profile?tab=wallet&cancel=${d.id}`,
      });
      return true;
    });
    if (told) noticed++;
  }
  if (noticed) kickNotices(deps);
  return noticed;
}

/**
 * Job (every minute): debits whose 24 hours have passed, one at a time per mandate (claimed with
 * SKIP LOCKED; never on a paused or revoked mandate, never above ₹15,000): a new gateway order,
 * charged with the token, and whatever the gateway already says about it settled through the one
 * settle path (the webhook or the reconciler settles the rest). A gateway that cannot be reached
 * puts the debit back, due in 5 minutes; the notice already went, so it stays within NPCI's rule.
 */
export async function debitDue(deps: Deps, opts: { limit?: number } = {}): Promise<number> {
  let debited = 0;
  for (let i = 0; i < (opts.limit ?? 20); i++) {
    const d = await repo.claimDueDebit(deps.db, deps.clock.now().toISOString());
    if (!d) break;
    if (d.purpose === 'subscription_renewal' && !(d.subscription_id && (await renewals.stillRenews(deps, d.subscription_id, d.amount_paise)))) {
      // Cancelled, switched to renewing by hand, or its price changed since the notice: nothing is taken.
      await repo.cancelClaimedDebit(deps.db, d.id, deps.clock.now().toISOString());
      continue;
    }
    const contact = await repo.contactOf(deps.db, d.user_id);
    let order;
    try {
      order = await deps.payments.createOrder({ amountPaise: d.amount_paise, receipt: `autopay-${d.id.slice(0, 30)}`, notes: { kind: 'autopay_debit', debitId: d.id } });
    } catch (err) {
      deps.log.warn({ err, debitId: d.id }, 'AutoPay: could not create the debit order; trying again in 5 minutes');
      await repo.releaseDebit(deps.db, d.id, {
        retryAt: new Date(deps.clock.now().getTime() + 5 * 60_000).toISOString(),
        error: err instanceof Error ? err.message : String(err),
      });
      continue;
    }
    await repo.setDebitOrder(deps.db, d.id, order.id, deps.clock.now().toISOString());
    try {
      await deps.payments.autopay.chargeToken({
        customerId: d.customer_id,
        tokenId: d.token_id,
        gatewayOrderId: order.id,
        amountPaise: d.amount_paise,
        email: contact?.email ?? '',
        contact: contact?.mobile ?? '',
        description: d.purpose === 'subscription_renewal' ? 'Hydro Shakes subscription renewal (AutoPay)' : 'Hydro Shakes wallet refill (AutoPay)',
      });
    } catch (err) {
      // Refused outright: failed (the 18:00 reminder tells the customer). Unclear: the reconciler asks the gateway.
      if (err instanceof GatewayError && !err.retryable) {
        await settleGatewayAnswer(deps, { id: `declined:${d.id}`, gatewayOrderId: order.id, amountPaise: d.amount_paise, status: 'failed', method: 'upi', errorCode: err.opts.code ?? null, errorDescription: err.message });
      } else deps.log.warn({ err, debitId: d.id }, 'AutoPay: the debit call did not complete; the reconciler will ask the gateway');
      continue;
    }
    for (const gp of await deps.payments.fetchOrderPayments(order.id).catch(() => [])) await settleGatewayAnswer(deps, gp);
    debited++;
  }
  return debited;
}

const settleGatewayAnswer = (deps: Deps, gp: GatewayPayment) => autopayPayments().settle(deps, gp, 'autopay');

/** Debits in flight whose answer never came: asked of the gateway; one with no payment after 30 minutes failed. */
async function reconcileDebits(deps: Deps, opts: { minAgeMinutes?: number; limit?: number } = {}): Promise<number> {
  const now = deps.clock.now().getTime();
  let settled = 0;
  for (const d of await repo.debitsInFlight(deps.db, new Date(now - (opts.minAgeMinutes ?? 2) * 60_000).toISOString(), opts.limit ?? 25)) {
    const list = await deps.payments.fetchOrderPayments(d.gateway_order_id!);
    for (const gp of list) if ((await settleGatewayAnswer(deps, gp)).outcome === 'paid') settled++;
    if (!list.length) {
      const row = await repo.findDebit(deps.db, d.id);
      if (row && row.status === 'debiting' && now - new Date(row.updated_at).getTime() > 30 * 60_000)
        await repo.markDebitFailed(deps.db, d.id, { error: 'The gateway made no payment for this debit.', now: new Date(now).toISOString() });
    }
  }
  return settled;
}

/**
 * AutoPay debits as a kind of charge (decision 280): captured → paid, and the wallet credited once
 * (keyed by the debit); failed → failed, and nothing else: tomorrow's 18:00 reminder tells the
 * customer their day is not covered, as it would without AutoPay.
 */
export const autopayDebitCharges: ChargeKindHandler = {
  outcomePrefix: 'autopay_',
  async settleInTransaction(deps, trx, gp) {
    const d = await repo.lockDebitByGatewayOrder(trx, gp.gatewayOrderId);
    if (!d) return { outcome: 'not_ours' };
    const now = deps.clock.now().toISOString();
    if (gp.status === 'created' || gp.status === 'refunded') return { outcome: 'recorded' };
    if (gp.status === 'failed') {
      const failed = await repo.markDebitFailed(trx, d.id, { error: gp.errorDescription, now });
      if (failed && d.purpose === 'subscription_renewal' && d.subscription_id) await renewals.renewalDebitFailedInTransaction(deps, trx, d.subscription_id);
      return { outcome: failed ? 'failed' : 'recorded' };
    }
    const paid = await repo.markDebitPaid(trx, d.id, { gatewayPaymentId: gp.id, capturedPaise: gp.amountPaise, now });
    if (!paid) return { outcome: 'already_paid' };
    if (d.purpose === 'subscription_renewal' && d.subscription_id) await renewals.renewWithDebitInTransaction(deps, trx, d.subscription_id);
    if (d.purpose === 'wallet_recharge') await wallet.creditAutopayDebit(deps, trx, { userId: d.user_id, debitId: d.id, amountPaise: Math.min(gp.amountPaise, d.amount_paise) });
    return { outcome: 'paid' };
  },
  reconcile: (deps, opts) => reconcileDebits(deps, opts),
  refunds: debitRefundHooks,
};
