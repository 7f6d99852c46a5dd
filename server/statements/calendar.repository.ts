import { CompiledQuery } from 'kysely';
import type { Executor } from '../../db/database';
import * as cartRepo from '../domains/cart/cart.repository';
import * as subscriptionsRepo from '../domains/subscriptions/subscriptions.repository';
import type { ScheduleLine } from '../../shared/schemas/schedules';
import type { ScheduleDayKind, ScheduleStatus } from '../../shared/rules/schedules';

/**
 * The delivery calendar (GET /api/user/deliveries, decision 177) in ONE statement: the customer's
 * schedules with their slot and address, the day changes, vacations, cut-off runs and scheduled
 * orders of the range, the standing cut-off time, and the catalogue rows every item of those
 * schedules and days is priced from (cart's own pricing read, `pricing_inputs`, with the ids taken
 * from the rows). Here rather than in the schedules domain because it composes cart's pricing read
 * and subscriptions' SQL (decision 046).
 */
/** Row shapes of standing deliveries (the schedules repository uses and re-exports them). */
export interface ScheduleRow {
  id: string;
  user_id: string;
  items: ScheduleLine[];
  days: ScheduleDayKind;
  weekdays: number[];
  start_date: string;
  end_date: string | null;
  status: ScheduleStatus;
  created_at: string;
  slot: { id: string; start_time: string; end_time: string; plan_type: 'all' | 'one_time' | 'subscription'; active: boolean } | null;
  address: { id: string; name: string; line1: string; city: string; pincode: string } | null;
}
export interface DayChangeRow {
  schedule_id: string;
  date: string;
  skipped: boolean;
  items: ScheduleLine[] | null;
}
export interface VacationRow {
  id: string;
  from: string;
  to: string;
}
export interface RunRow {
  schedule_id: string;
  date: string;
  /** pending: claimed by an instance's cut-off run, not finished yet. */
  outcome: 'pending' | 'placed' | 'not_placed';
  order_id: string | null;
  reason_code: string | null;
  reason: string | null;
  /** What the claimed day places (decision 202): its lines, slot and address as it was fixed. */
  plan: { lines: ScheduleLine[]; slotId: string | null; addressId: string | null } | null;
}
export interface ScheduledOrderRow {
  id: string;
  number: string;
  status: string;
  key: string;
  subtotal_paise: number;
  free_unit_discount_paise: number;
  delivery_fee_paise: number;
  total_paise: number;
}
export interface ScheduleRowsRead {
  schedules: ScheduleRow[];
  days: DayChangeRow[];
  vacations: VacationRow[];
  runs: RunRow[];
  orders: ScheduledOrderRow[];
  /** The standing cut-off from the slot configuration; null: the default. */
  cutoffTime: string | null;
}

export interface CalendarRead extends ScheduleRowsRead {
  pricing: cartRepo.PricingInputs;
  /** A live subscription: only then is the plan (free unit, free delivery) worth a read of its own. */
  subscribed: boolean;
  /** The wallet's balance (paise; 0 without a wallet), to say which days it will not cover (decision 220). */
  walletBalance: number;
  /** Drop-off notes (decision 295): each date's own note ('' : none that day), each schedule's every-day note. */
  notes: { days: Map<string, string>; schedules: Map<string, string> };
}

/**
 * A fixed SQL text with its parameters rather than a `sql` template, as the history page's
 * (decision 032): the hot signed-in read skips building and compiling a query on every request.
 */
const CALENDAR_SQL = 'select calendar_rows($1::uuid, $2::date, $3::date, $4::text[]) as v';
const LIVE_STATUSES: readonly string[] = [...subscriptionsRepo.LIVE];

/**
 * One statement, a call of the database function `calendar_rows` (migration 2026_11_30_1200, decision
 * 199), whose plans PostgreSQL keeps per connection (a named prepared statement cannot be used through
 * PgBouncer, decision 175). It also says whether the customer has a subscription in one of the
 * statuses the subscriptions domain calls live, and the drop-off notes of the range (migration
 * 2026_12_10_1000, decision 300).
 */
export async function readCalendar(db: Executor, userId: string, from: string, to: string): Promise<CalendarRead> {
  const { rows } = await db.executeQuery<{
    v: ScheduleRowsRead & {
      pricing: unknown;
      subscribed: boolean;
      walletBalance: number;
      dayNotes: { date: string; note: string }[];
      scheduleNotes: { id: string; note: string }[];
    };
  }>(
    CompiledQuery.raw(CALENDAR_SQL, [userId, from, to, LIVE_STATUSES]),
  );
  const v = rows[0]!.v;
  return {
    schedules: v.schedules,
    days: v.days,
    vacations: v.vacations,
    runs: v.runs,
    orders: v.orders,
    cutoffTime: v.cutoffTime,
    pricing: cartRepo.decodePricingInputs(v.pricing),
    subscribed: v.subscribed,
    walletBalance: Number(v.walletBalance),
    notes: { days: new Map(v.dayNotes.map((d) => [d.date, d.note])), schedules: new Map(v.scheduleNotes.map((n) => [n.id, n.note])) },
  };
}
