import { sql, type Kysely } from 'kysely';

/**
 * The last mile (PRODUCT.md §17, decision 138): one row per order that has met a rider — who has it,
 * when it was picked up, the delivery code (a nonce the code is derived from with a server key, and
 * the code's keyed hash; never the code), wrong tries (5 lock the stop), delivery or failure, and the
 * cash a rider collected for a cash-on-delivery order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table order_deliveries (
    order_id uuid primary key references orders (id) on delete cascade,
    rider_id uuid references users (id) on delete set null,
    assigned_at timestamptz,
    assigned_by uuid references users (id) on delete set null,
    picked_up_at timestamptz,
    code_nonce text,
    code_hash text,
    code_tries integer not null default 0 check (code_tries between 0 and 5),
    delivered_at timestamptz,
    delivered_by uuid references users (id) on delete set null,
    cash_collected_paise integer check (cash_collected_paise >= 0),
    failed_at timestamptz,
    fail_reason text check (fail_reason in ('not_at_home', 'address_not_found', 'refused')),
    fail_note text,
    attempts integer not null default 0 check (attempts >= 0),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index order_deliveries_rider_idx on order_deliveries (rider_id) where rider_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table order_deliveries`.execute(db);
}
