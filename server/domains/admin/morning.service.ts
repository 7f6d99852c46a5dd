import type { AppDeps } from '../../deps';
import { addDays, istToday } from '../../../shared/rules/slots';
import {
  ONE_OFF_RULE,
  RETENTION_WEEKS,
  type DashboardDay,
  type ForecastAnswer,
  type ForecastDay,
  type ForecastFigures,
  type Retention,
} from '../../../shared/schemas/morning';
import * as subscriptionReports from '../subscriptions/subscriptions.reports';
import * as orderReports from '../orders/orders.reports';
import * as schedules from '../schedules/schedules.service';
import { standingBySlot, standingLines } from '../schedules/schedules.forecast';
import * as stock from '../stock/stock.service';
import * as wallet from '../wallet/wallet.service';
import * as delivery from '../slots/slots.service';

/**
 * The owner's morning (PRODUCT.md §23, decision 260): the forecast of the next days per slot, today's
 * run, the standing deliveries, the wallet liability and the day's revenue. Each figure comes from its
 * own domain's service; the reads run one after another (PGlite has one connection).
 */
type Deps = AppDeps;

const ZERO: ForecastFigures = { orders: 0, bottles: 0, revenue: 0 };
const add = (a: ForecastFigures, b: ForecastFigures): ForecastFigures => ({
  orders: a.orders + b.orders,
  bottles: a.bottles + b.bottles,
  revenue: a.revenue + b.revenue,
});

/** The median of the weeks' values (a week without orders counts as 0), rounded to a whole number. */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return Math.round(v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2);
}

/** The 4 most recent days of the same weekday as `date`, all before `today` (complete days of history). */
export function historyDates(date: string, today: string): string[] {
  let back = addDays(date, -7);
  while (back >= today) back = addDays(back, -7);
  return [0, 1, 2, 3].map((k) => addDays(back, -7 * k));
}

async function forecastDays(deps: Deps, dates: string[]): Promise<ForecastDay[]> {
  const today = istToday(deps.clock.now());
  const slots = await delivery.activeSlotTimes(deps);
  const customPrice = await orderReports.customBottlePrice(deps, addDays(today, -28), addDays(today, -1));
  const history = new Map(dates.map((d) => [d, historyDates(d, today)]));
  const past = await orderReports.oneOffBySlot(deps, [...new Set([...history.values()].flat())]);
  const booked = await orderReports.oneOffBySlot(deps, dates);
  const key = (date: string, slotId: string) => `${date}|${slotId}`;
  const pastBy = new Map(past.map((r) => [key(r.date, r.slotId), r]));
  const bookedBy = new Map(booked.map((r) => [key(r.date, r.slotId), r]));

  const out: ForecastDay[] = [];
  for (const date of dates) {
    const standing = new Map((await standingBySlot(deps.db, date)).map((s) => [s.slotId, s]));
    const ids = [...slots.map((s) => s.id), ...[...standing.keys(), ...booked.filter((b) => b.date === date).map((b) => b.slotId)].filter((id) => !slots.some((s) => s.id === id))];
    const daySlots = [...new Set(ids)].map((slotId) => {
      const times = slots.find((s) => s.id === slotId);
      const s = standing.get(slotId);
      const standingFigures: ForecastFigures = s
        ? { orders: s.deliveries, bottles: s.bottles, revenue: s.signatureRevenue + s.customBottles * customPrice }
        : ZERO;
      const weeks = history.get(date)!.map((d) => pastBy.get(key(d, slotId)) ?? ZERO);
      const b = bookedBy.get(key(date, slotId));
      const oneOffBooked: ForecastFigures = b ? { orders: b.orders, bottles: b.bottles, revenue: b.revenue } : ZERO;
      const oneOff: ForecastFigures = {
        orders: Math.max(oneOffBooked.orders, median(weeks.map((w) => w.orders))),
        bottles: Math.max(oneOffBooked.bottles, median(weeks.map((w) => w.bottles))),
        revenue: Math.max(oneOffBooked.revenue, median(weeks.map((w) => w.revenue))),
      };
      return {
        slotId,
        startTime: times?.start_time ?? '',
        endTime: times?.end_time ?? '',
        standing: standingFigures,
        oneOff,
        oneOffBooked,
        total: add(standingFigures, oneOff),
      };
    });
    out.push({ date, slots: daySlots, total: daySlots.reduce((n, s) => add(n, s.total), ZERO) });
  }
  return out;
}

/**
 * What the forecast of each date needs of each ingredient (the purchase plan, decision 262), by the
 * same rule as the forecast's bottles: the standing deliveries' lines (placed and still to place)
 * plus, for one-off orders, per ingredient the median of the same weekday over the 4 most recent
 * complete weeks, or what the day's booked one-off orders need when that is more. Lines become
 * ingredients by the one formula (stock's lineNeedsSql). Map date → ingredient id → quantity.
 */
export async function ingredientForecast(deps: Deps, dates: string[]): Promise<Map<string, Map<string, number>>> {
  const today = istToday(deps.clock.now());
  const history = new Map(dates.map((d) => [d, historyDates(d, today)]));
  const oneOff = await orderReports.oneOffLines(deps, [...new Set([...dates, ...[...history.values()].flat()])]);
  const lines: Array<{ key: string; id: string; type: 'signature' | 'custom'; quantity: number; recipe?: unknown }> = oneOff.map((l) => ({
    key: `one-off|${l.date}`,
    id: l.item_id,
    type: l.item_type,
    quantity: l.quantity,
    recipe: l.recipe,
  }));
  for (const date of dates) {
    for (const l of await standingLines(deps.db, date)) lines.push({ key: `standing|${date}`, id: l.id, type: l.type, quantity: l.quantity, recipe: l.recipe });
  }
  const needs = await stock.needsOf(deps, lines);
  const of = (key: string) => needs.get(key) ?? new Map<string, number>();
  const out = new Map<string, Map<string, number>>();
  for (const date of dates) {
    const weeks = history.get(date)!.map((d) => of(`one-off|${d}`));
    const booked = of(`one-off|${date}`);
    const standing = of(`standing|${date}`);
    const ids = new Set([...standing.keys(), ...booked.keys(), ...weeks.flatMap((w) => [...w.keys()])]);
    const day = new Map<string, number>();
    for (const id of ids) {
      const one = Math.max(booked.get(id) ?? 0, median(weeks.map((w) => w.get(id) ?? 0)));
      const need = (standing.get(id) ?? 0) + one;
      if (need > 0) day.set(id, need);
    }
    out.set(date, day);
  }
  return out;
}

/** GET /api/admin/forecast?days= — from tomorrow (IST), one day per entry. */
export async function forecast(deps: Deps, input: { days: number }): Promise<ForecastAnswer> {
  const now = deps.clock.now();
  const tomorrow = addDays(istToday(now), 1);
  const dates = Array.from({ length: input.days }, (_, i) => addDays(tomorrow, i));
  return { generatedAt: now.toISOString(), rule: ONE_OFF_RULE, days: await forecastDays(deps, dates) };
}

/** The instant an IST calendar day starts. */
const istStart = (date: string) => new Date(`${date}T00:00:00+05:30`).toISOString();

/** GET /api/admin/dashboard/day?date= (default today, IST): the day's run and revenue, the next day's forecast. */
export async function day(deps: Deps, input: { date?: string }): Promise<DashboardDay> {
  const now = deps.clock.now();
  const date = input.date ?? istToday(now);
  const tomorrow = addDays(date, 1);
  const [from, to] = [istStart(date), istStart(tomorrow)];
  const [forecastDay] = await forecastDays(deps, [tomorrow]);
  const run = await orderReports.runOfDay(deps, date);
  const standing = await schedules.standingFacts(deps, tomorrow, [date, tomorrow]);
  const short = await schedules.shortOn(deps, tomorrow);
  const liability = await wallet.liability(deps);
  const sales = (await orderReports.salesByDay(deps, from, to)).find((r) => r.day === date);
  const awaiting = await orderReports.cashAwaiting(deps, from, to);
  return {
    generatedAt: now.toISOString(),
    date,
    tomorrow,
    rule: ONE_OFF_RULE,
    forecast: forecastDay!,
    run: run.map((r) => ({ ...r, name: r.riderId ? r.name : 'Not assigned yet' })),
    standing: { ...standing, short },
    wallet: { liability: liability.total, wallets: liability.wallets },
    revenue: { counted: sales?.revenue ?? 0, orders: sales?.earned ?? 0, cashAwaiting: awaiting.total, cashAwaitingOrders: awaiting.orders },
  };
}

/** The Monday of the IST week `date` falls in. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * GET /api/admin/retention?weeks= — weekly cohorts by first order (the last `weeks` Mondays, this week
 * included), the share still ordering 4, 8 and 12 weeks on, and why orders and plans were cancelled
 * over the same weeks (decision 261).
 */
export async function retention(deps: Deps, input: { weeks: number }): Promise<Retention> {
  const now = deps.clock.now();
  const today = istToday(now);
  const to = mondayOf(today);
  const from = addDays(to, -7 * (input.weeks - 1));
  const rows = await orderReports.weeklyCohorts(deps, from, to, RETENTION_WEEKS);
  const orders = await orderReports.orderCancelReasons(deps, from, today);
  const plans = await subscriptionReports.cancelReasons(deps, istStart(from), istStart(addDays(today, 1)));
  return {
    generatedAt: now.toISOString(),
    from,
    to,
    cohorts: rows.map((c) => ({
      week: c.week,
      customers: c.customers,
      retained: RETENTION_WEEKS.map((n, i) => {
        // Week N is over once its last day is before today.
        const over = addDays(c.week, 7 * n + 6) < today;
        const kept = over ? c.retained[i]! : null;
        return { week: n, customers: kept, percent: kept === null || !c.customers ? null : Math.round((kept / c.customers) * 1000) / 10 };
      }),
    })),
    cancelReasons: [
      ...orders.map((r) => ({ source: 'order' as const, ...r })),
      ...plans.map((r) => ({ source: 'subscription' as const, ...r })),
    ].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
