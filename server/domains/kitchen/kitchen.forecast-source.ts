import type { Db } from '../../../db/database';
import type { CartLineInput } from '../../../shared/schemas/cart';

/**
 * The kitchen's one door to the standing deliveries' forecast (decision 180): what tomorrow's standing
 * deliveries will order, per slot, before the cut-off turns them into orders. The schedules domain
 * builds `forecastFor(db, date)` in server/domains/schedules/schedules.forecast.ts; this branch does
 * not have it yet, so the forecast is empty here and the lead wires it at merge — this file's body
 * becomes `return forecastFor(db, date);` (its one import), nothing else in the kitchen changes.
 */
export async function forecastFor(db: Db, date: string): Promise<Array<{ slotId: string; lines: CartLineInput[] }>> {
  void db;
  void date;
  return [];
}
