// Standing deliveries in bulk for the benches that run the real cut-off job (the cut-off section and the
// morning peak): customers with an address, a wallet with credit (a ledger row and its balance) and a
// daily schedule from `date`, in one statement, so 5,000 of them take seconds rather than minutes.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { addDays } from '../../shared/rules/slots';

/** `count` delivery slots with room for 1,000 bookings a day, open to every plan, after the seeded ones. */
export async function createRoomySlots(db: Db, count: number, sortFrom: number): Promise<string[]> {
  const rows = await db
    .insertInto('delivery_slots')
    .values(
      Array.from({ length: count }, (_, i) => ({
        start_time: `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        end_time: '23:00',
        max_bookings: 1000,
        plan_type: 'all' as const,
        sort: sortFrom + i,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * `n` customers (e-mail `<prefix>-<k>@example.in`, username `<prefix>_<k>`: letters, digits and _), each with a default address, ₹10,000 in the wallet
 * and a daily schedule from `date` of one active signature shake (1–3 bottles), the shakes and the
 * slots taken in turn.
 */
export async function createStandingSchedules(
  db: Db,
  opts: { n: number; date: string; slotIds: string[]; prefix: string },
): Promise<void> {
  const shakes = (await db.selectFrom('signature_shakes').select('id').where('active', '=', true).orderBy('sort_order').execute()).map((s) => s.id);
  const { n, date, slotIds, prefix } = opts;
  await sql`
    with u as (
      insert into users (email, email_verified, name, username, mobile)
      select ${prefix} || '-' || g || '@example.in', true, 'Customer ' || g, ${prefix} || '_' || g, '+919876543210' from generate_series(1, ${n}::int) g
      returning id),
    a as (
      insert into addresses (user_id, name, phone, line1, city, state, pincode, is_default)
      select id, 'Asha Rao', '+919876543210', '12 Residency Road', 'Bengaluru', 'Karnataka', '560001', true from u
      returning id, user_id),
    l as (
      insert into wallet_ledger (user_id, kind, amount_paise, reference, reason, note)
      select id, 'adjust', 1000000, 'adjust:' || gen_random_uuid(), 'adjust', 'bench credit' from u returning user_id, amount_paise),
    b as (insert into wallet_balances (user_id, balance_paise) select user_id, amount_paise from l)
    insert into schedules (user_id, address_id, slot_id, items, days, start_date)
    select a.user_id, a.id, (${slotIds}::uuid[])[1 + (row_number() over () % ${slotIds.length})::int],
      jsonb_build_array(jsonb_build_object('id', (${shakes}::text[])[1 + (row_number() over () % ${shakes.length})::int], 'type', 'signature', 'quantity', 1 + (row_number() over () % 3)::int)),
      'daily', ${date}::date
    from a`.execute(db);
}

/** A minute past the cut-off for `date` (21:00 India time the evening before): when the job places it. */
export const pastCutoffOf = (date: string): Date => new Date(`${addDays(date, -1)}T21:01:00+05:30`);

/** Stock for every order of a run (issue 24): a receipt of `quantity` per tracked ingredient, ledger row and balance together. */
export async function receiveBenchStock(db: Db, quantity = 100_000_000): Promise<void> {
  await sql`with lv as (update stock_balances set on_hand = on_hand + ${quantity}::int where stock_spread(ingredient_id, ${quantity}::int) returning ingredient_id, on_hand)
    insert into stock_movements (ingredient_id, kind, delta, on_hand_after, batch, reason)
    select ingredient_id, 'received', ${quantity}::int, on_hand, 'BENCH', 'Stock for the bench run' from lv`.execute(db);
}
