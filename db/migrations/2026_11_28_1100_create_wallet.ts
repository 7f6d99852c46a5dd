import { sql, type Kysely } from 'kysely';

/**
 * The wallet (decision 165), in the discipline of the points ledger (decision 073):
 * - `wallet_ledger` is append-only (a trigger refuses UPDATE and DELETE): every change of a
 *   customer's rupees is one row, and each (reference, reason) is written at most once (unique),
 *   so a top-up settled by verify and webhook at once credits once, and a cancel run twice gives
 *   back once. `reference` names what the row is about: `top_up:<id>`, `order:<id>`,
 *   `refund:<id>` (a refund of the balance to a top-up payment), `adjust:<uuid>`.
 * - `wallet_balances` is the ledger's sum per customer, changed in the same statement as each
 *   ledger row; its CHECK (balance_paise >= 0) is the last guard against spending a rupee twice.
 * - `wallet_top_ups` are the gateway charges that fill it (₹200–₹20,000), settled like
 *   subscription payments: created → paid once (→ refunded when the balance went back in full).
 * - `refunds.wallet_top_up_id`: the one refund outbox (decision 115) gets a third kind of charge.
 * - `orders.payment_method` may be `wallet`: paid from the balance inside the placing transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_balances')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance_paise', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance_paise >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('wallet_top_ups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise between 20000 and 2000000`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('created', 'paid', 'failed', 'refunded')`))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_order_id', 'text', (c) => c.notNull().unique())
    .addColumn('gateway_payment_id', 'text', (c) => c.unique())
    .addColumn('method', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('refunded_paise', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_paise >= 0 and refunded_paise <= amount_paise`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('reconcile_after', 'timestamptz')
    .addUniqueConstraint('wallet_top_ups_user_key', ['user_id', 'idempotency_key'])
    .execute();
  await sql`create index wallet_top_ups_user_idx on wallet_top_ups (user_id, created_at desc)`.execute(db);
  await sql`create index wallet_top_ups_unsettled_idx on wallet_top_ups (created_at) where status in ('created', 'failed')`.execute(db);

  await db.schema
    .createTable('wallet_ledger')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('top_up', 'charge', 'release', 'order_refund', 'refund_out', 'adjust')`))
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise <> 0`))
    .addColumn('reference', 'text', (c) => c.notNull().check(sql`char_length(reference) between 1 and 120`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 120`))
    // The order a charge, release or order refund is about (checked at commit: the charge is written before its order).
    .addColumn('order_id', 'uuid')
    .addColumn('top_up_id', 'uuid', (c) => c.references('wallet_top_ups.id'))
    // An admin's reason for an adjustment (shown to the customer), or null.
    .addColumn('note', 'text', (c) => c.check(sql`note is null or char_length(note) <= 300`))
    .addColumn('actor_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addUniqueConstraint('wallet_ledger_reference_reason_key', ['reference', 'reason'])
    .execute();
  await sql`alter table wallet_ledger add constraint wallet_ledger_order_fk foreign key (order_id) references orders (id)
    on delete cascade deferrable initially deferred`.execute(db);
  await sql`create index wallet_ledger_user_idx on wallet_ledger (user_id, seq desc)`.execute(db);
  await sql`create index wallet_ledger_order_idx on wallet_ledger (order_id) where order_id is not null`.execute(db);
  await sql`
    create function wallet_ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'wallet_ledger is append-only: write a new row instead';
    end $$`.execute(db);
  await sql`create trigger wallet_ledger_no_change before update or delete on wallet_ledger
    for each row execute function wallet_ledger_append_only()`.execute(db);

  await sql`alter table refunds add column wallet_top_up_id uuid references wallet_top_ups (id)`.execute(db);
  await sql`alter table refunds drop constraint refunds_one_payment`.execute(db);
  await sql`alter table refunds add constraint refunds_one_payment check (
    num_nonnulls(payment_id, subscription_payment_id, wallet_top_up_id) = 1 and (payment_id is null) = (order_id is null)
  )`.execute(db);
  await sql`create index refunds_wallet_top_up_idx on refunds (wallet_top_up_id) where wallet_top_up_id is not null`.execute(db);

  await sql`alter table orders drop constraint orders_payment_method_check`.execute(db);
  await sql`alter table orders add constraint orders_payment_method_check check (payment_method in ('razorpay', 'cod', 'free', 'wallet'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop constraint orders_payment_method_check`.execute(db);
  await sql`alter table orders add constraint orders_payment_method_check check (payment_method in ('razorpay', 'cod', 'free'))`.execute(db);
  await sql`delete from refunds where wallet_top_up_id is not null`.execute(db);
  await sql`alter table refunds drop constraint refunds_one_payment`.execute(db);
  await sql`alter table refunds drop column wallet_top_up_id`.execute(db);
  await sql`alter table refunds add constraint refunds_one_payment check (
    num_nonnulls(payment_id, subscription_payment_id) = 1 and (payment_id is null) = (order_id is null)
  )`.execute(db);
  await db.schema.dropTable('wallet_ledger').execute();
  await sql`drop function if exists wallet_ledger_append_only()`.execute(db);
  await db.schema.dropTable('wallet_top_ups').execute();
  await db.schema.dropTable('wallet_balances').execute();
}
