import { entryOf } from '../../../../shared/rules/schedules';
import type { Deliveries, DeliveryDay, DeliveryEntry } from '../../../../shared/schemas/schedules';

/** Due and not yet placed: what the wallet still has to pay. */
const isDue = (e: DeliveryEntry) => e.state === 'planned' || e.state === 'fixed';

/** How many of the coming delivery days the balance pays for, in date order, and what the next uncovered day needs. */
export function walletCover(
  balance: number,
  calendar: Pick<Deliveries, 'days' | 'schedules'>,
): { covered: number; due: number; short: DeliveryDay | null } {
  let left = balance;
  let covered = 0;
  let due = 0;
  let short: DeliveryDay | null = null;
  for (const d of calendar.days) {
    const cost = d.entries.filter(isDue).reduce((n, e) => n + entryOf(calendar, e).price.total, 0);
    if (cost === 0) continue;
    due++;
    if (!short && cost <= left) {
      left -= cost;
      covered++;
    } else short ??= d;
  }
  return { covered, due, short };
}
