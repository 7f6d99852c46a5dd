import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/app';
import { createInstance, openOrderStream, type Instance } from '../helpers/instances';
import { startDbProxy, type DbProxy } from '../helpers/db-proxy';
import { LANE_WIDTH, REQUEST_TIMEOUTS, transactionPlaces } from '../../db/database';
import { customer, customers, expectInvariants, loadShop, orderBody, place, type Customer, type Shop, withShopApp } from './orders-fixtures';

/**
 * Faults (issue 13): a row locked for longer than the lock timeout, the database going away and
 * coming back, and the event listener losing its connection. Real PostgreSQL, real parallel
 * requests; the figures are printed for the record.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

type Answer = { status: number; code?: string; retryAfter?: string; ms: number; at: number };
const answer = (r: LightMyRequestResponse, started: number): Answer => {
  const body = r.statusCode >= 400 ? (r.json() as { code?: string }) : undefined;
  return {
    status: r.statusCode,
    code: body?.code,
    retryAfter: r.headers['retry-after'] as string | undefined,
    ms: performance.now() - started,
    at: performance.now(),
  };
};
const timed = async (f: () => Promise<LightMyRequestResponse>): Promise<Answer> => {
  const started = performance.now();
  return answer(await f(), started);
};
const byStatus = (xs: { status: number }[]) => xs.reduce<Record<number, number>>((m, x) => ((m[x.status] = (m[x.status] ?? 0) + 1), m), {});
async function until(what: string, f: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  await expect.poll(f, { message: `waiting for ${what}`, timeout: ms, interval: 20 }).toBe(true);
}

describe.skipIf(!onPostgres)('a row locked for longer than the lock timeout', () => {
  let t: TestApp;
  let shop: Shop;
  withShopApp((app, loaded) => {
    t = app;
    shop = loaded;
  });

  it(
    '20 orders queued for the locked slot get 503 SERVICE_BUSY with Retry-After; orders for other slots, history and health answer as usual',
    { timeout: 60_000 },
    async () => {
      const people = await customers(t, 47);
      const [first, ...rest] = people as [Customer, ...Customer[]];
      const queued = rest.slice(0, 20);
      const others = rest.slice(20, 31);
      const readers = rest.slice(31, 36);
      const usual = rest.slice(36, 46);
      // The booking row exists once one order was placed for the slot.
      expect((await place(t, first, orderBody(shop, first))).statusCode).toBe(200);
      for (const r of readers) expect((await place(t, r, orderBody(shop, r))).statusCode).toBe(200);
      const other = await t.deps.db
        .insertInto('delivery_slots')
        .values({ start_time: '17:00', end_time: '18:00', max_bookings: 50, plan_type: 'all', sort: 98 })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Warm: the other slot's first order (creates its booking row) before the clock starts.
      expect((await place(t, others[0]!, orderBody(shop, others[0]!, { slotId: other.id }))).statusCode).toBe(200);
      // 10 orders for the other slot with history, health and readiness reads, all at once.
      const burst = (orderers: Customer[]) =>
        Promise.all([
          ...orderers.map((c) => timed(() => place(t, c, orderBody(shop, c, { slotId: other.id })))),
          ...readers.map((c) => timed(() => t.request({ method: 'GET', url: '/api/user/orders', headers: { authorization: c.auth } }))),
          ...Array.from({ length: 5 }, () => timed(() => t.request({ method: 'GET', url: '/api/health' }))),
          timed(() => t.request({ method: 'GET', url: '/api/ready' })),
        ]);
      // "As usual": the same burst with no row held, on this machine now.
      const usualAnswers = await burst(usual);
      expect(byStatus(usualAnswers)).toEqual({ 200: usualAnswers.length });
      const usualMs = usualAnswers
        .slice(0, usual.length)
        .map((a) => a.ms)
        .sort((a, b) => a - b);

      // Another connection (an admin's long transaction, a stuck job) holds the booking row.
      const holder = new pg.Client({ connectionString: t.dbh.databaseUrl });
      await holder.connect();
      await holder.query('begin');
      const locked = await holder.query('select booked from slot_bookings where slot_id = $1 and date = $2 for update', [
        shop.slotId,
        shop.date,
      ]);
      expect(locked.rowCount).toBe(1);
      const lockedAt = performance.now();
      try {
        const queuedAnswers = queued.map((c) => timed(() => place(t, c, orderBody(shop, c))));
        // The slot's lane lets LANE_WIDTH of its orders wait on the row; the rest wait in the lane,
        // holding no transaction place (before issue 20 they took every place of the pool).
        await until('the queued orders to wait on the row', () => t.dbh.transactions!.inUse === LANE_WIDTH);
        expect(t.dbh.transactions!.inUse).toBeLessThan(transactionPlaces(10));
        const otherAnswers = await burst(others.slice(1));
        const refused = await Promise.all(queuedAnswers);
        const lastRefusal = Math.max(...refused.map((a) => a.at));

        expect(byStatus(refused)).toEqual({ 503: 20 });
        for (const a of refused) expect(a).toMatchObject({ code: 'SERVICE_BUSY', retryAfter: '2' });
        expect(byStatus(otherAnswers)).toEqual({ 200: otherAnswers.length });
        // Reads never wait for the row: answered before the first refusal (the lock timeout)…
        const firstRefusal = Math.min(...refused.map((a) => a.at));
        const reads = otherAnswers.slice(others.length - 1);
        for (const r of reads) expect(r.at).toBeLessThan(firstRefusal);
        // …and orders for the other slot answer as usual (issue 20, item 7): their slowest within twice
        // the slowest of the same burst with no row held, plus 250 ms for a loaded machine's noise. Before
        // the lanes they waited behind the held row's orders for a transaction place: 3–8.6 s.
        const otherOrderMs = otherAnswers
          .slice(0, others.length - 1)
          .map((r) => r.ms)
          .sort((a, b) => a - b);
        expect(otherOrderMs.at(-1)!).toBeLessThan(2 * usualMs.at(-1)! + 250);
        // The lane answers its waiting orders together when the first one's lock wait runs out.
        expect(lastRefusal - firstRefusal).toBeLessThan(2 * REQUEST_TIMEOUTS.lockMs);

        console.log(
          `[faults] lock held on one booking row: ${refused.length + otherAnswers.length} requests; queued orders ${JSON.stringify(byStatus(refused))} ` +
            `(first after ${((firstRefusal - lockedAt) / 1000).toFixed(1)} s, last after ${((lastRefusal - lockedAt) / 1000).toFixed(1)} s); ` +
            `others ${JSON.stringify(byStatus(otherAnswers))}: reads max ${Math.max(...reads.map((r) => r.ms)).toFixed(0)} ms, ` +
            `other-slot orders max ${Math.max(...otherAnswers.slice(0, others.length - 1).map((r) => r.ms)).toFixed(0)} ms (${usualMs.at(-1)!.toFixed(0)} ms with no row held)`,
        );
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      // Released: the slot takes orders again at once.
      const released = performance.now();
      const again = await place(t, queued[0]!, orderBody(shop, queued[0]!));
      expect(again.statusCode, again.body).toBe(200);
      console.log(`[faults] lock released → next order for the slot answered 200 in ${(performance.now() - released).toFixed(0)} ms`);
      await expectInvariants(t.deps.db);
    },
  );
});

describe.skipIf(!onPostgres)('the database goes away and comes back (a proxy in front of PostgreSQL is cut)', () => {
  let t: TestApp;
  let shop: Shop;
  let proxy: DbProxy;
  /** Through PgBouncer (TEST_PGBOUNCER=1), the listener and the jobs reach PostgreSQL itself: a second proxy there. */
  let directProxy: DbProxy | null = null;
  let p: Instance & { close(): Promise<void> };
  const cut = () => Promise.all([proxy.cut(), directProxy?.cut()]);
  const restore = () => Promise.all([proxy.restore(), directProxy?.restore()]);
  beforeAll(async () => {
    t = await createTestApp();
    shop = await loadShop(t);
    proxy = await startDbProxy(t.dbh.databaseUrl!);
    directProxy = t.dbh.pooled ? await startDbProxy(t.dbh.directUrl!) : null;
    p = await createInstance(t, { databaseUrl: proxy.url(t.dbh.databaseUrl!), directUrl: directProxy?.url(t.dbh.directUrl!) });
  });
  afterAll(async () => {
    await p?.close();
    await proxy?.close();
    await directProxy?.close();
    await t?.close();
  });

  it(
    'answers 503 SERVICE_BUSY with Retry-After (never 500) while it is away, liveness stays 200, readiness says 503, and recovers',
    { timeout: 60_000 },
    async () => {
      const people = await customers(t, 4);
      const slot = await t.deps.db
        .insertInto('delivery_slots')
        .values({ start_time: '18:00', end_time: '19:00', max_bookings: 500, plan_type: 'all', sort: 97 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const answers: (Answer & { phase: string })[] = [];
      let phase = 'before';
      let stop = false;
      // Four shoppers keep reading their history and placing orders, one request after another.
      const loops = people.map(async (c, i) => {
        while (!stop) {
          const ph = phase;
          const a =
            i % 2 === 0
              ? await timed(() => p.request({ method: 'GET', url: '/api/user/orders', headers: { authorization: c.auth } }))
              : await timed(() =>
                  p.request({
                    method: 'POST',
                    url: '/api/orders',
                    headers: { authorization: c.auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
                    payload: JSON.stringify(orderBody(shop, c, { slotId: slot.id })),
                  }),
                );
          answers.push({ ...a, phase: ph });
        }
      });
      const count = (ph: string, status?: number) =>
        answers.filter((a) => a.phase === ph && (status === undefined || a.status === status)).length;
      try {
        await until('a few answers before the cut', () => count('before', 200) >= 8);
        await cut();
        const cutAt = performance.now();
        phase = 'away';
        const health = await p.request({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        const ready = await p.request({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ code: 'SERVICE_BUSY' });
        expect(ready.headers['retry-after']).toBeDefined();
        await until('refusals while the database is away', () => count('away') >= 12);
        await restore();
        const restoredAt = performance.now();
        const awayMs = restoredAt - cutAt;
        phase = 'back';
        await until('answers again', () => count('back', 200) >= 4);
        const firstOk = answers.find((a) => a.phase === 'back' && a.status === 200)!;
        stop = true;
        await Promise.all(loops);
        expect((await p.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

        expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
        const away = answers.filter((a) => a.phase === 'away');
        expect(away.filter((a) => a.status === 503).length).toBeGreaterThan(0);
        for (const a of answers.filter((x) => x.status === 503))
          expect(a).toMatchObject({ code: 'SERVICE_BUSY', retryAfter: expect.stringMatching(/^\d+$/) });
        for (const a of answers.filter((x) => x.status >= 400 && x.status !== 503)) expect(a.status).toBe(409); // nothing else
        const recoverMs = firstOk.at - restoredAt;
        console.log(
          `[faults] database away ${(awayMs / 1000).toFixed(1)} s: ${answers.length} requests — before ${JSON.stringify(byStatus(answers.filter((a) => a.phase === 'before')))}, ` +
            `away ${JSON.stringify(byStatus(away))}, back ${JSON.stringify(byStatus(answers.filter((a) => a.phase === 'back')))}; ` +
            `/api/health 200, /api/ready 503 while away; first 200 ${recoverMs.toFixed(0)} ms after the database came back`,
        );
      } finally {
        stop = true;
        await restore().catch(() => {});
        await Promise.all(loops);
      }
      await expectInvariants(t.deps.db);
    },
  );

  it(
    'a status change published while the listener is away reaches the open order stream after it reconnects, and caches are cleared',
    { timeout: 60_000 },
    async () => {
      const c = await customer(t);
      const admin = await customer(t, { role: 'admin' });
      await until('the listener to be connected', async () => (await p.request({ method: 'GET', url: '/api/ready' })).statusCode === 200);
      const placed = await place(t, c, orderBody(shop, c));
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().order.id as string;
      const base = await p.listen();
      const stream = await openOrderStream(base, c.auth, orderId);
      try {
        expect((await stream.nextOrder())?.status).toBe('confirmed');
        // The catalogue as instance P caches it.
        const shake = shop.shakes[0]!;
        const priceOnP = async () =>
          ((await p.request({ method: 'GET', url: '/api/shakes/signature' })).json() as { id: string; price: number }[]).find(
            (s) => s.id === shake.id,
          )!.price;
        const before = await priceOnP();

        await cut();
        // While P's listener is away: the order moves on instance A (its NOTIFY is not heard by P), and a
        // price changes in SQL (no notification at all).
        const moved = await t.request({
          method: 'POST',
          url: `/api/admin/orders/${orderId}/status`,
          headers: { authorization: admin.auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ status: 'preparing' }),
        });
        expect(moved.statusCode, moved.body).toBe(200);
        await t.deps.db
          .updateTable('signature_shakes')
          .set({ price_paise: before + 500 })
          .where('id', '=', shake.id)
          .execute();
        await restore();
        const restoredAt = performance.now();

        // The stream sends the order again after every re-read, changed or not: the previous test's cut
        // can end with P's listener coming back (its 1 s retry) after this stream opened, and /api/ready
        // does not wait for the listener — so the unchanged order may come first. What the page must get
        // is the missed status; without the reconnect's re-read it never comes and this read times out.
        let next = await stream.nextOrder();
        while (next?.status === 'confirmed') next = await stream.nextOrder();
        const streamMs = performance.now() - restoredAt;
        expect(next?.status).toBe('preparing');
        await until('the new price on P', async () => (await priceOnP()) === before + 500, 15_000);
        const priceMs = performance.now() - restoredAt;
        // Well before the caches' one-minute limit: the reconnect cleared them.
        expect(priceMs).toBeLessThan(30_000);
        console.log(
          `[faults] listener reconnected: missed status reached the open stream ${streamMs.toFixed(0)} ms and the new price ${priceMs.toFixed(0)} ms after the database came back`,
        );
      } finally {
        stream.close();
      }
    },
  );
});

describe('liveness and readiness (both databases)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  it('/api/health and /api/ready answer 200 when the database answers, and are in the OpenAPI document', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true, database: t.dbh.kind });
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: t.dbh.kind });
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/health'].get.summary).toMatch(/Liveness/);
    expect(doc.paths['/ready'].get.summary).toMatch(/Readiness/);
  });
});
