import { sql, type Kysely } from 'kysely';

/**
 * Orders, their lines, timeline, and the payment records behind them.
 *
 * The database is the last guard for every money and state invariant: the
 * breakdown must add up to the total and can never change after placement,
 * an order has at most one successful payment, refunds never exceed what was
 * captured, and each idempotency key / gateway id / webhook event id appears once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // HS- + 6 digits from a sequence: unique without a read-modify-write, whatever the concurrency.
  await sql`create sequence order_number_seq start with 100001 minvalue 100001 maxvalue 999999 no cycle`.execute(db);

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('number', 'text', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`'HS-' || lpad(nextval('order_number_seq')::text, 6, '0')`),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending_payment', 'confirmed', 'preparing', 'out_for_delivery', 'delivered', 'cancelled')`),
    )
    .addColumn('cancel_reason', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull().check(sql`payment_method in ('razorpay', 'cod', 'free')`))
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().check(sql`payment_status in ('pending', 'completed', 'failed', 'paid', 'successful', 'refunded')`),
    )
    // The instrument the gateway reported (upi, card, netbanking…), for display.
    .addColumn('paid_with', 'text')
    .addColumn('subtotal_paise', 'integer', (c) => c.notNull().check(sql`subtotal_paise >= 0`))
    .addColumn('free_unit_discount_paise', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`free_unit_discount_paise >= 0`),
    )
    .addColumn('coupon_discount_paise', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`coupon_discount_paise >= 0`),
    )
    .addColumn('points_discount_paise', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`points_discount_paise >= 0`),
    )
    .addColumn('delivery_fee_paise', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`delivery_fee_paise >= 0`),
    )
    .addColumn('gst_paise', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`gst_paise >= 0`),
    )
    .addColumn('total_paise', 'integer', (c) => c.notNull().check(sql`total_paise >= 0`))
    .addColumn('gst_rate_percent', 'numeric', (c) => c.notNull().defaultTo(5))
    .addColumn('coupon_code', 'text')
    .addColumn('points_redeemed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`points_redeemed >= 0`),
    )
    // Who to write to about this order (snapshot at placement, like the address).
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_id', 'uuid')
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('slot_id', 'uuid', (c) => c.notNull())
    .addColumn('slot_date', 'date', (c) => c.notNull())
    .addColumn('slot_start', 'text', (c) => c.notNull())
    .addColumn('slot_end', 'text', (c) => c.notNull())
    .addColumn('plan_type', 'text', (c) => c.notNull().defaultTo('one_time'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    // Lease for the reconciler: one instance asks the gateway about an order at a time.
    .addColumn('reconcile_after', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addUniqueConstraint('orders_user_idempotency_key', ['user_id', 'idempotency_key'])
    .addCheckConstraint(
      'orders_total_is_breakdown',
      sql`total_paise = subtotal_paise - free_unit_discount_paise - coupon_discount_paise - points_discount_paise + delivery_fee_paise`,
    )
    .addCheckConstraint('orders_cancel_reason', sql`(status = 'cancelled') = (cancel_reason is not null)`)
    .addCheckConstraint('orders_free_is_zero', sql`payment_method <> 'free' or total_paise = 0`)
    .addCheckConstraint('orders_cod_never_gateway_paid', sql`payment_method <> 'cod' or paid_with is null or paid_with = 'cod'`)
    .execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at desc']).execute();
  await db.schema.createIndex('orders_slot_idx').on('orders').columns(['slot_id', 'slot_date']).execute();
  await db.schema
    .createIndex('orders_pending_idx')
    .on('orders')
    .columns(['expires_at'])
    .where(sql.ref('status'), '=', 'pending_payment')
    .execute();

  // The breakdown is what the customer agreed to pay: no later update may change it.
  await sql`
    create function orders_breakdown_immutable() returns trigger language plpgsql as $$
    begin
      if (new.subtotal_paise, new.free_unit_discount_paise, new.coupon_discount_paise, new.points_discount_paise,
          new.delivery_fee_paise, new.gst_paise, new.total_paise, new.user_id, new.number, new.idempotency_key)
         is distinct from
         (old.subtotal_paise, old.free_unit_discount_paise, old.coupon_discount_paise, old.points_discount_paise,
          old.delivery_fee_paise, old.gst_paise, old.total_paise, old.user_id, old.number, old.idempotency_key) then
        raise exception 'the price breakdown of order % is immutable', old.number using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger orders_breakdown_immutable before update on orders for each row execute function orders_breakdown_immutable()`.execute(
    db,
  );

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull().check(sql`item_type in ('signature', 'custom')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_price_paise', 'integer', (c) => c.notNull().check(sql`unit_price_paise >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 20`))
    .addColumn('line_total_paise', 'integer', (c) => c.notNull().check(sql`line_total_paise >= 0`))
    .addColumn('is_free_unit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('recipe', 'jsonb')
    .addUniqueConstraint('order_lines_position', ['order_id', 'position'])
    .execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending_payment', 'confirmed', 'preparing', 'out_for_delivery', 'delivered', 'cancelled')`),
    )
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor in ('customer', 'admin', 'system', 'gateway')`))
    .addColumn('actor_id', 'uuid')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

  // One row per gateway order ("attempt"): a retry after a failure is a new attempt.
  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (c) => c.notNull().check(sql`gateway in ('razorpay', 'test')`))
    .addColumn('gateway_order_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('INR'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('created')
        .check(sql`status in ('created', 'paid', 'failed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_attempts_order_idx').on('payment_attempts').columns(['order_id', 'created_at']).execute();

  // One row per gateway payment (a gateway order may see several failed payments before one succeeds).
  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('attempt_id', 'uuid', (c) => c.notNull().references('payment_attempts.id'))
    .addColumn('gateway_payment_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('failed', 'authorized', 'captured', 'refund_pending', 'refunded')`),
    )
    .addColumn('method', 'text')
    .addColumn('refunded_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('captured_at', 'timestamptz')
    .addCheckConstraint('payments_refund_within_amount', sql`refunded_paise >= 0 and refunded_paise <= amount_paise`)
    .execute();
  // At most one successful payment per order; a second one is kept as refund_pending and refunded.
  await db.schema
    .createIndex('payments_one_success_per_order')
    .on('payments')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), 'in', ['authorized', 'captured'])
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('payment_id', 'uuid', (c) => c.notNull().references('payments.id'))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('gateway_refund_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'processed', 'failed')`),
    )
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    // Lease for the refund job: one instance sends a pending refund at a time.
    .addColumn('retry_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refunds_pending_idx').on('refunds').column('retry_after').where(sql.ref('status'), '=', 'pending').execute();

  // Webhook de-duplication: the event id is the key; a repeat is acknowledged and ignored.
  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addColumn('outcome', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['payment_webhook_events', 'refunds', 'payments', 'payment_attempts', 'order_events', 'order_lines', 'orders']) {
    await db.schema.dropTable(t).execute();
  }
  await sql`drop function if exists orders_breakdown_immutable()`.execute(db);
  await sql`drop sequence if exists order_number_seq`.execute(db);
}
