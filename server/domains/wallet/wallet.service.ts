import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { oneGatewayOrder, resolveIdempotencyKey, testGatewayOnly, verifiedStoredOrderPayment, type GatewayPayment } from '../../lib/payments';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { reconcileGatewayOrders } from '../../lib/payments/reconcile';
import type { ChargeKindHandler } from '../../lib/payments/charge-kinds';
import * as ledger from '../../lib/ledger.service';
import * as repo from './wallet.repository';
import { walletPayments } from './wallet-payments';
import { walletAutopay } from './wallet-autopay';
import { enqueueMail } from '../../lib/mail';
import { assertMayGiveMoneyBack } from '../../lib/money-back';
import { balanceRefundMail, topUpCreditedMail, topUpRefundedMail, type WalletMailInput } from './wallet.mail';
import { formatRupees } from '../../../shared/rules/money';
import { WALLET_KIND_LABELS, WALLET_TOP_UP_MAX_PAISE, WALLET_TOP_UP_MIN_PAISE } from '../../../shared/rules/wallet';
import type {
  AdminCustomerWallet,
  AdminCustomerWalletInputT,
  AdminWalletAdjustInputT,
  AdminWalletsListInputT,
  AdminWalletsPage,
  RefundBalanceInput,
  RefundBalanceResult,
  TopUpInput,
  TopUpResult,
  TopUpStart,
  UserWallet,
  WalletEntry,
  WalletPageInputT,
} from '../../../shared/schemas/wallet';
import type { CheckoutSuccess, TestCompleteGatewayOrder } from '../../../shared/schemas/common';

/**
 * The wallet (decision 165): prepaid rupees in an append-only ledger whose sum is the
 * balance, never below zero, each (reference, reason) applied once. Top-ups are gateway charges
 * made, verified and refunded through the payments code (server/lib/payments and the one refund
 * outbox, reached through wallet-payments.ts); settling one is the one place a payment credits a
 * wallet. Orders pay from it in their placing transaction (wallet.placement.ts).
 */
type Deps = AppDeps;

// ---------- The customer ----------

/** The wallet in the shared ledger service (server/lib/ledger.service.ts). */
const BOOK: ledger.LedgerBook<WalletEntry['kind']> = {
  ledger: repo.WALLET,
  labels: WALLET_KIND_LABELS,
  audit: { action: 'wallet.adjust', amountKey: 'amount' },
  refused: (who, before) =>
    new AppError('WALLET_INSUFFICIENT', `${who} has ${formatRupees(before)}; you can take away at most that.`, {
      details: { balance: before },
    }),
  adjustColumns: () => ({ reference: `adjust:${crypto.randomUUID()}` }),
};

function page(db: Executor, userId: string, input: WalletPageInputT) {
  return ledger.ledgerEntries(db, BOOK, userId, input);
}

/** GET /api/user/wallet: balance, what a balance refund would send back, the limits, the ledger (paged; X-Total-Count). */
export async function userWallet(
  deps: Pick<Deps, 'db'>,
  user: AuthUser,
  input: WalletPageInputT,
  resHeaders: Record<string, string>,
): Promise<UserWallet> {
  const [balance, ledger, topUps, refills] = await Promise.all([
    repo.balanceOf(deps.db, user.id),
    page(deps.db, user.id, input),
    repo.topUpsOf(deps.db, user.id, 200),
    walletAutopay().refundableTotal(deps.db, user.id),
  ]);
  resHeaders['X-Total-Count'] = String(ledger.totalCount);
  const backable = topUps.filter((t) => t.status === 'paid').reduce((n, t) => n + (t.captured_paise ?? 0) - t.refunded_paise, 0) + refills;
  return {
    balance,
    refundable: Math.min(balance, backable),
    limits: { minTopUp: WALLET_TOP_UP_MIN_PAISE, maxTopUp: WALLET_TOP_UP_MAX_PAISE },
    ...ledger,
  };
}

// ---------- Top-ups ----------

function startOf(deps: Deps, user: AuthUser, t: repo.TopUpRow, replayed: boolean): TopUpStart {
  return {
    topUpId: t.id,
    mode: t.gateway === 'razorpay' ? 'razorpay' : 'test',
    gatewayOrderId: t.gateway_order_id,
    amount: t.amount_paise,
    currency: 'INR',
    keyId: deps.payments.keyId,
    description: `Wallet top-up of ${formatRupees(t.amount_paise)}`,
    prefill: { name: user.name, email: user.email },
    replayed,
  };
}

const OTHER_AMOUNT = 'This idempotency key was already used for a top-up of another amount. Use a new key.';

/**
 * POST /api/user/wallet/top-up — a gateway order for the amount (₹200–₹20,000) under the
 * customer's idempotency key: the same key answers the same top-up and makes one gateway order,
 * however many requests race on however many instances (the key is claimed first, decision 205).
 */
export async function createTopUp(
  deps: Deps,
  user: AuthUser,
  input: TopUpInput,
  headerKey: string | string[] | undefined,
): Promise<TopUpStart> {
  const key = resolveIdempotencyKey(headerKey, input.idempotencyKey, 'purchase');
  const seen = await repo.findTopUpByKey(deps.db, user.id, key);
  if (seen) {
    if (seen.amount_paise !== input.amount) throw new AppError('IDEMPOTENCY_MISMATCH', OTHER_AMOUNT);
    return startOf(deps, user, seen, true);
  }
  const gatewayOrderId = await oneGatewayOrder(deps, {
    scope: `wallet_top_up:${user.id}`,
    key,
    amountPaise: input.amount,
    receipt: `wallet-${key.slice(0, 30)}`,
    notes: { kind: 'wallet_top_up' },
    otherAmount: OTHER_AMOUNT,
  });
  const row = await repo.insertTopUp(deps.db, {
    user_id: user.id,
    amount_paise: input.amount,
    gateway: deps.payments.mode,
    gateway_order_id: gatewayOrderId,
    idempotency_key: key,
    created_at: deps.clock.now().toISOString(),
  });
  if (row) return startOf(deps, user, row, false);
  // A parallel request with the same key recorded the top-up first: the same top-up is the answer.
  const winner = await repo.findTopUpByKey(deps.db, user.id, key);
  if (!winner) throw new AppError('CONFLICT', 'This top-up is being prepared. Please try again in a moment.');
  return startOf(deps, user, winner, true);
}

export type TopUpSettlement = 'not_ours' | 'credited' | 'already_paid' | 'failed' | 'amount_mismatch' | 'recorded';

/**
 * Records what the gateway says about a top-up payment, inside the caller's transaction. Verify, the
 * webhook, the reconciler and test mode all come here, in any order, any number of times: the top-up
 * row is locked and moves to paid once, and the credit is keyed (top_up:<id>, top_up), so a payment
 * credits the wallet exactly once — or, when the amount is not the one we asked for, is refunded in
 * full: a captured rupee ends in a credit or a refund. 'not_ours' when the gateway order is not a top-up.
 */
export async function settleTopUpInTransaction(
  deps: Deps,
  trx: Trx,
  gp: GatewayPayment,
): Promise<{ outcome: TopUpSettlement; refundId: string | null }> {
  const t = await repo.findTopUpByGatewayOrder(trx, gp.gatewayOrderId, { lock: true });
  if (!t) return { outcome: 'not_ours', refundId: null };
  if (gp.status === 'created' || gp.status === 'refunded') return { outcome: 'recorded', refundId: null };
  if (gp.status === 'failed') {
    await repo.markTopUpFailed(trx, t.id);
    return { outcome: 'failed', refundId: null };
  }
  if (t.status === 'paid' || t.status === 'refunded') return { outcome: 'already_paid', refundId: null };
  const now = deps.clock.now().toISOString();
  const paid = await repo.markTopUpPaid(trx, t.id, { gatewayPaymentId: gp.id, method: gp.method, capturedPaise: gp.amountPaise, now });
  if (!paid) return { outcome: 'already_paid', refundId: null };
  if (gp.amountPaise !== t.amount_paise) {
    deps.log.error({ topUpId: t.id, amount: gp.amountPaise, expected: t.amount_paise }, 'wallet top-up amount differs; refunding');
    const { refund } = await walletPayments().reserveRefundInTransaction(deps, trx, {
      walletTopUpId: t.id,
      reason: 'automatic: the amount paid differs from the top-up',
      idempotencyKey: `auto:wallet:${t.id}`,
    });
    await enqueueMail(trx, topUpRefundedMail({ ...(await mailTo(deps, trx, t.user_id)), amount: t.amount_paise }));
    return { outcome: 'amount_mismatch', refundId: refund.id };
  }
  const balance = await repo.appendEntry(trx, {
    userId: t.user_id,
    kind: 'top_up',
    amountPaise: t.amount_paise,
    reference: `top_up:${t.id}`,
    reason: 'top_up',
    topUpId: t.id,
    now,
  });
  // The receipt rides on the credit's transaction: one mail per credit, however many settle it.
  if (balance !== null)
    await enqueueMail(trx, topUpCreditedMail({ ...(await mailTo(deps, trx, t.user_id)), amount: t.amount_paise, balance }));
  return { outcome: 'credited', refundId: null };
}

async function mailTo(deps: Pick<Deps, 'config'>, db: Executor, userId: string): Promise<WalletMailInput> {
  const c = await repo.customerOf(db, userId);
  return { to: c?.email ?? null, name: c?.name ?? '', publicUrl: deps.config.PUBLIC_URL };
}

/** Through the one settle path (payments), which finds the top-up by its gateway order and comes back to settleTopUpInTransaction. */
async function settle(deps: Deps, gp: GatewayPayment): Promise<TopUpSettlement> {
  return (await walletPayments().settle(deps, gp, 'wallet')).outcome as TopUpSettlement;
}

async function ownedTopUp(deps: Deps, user: AuthUser, gatewayOrderId: string): Promise<repo.TopUpRow> {
  const t = await repo.findTopUpByGatewayOrder(deps.db, gatewayOrderId);
  if (!t || t.user_id !== user.id) throw notFound('That top-up');
  return t;
}

async function resultFor(deps: Deps, user: AuthUser, topUpId: string, outcome: TopUpSettlement): Promise<TopUpResult> {
  const t = (await repo.findTopUp(deps.db, topUpId))!;
  const balance = await repo.balanceOf(deps.db, user.id);
  const credited = t.status === 'paid' || t.status === 'refunded';
  return {
    credited: credited && outcome !== 'amount_mismatch',
    balance,
    message:
      outcome === 'amount_mismatch'
        ? `This payment of ${formatRupees(t.amount_paise)} did not match the top-up and is being refunded in full (banks usually take 5–7 working days).`
        : credited
          ? `${formatRupees(t.amount_paise)} added. Your wallet has ${formatRupees(balance)}.`
          : outcome === 'failed'
            ? 'The payment did not go through. Nothing was charged; you can try again.'
            : 'We are still waiting for the payment to be confirmed.',
  };
}

/** POST /api/user/wallet/top-up/verify — Checkout's success callback, signature checked against the gateway order we stored. */
export async function verifyTopUp(deps: Deps, user: AuthUser, input: CheckoutSuccess): Promise<TopUpResult> {
  const t = await ownedTopUp(deps, user, input.razorpay_order_id);
  return resultFor(deps, user, t.id, await settle(deps, await verifiedStoredOrderPayment(deps, t, input, 'order')));
}

/** POST /api/user/wallet/top-up/test/complete — test payment mode only: the customer's choice of success or failure. */
export async function completeTestTopUp(deps: Deps, user: AuthUser, input: TestCompleteGatewayOrder): Promise<TopUpResult> {
  const gateway = testGatewayOnly(deps);
  const t = await ownedTopUp(deps, user, input.gatewayOrderId);
  if (t.status === 'paid' || t.status === 'refunded') return resultFor(deps, user, t.id, 'already_paid');
  return resultFor(deps, user, t.id, await settle(deps, await gateway.complete(t.gateway_order_id, input.outcome)));
}

/**
 * Job: top-ups the customer paid at the gateway whose verify never came and whose webhook was lost
 * are settled by asking the gateway (decision 153's reconciler, for top-ups): 2 minutes – 2 hours
 * old, leased 3 minutes to one instance. Returns how many it credited.
 */
export function reconcileTopUps(deps: Deps, opts: { minAgeMinutes?: number; limit?: number } = {}): Promise<number> {
  return reconcileGatewayOrders(
    deps,
    'wallet_top_ups',
    (gp) => settle(deps, gp),
    (outcome) => outcome === 'credited',
    opts,
  );
}

/** Top-ups as a kind of charge (decision 280): registered with payments at start (server/app.ts). */
export const walletTopUpCharges: ChargeKindHandler = {
  outcomePrefix: 'wallet_',
  async settleInTransaction(deps, trx, gp) {
    const r = await settleTopUpInTransaction(deps, trx, gp);
    const refundId = r.refundId;
    return { outcome: r.outcome, afterCommit: refundId ? (d) => walletPayments().sendPendingRefund(d, refundId) : undefined };
  },
  reconcile: (deps, opts) => reconcileTopUps(deps, opts),
};

/**
 * An AutoPay debit for the wallet was captured (decision 281): its amount is credited once, keyed by
 * the debit (autopay:<id>, top_up) however many settlements see it. The new balance, or null on a repeat.
 */
export function creditAutopayDebit(deps: Pick<Deps, 'clock'>, trx: Trx, p: { userId: string; debitId: string; amountPaise: number }): Promise<number | null> {
  return repo.appendEntry(trx, {
    userId: p.userId,
    kind: 'top_up',
    amountPaise: p.amountPaise,
    reference: `autopay:${p.debitId}`,
    reason: 'top_up',
    now: deps.clock.now().toISOString(),
  });
}

// ---------- Refund my balance ----------

/**
 * The payments a balance refund gives back to, locked (top-ups, then AutoPay refills: always in that
 * order, so two refunds never wait on each other's rows): the newest capture first across both
 * (decision 283): the money that came in last goes back first, and the newest payments are the
 * furthest from the gateway's refund window.
 */
async function refundSources(trx: Trx, userId: string) {
  const topUps = await repo.refundableTopUps(trx, userId);
  const refills = await walletAutopay().refundableRefills(trx, userId);
  return [
    ...topUps.map((t) => ({
      id: t.id,
      charge: { walletTopUpId: t.id },
      topUpId: t.id as string | undefined,
      capturedPaise: t.captured_paise ?? 0,
      refundedPaise: t.refunded_paise,
      paidAt: new Date(t.paid_at!).getTime(),
    })),
    ...refills.map((d) => ({
      id: d.id,
      charge: { autopayDebitId: d.id },
      topUpId: undefined,
      capturedPaise: d.capturedPaise,
      refundedPaise: d.refundedPaise,
      paidAt: new Date(d.paidAt).getTime(),
    })),
  ].sort((a, b) => b.paidAt - a.paidAt || a.id.localeCompare(b.id));
}

/**
 * POST /api/user/wallet/refund — the balance goes back to the payments it came from — top-ups and
 * UPI AutoPay refills alike, newest first (decision 283) — through the one refund outbox (decision
 * 115): one transaction locks the balance, the top-ups and the refills, reserves a refund on each
 * (never more than it captured), and debits the wallet by each refund (keyed by the refund, so a
 * repeat with the same key debits nothing more). The refunds are sent after commit; the refund job
 * retries. Money that came from no payment (an adjustment, an order refunded to the wallet) stays.
 */
export async function refundBalance(
  deps: Deps,
  user: AuthUser,
  input: RefundBalanceInput,
  headerKey: string | string[] | undefined,
): Promise<RefundBalanceResult> {
  const key = resolveIdempotencyKey(headerKey, input.idempotencyKey, 'purchase');
  const done = await withTransactionRetry(deps, async (trx) => {
    const balance = await repo.lockBalance(trx, user.id);
    // The same key again: the refunds it made are the answer (the ledger rows carry the key).
    const earlier = await repo.entriesWithReason(trx, user.id, `refund_out:${key}`);
    if (earlier.length) return earlier.map((e) => ({ id: e.reference.slice('refund:'.length), amount: -e.amount_paise, fresh: false }));
    const sources = await refundSources(trx, user.id);
    let left = balance;
    const made: { id: string; amount: number; fresh: boolean }[] = [];
    const now = deps.clock.now().toISOString();
    for (const t of sources) {
      const take = Math.min(left, t.capturedPaise - t.refundedPaise);
      if (take <= 0) break;
      const { refund, replayed } = await walletPayments().reserveRefundInTransaction(deps, trx, {
        ...t.charge,
        amountPaise: take,
        reason: 'customer: wallet balance refund',
        idempotencyKey: `wallet:${user.id}:${key}:${t.id}`,
      });
      if (replayed) {
        made.push({ id: refund.id, amount: refund.amount_paise, fresh: false });
        continue;
      }
      const after = await repo.appendEntry(trx, {
        userId: user.id,
        kind: 'refund_out',
        amountPaise: -take,
        reference: `refund:${refund.id}`,
        reason: `refund_out:${key}`,
        topUpId: t.topUpId,
        now,
      });
      if (after === null) throw new AppError('CONFLICT', 'Your wallet changed a moment ago. Please reload and try again.');
      left -= take;
      made.push({ id: refund.id, amount: take, fresh: true });
    }
    const fresh = made.filter((r) => r.fresh);
    const amount = fresh.reduce((n, r) => n + r.amount, 0);
    if (amount > 0)
      await enqueueMail(trx, balanceRefundMail({ ...(await mailTo(deps, trx, user.id)), amount, payments: fresh.length, balance: left }));
    return made;
  });
  for (const r of done.filter((x) => x.fresh)) await walletPayments().sendPendingRefund(deps, r.id);
  const refunded = done.reduce((n, r) => n + r.amount, 0);
  const balance = await repo.balanceOf(deps.db, user.id);
  return {
    refunded,
    refunds: done.length,
    balance,
    message:
      refunded === 0
        ? 'There is nothing to refund: your wallet holds no money from a top-up payment.'
        : `${formatRupees(refunded)} is on its way back to the ${done.length === 1 ? 'payment' : `${done.length} payments`} you topped up with (banks usually take 5–7 working days).${
            balance > 0 ? ` ${formatRupees(balance)} that came from Hydro Shakes stays in your wallet.` : ''
          }`,
  };
}

// ---------- Orders ----------

interface WalletOrder {
  id: string;
  user_id: string;
}

function orderSums(rows: { kind: string; amount_paise: number }[]) {
  const of = (k: string) => rows.filter((r) => r.kind === k).reduce((n, r) => n + r.amount_paise, 0);
  return {
    charged: -of('charge'),
    returned: of('release') + of('order_refund'),
    refunds: rows.filter((r) => r.kind === 'order_refund').length,
  };
}

/**
 * A wallet-paid order is cancelled: what it charged and has not come back yet goes back to the
 * wallet. Keyed (order:<id>, release): a second release, or one for an order that charged nothing,
 * gives back nothing.
 */
export async function releaseForOrder(deps: Pick<Deps, 'clock'>, trx: Trx, order: WalletOrder): Promise<number> {
  const s = orderSums(await repo.entriesOfOrder(trx, order.id));
  const owed = s.charged - s.returned;
  if (owed <= 0) return 0;
  const after = await repo.appendEntry(trx, {
    userId: order.user_id,
    kind: 'release',
    amountPaise: owed,
    reference: `order:${order.id}`,
    reason: 'release',
    orderId: order.id,
    now: deps.clock.now().toISOString(),
  });
  return after === null ? 0 : owed;
}

/** What a wallet-paid order charged and all it has given back (its release and refunds): the refund cap and its payment status read it. */
export async function walletMoneyOfOrder(executor: Executor, orderId: string): Promise<{ charged: number; returned: number }> {
  const { charged, returned } = orderSums(await repo.entriesOfOrder(executor, orderId));
  return { charged, returned };
}

/** What a cancelled wallet-paid order gave back to the wallet (its release row), for the timeline and the e-mail. */
export async function releasedFor(executor: Executor, orderId: string): Promise<number> {
  const rows = await repo.entriesOfOrder(executor, orderId);
  return rows.filter((r) => r.kind === 'release').reduce((n, r) => n + r.amount_paise, 0);
}

/**
 * A refund of (part of) a wallet-paid order (an admin's): it goes back to the wallet, never more
 * than the order charged and has not returned. Keyed by the admin's key: a repeat returns nothing more.
 * Returns the amount credited (0 on a repeat); throws when nothing is left to refund.
 */
export async function refundOrderToWallet(
  deps: Pick<Deps, 'clock'>,
  trx: Trx,
  p: { orderId: string; userId: string; amountPaise?: number; key: string },
): Promise<{ amount: number; replayed: boolean; charged: number; returnedBefore: number }> {
  const rows = await repo.entriesOfOrder(trx, p.orderId);
  const s = orderSums(rows);
  if (rows.some((r) => r.reason === `order_refund:${p.key}`))
    return { amount: 0, replayed: true, charged: s.charged, returnedBefore: s.returned };
  const left = s.charged - s.returned;
  const amount = p.amountPaise ?? left;
  if (left <= 0) throw new AppError('INVALID_STATE', 'This order has already been refunded to the wallet in full.');
  if (amount <= 0) throw new AppError('BAD_REQUEST', 'A refund must be more than zero.');
  if (amount > left)
    throw new AppError('INVALID_STATE', `A refund cannot be more than what was paid: at most ${formatRupees(left)} can still be refunded.`);
  await repo.appendEntry(trx, {
    userId: p.userId,
    kind: 'order_refund',
    amountPaise: amount,
    reference: `order:${p.orderId}`,
    reason: `order_refund:${p.key}`,
    orderId: p.orderId,
    now: deps.clock.now().toISOString(),
  });
  return { amount, replayed: false, charged: s.charged, returnedBefore: s.returned };
}

// ---------- Back office ----------

/** GET /api/admin/wallets */
export async function listWallets(
  deps: Pick<Deps, 'db'>,
  input: AdminWalletsListInputT,
  resHeaders: Record<string, string>,
): Promise<AdminWalletsPage> {
  const { customers, totalCount } = await ledger.balanceList(deps, BOOK, input, resHeaders);
  return { customers: customers.map(({ credited, debited, ...c }) => ({ ...c, toppedUp: credited, spent: debited })), totalCount };
}

/** GET /api/admin/wallets/{userId} */
export function customerWallet(
  deps: Pick<Deps, 'db'>,
  input: AdminCustomerWalletInputT,
  resHeaders: Record<string, string>,
): Promise<AdminCustomerWallet> {
  return ledger.customerLedger(deps, BOOK, input, resHeaders);
}

/**
 * POST /api/admin/wallets/{userId}/adjust: add or take money with a reason, audited. Never below
 * zero: the conditional debit refuses (409) and nothing is written. Answers the ledger's first page.
 */
export async function adjust(
  deps: Pick<Deps, 'db' | 'clock'>,
  admin: AuthUser,
  input: AdminWalletAdjustInputT,
  resHeaders: Record<string, string>,
): Promise<AdminCustomerWallet> {
  // A credit gives a customer money: the same rule (and cap) as a refund (decision 204).
  if (input.amount > 0) assertMayGiveMoneyBack(admin, 'wallets:manage', input.amount);
  await ledger.adjustBalance(deps, admin, BOOK, { userId: input.userId, amount: input.amount, reason: input.reason });
  return customerWallet(deps, { userId: input.userId, page: 1, pageSize: 10 }, resHeaders);
}

/** The wallet liability: money held for customers, owed back on request (the owner's dashboard). */
export function liability(deps: Pick<Deps, 'db'>) {
  return repo.liability(deps.db);
}
