/**
 * Pure subscription rules, shared by the server (decisions) and the browser (display).
 * Times are ISO strings or Dates; a day is 24 h (periods are counted in whole days from the
 * moment of activation, so they do not depend on a time zone).
 */
export const DAY_MS = 86_400_000;
export const MAX_PAUSE_DAYS = 14;
export const REMINDER_DAYS_BEFORE_END = 3;
/** Within this many days of its end a subscription counts as "renewing soon" (admin filter). */
export const RENEWING_SOON_DAYS = 7;

export type SubscriptionStatus = 'pending_payment' | 'active' | 'paused' | 'cancelled' | 'expired';

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending_payment: 'Waiting for payment',
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled (active until period end)',
  expired: 'Expired',
};

export function addDaysMs(iso: string | Date, days: number): string {
  return new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();
}

/** A renewal starts when the paid time ends, or now when it has already ended. */
export function renewalStart(paidThrough: string | null, now: Date): string {
  if (!paidThrough) return now.toISOString();
  return new Date(paidThrough).getTime() > now.getTime() ? new Date(paidThrough).toISOString() : now.toISOString();
}

/** Price of one shake when every free unit of a period is used (for "₹ per shake" on the plans page). */
export function pricePerShake(pricePaise: number, freeUnits: number): number | null {
  return freeUnits > 0 ? Math.round(pricePaise / freeUnits) : null;
}

/** Why a pause of `days` is refused (null when allowed). */
export function pauseRefusal(p: {
  status: SubscriptionStatus;
  days: number;
  alreadyPausedThisPeriod: boolean;
  hasCurrentPeriod: boolean;
}): string | null {
  if (!Number.isInteger(p.days) || p.days < 1 || p.days > MAX_PAUSE_DAYS) return `A pause lasts from 1 to ${MAX_PAUSE_DAYS} days.`;
  if (p.status === 'paused') return 'Your subscription is already paused.';
  if (p.status !== 'active') return 'Only an active subscription can be paused.';
  if (!p.hasCurrentPeriod) return 'Your subscription has no running period to pause.';
  if (p.alreadyPausedThisPeriod) return 'You have already paused once this period. You can pause again in your next period.';
  return null;
}
