import { sql, type Kysely } from 'kysely';

/**
 * The rider's offline queue (decision 297): each queued Picked up / Delivered / Could not deliver
 * carries an idempotency key made on the phone. A key is kept with what it was for and what came of it,
 * written in the action's own transaction; the (rider, key) primary key decides a race between two
 * syncs of the same action, as orders' (user_id, idempotency_key) does for POST /api/orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table rider_action_keys (
    user_id uuid not null references users (id) on delete cascade,
    key text not null,
    order_id uuid not null references orders (id) on delete cascade,
    action text not null check (action in ('picked_up', 'delivered', 'failed')),
    request_hash text not null,
    outcome jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`.execute(db);
  await sql`create index rider_action_keys_order on rider_action_keys (order_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rider_action_keys`.execute(db);
}
