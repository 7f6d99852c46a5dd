/**
 * When a customer may cancel an order, and the admin desk's moves. Pure:
 * the server enforces these (with the clock it trusts), the browser uses them
 * to explain.
 */
import { formatSlotDate, istToday, slotStartInstant } from './slots';
import { orderStatusLabel, type OrderStatus } from './order-rules';
import { formatDate } from './dates';

/** Customers may cancel until this long before their delivery slot starts. */
export const CUSTOMER_CANCEL_CUTOFF_MINUTES = 120;

export interface CancelCheck {
  allowed: boolean;
  /** Why not, in a sentence for the customer (null when allowed). */
  refusal: string | null;
  /** The last moment a cancel is accepted (ISO), for confirmed orders. */
  deadline: string | null;
}

export function customerCancelCheck(o: { status: OrderStatus; slotDate: string; slotStart: string }, now: Date): CancelCheck {
  const deadline = new Date(slotStartInstant(o.slotDate, o.slotStart).getTime() - CUSTOMER_CANCEL_CUTOFF_MINUTES * 60_000);
  const no = (refusal: string): CancelCheck => ({
    allowed: false,
    refusal,
    deadline: o.status === 'confirmed' ? deadline.toISOString() : null,
  });
  switch (o.status) {
    case 'pending_payment':
      // Nothing was paid, so nothing to refund: the shopper may give up an abandoned payment at once
      // (it frees the slot, the coupon and the points it holds). A payment that still
      // arrives for it is refunded in full by settlement (the order does not move back).
      return { allowed: true, refusal: null, deadline: null };
    case 'preparing':
      return no('We have started preparing this order, so it can no longer be cancelled. Please call us if something is wrong.');
    case 'out_for_delivery':
      return no('This order is already on its way to you, so it can no longer be cancelled.');
    case 'delivered':
      return no('This order has been delivered.');
    case 'cancelled':
      return no('This order is already cancelled.');
    case 'confirmed':
      break;
  }
  if (now.getTime() > deadline.getTime()) {
    return no(
      `Orders can be cancelled until 2 hours before the delivery slot (for this order, until ${formatDate(deadline, 'dayMonthTime')}).`,
    );
  }
  return { allowed: true, refusal: null, deadline: deadline.toISOString() };
}

/** The admin desk's next step along confirmed → preparing → out_for_delivery → delivered (cancel is its own action). */
export const ADMIN_NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  confirmed: 'preparing',
  preparing: 'out_for_delivery',
  out_for_delivery: 'delivered',
};
const FORWARD: readonly OrderStatus[] = ['confirmed', 'preparing', 'out_for_delivery', 'delivered'];

/** The statuses the admin desk may move an order to from `from`: the next step first, then the later ones (skips). */
export function adminMoveTargets(from: OrderStatus): OrderStatus[] {
  const at = FORWARD.indexOf(from);
  return at < 0 ? [] : FORWARD.slice(at + 1);
}

/** Why an admin may not move `from` → `to`, or null when the move is allowed (forward only; skips need a confirmation, adminMoveWarning). */
export function adminMoveRefusal(from: OrderStatus, to: OrderStatus): string | null {
  if (to === 'cancelled') return 'Use Cancel to cancel an order (it releases the slot and refunds the payment).';
  if (from === to) return `The order is already ${orderStatusLabel(to).toLowerCase()}.`;
  if (from === 'pending_payment') return 'This order is waiting for its online payment; it is confirmed by the payment, not by hand.';
  if (from === 'cancelled') return 'A cancelled order cannot change status.';
  if (from === 'delivered') return 'A delivered order cannot change status.';
  if (!adminMoveTargets(from).includes(to)) {
    return `An order only moves forward: from ${orderStatusLabel(from).toLowerCase()} it can go to ${adminMoveTargets(from)
      .map((s) => orderStatusLabel(s).toLowerCase())
      .join(', ')}.`;
  }
  return null;
}

/**
 * What an allowed move does that a person should confirm first (PRODUCT.md §17): it skips steps, or
 * marks delivered an order whose delivery day is still to come (in India's calendar; a rider early
 * within the day is normal, another day's order is likely the wrong one). Null when nothing needs
 * confirming. The desk asks before sending; the server refuses the move without `confirm: true`.
 */
export function adminMoveWarning(o: { status: OrderStatus; slotDate: string }, to: OrderStatus, now: Date): string | null {
  const skipped = FORWARD.slice(FORWARD.indexOf(o.status) + 1, FORWARD.indexOf(to));
  const parts: string[] = [];
  if (skipped.length && FORWARD.includes(o.status)) parts.push(`This skips ${skipped.map((s) => orderStatusLabel(s)).join(' and ')}.`);
  if (to === 'delivered' && o.slotDate > istToday(now)) parts.push(`Its delivery is for ${formatSlotDate(o.slotDate)}, not today.`);
  return parts.length ? parts.join(' ') : null;
}

/** Statuses an admin may cancel from. */
export function adminCancelRefusal(status: OrderStatus): string | null {
  if (status === 'cancelled') return 'This order is already cancelled.';
  if (status === 'delivered') return 'A delivered order cannot be cancelled; refund it instead.';
  return null;
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break; quotes doubled. Formula-looking text is defused for spreadsheets. */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export function csvRow(values: readonly unknown[]): string {
  return values.map(csvField).join(',');
}

/** Paise → "1508.00" for the CSV (rupees with two decimals, integer arithmetic, no grouping). */
export function csvAmount(paise: number): string {
  const neg = paise < 0;
  const abs = Math.abs(Math.round(paise));
  return `${neg ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The money columns of the admin CSV export, in this order (header names). */
export const CSV_MONEY_HEADER = [
  'Subtotal (INR)',
  'Discounts (INR)',
  'Delivery fee (INR)',
  'GST included (INR)',
  'Total (INR)',
  'Refunded (INR)',
] as const;
/** The tax invoice's columns, appended after "Invoice number" (blank until the invoice is issued). */
export const CSV_INVOICE_HEADER = ['Taxable value (INR)', 'CGST (INR)', 'SGST (INR)'] as const;

/** An order's stored breakdown as the CSV writes it (never recomputed: these are the stored figures). */
export function csvMoneyFields(o: {
  subtotal: number;
  freeUnitDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  deliveryFee: number;
  gst: number;
  total: number;
  refunded: number;
}): string[] {
  return [
    csvAmount(o.subtotal),
    csvAmount(o.freeUnitDiscount + o.couponDiscount + o.pointsDiscount),
    csvAmount(o.deliveryFee),
    csvAmount(o.gst),
    csvAmount(o.total),
    csvAmount(o.refunded),
  ];
}

/** The issued invoice's figures as the CSV writes them; blanks when there is no invoice yet. */
export function csvInvoiceFields(inv: { taxable: number; cgst: number; sgst: number } | null): string[] {
  return inv ? [csvAmount(inv.taxable), csvAmount(inv.cgst), csvAmount(inv.sgst)] : ['', '', ''];
}

/**
 * The heading of each timeline entry. An entry that moves the order shows its new status; an entry
 * that leaves the status as it was (a refund, cash received, a note) carries the status the order
 * already had, so it is headed by what it is instead — a refund on a delivered order is not
 * "Delivered" again. Entries are in time order.
 */
export function timelineHeadings<S extends string>(
  events: readonly { status: S; note: string | null }[],
  statusLabel: (status: S) => string = orderStatusLabel,
): string[] {
  let previous: S | null = null;
  return events.map((e) => {
    const moved = e.status !== previous;
    previous = e.status;
    if (moved) return statusLabel(e.status);
    const note = e.note ?? '';
    if (/refund/i.test(note)) return 'Refund';
    if (/^(cash|payment)\b/i.test(note)) return 'Payment received';
    return 'Update';
  });
}
