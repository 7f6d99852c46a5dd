import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, MIGRATION_TIMEOUTS, type DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { runSeeds } from '../../db/seeds';
import { createTestApp, type TestApp } from '../helpers/app';
import { createInstance, type Instance } from '../helpers/instances';
import { createDatabaseOn, pgBin, startPrimary, startReplica, type Cluster } from '../helpers/pg-cluster';
import { customer, customers, loadShop, orderBody, place, type Shop } from './orders-fixtures';

/**
 * Read replicas (issue 26, decision 176): a real streaming replica of a primary of this file's own
 * (initdb, pg_basebackup -R, another port), applying changes 1.5 s late (recovery_min_apply_delay)
 * so that its lag shows. Order history and the back office's lists come from it; whoever has just
 * written reads the primary; a replica that stops leaves reads on the primary, never a 5xx.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
const bin = pgBin();
const APPLY_DELAY_MS = 1_500;
/** Shorter than the apply delay here, so that a writer's window ends while the test watches. */
const WINDOW_MS = 1_000;

describe.skipIf(!onPostgres || !bin)('a streaming read replica', () => {
  let primary: Cluster;
  let replica: Cluster;
  let t: TestApp;
  let b: Instance & { close(): Promise<void> };
  let shop: Shop;
  let adminAuth: string;
  beforeAll(async () => {
    primary = await startPrimary(bin!);
    const url = await createDatabaseOn(primary, 'shop');
    const setup = await createDatabase({ databaseUrl: url, poolSize: 1, timeouts: MIGRATION_TIMEOUTS });
    await migrateToLatest(setup.db);
    await runSeeds(setup.db);
    await setup.close();
    replica = await startReplica(bin!, primary, APPLY_DELAY_MS);
    const readUrl = replica.url('shop');
    const dbh: DatabaseHandle = await createDatabase({ databaseUrl: url, readUrls: [readUrl], poolSize: 10 });
    t = await createTestApp({ database: { dbh, close: () => dbh.close() }, config: { DATABASE_READ_WINDOW_MS: WINDOW_MS } });
    // A second instance with the same replica: read-your-writes must hold on the instance the writer did not use.
    b = await createInstance(t, { readUrls: [readUrl], config: { DATABASE_READ_WINDOW_MS: WINDOW_MS } });
    shop = await loadShop(t);
    adminAuth = (await customer(t, { role: 'admin' })).auth;
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await t?.close();
    await replica?.destroy();
    await primary?.destroy();
  });

  const history = (app: { request: TestApp['request'] }, auth: string) =>
    app.request({ method: 'GET', url: '/api/user/orders', headers: { authorization: auth } });
  const adminOrders = (app: { request: TestApp['request'] }) =>
    app.request({ method: 'GET', url: '/api/admin/orders?pageSize=100', headers: { authorization: adminAuth } });
  const numbers = (body: { orders: { id: string }[] }) => body.orders.map((o) => o.id);

  it('the back office list comes from the replica (a new order shows once the replica applied it), the writer reads their order at once on both instances', async () => {
    const [asha] = await customers(t, 1);
    const placed = await place(t, asha!, orderBody(shop, asha!));
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order.id as string;
    const placedAt = performance.now();

    // The author, at once, on A (where they placed it) and on B.
    const mineA = await history(t, asha!.auth);
    const mineB = await history(b, asha!.auth);
    expect(mineA.statusCode).toBe(200);
    expect(numbers(mineA.json())).toContain(id);
    expect(numbers(mineB.json())).toContain(id);

    // Staff who did not write read the replica: the order is not there yet…
    const early = await adminOrders(b);
    expect(early.statusCode).toBe(200);
    const earlyMs = performance.now() - placedAt;
    if (earlyMs < APPLY_DELAY_MS) expect(numbers(early.json())).not.toContain(id);
    // …and is once the replica applied it.
    await expect.poll(async () => numbers((await adminOrders(b)).json()), { timeout: 15_000, interval: 100 }).toContain(id);
    console.log(`[replica] a new order reached the replica's admin list ${(performance.now() - placedAt).toFixed(0)} ms after it was placed (apply delay ${APPLY_DELAY_MS} ms); its author saw it at once`);
  });

  it('a replica that stops: history and the back office answer from the primary, fresh, never a 5xx', async () => {
    const [ravi, meera] = await customers(t, 2);
    const first = await place(t, ravi!, orderBody(shop, ravi!));
    expect(first.statusCode).toBe(200);
    // Once the replica has Ravi's order, his window is over: his history reads the replica again.
    await expect.poll(async () => numbers((await adminOrders(b)).json()), { timeout: 15_000, interval: 100 }).toContain(first.json().order.id);
    expect(numbers((await history(b, ravi!.auth)).json())).toContain(first.json().order.id);
    await replica.stop();
    // Meera places an order after the replica is gone; Ravi and the back office read with no replica.
    const second = await place({ request: b.request } as TestApp, meera!, orderBody(shop, meera!));
    expect(second.statusCode, second.body).toBe(200);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => history(t, ravi!.auth)),
      ...Array.from({ length: 5 }, () => history(b, ravi!.auth)),
      adminOrders(t),
      adminOrders(b),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    for (const a of answers.slice(0, 10)) expect(numbers(a.json())).toContain(first.json().order.id);
    // The primary's answer: fresh at once, although no apply delay has passed.
    for (const a of answers.slice(10)) expect(numbers(a.json())).toContain(second.json().order.id);
  });
});
