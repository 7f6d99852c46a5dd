import type { Executor } from '../../../db/database';
import { notify, type Told } from '../notifications/notify.service';
import { formatDay } from '../../../shared/rules/dates';

/**
 * Everything standing deliveries tell a customer, in ONE module (decision 177): a day the cut-off could
 * not place (that evening), and the 18:00 reminder that tomorrow is not covered by the wallet. Each goes
 * through the notifications domain's notify() (decision 215): the inbox always, and e-mail, WhatsApp or
 * SMS as the customer's preferences for the kind `deliveries` and their account allow — written in the
 * caller's transaction, sent after commit by the workers.
 */

export interface NotifyTo {
  userId: string;
  email: string | null;
  name: string;
}

/** The cut-off could not place a day: why (the link leads to that day, where "Order it now" is). */
export function notifyNotPlaced(db: Executor, publicUrl: string, to: NotifyTo, p: { date: string; reason: string; path: string }): Promise<Told> {
  const day = formatDay(p.date, 'weekdayDate');
  return notify({ config: { PUBLIC_URL: publicUrl } }, db, { userId: to.userId }, 'not_placed', { date: p.date, day, reason: p.reason, path: p.path });
}

/** 18:00: tomorrow's deliveries cost more than the wallet holds; `reason` says by how much and until when (shortReminderText), the link leads to that day's Top up. */
export function notifyNotCovered(db: Executor, publicUrl: string, to: NotifyTo, p: { date: string; reason: string; path: string }): Promise<Told> {
  const day = formatDay(p.date, 'weekdayDate');
  return notify({ config: { PUBLIC_URL: publicUrl } }, db, { userId: to.userId }, 'not_covered', { date: p.date, day, reason: p.reason, path: p.path });
}
