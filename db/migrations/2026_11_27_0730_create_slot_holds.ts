import { sql, type Kysely } from 'kysely';

/**
 * One placing pipeline (decision 131).
 *
 * - `slot_holds`: the place an order holds in its slot and day, one row per order. Booking writes it
 *   with the counter; giving the place back deletes it in the statement that lowers the counter, so
 *   releasing twice gives back once and releasing an order that holds nothing gives back nothing.
 *   Every order not cancelled holds its place today: those rows are written here.
 * - The rows placement writes before the order row itself (slot hold, coupon use, points ledger,
 *   free unit) point at the order's id, assigned before the order is written: their foreign keys
 *   are checked at commit (DEFERRABLE INITIALLY DEFERRED), when the order row is there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table slot_holds (
    order_id uuid primary key references orders (id) on delete cascade deferrable initially deferred,
    slot_id uuid not null references delivery_slots (id),
    date date not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index slot_holds_slot_date_idx on slot_holds (slot_id, date)`.execute(db);
  await sql`insert into slot_holds (order_id, slot_id, date, created_at)
    select id, slot_id, slot_date, created_at from orders where status <> 'cancelled'`.execute(db);
  for (const t of ['coupon_uses', 'reward_ledger', 'subscription_free_units']) {
    await sql`alter table ${sql.table(t)} alter constraint ${sql.id(`${t}_order_id_fkey`)} deferrable initially deferred`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['coupon_uses', 'reward_ledger', 'subscription_free_units']) {
    await sql`alter table ${sql.table(t)} alter constraint ${sql.id(`${t}_order_id_fkey`)} not deferrable`.execute(db);
  }
  await sql`drop table slot_holds`.execute(db);
}
