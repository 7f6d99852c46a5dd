import type { Db } from '../../../db/database';
import type { CartLineInput } from '../../../shared/schemas/cart';
import type { AppDeps } from '../../deps';
import type { Forecast } from '../../../shared/schemas/schedules';
import { DEFAULT_STANDING_CUTOFF, standingCutoffInstant } from '../../../shared/rules/schedules';
import { plannedLines } from './schedules.plan';
import { addDays, istToday } from '../../../shared/rules/slots';
import * as repo from './schedules.repository';
import { itemName } from './schedules.service';

/**
 * What the cut-off will still place for a date, per slot: skips, vacations and day changes applied;
 * days already placed (they are orders now, counted as such) and days recorded as not placed left out.
 * A claimed day counts as its claim's plan — what it was fixed as, whatever its schedule says since
 * (decision 202). The kitchen adds this to the date's orders, so a day is never counted twice around
 * the cut-off.
 */
export async function forecastFor(db: Db, date: string): Promise<Array<{ slotId: string; lines: CartLineInput[] }>> {
  return (await forecastRows(db, date, ['pending'])).map(({ slotId, lines }) => ({ slotId, lines }));
}

async function forecastRows(db: Db, date: string, claimed: ('pending' | 'placed')[]): Promise<Array<{ slotId: string; lines: CartLineInput[]; deliveries: number }>> {
  const [rows, plans] = await Promise.all([repo.dueOn(db, date), repo.claimedPlans(db, date, claimed)]);
  const days: repo.DayPlan[] = [...plans];
  for (const row of rows) {
    const lines = plannedLines(row, date);
    if (lines) days.push({ lines, slotId: row.schedule.slot?.id ?? null, addressId: null });
  }
  const bySlot = new Map<string, Map<string, CartLineInput>>();
  const deliveries = new Map<string, number>();
  for (const { lines, slotId } of days) {
    if (!slotId) continue;
    const slot = bySlot.get(slotId) ?? new Map<string, CartLineInput>();
    bySlot.set(slotId, slot);
    deliveries.set(slotId, (deliveries.get(slotId) ?? 0) + 1);
    for (const l of lines) {
      const k = `${l.type}:${l.id}`;
      const had = slot.get(k);
      slot.set(k, had ? { ...had, quantity: had.quantity + l.quantity } : { id: l.id, type: l.type, quantity: l.quantity, ...(l.recipe ? { recipe: l.recipe } : {}) });
    }
  }
  return [...bySlot].map(([slotId, lines]) => ({ slotId, lines: [...lines.values()], deliveries: deliveries.get(slotId) ?? 0 }));
}

/** GET /api/admin/schedules/forecast (default: tomorrow in Asia/Kolkata), with slot times and shake names. */
export async function forecast(deps: Pick<AppDeps, 'db' | 'clock'>, input: { date?: string }): Promise<Forecast> {
  const date = input.date ?? addDays(istToday(deps.clock.now()), 1);
  const [rows, cutoffTime, refused] = await Promise.all([
    forecastRows(deps.db, date, ['pending', 'placed']),
    repo.readCutoffTime(deps.db),
    repo.notPlacedOn(deps.db, [date]),
  ]);
  const [slots, names] = await Promise.all([
    repo.slotTimes(deps.db, [...new Set([...rows.map((r) => r.slotId), ...refused.flatMap((r) => (r.slot_id ? [r.slot_id] : []))])]),
    repo.shakeNames(deps.db, [...new Set(rows.flatMap((r) => r.lines.filter((l) => l.type === 'signature').map((l) => l.id)))]),
  ]);
  return {
    date,
    cutoffAt: standingCutoffInstant(date, cutoffTime ?? DEFAULT_STANDING_CUTOFF).toISOString(),
    slots: rows
      .map((r) => ({
        slotId: r.slotId,
        startTime: slots.get(r.slotId)?.start_time ?? '',
        endTime: slots.get(r.slotId)?.end_time ?? '',
        deliveries: r.deliveries,
        shakes: r.lines.map((l) => ({ id: l.id, type: l.type, name: itemName(l, names), quantity: l.quantity })),
      }))
      .sort((a, b) => a.startTime.localeCompare(b.startTime)),
    notPlaced: refused.map((r) => ({
      scheduleId: r.schedule_id,
      customer: r.customer,
      startTime: (r.slot_id && slots.get(r.slot_id)?.start_time) || '',
      reasonCode: r.reason_code,
      reason: r.reason,
    })),
  };
}

/**
 * The standing deliveries of a date per slot, counted as the dashboard's forecast counts them: days
 * the cut-off will place and days it placed (each once, as its claim's plan), signature shakes priced
 * at today's menu price; custom bottles are counted apart (the caller prices them).
 */
export async function standingBySlot(
  db: Db,
  date: string,
): Promise<Array<{ slotId: string; deliveries: number; bottles: number; signatureRevenue: number; customBottles: number }>> {
  const rows = await forecastRows(db, date, ['pending', 'placed']);
  const prices = await repo.shakePrices(db, [...new Set(rows.flatMap((r) => r.lines.filter((l) => l.type === 'signature').map((l) => l.id)))]);
  return rows.map((r) => ({
    slotId: r.slotId,
    deliveries: r.deliveries,
    bottles: r.lines.reduce((n, l) => n + l.quantity, 0),
    signatureRevenue: r.lines.reduce((n, l) => n + (l.type === 'signature' ? (prices.get(l.id) ?? 0) * l.quantity : 0), 0),
    customBottles: r.lines.reduce((n, l) => n + (l.type === 'custom' ? l.quantity : 0), 0),
  }));
}

/**
 * The standing deliveries' lines of a date, all slots together, counted as standingBySlot counts
 * them (days the cut-off will place and days it placed, each once): what the purchase plan turns
 * into ingredients.
 */
export async function standingLines(db: Db, date: string): Promise<CartLineInput[]> {
  return (await forecastRows(db, date, ['pending', 'placed'])).flatMap((r) => r.lines);
}
