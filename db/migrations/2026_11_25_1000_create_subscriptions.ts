import { sql, type Kysely } from 'kysely';

/**
 * Subscription plans, the subscriptions customers bought, their paid periods,
 * the payments behind them and the free units orders used.
 *
 * A subscription copies its plan's price, period, allowance, rule and perks at
 * purchase: editing a plan never changes what an existing subscriber bought.
 * The database guards the invariants: one live subscription per customer, a
 * period never uses more free units than it allows, a free unit is taken once
 * per order, a payment activates once (its gateway order id is unique and its
 * status only moves from created), and a reminder is sent once per period.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscription_plans')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_paise', 'integer', (c) => c.notNull().check(sql`price_paise > 0`))
    .addColumn('period_days', 'integer', (c) => c.notNull().check(sql`period_days between 1 and 366`))
    .addColumn('free_units', 'integer', (c) => c.notNull().check(sql`free_units between 0 and 500`))
    .addColumn('free_unit_rule', 'text', (c) => c.notNull().check(sql`free_unit_rule in ('cheapest_signature', 'cheapest_priced')`))
    .addColumn('free_delivery', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('points_multiplier', 'integer', (c) => c.notNull().defaultTo(1).check(sql`points_multiplier between 1 and 5`))
    .addColumn('subscriber_slots', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('plan_id', 'uuid', (c) => c.notNull().references('subscription_plans.id'))
    // The plan as bought.
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('price_paise', 'integer', (c) => c.notNull().check(sql`price_paise > 0`))
    .addColumn('period_days', 'integer', (c) => c.notNull().check(sql`period_days between 1 and 366`))
    .addColumn('free_units', 'integer', (c) => c.notNull().check(sql`free_units >= 0`))
    .addColumn('free_unit_rule', 'text', (c) => c.notNull().check(sql`free_unit_rule in ('cheapest_signature', 'cheapest_priced')`))
    .addColumn('free_delivery', 'boolean', (c) => c.notNull())
    .addColumn('points_multiplier', 'integer', (c) => c.notNull())
    .addColumn('subscriber_slots', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending_payment', 'active', 'paused', 'cancelled', 'expired')`),
    )
    .addColumn('auto_renew', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('paused_at', 'timestamptz')
    .addColumn('pause_until', 'timestamptz')
    .addColumn('paused_period_id', 'uuid')
    .addColumn('cancel_reason', 'text')
    .addColumn('cancelled_at', 'timestamptz')
    // Razorpay Subscriptions (automatic renewal with keys): its id and the mandate authorisation link.
    .addColumn('gateway_subscription_id', 'text', (c) => c.unique())
    .addColumn('gateway_mandate_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One live subscription per customer (cancelled ones still run to their period end).
  await sql`create unique index subscriptions_one_live_per_user on subscriptions (user_id) where status in ('active', 'paused', 'cancelled')`.execute(
    db,
  );
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('subscription_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('subscription_id', 'uuid', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('purchase', 'renewal', 'auto_renewal')`))
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('created', 'paid', 'failed', 'refunded')`))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_order_id', 'text', (c) => c.notNull().unique())
    .addColumn('gateway_payment_id', 'text', (c) => c.unique())
    .addColumn('method', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('refunded_paise', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_paise >= 0 and refunded_paise <= amount_paise`))
    .addColumn('refund_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addUniqueConstraint('subscription_payments_user_key', ['user_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('subscription_periods')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('subscription_id', 'uuid', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('payment_id', 'uuid', (c) => c.unique().references('subscription_payments.id'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('free_units_allowed', 'integer', (c) => c.notNull().check(sql`free_units_allowed >= 0`))
    .addColumn('free_units_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminder_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('subscription_periods_units', sql`free_units_used >= 0 and free_units_used <= free_units_allowed`)
    .addCheckConstraint('subscription_periods_dates', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('subscription_periods_sub_idx').on('subscription_periods').columns(['subscription_id', 'starts_at']).execute();

  // A free unit taken by an order: once per order; deleting the row gives it back.
  await db.schema
    .createTable('subscription_free_units')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey().references('orders.id'))
    .addColumn('period_id', 'uuid', (c) => c.notNull().references('subscription_periods.id'))
    .addColumn('value_paise', 'integer', (c) => c.notNull().check(sql`value_paise >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscription_free_units').execute();
  await db.schema.dropTable('subscription_periods').execute();
  await db.schema.dropTable('subscription_payments').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('subscription_plans').execute();
}
