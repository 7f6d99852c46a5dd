import crypto from 'node:crypto';
import { can } from '../../../shared/rules/staff';
import { forCustomer as deliveryForCustomer } from './orders.delivery-code';
import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { enqueueMail, mailPlaceholder } from '../../lib/mail';
import { catalogueIdsOf, quoteFromInputs, removeOrderedLines } from '../cart/cart.service';
import { deliverableAddressOf, isAddressId } from '../addresses/addresses.service';
import { bookSlot, releaseSlot, slotBookingOutcome, slotBookingRequest } from '../delivery/delivery.service';
import { readAndBook } from '../../statements/placement.repository';
import { orderPayments } from './order-payments';
import * as invoices from '../invoices/invoices.service';
import type { Invoice } from '../../../shared/schemas/invoices';
import * as repo from './orders.repository';
import { applyCoupon, redeemPoints, releaseBenefits, useFreeUnit } from './order-benefits';
import { confirmationMail } from './order-mail';
import { withTransactionRetry } from '../../lib/transaction-retry';
import type { Quote } from '../../../shared/schemas/cart';
import type { Order, OrderHistory, OrderHistoryInputT, OrderSummary, PlaceOrderInput } from '../../../shared/schemas/orders';
import type { PlacedOrder } from '../../../shared/schemas/payments';
import { formatRupees } from '../../../shared/rules/money';
import { methodRefusal, orderLabels, PAYMENT_TIMEOUT_MINUTES } from '../../../shared/rules/order-rules';
import { resolveIdempotencyKey } from '../../lib/payments';
import { customerCancelCheck } from '../../../shared/rules/order-lifecycle';
import { publishOrderEvent } from './order-events';
import { breakdownColumns, storedBreakdown } from './order-breakdown';
import { requireSubscriberSlots } from '../subscriptions/subscriptions.service';
import { retakeCoupon } from '../coupons/coupons.service';
import { earnForOrder, retakeForReinstated } from '../rewards/rewards.service';

type Deps = AppDeps;

/** Thrown inside the placing transaction when the idempotency key already has an order: roll back, then answer with that order. */
class IdempotentReplay extends Error {}

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
  if (row.user_id === user.id && order.status === 'out_for_delivery') return { ...order, delivery: await deliveryForCustomer(deps, order) };
  return order;
}

/** GET /api/user/orders — spec §7: { orders, totalCount } and the X-Total-Count header. */
export async function history(
  deps: Deps,
  user: AuthUser,
  input: OrderHistoryInputT,
  resHeaders: Record<string, string>,
): Promise<OrderHistory> {
  const { rows, totalCount } = await repo.listOrdersOfUser(deps.db, user.id, input.page, input.pageSize);
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

function refuseUnpriceable(quote: Quote): void {
  if (quote.lines.length === 0) throw new AppError('BAD_REQUEST', 'Your cart is empty. Add a shake before checking out.');
  const gone = quote.lines.filter((l) => !l.available);
  if (gone.length) {
    throw new AppError('OUT_OF_STOCK', gone[0]!.reason ?? 'An item in your cart is no longer available.', {
      details: { lines: gone.map((l) => ({ id: l.id, type: l.type, reason: l.reason })) },
    });
  }
  const changed = quote.lines.filter((l) => l.priceChanged);
  if (changed.length) {
    const first = changed[0]!;
    throw new AppError(
      'PRICE_CHANGED',
      `The price of ${first.name || 'an item'} is now ${formatRupees(first.unitPrice)}. Please review your order before paying.`,
      { details: { lines: changed.map((l) => ({ id: l.id, type: l.type, unitPrice: l.unitPrice, shownPrice: l.shownPrice })) } },
    );
  }
}

/**
 * The placing transaction: reprice, check the address and PIN code, book the
 * slot, write the order with its lines, breakdown and first timeline entry,
 * consume benefits, and (for COD / free) queue the confirmation e-mail. Any
 * refusal throws and the whole transaction rolls back: nothing is written.
 */
async function placeInTransaction(
  deps: Deps,
  trx: Trx,
  user: AuthUser,
  input: PlaceOrderInput,
  ctx: { key: string; hash: string; now: Date },
): Promise<{ id: string; order: Order }> {
  const { key, hash, now } = ctx;
  // One round trip reads what the order is priced from (catalogue rows and pricing settings,
  // through this transaction — not the catalogue cache), the customer's address with its PIN
  // code's serviceability, and books the slot (conditional upsert, as bookSlot does). Refusals
  // keep their order — cart, payment method, address, slot — and any of them rolls the
  // booking back with the rest of the transaction.
  const priceInput = { lines: input.lines, userId: user.id, couponCode: input.couponCode, pointsToRedeem: input.pointsToRedeem };
  // --- subscriptions: subscriber-only slots are for a running plan that includes them.
  const planType = input.planType ?? 'one_time';
  if (planType === 'subscription') await requireSubscriberSlots(deps, trx, user.id);
  // --- end subscriptions
  const bookingInput = { slotId: input.slotId, date: input.date, planType };
  const bookingRequest = slotBookingRequest(deps, bookingInput);
  const read = await readAndBook(trx, {
    catalogue: catalogueIdsOf(input.lines),
    address: isAddressId(input.addressId) ? { userId: user.id, id: input.addressId } : null,
    booking: 'params' in bookingRequest ? bookingRequest.params : null,
  });
  const { quote, pricing } = await quoteFromInputs(deps, trx, priceInput, read.pricing);
  refuseUnpriceable(quote);
  // --- points: points asked for and refused (balance, minimum, 20% cap) are a clear 409, never silently dropped.
  if (quote.points.refusal) throw new AppError('INSUFFICIENT_POINTS', quote.points.refusal, { details: { balance: quote.points.balance } });
  // --- end points
  const refusal = methodRefusal(input.paymentMethod, { totalPaise: quote.total, codLimitPaise: pricing.codLimit, formatRupees });
  if (refusal) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', refusal, { details: { total: quote.total } });
  const address = deliverableAddressOf(read.address);
  if ('refusal' in bookingRequest) throw bookingRequest.refusal;
  const slot = slotBookingOutcome(deps, bookingInput, read.booking);

  const online = input.paymentMethod === 'razorpay';
  const nowIso = now.toISOString();
  const newOrder: repo.NewOrder = {
    user_id: user.id,
    status: online ? 'pending_payment' : 'confirmed',
    payment_method: input.paymentMethod,
    payment_status: input.paymentMethod === 'free' ? 'completed' : 'pending',
    ...breakdownColumns(quote),
    coupon_code: quote.couponCode,
    points_redeemed: quote.pointsToRedeem,
    points_to_earn: quote.points.pointsToEarn,
    contact_email: user.email,
    contact_name: user.name,
    address_id: address.id,
    address: {
      name: address.name,
      phone: address.phone,
      line1: address.line1,
      line2: address.line2,
      landmark: address.landmark,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
    },
    pincode: address.pincode,
    slot_id: slot.slotId,
    slot_date: slot.date,
    slot_start: slot.startTime,
    slot_end: slot.endTime,
    plan_type: planType,
    idempotency_key: key,
    request_hash: hash,
    expires_at: online ? new Date(now.getTime() + PAYMENT_TIMEOUT_MINUTES * 60_000).toISOString() : null,
    confirmed_at: online ? null : nowIso,
    created_at: nowIso,
  };
  const lineRows: repo.NewOrderLine[] = quote.lines.map((l, i) => ({
    position: i + 1,
    item_id: l.id,
    item_type: l.type,
    name: l.name,
    image: l.image,
    unit_price_paise: l.unitPrice,
    quantity: l.quantity,
    line_total_paise: l.lineTotal,
    is_free_unit: l.isFreeUnit,
    recipe: l.recipe ?? null,
  }));
  const eventNote = online
    ? 'Order placed; waiting for payment'
    : input.paymentMethod === 'cod'
      ? 'Order placed; pay cash on delivery'
      : 'Order placed; nothing to pay';
  // COD / free: the confirmation e-mail goes to the outbox in the same statement as the
  // order. Its id and number are assigned by that insert, so the mail carries placeholders
  // the statement fills in.
  const idToken = mailPlaceholder();
  const numberToken = mailPlaceholder();
  const mail = online
    ? null
    : confirmationMail({
        to: user.email,
        toName: user.name,
        orderId: idToken,
        number: numberToken,
        publicUrl: deps.config.PUBLIC_URL,
        paymentMethod: input.paymentMethod,
        paidWith: null,
        lines: quote.lines.map((l) => ({ name: l.name, quantity: l.quantity, line_total_paise: l.lineTotal, is_free_unit: l.isFreeUnit })),
        total: quote.total,
        slotDate: slot.date,
        slotStart: slot.startTime,
        slotEnd: slot.endTime,
        address,
      });
  const created = await repo.insertOrderGraph(
    trx,
    newOrder,
    lineRows,
    { status: newOrder.status, actor: 'customer', actor_id: user.id, note: eventNote },
    mail ? { message: mail, idToken, numberToken } : undefined,
  );
  if (!created) throw new IdempotentReplay();
  // The order's lines leave the server cart now, not when it is paid: paid later from the order page it would stay full.
  await removeOrderedLines(trx, user.id, input.lines);
  const orderRow: repo.OrderRow = {
    ...newOrder,
    id: created.id,
    number: created.number,
    cancel_reason: null,
    paid_with: null,
    updated_at: nowIso,
    paid_at: null,
    cancelled_at: null,
    reconcile_after: null,
  };

  // Benefits the quote granted are consumed here, or the order is refused.
  const benefit = { userId: user.id, orderId: created.id };
  const coupon = await applyCoupon(deps, trx, { ...benefit, coupon: quote.coupon });
  const points = await redeemPoints(deps, trx, { ...benefit, points: quote.pointsToRedeem, discountPaise: quote.pointsDiscount });
  const free = await useFreeUnit(deps, trx, { ...benefit, freeUnitPaise: quote.freeUnitDiscount });
  if (
    coupon.discountPaise !== quote.couponDiscount ||
    points.discountPaise !== quote.pointsDiscount ||
    free.discountPaise !== quote.freeUnitDiscount
  ) {
    throw new AppError('CONFLICT', 'Your discounts changed while the order was being placed. Please review your order and try again.');
  }

  // The answer is built from what was just written: no read-back round trip.
  const order = toOrderDto(
    {
      ...orderRow,
      id: created.id,
      number: created.number,
      lines: lineRows,
      events: [{ status: orderRow.status, actor: 'customer', note: eventNote, created_at: nowIso }],
    },
    now,
  );
  return { id: created.id, order };
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
): Promise<PlacedOrder> {
  const key = resolveIdempotencyKey(headerKey, input.idempotencyKey, 'order');
  const hash = requestHash(input);
  const now = deps.clock.now();
  let order: Order | null = null;
  let id: string;
  let replayed = false;
  try {
    // Orders for one slot and day queue in their own lane: a held booking row delays only them.
    ({ id, order } = await withTransactionRetry(deps, (trx) => placeInTransaction(deps, trx, user, input, { key, hash, now }), {
      lane: `slot:${input.slotId.toLowerCase()}:${input.date}`,
    }));
  } catch (e) {
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
    try {
      await bookSlot(deps, trx, {
        slotId: order.slot_id,
        date: order.slot_date,
        planType: order.plan_type === 'subscription' ? 'subscription' : 'one_time',
      });
    } catch (e) {
      if (e instanceof AppError) return 'not_reinstatable';
      throw e;
    }
    moved = await repo.reinstatePaid(trx, order.id, { now, paidWith: p.paidWith });
    outcome = 'reinstated';
    // --- subscriptions: the expiry gave the free unit back; the order was paid at its discounted price, so take it again.
    if (moved && order.free_unit_discount_paise > 0)
      await useFreeUnit(deps, trx, { userId: order.user_id, orderId: order.id, freeUnitPaise: order.free_unit_discount_paise });
    // --- end subscriptions
    // --- coupons: likewise the coupon use, when its limit still allows (decision 070).
    if (moved && order.coupon_code) await retakeCoupon(trx, order.id);
    // --- end coupons
    // --- points: the expiry gave the redeemed points back; the order was paid with them, so take them again.
    if (moved) await retakeForReinstated(deps, trx, order);
    // --- end points
  }
  if (!moved) return 'already_paid';
  // --- points: paid online, so the order earns its points (once per order, whatever repeats).
  await earnForOrder(deps, trx, moved);
  // --- end points
  await repo.insertEvent(trx, {
    order_id: order.id,
    status: 'confirmed',
    actor: 'gateway',
    note: outcome === 'reinstated' ? `${p.note}; the payment arrived after the 30-minute window and the order was reinstated` : p.note,
    created_at: now,
  });
  const full = await repo.readOrder(trx, order.id);
  await enqueueMail(
    trx,
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
      await releaseSlot(deps, trx, { slotId: o.slot_id, date: o.slot_date });
      await releaseBenefits(deps, trx, o);
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
