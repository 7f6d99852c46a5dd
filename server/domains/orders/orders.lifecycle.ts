import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { kickNotices } from '../notifications/notify.service';
import { priceCart } from '../cart/cart.service';
import { orderPayments } from './order-payments';
import { recordAudit } from '../audit/audit.service';
import * as orders from './orders.service';
import * as repo from './orders.repository';
import * as lrepo from './orders.lifecycle.repository';
import { releasePlacement } from './place-order';
import { releasedFor, walletMoneyOfOrder } from '../wallet/wallet.service';
import { assertMayGiveMoneyBack } from '../../lib/money-back';
import { notifyCancelled } from './order-notify';
import { publishOrderEvent, watchOrderEvents } from './order-events';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { databaseFault } from '../../../db/faults';
import type { Order } from '../../../shared/schemas/orders';
import type { ActiveOrders, CancelOrderInput, Reorder } from '../../../shared/schemas/order-lifecycle';
import type { CustomRecipe } from '../../../shared/schemas/builder';
import { adminCancelRefusal, customerCancelCheck } from '../../../shared/rules/order-lifecycle';
import { orderLabels } from '../../../shared/rules/order-rules';
import { formatRupees, refundableOf } from '../../../shared/rules/money';

type Deps = AppDeps;

// ---------- Reads ----------

/** GET /api/orders/active */
export async function activeOrders(deps: Deps, user: AuthUser): Promise<ActiveOrders> {
  const now = deps.clock.now();
  const rows = await lrepo.listActive(deps.db, user.id, now.toISOString());
  return {
    orders: rows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      labels: orderLabels(r),
      total: r.total_paise,
      itemCount: Number(r.item_count),
      slot: { id: r.slot_id, date: r.slot_date, startTime: r.slot_start, endTime: r.slot_end, planType: r.plan_type },
      canPay: orders.isPayable(r, now),
    })),
  };
}

/**
 * The order page's live feed (tRPC subscription over SSE): the order now, then
 * the order again after every change, until the page goes away. Ownership is
 * checked on the first read (404 like every other order route); the watch is
 * set up before that read, so a change between the two is never missed.
 */
export async function* liveOrder(deps: Deps, user: AuthUser, id: string, signal: AbortSignal | undefined): AsyncGenerator<Order> {
  const local = new AbortController();
  const abort = () => local.abort();
  signal?.addEventListener('abort', abort, { once: true });
  const watch = watchOrderEvents(deps.bus, (e) => e.orderId === id, local.signal);
  try {
    yield await orders.getOrder(deps, user, id);
    while (await watch.changed()) {
      const order = await reread(deps, user, id, local.signal);
      if (!order) return;
      yield order;
    }
  } finally {
    watch.close();
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * The order again after a change. The change may be the listening connection coming back after the
 * database was away, and the first statements after that can still meet a dropped connection: the
 * page keeps its feed and the read is tried again (up to 4 s apart) instead of ending the stream.
 */
async function reread(deps: Deps, user: AuthUser, id: string, signal: AbortSignal): Promise<Order | null> {
  for (let pause = 250; ; pause = Math.min(pause * 2, 4_000)) {
    try {
      return await orders.getOrder(deps, user, id);
    } catch (e) {
      if (!databaseFault(e)) throw e;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pause);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    if (signal.aborted) return null;
  }
}

/** GET /api/orders/{id}/reorder: the order's lines priced today (the browser puts the available ones in the cart). */
export async function reorder(deps: Deps, user: AuthUser, id: string): Promise<Reorder> {
  const row = await orders.readVisibleOrder(deps, user, id);
  // A subscription free unit is decided again at checkout, so every line is priced in full.
  const lines = row.lines.map((l) => ({
    id: l.item_id,
    type: l.item_type,
    quantity: l.quantity,
    ...(l.recipe ? { recipe: l.recipe as CustomRecipe } : {}),
  }));
  const quote = await priceCart(deps, deps.db, { lines, userId: null });
  return {
    lines: quote.lines.map((q, i) => {
      const old = row.lines[i]!;
      return {
        id: old.item_id,
        type: old.item_type,
        name: q.name || old.name,
        image: q.image || old.image,
        quantity: old.quantity,
        unitPrice: q.available ? q.unitPrice : 0,
        orderedUnitPrice: old.unit_price_paise,
        available: q.available,
        reason: q.available ? null : (q.reason ?? `${old.name} is not available right now.`),
        recipe: (old.recipe as CustomRecipe | null) ?? null,
      };
    }),
  };
}

// ---------- Cancelling ----------

export interface Canceller {
  kind: 'customer' | 'admin';
  user: AuthUser;
  reason: string | null;
}

export interface CancelOutcome {
  orderId: string;
  userId: string;
  refundIds: string[];
}

/**
 * Cancels one order inside `trx`: the row is locked, the rule checked again
 * under the lock, the status moved conditionally, the slot and the coupon /
 * points / free unit given back, an online payment's refund recorded in full
 * under an idempotency key (sent after commit; the refund job retries), the
 * timeline, the e-mail (outbox) and — for admins — the audit log written.
 */
export async function cancelInTransaction(deps: Deps, trx: Trx, orderId: string, by: Canceller): Promise<CancelOutcome> {
  const row = await orders.lockOrder(trx, orderId);
  if (!row || (by.kind === 'customer' && row.user_id !== by.user.id)) throw notFound('That order');
  const now = deps.clock.now();
  if (by.kind === 'customer') {
    const check = customerCancelCheck({ status: row.status, slotDate: row.slot_date, slotStart: row.slot_start }, now);
    if (!check.allowed) throw new AppError('INVALID_STATE', check.refusal!);
  } else {
    const refusal = adminCancelRefusal(row.status);
    if (refusal) throw new AppError('INVALID_STATE', refusal);
  }
  const at = now.toISOString();
  const moved = await lrepo.markCancelled(trx, row.id, {
    from: row.status,
    reason: by.kind === 'customer' ? 'customer_request' : 'admin',
    now: at,
  });
  if (!moved) throw new AppError('CONFLICT', 'This order changed a moment ago. Please reload it and try again.');
  await releasePlacement(deps, trx, row);

  const refunds: { id: string; amount: number }[] = [];
  if (row.payment_method === 'razorpay') {
    for (const p of await orderPayments().successfulPaymentsOf(trx, row.id)) {
      const remaining = refundableOf(p.captured_paise ?? 0, p.refunded_paise);
      if (remaining <= 0) continue;
      const { refund } = await orderPayments().reserveRefundInTransaction(deps, trx, {
        paymentId: p.id,
        amountPaise: remaining,
        reason: by.kind === 'customer' ? 'customer_cancel' : 'admin_cancel',
        idempotencyKey: `cancel:${row.id}:${p.id}`,
      });
      refunds.push({ id: refund.id, amount: refund.amount_paise });
    }
  }
  const refundTotal = refunds.reduce((n, r) => n + r.amount, 0);
  // A wallet-paid order's money went back to the wallet in the release above (decision 165).
  const walletBack = row.payment_method === 'wallet' ? await releasedFor(trx, row.id) : 0;
  const wallet = row.payment_method === 'wallet' ? await walletMoneyOfOrder(trx, row.id) : null;
  // Staff cancelling a paid order give its money back: the same rule (and cap) as a refund (decision 204).
  if (by.kind === 'admin' && refundTotal + walletBack > 0) {
    const backInAll = wallet
      ? wallet.returned
      : (await orderPayments().successfulPaymentsOf(trx, row.id)).reduce((n, p) => n + p.refunded_paise, 0);
    assertMayGiveMoneyBack(by.user, 'orders:refund', backInAll);
  }
  // The wallet's money is back at once, so the order's payment reads Refunded now (an online
  // payment's does when the gateway reports its refund processed).
  if (wallet && wallet.charged > 0 && wallet.returned >= wallet.charged) await orders.markRefunded(trx, row.id, at);
  const who = by.kind === 'customer' ? 'Cancelled by you' : 'Cancelled by Hydro Shakes';
  const note = `${who}${by.reason ? `: ${by.reason}` : ''}${refundTotal ? `. Refund of ${formatRupees(refundTotal)} started` : ''}${
    walletBack ? `. ${formatRupees(walletBack)} back in the wallet` : ''
  }`;
  await repo.insertEvent(trx, { order_id: row.id, status: 'cancelled', actor: by.kind, actor_id: by.user.id, note, created_at: at });
  await notifyCancelled(deps, trx, row, {
    byShop: by.kind === 'admin',
    reason: by.reason,
    refund: refundTotal > 0 ? formatRupees(refundTotal) : null,
    wallet: walletBack && walletBack > 0 ? formatRupees(walletBack) : null,
  });
  if (by.kind === 'admin') {
    await recordAudit(trx, by.user, {
      action: 'order.cancel',
      entity: 'order',
      entityId: row.id,
      before: { number: row.number, status: row.status, paymentStatus: row.payment_status },
      after: { status: 'cancelled', reason: by.reason, refundPaise: refundTotal, refundIds: refunds.map((r) => r.id), walletPaise: walletBack },
      at,
    });
  }
  return { orderId: row.id, userId: row.user_id, refundIds: refunds.map((r) => r.id) };
}

/**
 * After the cancel committed: tell open order pages, deliver the e-mail, and
 * send the refunds now (the refund job retries any the gateway refused for the moment).
 */
export async function afterCancel(deps: Deps, out: CancelOutcome): Promise<void> {
  publishOrderEvent(deps, { orderId: out.orderId, userId: out.userId, status: 'cancelled' });
  kickNotices(deps);
  if (!out.refundIds.length) return;
  for (const id of out.refundIds) {
    await orderPayments()
      .sendPendingRefund(deps, id)
      .catch((err: unknown) => deps.log.warn({ err, refundId: id }, 'refund not sent yet; the refund job will retry'));
  }
  publishOrderEvent(deps, { orderId: out.orderId, userId: out.userId, status: 'cancelled' });
}

/** POST /api/orders/{id}/cancel */
export async function cancelByCustomer(deps: Deps, user: AuthUser, input: CancelOrderInput): Promise<Order> {
  // Someone else's order answers 404 before anything is locked.
  await orders.readVisibleOrder(deps, { ...user, role: 'customer' }, input.id);
  const out = await withTransactionRetry(deps, (trx) =>
    cancelInTransaction(deps, trx, input.id, { kind: 'customer', user, reason: input.reason?.trim() || null }),
  );
  await afterCancel(deps, out);
  return orders.getOrder(deps, user, input.id);
}
