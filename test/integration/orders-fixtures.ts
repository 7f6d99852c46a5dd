import crypto from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/database';
import { createTestApp, type TestApp } from '../helpers/app';
import { createCustomers, createUser } from '../helpers/factories';
import type { AuthUser } from '../../server/trpc/context';
import { addDays, istToday } from '../../shared/rules/slots';

/** Shared set-up for the orders and payments suites: real seeded catalogue, slots and PIN codes. */
export interface Shop {
  shakes: { id: string; name: string; price: number }[];
  slotId: string;
  date: string;
}

/**
 * The app and the demo shop for the tests of the file (or describe block) that calls it: made before
 * them, given to `use`, closed after them.
 */
export function withShopApp(use: (t: TestApp, shop: Shop) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    use(app, await loadShop(app));
  });
  afterAll(async () => {
    await app?.close();
  });
}

export async function loadShop(t: TestApp): Promise<Shop> {
  const shakes = await t.deps.db
    .selectFrom('signature_shakes')
    .select(['id', 'name', 'price_paise as price'])
    .where('active', '=', true)
    .orderBy('sort_order')
    .execute();
  const slot = await t.deps.db
    .selectFrom('delivery_slots')
    .select('id')
    .where('plan_type', '=', 'all')
    .where('active', '=', true)
    .orderBy('start_time')
    .executeTakeFirstOrThrow();
  return { shakes, slotId: slot.id, date: addDays(istToday(t.deps.clock.now()), 1) };
}

export interface Place {
  slotId: string;
  date: string;
}

/**
 * The shop for suites that place many orders and need the back office: an admin, and `nextPlace()`
 * handing out in turn every slot one-time orders may take × tomorrow … +6 days (by the app's clock),
 * so no slot fills up.
 */
export interface StaffedShop extends Shop {
  admin: Customer;
  nextPlace(): Place;
}

export async function loadStaffedShop(t: TestApp): Promise<StaffedShop> {
  const shop = await loadShop(t);
  const admin = await customer(t, { role: 'admin' });
  const slots = await t.deps.db
    .selectFrom('delivery_slots')
    .select('id')
    .where('plan_type', 'in', ['all', 'one_time'])
    .where('active', '=', true)
    .execute();
  const today = istToday(t.deps.clock.now());
  const places = [1, 2, 3, 4, 5, 6].flatMap((d) => slots.map((s) => ({ slotId: s.id, date: addDays(today, d) })));
  let turn = 0;
  return { ...shop, admin, nextPlace: () => places[turn++ % places.length]! };
}

export interface Customer {
  user: AuthUser;
  auth: string;
  addressId: string;
}

export async function customer(t: TestApp, opts: { pincode?: string; role?: 'customer' | 'admin' } = {}): Promise<Customer> {
  const user = await createUser(t.deps.db, { role: opts.role });
  const addressId = await addAddress(t.deps.db, user.id, opts.pincode ?? '560038');
  return { user, auth: await t.bearer(user), addressId };
}

export async function addAddress(db: Db, userId: string, pincode: string): Promise<string> {
  const a = await db
    .insertInto('addresses')
    .values({
      user_id: userId,
      name: 'Asha Rao',
      phone: '+919876543210',
      line1: '12, 4th Cross, HAL 2nd Stage',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode,
      is_default: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return a.id;
}

/** Many customers at once (bulk inserts), each with an address, for the concurrency tests. */
export async function customers(t: TestApp, n: number): Promise<Customer[]> {
  const rows = await createCustomers(t.deps.db, n);
  // Sessions 25 at a time: 500 at once queued on the pool of 10 past its 3 s wait on a loaded machine
  // (seen through PgBouncer, where each insert takes one more hop).
  const out: Customer[] = [];
  for (let i = 0; i < rows.length; i += 25) {
    out.push(
      ...(await Promise.all(
        rows.slice(i, i + 25).map(async ({ addressId, ...user }) => ({ user, auth: await t.bearer(user), addressId })),
      )),
    );
  }
  return out;
}

export function orderBody(shop: Shop, c: Customer, over: Record<string, unknown> = {}) {
  return {
    lines: [
      { id: shop.shakes[0]!.id, type: 'signature', quantity: 1 },
      { id: shop.shakes[1]!.id, type: 'signature', quantity: 1 },
    ],
    addressId: c.addressId,
    slotId: shop.slotId,
    date: shop.date,
    paymentMethod: 'cod',
    ...over,
  };
}

export function place(t: TestApp, c: Customer, body: unknown, key: string | null = crypto.randomUUID()): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: '/api/orders',
    headers: { authorization: c.auth, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    payload: JSON.stringify(body),
  });
}

export async function counts(db: Db) {
  const one = async (
    table:
      'orders' | 'order_lines' | 'order_events' | 'payments' | 'payment_attempts' | 'mail_outbox' | 'refunds' | 'payment_webhook_events',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const booked = await db
    .selectFrom('slot_bookings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('booked'), sql<number>`0`).as('n'))
    .executeTakeFirstOrThrow();
  return {
    orders: await one('orders'),
    lines: await one('order_lines'),
    events: await one('order_events'),
    payments: await one('payments'),
    attempts: await one('payment_attempts'),
    mails: await one('mail_outbox'),
    refunds: await one('refunds'),
    booked: Number(booked.n),
  };
}

/**
 * QUALITY.md's invariants for orders and payments, checked against the database:
 * booked = active bookings and 0 ≤ booked ≤ max for every slot and date; every order
 * total ≥ 0 and = its breakdown and its lines; every online paid order charged its
 * total, exactly once; at most one successful payment per order; refunded ≤ captured.
 */
export async function expectInvariants(db: Db): Promise<void> {
  const slots = await sql<{ slot_id: string; date: string; booked: number; capacity: number; active: number }>`
    select b.slot_id, b.date::text as date, b.booked, b.capacity,
      (select count(*)::int from orders o where o.slot_id = b.slot_id and o.slot_date = b.date and o.status <> 'cancelled') as active
    from slot_bookings b`.execute(db);
  for (const s of slots.rows) {
    expect(s.booked, `slot ${s.slot_id} on ${s.date}`).toBe(s.active);
    expect(s.booked).toBeGreaterThanOrEqual(0);
    expect(s.booked).toBeLessThanOrEqual(s.capacity);
  }
  const orphans = await sql<{ n: number }>`
    select count(*)::int as n from orders o
    where o.status <> 'cancelled' and not exists (select 1 from slot_bookings b where b.slot_id = o.slot_id and b.date = o.slot_date)`.execute(
    db,
  );
  expect(orphans.rows[0]!.n).toBe(0);

  const money = await sql<{ number: string; total: number; breakdown: number; lines: number; free: number }>`
    select o.number, o.total_paise as total,
      o.subtotal_paise - o.free_unit_discount_paise - o.coupon_discount_paise - o.points_discount_paise + o.delivery_fee_paise as breakdown,
      (select coalesce(sum(l.line_total_paise), 0)::int from order_lines l where l.order_id = o.id) as lines,
      o.subtotal_paise as free
    from orders o`.execute(db);
  for (const o of money.rows) {
    expect(o.total, o.number).toBe(o.breakdown);
    expect(o.total).toBeGreaterThanOrEqual(0);
    expect(o.lines, `${o.number} lines`).toBe(o.free);
  }

  const paid = await sql<{ number: string; total: number; charged: number; successes: number }>`
    select o.number, o.total_paise as total,
      coalesce((select sum(p.amount_paise) from payments p where p.order_id = o.id and p.status in ('authorized', 'captured')), 0)::int as charged,
      (select count(*)::int from payments p where p.order_id = o.id and p.status in ('authorized', 'captured')) as successes
    from orders o where o.payment_method = 'razorpay' and o.payment_status = 'paid'`.execute(db);
  for (const o of paid.rows) {
    expect(o.successes, `${o.number} successful payments`).toBe(1);
    expect(o.charged, `${o.number} charged`).toBe(o.total);
  }
  const multi = await sql<{ n: number }>`
    select count(*)::int as n from (select order_id from payments where status in ('authorized', 'captured') group by order_id having count(*) > 1) x`.execute(
    db,
  );
  expect(multi.rows[0]!.n).toBe(0);
  const over = await sql<{ n: number }>`select count(*)::int as n from payments where refunded_paise > amount_paise`.execute(db);
  expect(over.rows[0]!.n).toBe(0);
  const codPaidByGateway = await sql<{ n: number }>`
    select count(*)::int as n from orders o where o.payment_method <> 'razorpay' and exists (select 1 from payments p where p.order_id = o.id)`.execute(
    db,
  );
  expect(codPaidByGateway.rows[0]!.n).toBe(0);
  await expectStockInvariants(db);
}

/** One ingredient's balance as the view stock_levels reads it (reserved = on hand − its shards' free stock). */
export async function stockLevel(db: Db, ingredientId: string): Promise<{ on_hand: number; reserved: number; par_level: number }> {
  const { rows } = await sql<{ on_hand: number; reserved: number; par_level: number }>`
    select on_hand, reserved, par_level from stock_levels where ingredient_id = ${ingredientId}`.execute(db);
  if (!rows[0]) throw new Error(`no stock balance for ${ingredientId}`);
  return rows[0];
}

/**
 * A stock-take written straight into the database (a test's set-up): on hand becomes `onHand`, the
 * free stock moves by the same amount (stock_spread), with its ledger row.
 */
export async function countStock(db: Db, ingredientId: string, onHand: number, reason: string): Promise<void> {
  const { rows } = await sql<{ ok: boolean }>`
    with b as (select on_hand from stock_balances where ingredient_id = ${ingredientId} for update),
    m as (
      insert into stock_movements (ingredient_id, kind, delta, on_hand_after, reason)
      select ${ingredientId}, 'counted', ${onHand}::int - b.on_hand, ${onHand}, ${reason} from b
    ),
    nb as (
      update stock_balances set on_hand = ${onHand} where ingredient_id = ${ingredientId}
        and stock_spread(ingredient_id, ${onHand}::int - (select on_hand from b)) returning 1
    )
    select count(*) = 1 as ok from nb`.execute(db);
  if (!rows[0]?.ok) throw new Error(`could not count ${onHand} of ${ingredientId}: open orders hold more`);
}

/**
 * QUALITY.md, stock (issue 24): for every ingredient, on hand = the ledger's sum ≥ 0, reserved = the
 * order reservation rows ≤ on hand, and only open orders (awaiting payment or confirmed) hold stock.
 */
export async function expectStockInvariants(db: Db): Promise<void> {
  const levels = await sql<{ ingredient_id: string; on_hand: number; ledger: number; reserved: number; held: number }>`
    select l.ingredient_id, l.on_hand, l.reserved,
      coalesce((select sum(delta) from stock_movements m where m.ingredient_id = l.ingredient_id), 0)::int as ledger,
      coalesce((select sum(qty) from stock_reservations r where r.ingredient_id = l.ingredient_id), 0)::int as held
    from stock_levels l`.execute(db);
  for (const l of levels.rows) {
    expect(l.on_hand, `on hand of ${l.ingredient_id} = its ledger`).toBe(l.ledger);
    expect(l.on_hand).toBeGreaterThanOrEqual(0);
    expect(l.reserved, `reserved of ${l.ingredient_id} = its reservation rows`).toBe(l.held);
    expect(l.on_hand - l.reserved).toBeGreaterThanOrEqual(0);
  }
  // Free stock in shards (decision 240): every balance has its 16 shards, none below zero.
  const shards = await sql<{ n: number; bad: number }>`
    select count(*)::int as n, count(*) filter (where s.free < 0 or s.shard not between 0 and 15)::int as bad
    from stock_balances b join stock_shards s on s.ingredient_id = b.ingredient_id`.execute(db);
  expect(shards.rows[0]!.n, 'each balance has 16 shards').toBe(16 * levels.rows.length);
  expect(shards.rows[0]!.bad).toBe(0);
  // Every reservation is of a tracked ingredient (no foreign key holds it: decision 240).
  const orphan = await sql<{ n: number }>`
    select count(*)::int as n from stock_reservations r where not exists (select 1 from stock_balances b where b.ingredient_id = r.ingredient_id)`.execute(db);
  expect(orphan.rows[0]!.n, 'reservations of untracked ingredients').toBe(0);
  const closedHolding = await sql<{ n: number }>`
    select count(*)::int as n from stock_reservations r join orders o on o.id = r.order_id
    where o.status not in ('pending_payment', 'confirmed')`.execute(db);
  expect(closedHolding.rows[0]!.n, 'orders past confirmed hold no stock').toBe(0);
}
