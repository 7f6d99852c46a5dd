import crypto from 'node:crypto';
import { notifyCouldNotDeliver, notifyMoved, notifyOutForDelivery } from './order-notify';
import { kickNotices, notify } from '../notifications/notify.service';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { formatSlotDate, formatSlotRange, istToday } from '../../../shared/rules/slots';
import { formatRupees } from '../../../shared/rules/money';
import { orderStatusLabel } from '../../../shared/rules/order-rules';
import { deliveryPaymentLabel } from '../../../shared/rules/payment-labels';
import {
  DELIVERY_CODE_TRIES,
  FAIL_REASON_LABELS,
  type AdminStops,
  type AdminStopsInput,
  type AssignAnswer,
  type AssignInput,
  type ConfirmDeliveredInput,
  type DeliveredInput,
  type DeliveryStop,
  type FailedInput,
  type NewCodeInput,
  type RiderCash,
  type RiderRuns,
  type RiderRunsInput,
  type RiderRunStop,
  type RiderStop,
  type RiderStopAnswer,
  type FailedAnswer,
  type RescheduleAnswer,
  type RescheduleInput,
} from '../../../shared/schemas/stops';
import type { OrderAddress } from '../../../shared/schemas/orders';
import { recordAudit } from '../audit/audit.service';
import * as orders from './orders.service';
import * as repo from './orders.repository';
import * as lrepo from './orders.lifecycle.repository';
import * as drepo from './orders.stops.repository';
import { applyStatusMove } from './orders.admin.service';
import { bookSlot, kitchenLocation, releaseHeldPlace } from '../slots/slots.service';
import { routeOrder, type GeoPoint } from '../../../shared/rules/route-order';
import { publishOrderEvent } from './order-events';
import { codeFor, codeHash, firstName, sameHash } from './orders.delivery-code';
import { mailOwners } from '../stock/stock.service';
import { claimKey, refusal, replayed, settleKey, type RiderKey } from './orders.rider-keys';

/**
 * The last mile (PRODUCT.md §17, decision 138). The manager assigns the day's ready orders to riders
 * (by hand, or spread by PIN code); a rider sees only their own stops (anyone else's is a 404), picks
 * an order up (out for delivery: the customer's page shows the delivery code), and delivers it with
 * the customer's 4-digit code (5 wrong tries in all lock the order's code until the manager issues a
 * new one, decision 200) or reports why not (the
 * order returns to the manager's queue). Status moves go through the admin desk's one move
 * (applyStatusMove), so the timeline, e-mails, points and invoice are the same whoever moves it.
 */

type Deps = AppDeps;

// --- shapes ---

const slotRef = (r: { slot_id: string; start_time: string; end_time: string }) => ({
  id: r.slot_id,
  label: formatSlotRange(r.start_time, r.end_time),
  startTime: r.start_time,
  endTime: r.end_time,
});
const codDue = (r: drepo.StopRow) => (r.payment_method === 'cod' && r.payment_status === 'pending' ? r.total_paise : null);
/** The one payment-label rule, for the desk's stop and the rider's card alike. */
const paymentLabel = (r: drepo.StopRow) =>
  deliveryPaymentLabel({ method: r.payment_method, status: r.payment_status, total: r.total_paise, cashCollected: r.cash_collected_paise });

/** How the desk's stop and the rider's stop name their order. */
const stopOrder = (r: drepo.StopRow) => ({ orderId: r.id, number: r.number, status: r.status, statusLabel: orderStatusLabel(r.status) });

/** The pin the order's address copy carries (decision 287); orders placed before pins have none. */
function pinOf(r: drepo.StopRow): GeoPoint | null {
  const a = r.address as Partial<OrderAddress>;
  return typeof a.latitude === 'number' && typeof a.longitude === 'number' ? { latitude: a.latitude, longitude: a.longitude } : null;
}

/**
 * The stops (read by slot, then PIN code) in route order within each slot (decision 289): nearest
 * neighbour from the kitchen over the pinned ones, then the rest in PIN code order.
 */
async function inRouteOrder(deps: Deps, rows: drepo.StopRow[]) {
  const kitchen = await kitchenLocation(deps.db);
  const bySlot = new Map<string, drepo.StopRow[]>();
  for (const r of rows) bySlot.set(r.slot_id, [...(bySlot.get(r.slot_id) ?? []), r]);
  return [...bySlot.values()].map((slotRows) => routeOrder(slotRows, kitchen, pinOf));
}

function toStop(r: drepo.StopRow): DeliveryStop {
  const a = r.address as OrderAddress;
  return {
    ...stopOrder(r),
    customerFirstName: firstName(r.contact_name || a.name),
    pincode: r.pincode,
    area: [a.line2, a.city].filter(Boolean).join(', '),
    slot: slotRef(r),
    itemCount: r.item_count,
    total: r.total_paise,
    codDue: codDue(r),
    paymentLabel: paymentLabel(r),
    riderId: r.rider_id,
    riderName: r.rider_name,
    readyAt: r.ready_at ? new Date(r.ready_at).toISOString() : null,
    pickedUpAt: r.picked_up_at,
    deliveredAt: r.delivered_at,
    failedAt: r.failed_at,
    failReason: r.fail_reason,
    failNote: r.fail_note,
    instructions: r.instructions,
    locked: (r.code_tries ?? 0) >= DELIVERY_CODE_TRIES,
  };
}

function toRiderStop(r: drepo.StopRow, items: { name: string; quantity: number }[]): RiderStop {
  const a = r.address as OrderAddress;
  const phone = a.phone.replace(/[^\d+]/g, '');
  const pin = pinOf(r);
  // A pin the customer dropped is where the door is; the words are the fallback.
  const where = pin ? `${pin.latitude},${pin.longitude}` : [a.line1, a.line2, a.landmark, a.city, a.pincode].filter(Boolean).join(', ');
  return {
    ...stopOrder(r),
    firstName: firstName(r.contact_name || a.name),
    address: { line1: a.line1, line2: a.line2, landmark: a.landmark, city: a.city, pincode: a.pincode },
    mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}`,
    callUrl: `tel:${phone}`,
    whatsappUrl: `https://wa.me/${phone.replace(/^\+/, '')}`,
    items,
    codDue: codDue(r),
    paymentLabel: paymentLabel(r),
    readyAt: r.ready_at ? new Date(r.ready_at).toISOString() : null,
    pickedUpAt: r.picked_up_at,
    deliveredAt: r.delivered_at,
    failedAt: r.failed_at,
    failReason: r.fail_reason,
    triesLeft: Math.max(0, DELIVERY_CODE_TRIES - (r.code_tries ?? 0)),
    instructions: r.instructions,
    hasPhoto: r.has_photo,
    locked: (r.code_tries ?? 0) >= DELIVERY_CODE_TRIES,
  };
}

// --- the manager ---

/** GET /api/admin/deliveries?date=&slotId= */
export async function day(deps: Deps, input: AdminStopsInput): Promise<AdminStops> {
  const [rows, slots, riders] = [
    await drepo.stopsOfDay(deps.db, input.date, input.slotId),
    await drepo.slotsOfDay(deps.db),
    await drepo.enabledRiders(deps.db),
  ];
  return {
    date: input.date,
    slots: slots.map((s) => slotRef({ slot_id: s.id, start_time: s.start_time, end_time: s.end_time })),
    riders: riders.map((r) => ({ id: r.id, name: r.name, mobile: r.mobile })),
    stops: (await inRouteOrder(deps, rows)).flat().map((s) => toStop(s.stop)),
  };
}

/**
 * Spread by area: each PIN code goes to the rider with the highest hash of (PIN, rider) — rendezvous
 * hashing, so the same PIN goes to the same rider day after day, and a rider joining or leaving moves
 * only the PINs that were (or become) theirs.
 */
export function riderForPin(pincode: string, riderIds: readonly string[]): string {
  let best = riderIds[0]!;
  let bestScore = -1n;
  for (const id of riderIds) {
    const score = crypto.createHash('sha256').update(`${pincode}|${id}`).digest().readBigUInt64BE(0);
    if (score > bestScore) [best, bestScore] = [id, score];
  }
  return best;
}

/** POST /api/admin/deliveries/assign: to one rider, or spread by PIN code. Only orders not yet out; audited. */
export async function assign(deps: Deps, actor: AuthUser, input: AssignInput): Promise<AssignAnswer> {
  const now = deps.clock.now().toISOString();
  const riders = await drepo.enabledRiders(deps.db);
  if (input.riderId && !riders.some((r) => r.id === input.riderId)) throw notFound('That rider (enabled, with the rider role)');
  if (!riders.length) throw new AppError('INVALID_STATE', 'There are no riders yet: invite one in Staff first.');
  const ids = [...new Set(input.orderIds)].sort();
  const assigned = await withTransactionRetry(deps, async (trx) => {
    const out: AssignAnswer['assigned'] = [];
    for (const id of ids) {
      const row = await orders.lockOrder(trx, id);
      if (!row) throw notFound(`Order ${id}`);
      if (row.status !== 'confirmed' && row.status !== 'preparing') {
        throw new AppError(
          'INVALID_STATE',
          `Order ${row.number} is ${orderStatusLabel(row.status).toLowerCase()}: only orders not yet out for delivery are assigned.`,
        );
      }
      const riderId =
        input.riderId ??
        riderForPin(
          row.pincode,
          riders.map((r) => r.id),
        );
      await drepo.assign(trx, id, riderId, actor.id, now);
      const rider = riders.find((r) => r.id === riderId)!;
      out.push({ orderId: id, riderId, riderName: rider.name });
      await recordAudit(trx, actor, {
        action: 'delivery.assigned',
        entity: 'order',
        entityId: id,
        before: null,
        after: { number: row.number, riderId, rider: rider.name, spread: !input.riderId },
        at: now,
      });
    }
    return out;
  });
  return { assigned };
}

/** POST /api/admin/deliveries/{id}/confirm: the manager confirms a stop on its way (e.g. locked after 5 wrong codes). */
export async function confirmDelivered(deps: Deps, actor: AuthUser, input: ConfirmDeliveredInput): Promise<DeliveryStop> {
  const moved = await withTransactionRetry(deps, async (trx) => {
    const row = await orders.lockOrder(trx, input.id);
    const d = row && (await drepo.lockDelivery(trx, input.id));
    if (!row || !d) throw notFound('That delivery');
    if (row.status !== 'out_for_delivery')
      throw new AppError('INVALID_STATE', `Order ${row.number} is not on its way (${orderStatusLabel(row.status).toLowerCase()}).`);
    return deliver(deps, trx, row, actor, input.cashCollected, 'Delivered (confirmed by the shop)');
  });
  publishOrderEvent(deps, { orderId: moved.id, userId: moved.user_id, status: moved.status });
  kickNotices(deps);
  const stop = (await drepo.stopsOfDay(deps.db, moved.slot_date)).find((s) => s.id === input.id)!;
  return toStop(stop);
}

/**
 * POST /api/admin/deliveries/{id}/reschedule: a stop not yet out — typically one a rider could not
 * deliver — to another date and slot, in one transaction: the old place is given back, the new one
 * booked (SLOT_FULL / SLOT_CLOSED as for any order), the order's slot snapshot moved, the stop starts
 * again unassigned, the customer told (timeline, inbox, and the channels notify chose), audited. The
 * answer's `told` names the channels used.
 */
export async function reschedule(deps: Deps, actor: AuthUser, input: RescheduleInput): Promise<RescheduleAnswer> {
  const { after: moved, told } = await withTransactionRetry(deps, async (trx) => {
    const row = await orders.lockOrder(trx, input.id);
    if (!row) throw notFound('That order');
    if (row.status !== 'confirmed' && row.status !== 'preparing') {
      throw new AppError(
        'INVALID_STATE',
        `Order ${row.number} is ${orderStatusLabel(row.status).toLowerCase()}: only orders not yet out for delivery can be rescheduled.`,
      );
    }
    if (row.slot_id === input.slotId && row.slot_date === input.date) {
      const message = 'The order is already in that slot: choose another date or slot.';
      throw new AppError('VALIDATION_FAILED', message, { details: { fieldErrors: { slotId: [message] } } });
    }
    const at = deps.clock.now().toISOString();
    await releaseHeldPlace(trx, row.id);
    const slot = await bookSlot(deps, trx, {
      slotId: input.slotId,
      date: input.date,
      planType: row.plan_type === 'subscription' ? 'subscription' : 'one_time',
      orderId: row.id,
    });
    await drepo.moveToSlot(trx, row.id, { slotId: slot.slotId, date: slot.date, start: slot.startTime, end: slot.endTime, now: at });
    await drepo.resetStop(trx, row.id, at);
    const after = { ...row, slot_id: slot.slotId, slot_date: slot.date, slot_start: slot.startTime, slot_end: slot.endTime };
    const when = `${formatSlotDate(slot.date)}, ${formatSlotRange(slot.startTime, slot.endTime)}`;
    await repo.insertEvent(trx, {
      order_id: row.id,
      status: row.status,
      actor: 'admin',
      actor_id: actor.id,
      note: `Delivery moved to ${when}`,
      created_at: at,
    });
    // A new delivery time is a change to what the customer agreed to: on every channel they have (decision 215).
    const told = await notifyMoved(deps, trx, after);
    await recordAudit(trx, actor, {
      action: 'delivery.rescheduled',
      entity: 'order',
      entityId: row.id,
      before: { number: row.number, slotId: row.slot_id, date: row.slot_date },
      after: { slotId: slot.slotId, date: slot.date },
      at,
    });
    return { after, told };
  });
  publishOrderEvent(deps, { orderId: moved.id, userId: moved.user_id, status: moved.status });
  kickNotices(deps);
  const stop = (await drepo.stopsOfDay(deps.db, moved.slot_date)).find((s) => s.id === input.id)!;
  return { ...toStop(stop), told: told.summary };
}

/**
 * POST /api/admin/deliveries/{id}/new-code: the manager issues a new delivery code (decision 200) —
 * the only way a code locked after 5 wrong tries opens again. The old code stops working, the tries
 * start again; an order on its way shows the new code on the customer's page and its WhatsApp carries
 * it (decision 173). Audited; no staff answer carries the code.
 */
export async function newCode(deps: Deps, actor: AuthUser, input: NewCodeInput): Promise<DeliveryStop> {
  const moved = await withTransactionRetry(deps, async (trx) => {
    const row = await orders.lockOrder(trx, input.id);
    const d = row && (await drepo.lockDelivery(trx, input.id));
    if (!row || !d) throw notFound('That delivery');
    if (!['confirmed', 'preparing', 'out_for_delivery'].includes(row.status)) {
      throw new AppError('INVALID_STATE', `Order ${row.number} is ${orderStatusLabel(row.status).toLowerCase()}: it needs no delivery code.`);
    }
    if (!d.code_nonce || !d.code_hash) {
      throw new AppError('INVALID_STATE', `Order ${row.number} has no code yet: the rider’s “Picked up” makes one.`);
    }
    const at = deps.clock.now().toISOString();
    // A different 4 digits, so the old code is surely dead.
    let nonce: string;
    let code: string;
    do {
      nonce = crypto.randomBytes(16).toString('base64url');
      code = codeFor(deps, row.id, nonce);
    } while (sameHash(codeHash(deps, row.id, code), d.code_hash));
    await drepo.replaceCode(trx, row.id, { nonce, hash: codeHash(deps, row.id, code), now: at });
    if (row.status === 'out_for_delivery') await notifyOutForDelivery(deps, trx, row, code);
    await recordAudit(trx, actor, {
      action: 'delivery.new_code',
      entity: 'order',
      entityId: row.id,
      before: { number: row.number, codeTries: d.code_tries },
      after: { codeTries: 0 },
      at,
    });
    return row;
  });
  // The customer's open order page reloads its delivery (and so the new code).
  publishOrderEvent(deps, { orderId: moved.id, userId: moved.user_id, status: moved.status });
  kickNotices(deps);
  const stop = (await drepo.stopsOfDay(deps.db, moved.slot_date)).find((s) => s.id === input.id);
  if (!stop) throw notFound('That delivery');
  return toStop(stop);
}

type Locked = NonNullable<Awaited<ReturnType<typeof orders.lockOrder>>>;

/** Delivered, in the caller's transaction: the move, the cash of a cash-on-delivery order, the row. */
async function deliver(
  deps: Deps,
  trx: Parameters<typeof applyStatusMove>[1],
  row: Locked,
  actor: AuthUser,
  cash: number | undefined,
  note: string,
) {
  const due = row.payment_method === 'cod' && row.payment_status === 'pending' ? row.total_paise : null;
  if (due !== null && cash === undefined) {
    const message = `Enter the cash you collected (${formatRupees(due)} is due).`;
    throw new AppError('VALIDATION_FAILED', message, { details: { fieldErrors: { cashCollected: [message] } } });
  }
  const at = deps.clock.now().toISOString();
  const after = await applyStatusMove(deps, trx, row, 'delivered', actor, note);
  await drepo.markDelivered(trx, row.id, { by: actor.id, cash: due !== null ? cash! : null, now: at });
  if (due !== null && cash! >= due) {
    await lrepo.markCodPaid(trx, row.id, at);
    await repo.insertEvent(trx, {
      order_id: row.id,
      status: 'delivered',
      actor: 'admin',
      actor_id: actor.id,
      note: `Cash of ${formatRupees(cash!)} received on delivery`,
      created_at: at,
    });
  }
  return after;
}

/** GET /api/admin/riders/cash?date=: each rider's cash against the delivered cash-on-delivery orders of the day. */
export async function cash(deps: Deps, input: { date: string }): Promise<RiderCash> {
  const rows = await drepo.cashOfDay(deps.db, input.date);
  const riders = rows.map((r) => ({
    riderId: r.rider_id,
    name: r.name,
    deliveredCodOrders: r.orders,
    codTotal: r.due,
    cashCollected: r.collected,
    difference: r.collected - r.due,
  }));
  return {
    date: input.date,
    riders,
    totals: { codTotal: riders.reduce((n, r) => n + r.codTotal, 0), cashCollected: riders.reduce((n, r) => n + r.cashCollected, 0) },
  };
}

// --- the rider ---

/** GET /api/rider/runs?date=: the rider's own stops of the day (today in IST by default), by slot then PIN code. */
export async function runs(deps: Deps, rider: AuthUser, input: RiderRunsInput): Promise<RiderRuns> {
  const date = input.date ?? istToday(deps.clock.now());
  const rows = await drepo.stopsOfRider(deps.db, rider.id, date);
  const lines = await drepo.linesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const runs = (await inRouteOrder(deps, rows)).map((route) => ({
    slot: slotRef(route[0]!.stop),
    stops: route.map(({ stop: r, position, kmFromPrevious }): RiderRunStop => ({
      ...toRiderStop(
        r,
        lines.filter((l) => l.order_id === r.id).map((l) => ({ name: l.name, quantity: l.quantity })),
      ),
      position,
      kmFromPrevious,
    })),
  }));
  const cashInHand = rows.reduce((n, r) => n + (r.delivered_at && r.status === 'delivered' ? (r.cash_collected_paise ?? 0) : 0), 0);
  return { date, cashInHand, runs };
}

async function riderStop(deps: Deps, rider: AuthUser, id: string): Promise<RiderStopAnswer> {
  const r = await drepo.stopOfRider(deps.db, rider.id, id);
  if (!r) throw notFound('That stop');
  const lines = await drepo.linesOf(deps.db, [id]);
  return {
    stop: toRiderStop(
      r,
      lines.map((l) => ({ name: l.name, quantity: l.quantity })),
    ),
  };
}

/** The rider's own stop, locked with its order; anyone else's is the same 404 as a missing one. */
async function lockOwnStop(trx: Parameters<typeof applyStatusMove>[1], rider: AuthUser, id: string) {
  const row = await orders.lockOrder(trx, id);
  const d = row && (await drepo.lockDelivery(trx, id));
  if (!row || !d || d.rider_id !== rider.id) throw notFound('That stop');
  return { row, d };
}

/**
 * POST /api/rider/orders/{id}/picked-up: out for delivery; the customer's page shows the delivery code.
 * The first pick-up makes the order's code; a pick-up after a failed trip keeps it and the tries it
 * has used (decision 200), or a rider could refill the tries by failing and picking up again.
 */
export async function pickedUp(deps: Deps, rider: AuthUser, id: string, key?: RiderKey): Promise<RiderStopAnswer> {
  const moved = await withTransactionRetry(deps, async (trx) => {
    const { row, d } = await lockOwnStop(trx, rider, id);
    // The same queued tap synced again (decision 297): what came of it the first time.
    const prior = await claimKey(trx, rider, key, deps.clock.now().toISOString());
    if (prior) {
      replayed(prior);
      return null;
    }
    await settleKey(trx, rider, key, { ok: true });
    // The same tap again (its answer lost on a slow connection): the stop as it is, nothing moves twice.
    if (row.status === 'out_for_delivery' && d.picked_up_at) return null;
    if (row.status !== 'confirmed' && row.status !== 'preparing') {
      throw new AppError(
        'INVALID_STATE',
        `Order ${row.number} is ${orderStatusLabel(row.status).toLowerCase()}; it cannot be picked up now.`,
      );
    }
    const nonce = d.code_nonce ?? crypto.randomBytes(16).toString('base64url');
    const code = codeFor(deps, id, nonce);
    // The customer's message carries the code the rider will ask for (decision 173).
    const after = await applyStatusMove(deps, trx, row, 'out_for_delivery', rider, `${firstName(rider.name)} picked up your order`, code);
    await drepo.markPickedUp(trx, id, { nonce, hash: codeHash(deps, id, code), now: deps.clock.now().toISOString() });
    return after;
  });
  if (moved) {
    publishOrderEvent(deps, { orderId: moved.id, userId: moved.user_id, status: moved.status });
    kickNotices(deps);
  }
  return riderStop(deps, rider, id);
}

/**
 * POST /api/rider/orders/{id}/delivered: the customer's code. A wrong code is counted (committed,
 * then refused) against the order's code, under the order's row lock so parallel tries on any
 * instance queue; the fifth in all locks it — audited and the owners told by e-mail — until the
 * manager confirms the delivery or issues a new code.
 */
export async function delivered(deps: Deps, rider: AuthUser, input: DeliveredInput, key?: RiderKey): Promise<RiderStopAnswer> {
  const now = deps.clock.now().toISOString();
  const out = await withTransactionRetry(deps, async (trx) => {
    const { row, d } = await lockOwnStop(trx, rider, input.id);
    // The same queued delivery synced again (decision 297): a wrong code is counted once, answered the same.
    const prior = await claimKey(trx, rider, key, now);
    if (prior) {
      replayed(prior);
      return { replay: true as const };
    }
    const refuse = async (e: AppError) => (await settleKey(trx, rider, key, refusal(e)), { refused: e });
    // "Delivered" sent again with the right code (its answer lost on a slow connection): the stop as it is.
    if (
      row.status === 'delivered' &&
      d.delivered_by === rider.id &&
      d.code_hash &&
      sameHash(codeHash(deps, row.id, input.code), d.code_hash)
    )
      return { replay: true as const };
    if (row.status !== 'out_for_delivery' || !d.code_hash) {
      throw new AppError(
        'INVALID_STATE',
        `Order ${row.number} is ${orderStatusLabel(row.status).toLowerCase()}: tap “Picked up” before delivering it.`,
      );
    }
    if (d.code_tries >= DELIVERY_CODE_TRIES) return refuse(codeLockedError());
    if (!sameHash(codeHash(deps, row.id, input.code), d.code_hash)) {
      const used = await drepo.countWrongCode(trx, row.id, DELIVERY_CODE_TRIES, now);
      if (used === DELIVERY_CODE_TRIES) await codeLocked(deps, trx, row, rider, now);
      const left = DELIVERY_CODE_TRIES - (used ?? DELIVERY_CODE_TRIES);
      if (left === 0) return refuse(codeLockedError());
      const message = `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left. Ask the customer for the 4 digits on their order page.`;
      return refuse(new AppError('VALIDATION_FAILED', message, { details: { fieldErrors: { code: [message] } } }));
    }
    const moved = await deliver(deps, trx, row, rider, input.cashCollected, 'Delivered');
    await settleKey(trx, rider, key, { ok: true });
    return { moved };
  });
  if ('refused' in out) throw out.refused;
  if ('replay' in out) return riderStop(deps, rider, input.id);
  publishOrderEvent(deps, { orderId: out.moved.id, userId: out.moved.user_id, status: out.moved.status });
  kickNotices(deps);
  return riderStop(deps, rider, input.id);
}

const codeLockedError = () =>
  new AppError('INVALID_STATE', `This stop is locked after ${DELIVERY_CODE_TRIES} wrong codes. Call the shop: the manager confirms the delivery.`);

/** The try that locked the code: in the audit log, and the owners told by the shop's owner e-mail. */
async function codeLocked(deps: Deps, trx: Parameters<typeof applyStatusMove>[1], row: Locked, rider: AuthUser, at: string) {
  await recordAudit(trx, rider, {
    action: 'delivery.code_locked',
    entity: 'order',
    entityId: row.id,
    before: { number: row.number },
    after: { codeTries: DELIVERY_CODE_TRIES },
    at,
  });
  const url = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/admin/deliveries?date=${row.slot_date}`;
  await mailOwners(deps, trx, {
    subject: `Delivery code locked: order ${row.number}`,
    text:
      `${rider.name} entered ${DELIVERY_CODE_TRIES} wrong delivery codes for order ${row.number}; the code is locked.\n` +
      `Call the rider, then confirm the delivery or issue a new code: ${url}`,
    template: 'delivery-code-locked',
  });
}

/** POST /api/rider/orders/{id}/failed: could not deliver, with the reason; back to the manager's queue. */
export async function failed(deps: Deps, rider: AuthUser, input: FailedInput, key?: RiderKey): Promise<FailedAnswer> {
  const out = await withTransactionRetry(deps, async (trx) => {
    const { row } = await lockOwnStop(trx, rider, input.id);
    // The same queued report synced again (decision 297): the stop as it is, and how the customer was told.
    const prior = await claimKey(trx, rider, key, deps.clock.now().toISOString());
    if (prior) return { replay: replayed(prior).told ?? '' };
    if (row.status !== 'out_for_delivery') {
      throw new AppError(
        'INVALID_STATE',
        `Order ${row.number} is ${orderStatusLabel(row.status).toLowerCase()}: only an order on its way can fail.`,
      );
    }
    const at = deps.clock.now().toISOString();
    // Back to the shop: "preparing" is the last status before it leaves again (re-attempt, reschedule or refund).
    const after = await lrepo.moveStatus(trx, row.id, { from: 'out_for_delivery', to: 'preparing', now: at });
    if (!after) throw new AppError('CONFLICT', 'This order changed a moment ago. Please reload and try again.');
    const reason = FAIL_REASON_LABELS[input.reason];
    await repo.insertEvent(trx, {
      order_id: row.id,
      status: 'preparing',
      actor: 'admin',
      actor_id: rider.id,
      note: `We could not deliver (${reason.toLowerCase()}); the shop will contact you`,
      created_at: at,
    });
    await drepo.markFailed(trx, row.id, { reason: input.reason, note: input.note?.trim() || null, now: at });
    await recordAudit(trx, rider, {
      action: 'delivery.failed',
      entity: 'order',
      entityId: row.id,
      before: { number: row.number, status: row.status },
      after: { status: 'preparing', reason: input.reason, note: input.note ?? null },
      at,
    });
    // The customer hears why and what happens next; the managers hear of the failed stop.
    const told = await notifyCouldNotDeliver(deps, trx, row, reason);
    for (const m of await drepo.managerIds(trx)) {
      await notify(deps, trx, { userId: m }, 'rider_failed_stop', { orderId: row.id, number: row.number, rider: rider.name, reason, date: row.slot_date });
    }
    await settleKey(trx, rider, key, { ok: true, told: told.summary });
    return { after, told };
  });
  if ('replay' in out) return { ...(await riderStop(deps, rider, input.id)), told: out.replay ?? '' };
  const { after: moved, told } = out;
  publishOrderEvent(deps, { orderId: moved.id, userId: moved.user_id, status: moved.status });
  kickNotices(deps);
  // The stop is no longer the rider's to act on, but they still see it (failed) in today's run.
  return { ...(await riderStop(deps, rider, input.id)), told: told.summary };
}
