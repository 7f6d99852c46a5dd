import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Bulk set-up for the standing-delivery suites: wallets credited (ledger row + balance in one statement) and schedules. */

/** An admin credit per customer, the wallet's own shape: a ledger row and the balance it sums to, in one statement. */
export async function creditWallets(db: Db, userIds: string[], amountPaise: number): Promise<void> {
  if (!userIds.length) return;
  await sql`with l as (
      insert into wallet_ledger (user_id, kind, amount_paise, reference, reason, note)
      select u, 'adjust', ${amountPaise}, 'adjust:' || gen_random_uuid(), 'adjust', 'test credit' from unnest(${userIds}::uuid[]) u
      returning user_id, amount_paise)
    insert into wallet_balances (user_id, balance_paise) select user_id, amount_paise from l
    on conflict (user_id) do update set balance_paise = wallet_balances.balance_paise + excluded.balance_paise`.execute(db);
}

export interface BulkSchedule {
  userId: string;
  addressId: string;
  slotId: string;
  items: { id: string; type: 'signature'; quantity: number }[];
  days?: 'daily' | 'weekdays' | 'alternate' | 'chosen';
  weekdays?: number[];
  startDate: string;
  endDate?: string | null;
}

export async function insertSchedules(db: Db, rows: BulkSchedule[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const ids = await db
      .insertInto('schedules')
      .values(
        chunk.map((r) => ({
          user_id: r.userId,
          address_id: r.addressId,
          slot_id: r.slotId,
          items: JSON.stringify(r.items),
          days: r.days ?? 'daily',
          weekdays: sql`${r.weekdays ?? []}::smallint[]`,
          start_date: r.startDate,
          end_date: r.endDate ?? null,
        })),
      )
      .returning('id')
      .execute();
    out.push(...ids.map((x) => x.id));
  }
  return out;
}

export async function newSlot(db: Db, maxBookings: number, start = '06:00', sort = 90): Promise<string> {
  const [h, m] = start.split(':').map(Number);
  const end = `${String(h! + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  const row = await db
    .insertInto('delivery_slots')
    .values({ start_time: start, end_time: end, max_bookings: maxBookings, plan_type: 'all', sort })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
