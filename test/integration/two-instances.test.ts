import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstance, createInstances, openOrderStream, type Instances } from '../helpers/instances';
import { createTestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { startDbProxy } from '../helpers/db-proxy';
import { signupUser } from '../../server/domains/auth/auth.test-helpers';
import { customer, customers, expectInvariants, loadShop, orderBody, place, type Shop } from './orders-fixtures';

/** Two app instances (own pools, caches, listeners) on one PostgreSQL database (issue 13). */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two instances on one database', () => {
  let x: Instances;
  let shop: Shop;
  beforeAll(async () => {
    x = await createInstances();
    shop = await loadShop(x.t);
  });
  afterAll(async () => {
    await x?.close();
  });

  it('capacity: 30 orders for a slot with 3 places, split over both instances → 3 orders, 27 SLOT_FULL', { timeout: 60_000 }, async () => {
    const slot = await x.t.deps.db
      .insertInto('delivery_slots')
      .values({ start_time: '20:00', end_time: '21:00', max_bookings: 3, plan_type: 'all', sort: 95 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const people = await customers(x.t, 30);
    const answers = await Promise.all(
      people.map((c, i) =>
        (i % 2 ? x.b : x.a).request({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: c.auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          payload: JSON.stringify(orderBody(shop, c, { slotId: slot.id })),
        }),
      ),
    );
    const counts = answers.reduce<Record<number, number>>((m, r) => ((m[r.statusCode] = (m[r.statusCode] ?? 0) + 1), m), {});
    expect(counts).toEqual({ 200: 3, 409: 27 });
    const booked = await x.t.deps.db.selectFrom('slot_bookings').select('booked').where('slot_id', '=', slot.id).executeTakeFirstOrThrow();
    expect(booked.booked).toBe(3);
    await expectInvariants(x.t.deps.db);
  });

  it('live status: a change made on A reaches an order stream open on B', { timeout: 30_000 }, async () => {
    const c = await customer(x.t);
    const admin = await customer(x.t, { role: 'admin' });
    const placed = await place(x.t, c, orderBody(shop, c));
    expect(placed.statusCode).toBe(200);
    const id = placed.json().order.id as string;
    const stream = await openOrderStream(await x.b.listen(), c.auth, id);
    try {
      expect((await stream.nextOrder())?.status).toBe('confirmed');
      const started = performance.now();
      const moved = await x.a.request({
        method: 'POST',
        url: `/api/admin/orders/${id}/status`,
        headers: { authorization: admin.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ status: 'preparing' }),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await stream.nextOrder())?.status).toBe('preparing');
      console.log(`[instances] change on A → stream on B: ${(performance.now() - started).toFixed(0)} ms`);
    } finally {
      stream.close();
    }
  });

  it('cache: a price changed on A is what B answers within the promised minute', { timeout: 90_000 }, async () => {
    const admin = await customer(x.t, { role: 'admin' });
    const shake = shop.shakes[2]!;
    const priceOnB = async () =>
      ((await x.b.request({ method: 'GET', url: '/api/shakes/signature' })).json() as { id: string; price: number }[]).find(
        (s) => s.id === shake.id,
      )!.price;
    const before = await priceOnB();
    const changed = await x.a.request({
      method: 'PATCH',
      url: `/api/admin/shakes/${shake.id}`,
      headers: { authorization: admin.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ price: before + 1000 }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const started = performance.now();
    await expect.poll(priceOnB, { timeout: 60_000, interval: 25 }).toBe(before + 1000);
    console.log(`[instances] price change on A seen on B after ${(performance.now() - started).toFixed(0)} ms`);
  });
});

describe.skipIf(!onPostgres)('a sign-out made while the other instance listens again', () => {
  it(
    'B remembers no session or API key as valid (decision 207): once its connection comes back, the session ended and the key revoked on A answer 401 on B',
    { timeout: 60_000 },
    async () => {
      const t = await createTestApp();
      // B reaches the database through a proxy the test cuts: its pool and its LISTEN connection drop together.
      const proxy = await startDbProxy(t.dbh.databaseUrl!);
      const b = await createInstance(t, { databaseUrl: proxy.url(t.dbh.databaseUrl!) });
      try {
        const { answer } = await signupUser(t);
        const auth = { authorization: `Bearer ${answer.access_token}` };
        const onB = async () => (await b.request({ method: 'GET', url: '/api/user/orders', headers: auth })).statusCode;
        // An integrator's API key, made by an admin on A.
        const admin = await createUser(t.deps.db, { role: 'admin' });
        const adminAuth = { authorization: await t.bearer(admin), 'content-type': 'application/json' };
        const made = await t.request({
          method: 'POST',
          url: '/api/admin/api-keys',
          headers: adminAuth,
          payload: JSON.stringify({ name: 'sync', scopes: ['orders:read'] }),
        });
        expect(made.statusCode, made.body).toBe(200);
        const keyAuth = { authorization: `Bearer ${made.json().secret}` };
        const keyOnB = async () => (await b.request({ method: 'GET', url: '/api/admin/orders', headers: keyAuth })).statusCode;
        // B has accepted the session and the key.
        expect(await onB()).toBe(200);
        expect(await keyOnB()).toBe(200);

        await proxy.cut();
        // Signed out and revoked on A while B is cut off.
        const out = await t.request({ method: 'POST', url: '/api/auth/signout', headers: auth });
        expect(out.statusCode, out.body).toBe(200);
        expect((await t.request({ method: 'GET', url: '/api/user/orders', headers: auth })).statusCode).toBe(401);
        const revoked = await t.request({
          method: 'POST',
          url: `/api/admin/api-keys/${made.json().key.id}/revoke`,
          headers: { authorization: adminAuth.authorization },
        });
        expect(revoked.statusCode, revoked.body).toBe(200);
        await proxy.restore();

        // Once B reaches the database again, the ended session and the revoked key are refused there
        // on its first read — nothing it remembered keeps them working.
        await expect.poll(onB, { message: 'B refuses the ended session after reconnecting', timeout: 10_000, interval: 100 }).toBe(401);
        expect(await keyOnB()).toBe(401);
      } finally {
        await b.close();
        await proxy.close();
        await t.close();
      }
    },
  );
});
