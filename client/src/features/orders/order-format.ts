import type { OrderStatus } from '../../../../shared/rules/order-rules';

/** Dates and times on order screens, in Asia/Kolkata. */
export const placedAtFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
export const shortDateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
export const timeFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' });
export const dayTimeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

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
