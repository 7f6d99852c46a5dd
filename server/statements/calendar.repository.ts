import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import * as cartRepo from '../domains/cart/cart.repository';
import * as schedulesRepo from '../domains/schedules/schedules.repository';

/**
 * The delivery calendar (GET /api/user/deliveries, decision 177) in ONE statement: the customer's
 * schedules with their slot and address, the day changes, vacations, cut-off runs and scheduled
 * orders of the range, the standing cut-off time, and the catalogue rows every item of those
 * schedules and days is priced from (cart's own pricing read, with the ids taken from the rows).
 */
export interface CalendarRead extends schedulesRepo.ScheduleRowsRead {
  pricing: cartRepo.PricingInputs;
}

export async function readCalendar(db: Executor, userId: string, from: string, to: string): Promise<CalendarRead> {
  const { ctes, result } = schedulesRepo.calendarRowsSql(userId, from, to);
  const pricing = cartRepo.pricingInputsOfSql(
    sql`array(select (e->>'id')::uuid from cal_items where e->>'type' = 'signature' and e->>'id' ~* ${schedulesRepo.UUID_PATTERN})`,
    sql`array(
      select x::uuid from cal_items, lateral (
        select e->'recipe'->>'baseId' as x
        union all select a->>'ingredientId' from jsonb_array_elements(coalesce(e->'recipe'->'addIns', '[]'::jsonb)) a
      ) ids
      where e->>'type' = 'custom' and x ~* ${schedulesRepo.UUID_PATTERN})`,
  );
  const { rows } = await sql<{ v: unknown; price: unknown }>`with ${ctes} select ${result} as v, ${pricing} as price`.execute(db);
  const row = rows[0]!;
  return { ...schedulesRepo.decodeScheduleRows(row.v), pricing: cartRepo.decodePricingInputs(row.price) };
}
