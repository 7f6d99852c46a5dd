import crypto from 'node:crypto';
import { can } from '../../../shared/rules/staff';
import { forCustomer as deliveryForCustomer } from './orders.delivery-code';
import { photoOf } from './orders.photo';
import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { orderPayments } from './order-payments';
import * as invoices from '../invoices/invoices.service';
import type { Invoice } from '../../../shared/schemas/invoices';
import * as repo from './orders.repository';
import { confirmationMail } from './order-mail';
import { withTransactionRetry } from '../../lib/transaction-retry';
import type { Order, OrderHistory, OrderHistoryInputT, OrderSummary, PlaceOrderInput } from '../../../shared/schemas/orders';
import type { PlacedOrder } from '../../../shared/schemas/payments';
import { orderLabels } from '../../../shared/rules/order-rules';
import { resolveIdempotencyKey } from '../../lib/payments';
import { customerCancelCheck } from '../../../shared/rules/order-lifecycle';
import { publishOrderEvent } from './order-events';
import { storedBreakdown } from './order-breakdown';
import { earnForOrder } from '../rewards/rewards.service';
import { placeInTransaction, releasePlacement, retakePlacement, type PlacementContext } from './place-order';
import { IdempotentReplay } from './orders.placement';
import { notifyConfirmed } from './order-notify';

type Deps = AppDeps;

// ---------- Views ----------

const labels = orderLabels;

export function toOrderDto(o: repo.OrderWithDetails, now: Date): Order {
  const a = o.address as Order['address'];
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    cancelReason: o.cancel_reason,
    paymentMethod: o.payment_method,
    paymentStatus: o.payment_status,
    paidWith: o.paid_with,
    labels: labels(o),
    lines: o.lines.map((l) => ({
      itemId: l.item_id,
      type: l.item_type,
      name: l.name,
      image: l.image,
      unitPrice: l.unit_price_paise,
      quantity: l.quantity,
      lineTotal: l.line_total_paise,
      isFreeUnit: l.is_free_unit,
      recipe: (l.recipe ?? null) as Order['lines'][number]['recipe'],
    })),
    breakdown: storedBreakdown(o),
    couponCode: o.coupon_code,
    pointsRedeemed: o.points_redeemed,
    pointsToEarn: o.points_to_earn,
    address: {
      name: a.name,
      phone: a.phone,
      line1: a.line1,
      line2: a.line2 ?? null,
      landmark: a.landmark ?? null,
      city: a.city,
      state: a.state,
      pincode: a.pincode,
      // Orders placed before pins (decision 287) have none in their copy.
      latitude: a.latitude ?? null,
      longitude: a.longitude ?? null,
    },
    slot: { id: o.slot_id, date: o.slot_date, startTime: o.slot_start, endTime: o.slot_end, planType: o.plan_type },
    // jsonArrayFrom returns timestamps as PostgreSQL text; normalise to ISO.
    timeline: o.events.map((e) => ({ status: e.status, actor: e.actor, note: e.note, at: new Date(e.created_at).toISOString() })),
    placedAt: o.created_at,
    confirmedAt: o.confirmed_at,
    paidAt: o.paid_at,
    cancelledAt: o.cancelled_at,
    expiresAt: o.expires_at,
    canPay: isPayable(o, now),
    invoiceNumber: o.invoice_number ?? null,
    refund: { processed: Number(o.refund_processed_paise ?? 0), pending: Number(o.refund_pending_paise ?? 0) },
    cancel: customerCancelCheck({ status: o.status, slotDate: o.slot_date, slotStart: o.slot_start }, now),
  };
}

/** An online order still waiting for its payment, inside the 30-minute window. */
export function isPayable(o: Pick<repo.OrderRow, 'status' | 'payment_method' | 'payment_status' | 'expires_at'>, now: Date): boolean {
  return (
    o.status === 'pending_payment' &&
    o.payment_method === 'razorpay' &&
    (o.payment_status === 'pending' || o.payment_status === 'failed') &&
    !!o.expires_at &&
    new Date(o.expires_at).getTime() > now.getTime()
  );
}

/** Reads an order for someone allowed to see it: its owner or staff who may read orders. Everyone else gets the same 404 as a missing order. */
export async function readVisibleOrder(
  deps: Pick<Deps, 'db'>,
  user: AuthUser,
  id: string,
  executor: Executor = deps.db,
): Promise<repo.OrderWithDetails> {
  const row = await repo.readOrder(executor, id);
  if (!row || (row.user_id !== user.id && !can(user.role, 'orders:read'))) throw notFound('That order');
  return row;
}

export async function loadOrderDto(deps: Pick<Deps, 'db' | 'clock'>, id: string, executor: Executor = deps.db): Promise<Order> {
  const row = await repo.readOrder(executor, id);
  if (!row) throw notFound('That order');
  return toOrderDto(row, deps.clock.now());
}

/** GET /api/orders/{id}/invoice (and the PDF): the owner or an admin; anyone else gets the same 404 as a missing order. */
export async function getInvoice(deps: Deps, user: AuthUser, id: string): Promise<Invoice> {
  const row = await readVisibleOrder(deps, user, id);
  return invoices.invoiceOf(deps, toOrderDto(row, deps.clock.now()), row.contact_email);
}

/** GET /api/orders/{id} */
export async function getOrder(deps: Deps, user: AuthUser, id: string): Promise<Order> {
  const row = await readVisibleOrder(deps, user, id);
  const order = toOrderDto(row, deps.clock.now());
  // Once on its way, the customer (only the customer: never staff) sees the rider and the delivery code.
  const withPhoto =
    order.status === 'out_for_delivery' || order.status === 'delivered' ? { ...order, deliveryPhoto: await photoOf(deps, order.id) } : order;
  if (row.user_id === user.id && order.status === 'out_for_delivery') return { ...withPhoto, delivery: await deliveryForCustomer(deps, order) };
  return withPhoto;
}

/** GET /api/user/orders — spec §7: { orders, totalCount } and the X-Total-Count header. */
export async function history(
  deps: Deps,
  user: AuthUser,
  input: OrderHistoryInputT,
  resHeaders: Record<string, string>,
): Promise<OrderHistory> {
  // A replica's copy when there is one; the customer who has just placed or cancelled reads the primary (decision 176).
  const { rows, totalCount } = await deps.reads.run(user.id, (db) => repo.listOrdersOfUser(db, user.id, input.page, input.pageSize));
  resHeaders['X-Total-Count'] = String(totalCount);
  const orders: OrderSummary[] = rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    paymentMethod: r.payment_method,
    paymentStatus: r.payment_status,
    labels: labels(r),
    total: r.total_paise,
    itemCount: Number(r.item_count),
    itemNames: r.item_names ?? [],
    slot: { id: r.slot_id, date: r.slot_date, startTime: r.slot_start, endTime: r.slot_end, planType: r.plan_type },
    placedAt: r.created_at,
  }));
  return { orders, totalCount };
}

// ---------- Placement ----------

/**
 * A stable fingerprint of what was asked for (display-only fields left out), to tell a repeat from a different order under a used key.
 * The SHA-256 of the canonical JSON of { addressId, couponCode, date, lines: [{ id, quantity, recipe, type }],
 * paymentMethod, pointsToRedeem, slotId } — keys in code-point order at every level, lines sorted by
 * `${type}:${id}` with localeCompare. Stored with each order, so it must never change: written out by
 * hand here because the generic canonicaliser was ~2% of a placement's CPU (request-hash.unit.test.ts
 * checks it against that generic form).
 */
export function requestHash(input: PlaceOrderInput): string {
  const lines = input.lines
    .map((l) => ({ key: `${l.type}:${l.id}`, l }))
    .sort((a, b) => collator().compare(a.key, b.key))
    .map(
      ({ l }) =>
        `{"id":${JSON.stringify(l.id)},"quantity":${JSON.stringify(l.quantity)},"recipe":${canonicalJson(l.recipe ?? null)},"type":${JSON.stringify(l.type)}}`,
    );
  const body =
    `{"addressId":${JSON.stringify(input.addressId.toLowerCase())}` +
    `,"couponCode":${JSON.stringify(input.couponCode ? input.couponCode.toUpperCase() : null)}` +
    `,"date":${JSON.stringify(input.date)}` +
    `,"lines":[${lines.join(',')}]` +
    `,"paymentMethod":${JSON.stringify(input.paymentMethod)}` +
    `,"pointsToRedeem":${JSON.stringify(input.pointsToRedeem ?? 0)}` +
    `,"slotId":${JSON.stringify(input.slotId.toLowerCase())}}`;
  return crypto.createHash('sha256').update(body).digest('hex');
}
/** String.prototype.localeCompare without arguments compares exactly as a default Intl.Collator does (ECMA-402). */
let collatorObj: Intl.Collator | undefined;
const collator = () => (collatorObj ??= new Intl.Collator());

/** JSON.stringify of a value with every object's keys sorted (a custom shake's recipe). */
function canonicalJson(v: unknown): string {
  const canon = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(canon)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.keys(x as object)
              .sort()
              .map((k) => [k, canon((x as Record<string, unknown>)[k])]),
          )
        : x;
  return JSON.stringify(canon(v));
}

/**
 * POST /api/orders. One transaction or nothing; the same idempotency key
 * always answers with the same order. The race between repeats is decided by
 * the unique (user, key) constraint, not by a look-up beforehand: losers roll
 * back and read the winner's order.
 */
export async function placeOrder(
  deps: Deps,
  user: AuthUser,
  input: PlaceOrderInput,
  headerKey: string | string[] | undefined,
  opts: Pick<PlacementContext, 'afterStep' | 'session'> = {},
): Promise<PlacedOrder> {
  const key = resolveIdempotencyKey(headerKey, input.idempotencyKey, 'order');
  const hash = requestHash(input);
  const now = deps.clock.now();
  let order: Order | null = null;
  let id: string;
  let replayed = false;
  try {
    // Orders for one slot and day queue in their own lane: a held booking row delays only them.
    const written = await withTransactionRetry(deps, (trx) => placeInTransaction(deps, trx, user, input, { key, hash, now, ...opts }), {
      lane: `slot:${input.slotId.toLowerCase()}:${input.date}`,
    });
    // The answer is built from what was just written: no read-back round trip.
    ({ id, order } = { id: written.id, order: toOrderDto(written, now) });
  } catch (e) {
    // A session left to the placing statement (decision 320) that the refusal came before is read
    // now: an ended one gets 401, never the order a replay would show.
    await opts.session?.confirm();
    // A repeat can also fail a check the first request passed (the slot is now full,
    // a price moved): whatever the refusal, an existing order for this key is the answer.
    if (!(e instanceof IdempotentReplay) && !(e instanceof AppError)) throw e;
    const existing = await repo.findByIdempotencyKey(deps.db, user.id, key);
    if (!existing) {
      if (e instanceof IdempotentReplay)
        throw new AppError('CONFLICT', 'This order is being placed by another request. Please try again in a moment.');
      throw e;
    }
    if (existing.request_hash !== hash) {
      throw new AppError(
        'IDEMPOTENCY_MISMATCH',
        'This idempotency key was already used for a different order. Use a new key for a new order.',
        {
          details: { orderId: existing.id },
        },
      );
    }
    id = existing.id;
    replayed = true;
  }

  order ??= await loadOrderDto(deps, id);
  // One gateway order per order: a replay (even one racing the first request) gets the same one.
  const payment = order.canPay
    ? await orderPayments().startPayment(deps, order, { contact: replayed ? undefined : { email: user.email, name: user.name } })
    : null;
  // The order's WhatsApp confirmation (an opted-in customer's COD / wallet / free order) is left to the
  // worker's next tick (5 s): a kick here would be a claim query after every order, opted in or not.
  return { order, payment, replayed };
}

// ---------- Transitions used by payments and jobs ----------

/**
 * Payment received for an order (inside the settling transaction, order row
 * locked). Confirms it and queues the confirmation e-mail, exactly once: the
 * conditional update moves only an unpaid order. A timed-out order whose
 * payment arrives late is reinstated when its slot can be booked again.
 * Returns 'confirmed' | 'reinstated' | 'already_paid' | 'not_reinstatable'.
 */
export async function confirmPaidOrder(
  deps: Deps,
  trx: Trx,
  order: repo.OrderRow,
  p: { paidWith: string | null; note: string },
): Promise<'confirmed' | 'reinstated' | 'already_paid' | 'not_reinstatable'> {
  const now = deps.clock.now().toISOString();
  let moved = await repo.confirmPaid(trx, order.id, { now, paidWith: p.paidWith });
  let outcome: 'confirmed' | 'reinstated' = 'confirmed';
  if (!moved && order.status === 'cancelled' && order.cancel_reason === 'payment_timeout') {
    // The expiry gave back the slot, coupon use, points and free unit; the order was paid at its
    // discounted price, so each step takes its part again (the slot or the stock may refuse: not
    // reinstated, and what the steps before the refusal took again is given back — releases are
    // idempotent — so a refunded order holds no place, stock or coupon use).
    try {
      await retakePlacement(deps, trx, order);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      await releasePlacement(deps, trx, order);
      return 'not_reinstatable';
    }
    moved = await repo.reinstatePaid(trx, order.id, { now, paidWith: p.paidWith });
    outcome = 'reinstated';
    if (!moved) await releasePlacement(deps, trx, order);
  }
  if (!moved) return 'already_paid';
  // Paid online, so the order earns its points (once per order, whatever repeats).
  await earnForOrder(deps, trx, moved);
  await repo.insertEvent(trx, {
    order_id: order.id,
    status: 'confirmed',
    actor: 'gateway',
    note: outcome === 'reinstated' ? `${p.note}; the payment arrived after the 30-minute window and the order was reinstated` : p.note,
    created_at: now,
  });
  const full = await repo.readOrder(trx, order.id);
  await notifyConfirmed(
    deps,
    trx,
    moved,
    confirmationMail({
      to: moved.contact_email,
      toName: moved.contact_name,
      orderId: moved.id,
      number: moved.number,
      publicUrl: deps.config.PUBLIC_URL,
      paymentMethod: moved.payment_method,
      paidWith: moved.paid_with,
      lines: full?.lines ?? [],
      total: moved.total_paise,
      slotDate: moved.slot_date,
      slotStart: moved.slot_start,
      slotEnd: moved.slot_end,
      address: moved.address as { name: string; line1: string; line2: string | null; city: string; pincode: string },
    }),
  );
  return outcome;
}

export { markPaymentFailed, markRefunded, lockOrder, claimForReconcile } from './orders.repository';
export { notifyPaymentFailed } from './order-notify';

/** Who to address about an order (snapshot taken at placement). */
export async function contactOf(deps: Pick<Deps, 'db'>, orderId: string): Promise<{ email: string; name: string }> {
  const c = await repo.contactOf(deps.db, orderId);
  if (!c) throw notFound('That order');
  return c;
}

/** A timeline entry that records something without changing the status (a duplicate payment refunded…). */
export async function addTimelineNote(trx: Trx, order: Pick<repo.OrderRow, 'id' | 'status'>, note: string, at: string): Promise<void> {
  await repo.insertEvent(trx, { order_id: order.id, status: order.status, actor: 'gateway', note, created_at: at });
}

/** How long past its deadline an order waits for a gateway that cannot answer before it is cancelled anyway. */
const GATEWAY_SILENCE_GRACE_MS = 30 * 60_000;

/**
 * Job: cancel online orders left unpaid past their 30 minutes, give their slot
 * (and, once they exist, coupon use and points) back. Safe on any number of
 * instances: rows are claimed with FOR UPDATE SKIP LOCKED and the status
 * change is conditional, so each order is released exactly once.
 *
 * First the gateway is asked about each order's attempts (decision 086): one
 * paid there whose webhook is late is confirmed, not cancelled. While the
 * gateway cannot answer an order waits (up to 30 more minutes).
 */
export async function expireUnpaidOrders(deps: Deps, limit = 50): Promise<number> {
  const checkedAt = deps.clock.now();
  const candidates = await repo.listExpired(deps.db, checkedAt.toISOString(), limit);
  const unpaid: string[] = [];
  for (const o of candidates) {
    const answer = await orderPayments().settleBeforeExpiry(deps, o.id);
    const silentTooLong = checkedAt.getTime() - new Date(o.expires_at!).getTime() > GATEWAY_SILENCE_GRACE_MS;
    if (answer === 'unpaid' || (answer === 'unknown' && silentTooLong)) unpaid.push(o.id);
  }
  const expired: { id: string; user_id: string }[] = [];
  const n = await withTransactionRetry(deps, async (trx) => {
    expired.length = 0;
    const now = deps.clock.now().toISOString();
    const due = await repo.lockExpired(trx, now, limit, unpaid);
    let n = 0;
    for (const o of due) {
      const cancelled = await repo.cancelUnpaid(trx, o.id, { now, reason: 'payment_timeout' });
      if (!cancelled) continue;
      await releasePlacement(deps, trx, o);
      await repo.insertEvent(trx, {
        order_id: o.id,
        status: 'cancelled',
        actor: 'system',
        note: 'Payment was not completed within 30 minutes',
        created_at: now,
      });
      expired.push({ id: o.id, user_id: o.user_id });
      n++;
    }
    return n;
  });
  // After commit: open order pages show the cancellation without a reload.
  for (const o of expired) publishOrderEvent(deps, { orderId: o.id, userId: o.user_id, status: 'cancelled' });
  return n;
}
