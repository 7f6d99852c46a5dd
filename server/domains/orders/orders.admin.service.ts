import type { AppDeps } from '../../deps';
import { notifyDelivered, notifyOutForDelivery, notifyRefund } from './order-notify';
import { kickNotices } from '../notifications/notify.service';
import { assertMayGiveMoneyBack } from '../../lib/money-back';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { orderPayments } from './order-payments';
import * as invoices from '../invoices/invoices.service';
import { getProfile } from '../users/users.service';
import { recordAudit } from '../audit/audit.service';
import * as orders from './orders.service';
import * as repo from './orders.repository';
import * as lrepo from './orders.lifecycle.repository';
import * as arepo from './orders.admin.repository';
import { afterCancel, cancelInTransaction } from './orders.lifecycle';
import { publishOrderEvent } from './order-events';
import { withTransactionRetry } from '../../lib/transaction-retry';
import type { Trx } from '../../../db/database';

type LockedOrder = NonNullable<Awaited<ReturnType<typeof orders.lockOrder>>>;
import { earnForOrder, reverseForRefund } from '../rewards/rewards.service';
import { refundOrderToWallet } from '../wallet/wallet.service';
import type {
  AdminCancelInput,
  AdminOrderDetail,
  AdminOrdersInput,
  AdminOrdersPage,
  AdminRefundInput,
  AdminSetStatusInput,
} from '../../../shared/schemas/order-lifecycle';
import {
  ADMIN_NEXT_STATUS,
  adminCancelRefusal,
  adminMoveRefusal,
  adminMoveWarning,
  CSV_INVOICE_HEADER,
  CSV_MONEY_HEADER,
  csvInvoiceFields,
  csvMoneyFields,
  csvRow,
} from '../../../shared/rules/order-lifecycle';
import { canMoveOrder, orderLabels, orderStatusLabel } from '../../../shared/rules/order-rules';
import { paymentMethodLabel } from '../../../shared/rules/payment-labels';
import { formatRupees, refundableOf } from '../../../shared/rules/money';
import { useForOrders } from '../stock/stock.service';

type Deps = AppDeps;

const labelsOf = (r: {
  status: string;
  payment_status: string;
  payment_method: string;
  paid_with: string | null;
  cancel_reason: string | null;
}) => orderLabels(r);

// ---------- Reading ----------

/** GET /api/admin/orders */
export async function listOrders(deps: Deps, staff: AuthUser, input: AdminOrdersInput, resHeaders: Record<string, string>): Promise<AdminOrdersPage> {
  const { page, pageSize, ...filter } = input;
  // A list that may lag: a read replica when there is one, the primary for staff who just wrote (decision 176).
  const { rows, totalCount, slots } = await deps.reads.run(staff.id, async (db) => {
    const rows = await arepo.listOrders(db, filter, pageSize, (page - 1) * pageSize);
    const totalCount = rows.length ? Number(rows[0]!.total_count) : page === 1 ? 0 : await arepo.countOrders(db, filter);
    return { rows, totalCount, slots: await arepo.slotsForFilter(db) };
  });
  resHeaders['X-Total-Count'] = String(totalCount);
  return {
    orders: rows.map((r) => {
      const a = r.address as { name?: string; phone?: string };
      return {
        id: r.id,
        number: r.number,
        status: r.status,
        paymentStatus: r.payment_status,
        paymentMethod: r.payment_method,
        labels: labelsOf(r),
        total: r.total_paise,
        refunded: Number(r.refunded_paise),
        itemCount: Number(r.item_count),
        customerName: r.contact_name || a.name || '',
        email: r.contact_email,
        phone: a.phone ?? '',
        pincode: r.pincode,
        slot: { id: r.slot_id, date: r.slot_date, startTime: r.slot_start, endTime: r.slot_end, planType: r.plan_type },
        placedAt: new Date(r.created_at).toISOString(),
        invoiceNumber: r.invoice_number,
      };
    }),
    totalCount,
    slots: slots.map((s) => ({ id: s.id, startTime: s.start_time, endTime: s.end_time })),
  };
}

/** GET /api/admin/orders/{id} */
export async function orderDetail(deps: Deps, admin: AuthUser, id: string): Promise<AdminOrderDetail> {
  const order = await orders.getOrder(deps, admin, id);
  const row = await orders.readVisibleOrder(deps, admin, id);
  let mobile: string | null = null;
  let name = row.contact_name;
  try {
    const p = await getProfile(deps, row.user_id);
    mobile = p.mobile;
    name = name || p.name;
  } catch {
    // A disabled or deleted account still has its orders; the snapshot on the order is enough.
  }
  const pays = await orderPayments().paymentsOfOrder(deps.db, id);
  const refunds = await orderPayments().refundsOfOrder(deps.db, id);
  const refundable = pays
    .filter((p) => p.status === 'captured' || p.status === 'authorized')
    .reduce((n, p) => n + refundableOf(p.captured_paise ?? 0, p.refunded_paise), 0);
  return {
    order,
    customer: { id: row.user_id, name, email: row.contact_email, phone: order.address.phone, mobile },
    payments: pays.map((p) => ({
      id: p.id,
      gatewayPaymentId: p.gateway_payment_id,
      amount: p.amount_paise,
      refunded: p.refunded_paise,
      status: p.status,
      method: p.method,
      createdAt: new Date(p.created_at).toISOString(),
    })),
    refunds: refunds.map(orderPayments().toAdminRefund),
    refundable,
    nextStatus: ADMIN_NEXT_STATUS[order.status] ?? null,
    canCancel: !adminCancelRefusal(order.status),
    canMarkPaid:
      order.paymentMethod === 'cod' &&
      order.paymentStatus === 'pending' &&
      (order.status === 'out_for_delivery' || order.status === 'delivered'),
  };
}

const CSV_CAP = 10_000;
let istStampFmt: Intl.DateTimeFormat | undefined;
const istStamp = () =>
  (istStampFmt ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** GET /api/admin/orders/export.csv: the filtered list as RFC 4180 CSV (amounts in rupees, times in IST). */
export async function exportCsv(deps: Deps, input: Omit<AdminOrdersInput, 'page' | 'pageSize'>): Promise<{ csv: string; rows: number }> {
  const rows = await arepo.exportOrders(deps.db, input, CSV_CAP);
  const header = [
    'Order number',
    'Placed at (IST)',
    'Status',
    'Payment status',
    'Payment method',
    'Customer',
    'E-mail',
    'Phone',
    'PIN code',
    'Delivery date',
    'Slot',
    'Items',
    'Item count',
    ...CSV_MONEY_HEADER,
    'Invoice number',
    ...CSV_INVOICE_HEADER,
  ];
  const lines = [csvRow(header)];
  for (const r of rows) {
    const a = r.address as { phone?: string; name?: string };
    const l = labelsOf(r);
    lines.push(
      csvRow([
        r.number,
        istStamp().format(new Date(r.created_at)).replace(',', ''),
        l.status,
        l.paymentStatus,
        l.paymentMethod,
        r.contact_name || a.name || '',
        r.contact_email,
        a.phone ?? '',
        r.pincode,
        r.slot_date,
        `${r.slot_start}–${r.slot_end}`,
        r.items,
        Number(r.item_count),
        ...csvMoneyFields({
          subtotal: r.subtotal_paise,
          freeUnitDiscount: r.free_unit_discount_paise,
          couponDiscount: r.coupon_discount_paise,
          pointsDiscount: r.points_discount_paise,
          deliveryFee: r.delivery_fee_paise,
          gst: r.gst_paise,
          total: r.total_paise,
          refunded: Number(r.refunded_paise),
        }),
        r.invoice_number ?? '',
        ...csvInvoiceFields(
          r.invoice_taxable_paise === null
            ? null
            : { taxable: r.invoice_taxable_paise, cgst: r.invoice_cgst_paise!, sgst: r.invoice_sgst_paise! },
        ),
      ]),
    );
  }
  // Excel opens UTF-8 CSV correctly only with a byte-order mark.
  return { csv: `\ufeff${lines.join('\r\n')}\r\n`, rows: rows.length };
}

// ---------- Changing ----------

/**
 * POST /api/admin/orders/{id}/status: one step along confirmed → preparing →
 * out_for_delivery → delivered. Under the row lock: the move is checked, made
 * conditionally, put on the timeline with the admin, audited; the customer is
 * e-mailed (outbox, same transaction) when the order leaves and when it
 * arrives; delivery issues the tax invoice of orders not paid online.
 */
export async function setStatus(deps: Deps, admin: AuthUser, input: AdminSetStatusInput): Promise<AdminOrderDetail> {
  const moved = await withTransactionRetry(deps, async (trx) => {
    const row = await orders.lockOrder(trx, input.id);
    if (!row) throw notFound('That order');
    const refusal = adminMoveRefusal(row.status, input.status);
    if (refusal) throw new AppError('INVALID_STATE', refusal, { details: { from: row.status, to: input.status } });
    const warning = adminMoveWarning({ status: row.status, slotDate: row.slot_date }, input.status, deps.clock.now());
    if (warning && input.confirm !== true)
      throw new AppError('INVALID_STATE', `${warning} Confirm the change to go ahead.`, {
        details: { from: row.status, to: input.status },
      });
    return applyStatusMove(deps, trx, row, input.status, admin, input.note);
  });
  publishOrderEvent(deps, { orderId: moved.id, userId: moved.user_id, status: moved.status });
  kickNotices(deps);
  return orderDetail(deps, admin, input.id);
}

/**
 * One move forward of a locked order, by a member of staff (the admin desk, or a rider's "Picked up" /
 * "Delivered"), in the caller's transaction: the status, the timeline, the customer's e-mail, the
 * points and invoice of a delivery, the audit entry. The caller checked the move is allowed; publish
 * the order event after the commit.
 */
export async function applyStatusMove(
  deps: Deps,
  trx: Trx,
  row: LockedOrder,
  to: 'preparing' | 'out_for_delivery' | 'delivered',
  actor: AuthUser,
  note?: string | null,
  /** Out for delivery: the code the rider will ask for (the rider's pick-up makes it); the customer's message carries it. */
  code: string | null = null,
) {
  const at = deps.clock.now().toISOString();
  const after = await lrepo.moveStatus(trx, row.id, { from: row.status, to, now: at });
  if (!after) throw new AppError('CONFLICT', 'This order changed a moment ago. Please reload it and try again.');
  // The batch is made: what the order held of stock becomes usage on the ledger (once; nothing is held afterwards).
  await useForOrders(trx, [row.id], actor);
  const defaults = {
    preparing: 'We are blending your shakes',
    out_for_delivery: 'Your order is on its way',
    delivered: 'Delivered',
  } as const;
  await repo.insertEvent(trx, {
    order_id: row.id,
    status: to,
    actor: 'admin',
    actor_id: actor.id,
    note: note?.trim() || defaults[to],
    created_at: at,
  });
  if (to === 'out_for_delivery') await notifyOutForDelivery(deps, trx, row, code);
  let invoiceNumber: string | null = null;
  if (to === 'delivered') {
    // Cash on delivery earns its points when delivered (online orders earned them when paid).
    // Before the invoice, as the payment confirmation does (points, then invoice number): one lock order, no deadlock.
    // A wallet-paid order earns its points when delivered too (decision 165: placement stays at five round trips).
    if (row.payment_method === 'cod' || row.payment_method === 'wallet') await earnForOrder(deps, trx, row);
    await notifyDelivered(deps, trx, row);
    if (row.payment_method !== 'razorpay' || row.payment_status === 'paid')
      invoiceNumber = (await invoices.issueInvoice(deps, trx, row)).number;
  }
  await recordAudit(trx, actor, {
    action: 'order.status',
    entity: 'order',
    entityId: row.id,
    before: { number: row.number, status: row.status },
    after: { status: to, note: note ?? null, ...(invoiceNumber ? { invoiceNumber } : {}) },
    at,
  });
  return after;
}

/**
 * The one step back (decision 264): a preparing order whose kitchen batch was undone is confirmed
 * again, in the caller's transaction, by the lifecycle's table (canMoveOrder): the status, the
 * timeline, the audit entry. Its stock is given back by the caller (the batch gives back all its
 * orders' usage in one statement). Publish the order event after the commit.
 */
export async function applyStatusBack(deps: Deps, trx: Trx, row: LockedOrder, actor: AuthUser, note: string) {
  if (row.status !== 'preparing' || !canMoveOrder(row.status, 'confirmed'))
    throw new AppError(
      'INVALID_STATE',
      `Order ${row.number} is ${orderStatusLabel(row.status).toLowerCase()}; only a preparing order goes back to confirmed.`,
    );
  const at = deps.clock.now().toISOString();
  const after = await lrepo.moveStatus(trx, row.id, { from: row.status, to: 'confirmed', now: at });
  if (!after) throw new AppError('CONFLICT', 'This order changed a moment ago. Please reload it and try again.');
  await repo.insertEvent(trx, { order_id: row.id, status: 'confirmed', actor: 'admin', actor_id: actor.id, note, created_at: at });
  await recordAudit(trx, actor, {
    action: 'order.status',
    entity: 'order',
    entityId: row.id,
    before: { number: row.number, status: row.status },
    after: { status: 'confirmed', note },
    at,
  });
  return after;
}

/** POST /api/admin/orders/{id}/cancel: releases the slot and benefits, refunds an online payment in full. */
export async function cancel(deps: Deps, admin: AuthUser, input: AdminCancelInput): Promise<AdminOrderDetail> {
  const out = await withTransactionRetry(deps, (trx) =>
    cancelInTransaction(deps, trx, input.id, { kind: 'admin', user: admin, reason: input.reason.trim() }),
  );
  await afterCancel(deps, out);
  return orderDetail(deps, admin, input.id);
}

/**
 * POST /api/admin/orders/{id}/refund: full or partial, never more than was
 * captured. The order row is locked first (concurrent clicks queue), the
 * amount is reserved on the payment with a conditional update, and the
 * admin's idempotency key makes a repeated click return the same refund.
 */
export async function refund(deps: Deps, admin: AuthUser, input: AdminRefundInput): Promise<AdminOrderDetail> {
  const key = `admin:${input.id}:${input.idempotencyKey}`;
  const result = await withTransactionRetry(deps, async (trx) => {
    const row = await orders.lockOrder(trx, input.id);
    if (!row) throw notFound('That order');
    if (row.payment_method === 'wallet') return refundToWallet(deps, trx, admin, row, input);
    if (row.payment_method !== 'razorpay') {
      throw new AppError(
        'INVALID_STATE',
        `Order ${row.number} was not paid online (${paymentMethodLabel(row.paid_with ?? row.payment_method)}); refund it outside the shop.`,
      );
    }
    const paid = (await orderPayments().successfulPaymentsOf(trx, row.id))[0];
    if (!paid) throw new AppError('INVALID_STATE', `Order ${row.number} has no captured payment to refund.`);
    const amount = input.amount ?? refundableOf(paid.captured_paise ?? 0, paid.refunded_paise);
    const { refund: r, replayed } = await orderPayments().reserveRefundInTransaction(deps, trx, {
      paymentId: paid.id,
      amountPaise: amount,
      reason: `admin: ${input.reason.trim()}`.slice(0, 300),
      idempotencyKey: key,
    });
    if (replayed) return { refundId: r.id, userId: row.user_id, replayed };
    // Support refunds a little (PRODUCT.md §17): the order's refunds in all stay within the role's
    // cap. Checked after the reservation so a repeated click still answers its refund; a refusal
    // rolls the reservation back with the transaction.
    assertMayGiveMoneyBack(admin, 'orders:refund', paid.refunded_paise + r.amount_paise);
    // The points the order earned are reversed in proportion to what is refunded so far.
    await reverseForRefund(deps, trx, {
      orderId: row.id,
      userId: row.user_id,
      refundId: r.id,
      refundedPaise: paid.refunded_paise + r.amount_paise,
      paidPaise: paid.amount_paise,
    });
    await recordRefund(deps, trx, admin, row, {
      note: `Refund of ${formatRupees(r.amount_paise)} started: ${input.reason.trim()}`,
      before: { number: row.number, captured: paid.captured_paise ?? 0, refunded: paid.refunded_paise },
      after: { refundId: r.id, amount: r.amount_paise, refunded: paid.refunded_paise + r.amount_paise, reason: input.reason.trim() },
    });
    await notifyRefund(deps, trx, row, r.amount_paise, false);
    return { refundId: r.id, userId: row.user_id, replayed };
  });
  if (!result.replayed && result.refundId) {
    await orderPayments()
      .sendPendingRefund(deps, result.refundId)
      .catch((err: unknown) => deps.log.warn({ err, refundId: result.refundId }, 'refund not sent yet; the refund job will retry'));
    publishOrderEvent(deps, { orderId: input.id, userId: result.userId });
  }
  if (!result.replayed) kickNotices(deps);
  return orderDetail(deps, admin, input.id);
}

/**
 * A wallet-paid order's refund goes back to the customer's wallet (decision 165), never more than the
 * order charged and has not returned; the admin's key makes a repeated click credit once. Audited.
 */
async function refundToWallet(
  deps: Deps,
  trx: Trx,
  admin: AuthUser,
  row: NonNullable<Awaited<ReturnType<typeof orders.lockOrder>>>,
  input: AdminRefundInput,
): Promise<{ refundId: null; userId: string; replayed: boolean }> {
  const r = await refundOrderToWallet(deps, trx, { orderId: row.id, userId: row.user_id, amountPaise: input.amount, key: input.idempotencyKey });
  if (r.replayed) return { refundId: null, userId: row.user_id, replayed: true };
  assertMayGiveMoneyBack(admin, 'orders:refund', r.returnedBefore + r.amount);
  if (r.returnedBefore + r.amount >= r.charged) await orders.markRefunded(trx, row.id, deps.clock.now().toISOString());
  await reverseForRefund(deps, trx, {
    orderId: row.id,
    userId: row.user_id,
    refundId: `wallet:${input.idempotencyKey}`,
    refundedPaise: r.returnedBefore + r.amount,
    paidPaise: r.charged,
  });
  await recordRefund(deps, trx, admin, row, {
    note: `Refund of ${formatRupees(r.amount)} to the customer's wallet: ${input.reason.trim()}`,
    before: { number: row.number, charged: r.charged, refunded: r.returnedBefore },
    after: { toWallet: true, amount: r.amount, refunded: r.returnedBefore + r.amount, reason: input.reason.trim() },
  });
  await notifyRefund(deps, trx, row, r.amount, true);
  return { refundId: null, userId: row.user_id, replayed: false };
}

/** A refund on the order's timeline (what the customer sees) and in the audit log (who, before and after), at one instant. */
async function recordRefund(
  deps: Deps,
  trx: Trx,
  admin: AuthUser,
  row: { id: string; status: repo.OrderEvent['status'] },
  e: { note: string; before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  const at = deps.clock.now().toISOString();
  await repo.insertEvent(trx, { order_id: row.id, status: row.status, actor: 'admin', actor_id: admin.id, note: e.note, created_at: at });
  await recordAudit(trx, admin, { action: 'order.refund', entity: 'order', entityId: row.id, before: e.before, after: e.after, at });
}

/** POST /api/admin/orders/{id}/mark-paid: the rider collected the cash. Issues the tax invoice. */
export async function markCodPaid(deps: Deps, admin: AuthUser, id: string): Promise<AdminOrderDetail> {
  const moved = await withTransactionRetry(deps, async (trx) => {
    const row = await orders.lockOrder(trx, id);
    if (!row) throw notFound('That order');
    if (row.payment_method !== 'cod') throw new AppError('INVALID_STATE', `Order ${row.number} is not a cash-on-delivery order.`);
    if (row.payment_status !== 'pending') throw new AppError('INVALID_STATE', `Order ${row.number} is already marked paid.`);
    if (row.status !== 'out_for_delivery' && row.status !== 'delivered') {
      throw new AppError(
        'INVALID_STATE',
        `Cash is collected on delivery: order ${row.number} is ${orderStatusLabel(row.status).toLowerCase()}.`,
      );
    }
    const at = deps.clock.now().toISOString();
    const after = await lrepo.markCodPaid(trx, row.id, at);
    if (!after) throw new AppError('CONFLICT', 'This order changed a moment ago. Please reload it and try again.');
    await repo.insertEvent(trx, {
      order_id: row.id,
      status: row.status,
      actor: 'admin',
      actor_id: admin.id,
      note: `Cash of ${formatRupees(row.total_paise)} received on delivery`,
      created_at: at,
    });
    const { number } = await invoices.issueInvoice(deps, trx, row);
    await recordAudit(trx, admin, {
      action: 'order.mark_paid',
      entity: 'order',
      entityId: row.id,
      before: { number: row.number, paymentStatus: row.payment_status },
      after: { paymentStatus: 'paid', paidWith: 'cod', invoiceNumber: number },
      at,
    });
    return after;
  });
  publishOrderEvent(deps, { orderId: moved.id, userId: moved.user_id, status: moved.status });
  return orderDetail(deps, admin, id);
}
