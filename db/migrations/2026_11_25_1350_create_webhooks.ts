import { sql, type Kysely } from 'kysely';

/**
 * Outgoing webhooks (decision 096). Endpoints the admin registers; events written by triggers in
 * the same transaction as the order or subscription change that caused them (so a rolled-back
 * change emits nothing and no code path can forget one); one delivery row per (event, endpoint),
 * claimed by the delivery job with FOR UPDATE SKIP LOCKED on any instance.
 *
 * An event is stored only when an active endpoint subscribes to its type: a shop without
 * webhooks pays one indexed look-up of an empty table per order change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('url', 'text', (c) => c.notNull().check(sql`char_length(url) <= 2000`))
    .addColumn('description', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`char_length(description) <= 200`),
    )
    .addColumn('events', sql`text[]`, (c) => c.notNull().check(sql`cardinality(events) > 0`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('secret_rotated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'uuid', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    /** null = due now; also the claim's lease while an attempt is in flight. */
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('webhook_deliveries_event_endpoint_key', ['event_id', 'endpoint_id'])
    .execute();
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at nulls first, id) where status = 'pending'`.execute(
    db,
  );
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'id desc']).execute();

  // One event, fanned out to every active endpoint that subscribes to its type.
  await sql`
    create function webhook_emit(p_type text, p_data jsonb, p_at timestamptz) returns void
    language plpgsql as $$
    declare
      ev uuid;
    begin
      if not exists (select 1 from webhook_endpoints where active and p_type = any(events)) then
        return;
      end if;
      insert into webhook_events (type, data, created_at) values (p_type, p_data, coalesce(p_at, now())) returning id into ev;
      insert into webhook_deliveries (event_id, endpoint_id, created_at)
        select ev, e.id, coalesce(p_at, now()) from webhook_endpoints e where e.active and p_type = any(e.events);
    end $$`.execute(db);

  await sql`
    create function orders_webhook_events() returns trigger
    language plpgsql as $$
    declare
      d jsonb;
      paid constant text[] := array['paid', 'completed', 'successful'];
    begin
      d := jsonb_build_object('order', jsonb_build_object(
        'id', new.id, 'number', new.number, 'status', new.status, 'paymentStatus', new.payment_status,
        'paymentMethod', new.payment_method, 'totalPaise', new.total_paise, 'currency', 'INR',
        'customerId', new.user_id, 'slotDate', new.slot_date, 'cancelReason', new.cancel_reason,
        'placedAt', new.created_at, 'updatedAt', new.updated_at));
      if tg_op = 'INSERT' then
        perform webhook_emit('order.placed', d, new.created_at);
        if new.payment_status = any(paid) then
          perform webhook_emit('order.paid', d, new.created_at);
        end if;
        return null;
      end if;
      if new.payment_status is distinct from old.payment_status then
        if new.payment_status = any(paid) and not (old.payment_status = any(paid)) then
          perform webhook_emit('order.paid', d, new.updated_at);
        elsif new.payment_status = 'refunded' then
          perform webhook_emit('order.refunded', d, new.updated_at);
        end if;
      end if;
      if new.status is distinct from old.status then
        perform webhook_emit('order.status_changed', d || jsonb_build_object('previousStatus', old.status), new.updated_at);
        if new.status = 'cancelled' then
          perform webhook_emit('order.cancelled', d, new.updated_at);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_webhook_events after insert or update of status, payment_status on orders
    for each row execute function orders_webhook_events()`.execute(db);

  await sql`
    create function subscriptions_webhook_events() returns trigger
    language plpgsql as $$
    declare
      d jsonb;
    begin
      d := jsonb_build_object('subscription', jsonb_build_object(
        'id', new.id, 'customerId', new.user_id, 'planId', new.plan_id, 'planName', new.plan_name,
        'status', new.status, 'autoRenew', new.auto_renew, 'pricePaise', new.price_paise, 'currency', 'INR',
        'periodDays', new.period_days, 'pauseUntil', new.pause_until, 'cancelReason', new.cancel_reason,
        'updatedAt', new.updated_at));
      if new.status = 'active' and (tg_op = 'INSERT' or old.status = 'pending_payment') then
        perform webhook_emit('subscription.created', d, new.updated_at);
      elsif tg_op = 'UPDATE' and new.status is distinct from old.status then
        if new.status = 'active' and old.status = 'paused' then
          perform webhook_emit('subscription.resumed', d, new.updated_at);
        elsif new.status = 'paused' then
          perform webhook_emit('subscription.paused', d, new.updated_at);
        elsif new.status = 'cancelled' then
          perform webhook_emit('subscription.cancelled', d, new.updated_at);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger subscriptions_webhook_events after insert or update of status on subscriptions
    for each row execute function subscriptions_webhook_events()`.execute(db);

  // A period after the first one is a renewal (the first comes with subscription.created).
  await sql`
    create function subscription_periods_webhook_events() returns trigger
    language plpgsql as $$
    declare
      s record;
    begin
      if not exists (select 1 from subscription_periods p where p.subscription_id = new.subscription_id and p.id <> new.id) then
        return null;
      end if;
      select * into s from subscriptions where id = new.subscription_id;
      perform webhook_emit('subscription.renewed', jsonb_build_object(
        'subscription', jsonb_build_object('id', s.id, 'customerId', s.user_id, 'planId', s.plan_id, 'planName', s.plan_name,
          'status', s.status, 'autoRenew', s.auto_renew, 'pricePaise', s.price_paise, 'currency', 'INR', 'periodDays', s.period_days),
        'period', jsonb_build_object('id', new.id, 'startsAt', new.starts_at, 'endsAt', new.ends_at, 'freeUnits', new.free_units_allowed)),
        new.created_at);
      return null;
    end $$`.execute(db);
  await sql`create trigger subscription_periods_webhook_events after insert on subscription_periods
    for each row execute function subscription_periods_webhook_events()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists subscription_periods_webhook_events on subscription_periods`.execute(db);
  await sql`drop trigger if exists subscriptions_webhook_events on subscriptions`.execute(db);
  await sql`drop trigger if exists orders_webhook_events on orders`.execute(db);
  await sql`drop function if exists subscription_periods_webhook_events()`.execute(db);
  await sql`drop function if exists subscriptions_webhook_events()`.execute(db);
  await sql`drop function if exists orders_webhook_events()`.execute(db);
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await sql`drop function if exists webhook_emit(text, jsonb, timestamptz)`.execute(db);
}
