import type { OrderStatus } from '../../../../shared/rules/order-rules';
import { formatDate } from '../../../../shared/rules/dates';

/**
 * The invoice view's date (kept under this name for invoice-view.tsx, which another change owns);
 * it formats through the one date formatter.
 */
export const shortDateFormat = { format: (d: Date): string => formatDate(d, 'date') };

export const STATUS_BADGE: Record<OrderStatus, string> = {
  pending_payment: 'badge--warning',
  confirmed: 'badge--success',
  preparing: 'badge--info',
  out_for_delivery: 'badge--info',
  delivered: 'badge--green',
  cancelled: 'badge--danger',
};

export function paymentBadge(tone: 'success' | 'danger' | 'neutral'): string {
  return tone === 'success' ? 'badge--success' : tone === 'danger' ? 'badge--danger' : 'badge--warning';
}

/**
 * A timeline note worth showing under its heading: none when it only repeats the heading (the
 * delivered event's note is "Delivered", which read "Delivered · Delivered").
 */
export function timelineNote(heading: string, note: string | null): string | null {
  if (!note) return null;
  const plain = (s: string) => s.trim().replace(/[.!]+$/, '').toLowerCase();
  return plain(note) === plain(heading) ? null : note;
}
