import type { Db } from '../../../db/database';
import type { CartLineInput } from '../../../shared/schemas/cart';
import { forecastFor as standingForecast } from '../schedules/schedules.forecast';

/**
 * The kitchen's one door to the standing deliveries' forecast (decision 180): what the date's standing
 * deliveries will still order, per slot, before the cut-off turns them into orders (days already placed
 * are orders and are counted as such).
 */
export function forecastFor(db: Db, date: string): Promise<Array<{ slotId: string; lines: CartLineInput[] }>> {
  return standingForecast(db, date);
}
