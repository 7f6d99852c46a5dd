import { sql, type Kysely } from 'kysely';

/**
 * Reward points (decision 073). `reward_ledger` is append-only (a trigger refuses UPDATE): every
 * change of a customer's points is one row — earn, redeem, reverse, give_back, adjust — and each
 * (order, reason) is written at most once (unique), so a confirmation or a cancel that runs twice
 * credits or gives back once. `reward_balances` is the ledger's sum per customer, changed in the
 * same statement as each ledger row; its CHECK (balance >= 0) is the last guard against spending
 * points twice. `orders.points_to_earn` is what the order earns when it is paid (COD: delivered),
 * fixed at placement (the plan's multiplier of that moment).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reward_balances')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('reward_ledger')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('earn', 'redeem', 'reverse', 'give_back', 'adjust')`))
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points <> 0`))
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id').onDelete('cascade'))
    // What the row is for, unique per order: 'earn', 'redeem', 'give_back', 'reverse', 'refund:<id>'…
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 200`))
    // An admin's reason for an adjustment (shown to the customer), or null.
    .addColumn('note', 'text', (c) => c.check(sql`note is null or char_length(note) <= 300`))
    .addColumn('actor_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Insertion order: the ledger reads newest first and sums "balance after" in this order.
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addUniqueConstraint('reward_ledger_order_reason_key', ['order_id', 'reason'])
    .addCheckConstraint('reward_ledger_order_kinds', sql`(kind = 'adjust') = (order_id is null)`)
    .execute();
  await db.schema.createIndex('reward_ledger_user_created_idx').on('reward_ledger').columns(['user_id', 'seq desc']).execute();
  await sql`
    create function reward_ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'reward_ledger is append-only: write a new row instead';
    end $$`.execute(db);
  await sql`create trigger reward_ledger_no_update before update on reward_ledger for each row execute function reward_ledger_append_only()`.execute(
    db,
  );
  await db.schema
    .alterTable('orders')
    .addColumn('points_to_earn', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`points_to_earn >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('points_to_earn').execute();
  await db.schema.dropTable('reward_ledger').execute();
  await sql`drop function if exists reward_ledger_append_only()`.execute(db);
  await db.schema.dropTable('reward_balances').execute();
}
