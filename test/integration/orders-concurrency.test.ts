import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, testConfig, type TestApp } from '../helpers/app';
import { buildApp } from '../../server/app';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import type { AppDeps } from '../../server/deps';
import { expireUnpaidOrders } from '../../server/domains/orders/orders.service';
import { counts, customer, customers, expectInvariants, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';

/** Real parallel requests on real PostgreSQL (PGlite serialises everything, so these only mean something there). */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('placing orders under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let shop: Shop;
  // A second server instance on the same database with its own connection pool,
  // as another process would be: capacity and jobs must hold across instances.
  let dbh2: DatabaseHandle;
  let app2: FastifyInstance;
  let deps2: AppDeps;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    shop = await loadShop(t);
    dbh2 = await createDatabase({ databaseUrl: t.dbh.databaseUrl!, directUrl: t.dbh.directUrl, poolSize: 20 });
    ({ app: app2, deps: deps2 } = await buildApp({ config: testConfig(), dbh: dbh2, clock: { now: () => now }, logger: false }));
    await app2.ready();
  });
  afterAll(async () => {
    await app2?.close();
    await dbh2?.close();
    await t?.close();
  });
  const placeOn = (instance: number, c: Customer, body: unknown, key: string = crypto.randomUUID()) =>
    instance % 2 === 0
      ? place(t, c, body, key)
      : app2.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: c.auth, 'content-type': 'application/json', 'idempotency-key': key },
          payload: JSON.stringify(body),
        });

  it(
    '500 shoppers on two server instances, one slot with 10 places: exactly 10 orders, 490 clear 409 SLOT_FULL, no 5xx',
    { timeout: 180_000 },
    async () => {
      const slot = await t.deps.db
        .insertInto('delivery_slots')
        .values({ start_time: '15:00', end_time: '16:00', max_bookings: 10, plan_type: 'all', sort: 99 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const people = await customers(t, 500);
      const before = await counts(t.deps.db);
      const answers = await Promise.all(people.map((c, i) => placeOn(i, c, orderBody(shop, c, { slotId: slot.id }))));
      const byStatus = new Map<number, number>();
      for (const r of answers) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
      expect(Object.fromEntries(byStatus)).toEqual({ 200: 10, 409: 490 });
      for (const r of answers.filter((a) => a.statusCode === 409)) {
        expect(r.json()).toMatchObject({ code: 'SLOT_FULL', message: 'That delivery slot is full. Please pick another time.' });
      }
      const after = await counts(t.deps.db);
      expect(after.orders - before.orders).toBe(10);
      expect(after.mails - before.mails).toBe(10);
      const booking = await t.deps.db.selectFrom('slot_bookings').selectAll().where('slot_id', '=', slot.id).executeTakeFirstOrThrow();
      expect(booking.booked).toBe(10);
      await expectInvariants(t.deps.db);
    },
  );

  it('10 concurrent submits with one idempotency key: one order, the same answer to all', async () => {
    const c = await customer(t);
    const key = crypto.randomUUID();
    const before = await counts(t.deps.db);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }), key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json().order.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.json().replayed === false)).toHaveLength(1);
    const after = await counts(t.deps.db);
    expect(after.orders - before.orders).toBe(1);
    expect(after.booked - before.booked).toBe(1);
    expect(after.events - before.events).toBe(1);
    await expectInvariants(t.deps.db);
  });

  it('many customers each sending their order twice at once: one order per key, capacity exact', { timeout: 60_000 }, async () => {
    const slot = await t.deps.db
      .insertInto('delivery_slots')
      .values({ start_time: '16:00', end_time: '17:00', max_bookings: 15, plan_type: 'all', sort: 98 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const people = await customers(t, 30);
    const keys = people.map(() => crypto.randomUUID());
    const answers = await Promise.all(
      people.flatMap((c, i) => [0, 1].map(() => place(t, c, orderBody(shop, c, { slotId: slot.id }), keys[i]))),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const placed = await t.deps.db.selectFrom('orders').select(['user_id']).where('slot_id', '=', slot.id).execute();
    expect(placed).toHaveLength(15);
    expect(new Set(placed.map((p) => p.user_id)).size).toBe(15);
    // Both answers of a customer who got in name the same order.
    for (let i = 0; i < people.length; i++) {
      const pair = answers
        .slice(2 * i, 2 * i + 2)
        .filter((a) => a.statusCode === 200)
        .map((a) => a.json().order.id);
      expect(new Set(pair).size).toBeLessThanOrEqual(1);
    }
    await expectInvariants(t.deps.db);
  });

  it('expiry on two instances at once cancels each unpaid order once and releases each place once', { timeout: 60_000 }, async () => {
    const slot = await t.deps.db
      .insertInto('delivery_slots')
      .values({ start_time: '18:00', end_time: '19:00', max_bookings: 45, plan_type: 'all', sort: 96 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Five paid-on-delivery orders stay: a place released twice would show as fewer than 5 booked.
    for (const c of await customers(t, 5)) expect((await place(t, c, orderBody(shop, c, { slotId: slot.id }))).statusCode).toBe(200);
    const people = await customers(t, 40);
    const placed = await Promise.all(
      people.map((c, i) => placeOn(i, c, orderBody(shop, c, { slotId: slot.id, paymentMethod: 'razorpay' }))),
    );
    expect(placed.every((r) => r.statusCode === 200)).toBe(true);
    const bookedBefore = (
      await t.deps.db.selectFrom('slot_bookings').select('booked').where('slot_id', '=', slot.id).executeTakeFirstOrThrow()
    ).booked;
    expect(bookedBefore).toBe(45);
    now = new Date(now.getTime() + 31 * 60_000);
    // Four runs at once, then more until nothing is left; other tests' unpaid orders may expire too.
    let total = (await Promise.all([0, 1, 2, 3].map((i) => expireUnpaidOrders(i % 2 ? deps2 : t.deps, 7)))).reduce((a, b) => a + b, 0);
    for (;;) {
      const more = await Promise.all([expireUnpaidOrders(t.deps, 7), expireUnpaidOrders(deps2, 7)]);
      if (more[0] + more[1] === 0) break;
      total += more[0] + more[1];
    }
    const cancelled = await t.deps.db
      .selectFrom('orders')
      .select(['status', 'cancel_reason'])
      .where('slot_id', '=', slot.id)
      .where('payment_method', '=', 'razorpay')
      .execute();
    expect(cancelled).toHaveLength(40);
    expect(cancelled.every((o) => o.status === 'cancelled' && o.cancel_reason === 'payment_timeout')).toBe(true);
    expect(total).toBeGreaterThanOrEqual(40);
    const booked = (await t.deps.db.selectFrom('slot_bookings').select('booked').where('slot_id', '=', slot.id).executeTakeFirstOrThrow())
      .booked;
    expect(booked).toBe(5);
    const events = await t.deps.db
      .selectFrom('order_events')
      .innerJoin('orders', 'orders.id', 'order_events.order_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orders.slot_id', '=', slot.id)
      .where('order_events.status', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(40);
    await expectInvariants(t.deps.db);
  });
});
