import type { Db } from '../../../db/database';
import type { CartLineInput } from '../../../shared/schemas/cart';
import type { AppDeps } from '../../deps';
import type { Forecast, ScheduleLine } from '../../../shared/schemas/schedules';
import { coversDate, DEFAULT_STANDING_CUTOFF, standingCutoffInstant, willBePlaced, withinSchedule } from '../../../shared/rules/schedules';
import { addDays, istToday } from '../../../shared/rules/slots';
import * as repo from './schedules.repository';
import { itemName } from './schedules.service';

/** What a due row delivers on the date (null: nothing), with the shared day rules. */
export function plannedLines(row: repo.DueRow, date: string): ScheduleLine[] | null {
  const s = row.schedule;
  const days = { days: s.days, weekdays: s.weekdays, startDate: s.start_date, endDate: s.end_date };
  const delivers = coversDate(days, date) || (!!row.change?.items && withinSchedule(days, date));
  const placed = willBePlaced({ active: s.status === 'active', delivers, skipped: !!row.change?.skipped, onVacation: row.on_vacation });
  return placed ? (row.change?.items ?? s.items) : null;
}

/**
 * What the cut-off will still place for a date, per slot: skips, vacations and day changes applied;
 * days already placed (they are orders now, counted as such) and days recorded as not placed left out.
 * The kitchen adds this to the date's orders, so a day is never counted twice around the cut-off.
 */
export async function forecastFor(db: Db, date: string): Promise<Array<{ slotId: string; lines: CartLineInput[] }>> {
  return (await forecastRows(db, date, { unplacedOnly: true })).map(({ slotId, lines }) => ({ slotId, lines }));
}

async function forecastRows(db: Db, date: string, opts: { unplacedOnly?: boolean } = {}): Promise<Array<{ slotId: string; lines: CartLineInput[]; deliveries: number }>> {
  const rows = await repo.dueOn(db, date, { pending: false, unplacedOnly: opts.unplacedOnly ?? false });
  const bySlot = new Map<string, Map<string, CartLineInput>>();
  const deliveries = new Map<string, number>();
  for (const row of rows) {
    const lines = plannedLines(row, date);
    const slotId = row.schedule.slot?.id;
    if (!lines || !slotId) continue;
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
  const [rows, cutoffTime] = await Promise.all([forecastRows(deps.db, date), repo.readCutoffTime(deps.db)]);
  const [slots, names] = await Promise.all([
    repo.slotTimes(deps.db, rows.map((r) => r.slotId)),
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
  };
}
