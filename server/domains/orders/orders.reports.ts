import type { AppDeps } from '../../deps';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '../../../shared/rules/order-rules';
import * as repo from './orders.reports.repository';

/** The orders domain's figures for the admin dashboard (called by the admin service). */
type Deps = Pick<AppDeps, 'db'>;

export function salesByDay(deps: Deps, fromIso: string, toIso: string) {
  return repo.salesByDay(deps.db, fromIso, toIso);
}

/** Every status, in lifecycle order, with its count (zeros included, so the chart keeps its shape). */
export async function ordersByStatus(deps: Deps, fromIso: string, toIso: string) {
  const counts = new Map((await repo.ordersByStatus(deps.db, fromIso, toIso)).map((r) => [r.status, r.count]));
  return ORDER_STATUSES.map((s) => ({ status: s, label: ORDER_STATUS_LABELS[s], count: counts.get(s) ?? 0 }));
}

export function topShakes(deps: Deps, fromIso: string, toIso: string, limit = 5) {
  return repo.topShakes(deps.db, fromIso, toIso, limit);
}

/** What a customer paid for orders, net of refunds (paise), measured like the dashboard's order revenue. */
export function customerOrderSpend(deps: Deps, userId: string) {
  return repo.customerOrderSpend(deps.db, userId);
}

/** Cash-on-delivery orders placed in the range and not delivered yet (the dashboard shows them apart from revenue). */
export function cashAwaiting(deps: Deps, fromIso: string, toIso: string) {
  return repo.cashAwaiting(deps.db, fromIso, toIso);
}

/** One-off orders (not placed by a schedule) per delivery date and slot: the forecast's history and what is booked. */
export function oneOffBySlot(deps: Deps, dates: string[]) {
  return repo.oneOffBySlot(deps.db, dates);
}

/** One-off orders' lines per delivery date (placed, not cancelled): the purchase plan's one-off history and bookings. */
export function oneOffLines(deps: Deps, dates: string[]) {
  return repo.oneOffLines(deps.db, dates);
}

/** The average price of a custom bottle over delivery dates [from, to]: how the forecast prices standing custom shakes. */
export function customBottlePrice(deps: Deps, from: string, to: string) {
  return repo.customBottlePrice(deps.db, from, to);
}

/** Today's run per rider: stops assigned, out, delivered, failed; cash due and collected. */
export function runOfDay(deps: Deps, date: string) {
  return repo.runOfDay(deps.db, date);
}

/** Weekly cohorts by first order with the customers still ordering N weeks on (decision 261). */
export function weeklyCohorts(deps: Deps, from: string, to: string, weeks: readonly number[]) {
  return repo.weeklyCohorts(deps.db, from, to, weeks);
}

export function orderCancelReasons(deps: Deps, from: string, to: string) {
  return repo.orderCancelReasons(deps.db, from, to);
}
