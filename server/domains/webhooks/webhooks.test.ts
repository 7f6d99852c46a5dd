import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers/app';
import { customer, loadShop, orderBody, place as placeAs, type Customer, type Shop } from '../../../test/integration/orders-fixtures';
import { buildApp } from '../../app';
import { createDatabase, type DatabaseHandle } from '../../../db/database';
import type { AppDeps } from '../../deps';
import { runJobNow } from '../../lib/jobs';
import { webhookJobs } from './webhooks.jobs';
import { HEADER_EVENT, HEADER_ID, HEADER_SIGNATURE, HEADER_TIMESTAMP, verifySignature } from './webhooks.sender';
import { BACKOFF_BASE_MS, MAX_ATTEMPTS, deliverDue, setResolverForTests } from './webhooks.service';

/**
 * Outgoing webhooks end to end: a real receiver on 127.0.0.1 (WEBHOOKS_ALLOW_LOOPBACK on, as in
 * local development), events written by the order's own transaction, the delivery job on two
 * server instances at once (on PostgreSQL), signatures checked the way an integrator would.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** A fake integrator: records every request; the first request for each event id gets a 500. */
function startReceiver() {
  const log: Received[] = [];
  const seen = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      let status = 200;
      if (path.startsWith('/redirect')) {
        status = 302;
        res.setHeader('location', `http://127.0.0.1:${(server.address() as AddressInfo).port}/landing`);
      } else if (path.startsWith('/down')) {
        status = 500;
      } else if (path.startsWith('/flaky')) {
        const id = String(req.headers[HEADER_ID]);
        status = seen.has(id) ? 200 : 500;
        seen.add(id);
      }
      log.push({ path, headers: req.headers, body, answered: status });
      res.statusCode = status;
      res.end(status === 500 ? 'temporarily down' : 'ok');
    });
  });
  return new Promise<{ log: Received[]; base: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        log,
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

let now = new Date();
const place = async (app: TestApp, c: Customer, body: unknown) => placeAs(app, { ...c, auth: await app.bearer(c.user) }, body);
const clock = { now: () => now };
let t: TestApp;
let shop: Shop;
let admin: Customer;
let buyer: Customer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { WEBHOOKS_ALLOW_LOOPBACK: true } });
  shop = await loadShop(t);
  admin = await customer(t, { role: 'admin' });
  buyer = await customer(t);
  receiver = await startReceiver();
});
afterAll(async () => {
  setResolverForTests(undefined);
  await receiver?.close();
  await t?.close();
});
afterEach(async () => {
  setResolverForTests(undefined);
  // Each test starts with no endpoint listening, so events of one never reach another's.
  await t.deps.db.updateTable('webhook_endpoints').set({ active: false }).execute();
});

// Body-less POSTs send `{}` as JSON (a POST without a content type is answered elsewhere).
// Tokens are signed at the test clock's "now" on each call: the retry tests move the clock by hours.
const adminCall = async (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body: unknown = method === 'GET' ? undefined : {},
  as: Customer = admin,
  app: FastifyInstance = t.app,
) =>
  app.inject({
    method,
    url,
    headers: { authorization: await t.bearer(as.user), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

async function register(url: string, events: string[]) {
  const res = await adminCall('POST', '/api/admin/webhooks', { url, events, description: 'Test receiver' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { endpoint: { id: string; secretHint: string }; secret: string };
}

async function deliveries(endpointId: string) {
  const res = await adminCall('GET', `/api/admin/webhooks/deliveries?endpointId=${endpointId}&pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries as {
    id: number;
    eventId: string;
    eventType: string;
    status: string;
    attempts: number;
    lastError: string | null;
    responseStatus: number | null;
  }[];
}

/** Runs the delivery job on every runner at once until `done` holds (bounded). */
async function deliverUntil(runners: (() => Promise<unknown>)[], done: () => Promise<boolean>, maxRounds = 20) {
  for (let i = 0; i < maxRounds; i++) {
    await Promise.all(runners.map((r) => r()));
    if (await done()) return;
    // The next retry is due: move the shop's clock past the longest first backoff (+10 % jitter).
    now = new Date(now.getTime() + BACKOFF_BASE_MS * 1.2);
  }
  throw new Error('deliveries did not settle');
}

describe('outgoing webhooks', () => {
  describe.skipIf(!onPostgres)('on two server instances (PostgreSQL)', () => {
    let dbh2: DatabaseHandle;
    let app2: FastifyInstance;
    let deps2: AppDeps;
    beforeAll(async () => {
      dbh2 = await createDatabase({ databaseUrl: t.dbh.databaseUrl!, poolSize: 10 });
      ({ app: app2, deps: deps2 } = await buildApp({
        config: testConfig({ WEBHOOKS_ALLOW_LOOPBACK: true }),
        dbh: dbh2,
        clock,
        logger: false,
      }));
      await app2.ready();
    });
    afterAll(async () => {
      await app2?.close();
      await dbh2?.close();
    });

    it(
      'signs every event, retries the failed first attempt, and the receiver accepts each event exactly once',
      { timeout: 60_000 },
      async () => {
        const { endpoint, secret } = await register(`${receiver.base}/flaky`, ['order.placed', 'order.status_changed', 'order.cancelled']);
        const before = receiver.log.length;
        // 12 orders placed on both instances in parallel, then two status changes and a cancellation.
        const placed = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            i % 2 === 0
              ? place(t, buyer, orderBody(shop, buyer))
              : app2.inject({
                  method: 'POST',
                  url: '/api/orders',
                  headers: { authorization: buyer.auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
                  payload: JSON.stringify(orderBody(shop, buyer)),
                }),
          ),
        );
        expect(placed.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
        const orderIds = placed.map((r) => r.json().order.id as string);
        expect((await adminCall('POST', `/api/admin/orders/${orderIds[0]}/status`, { status: 'preparing' })).statusCode).toBe(200);
        expect((await adminCall('POST', `/api/admin/orders/${orderIds[1]}/status`, { status: 'preparing' }, admin, app2)).statusCode).toBe(
          200,
        );
        expect((await adminCall('POST', `/api/admin/orders/${orderIds[2]}/cancel`, { reason: 'Customer called' })).statusCode).toBe(200);

        const expected = [
          ...orderIds.map((id) => `order.placed ${id}`),
          `order.status_changed ${orderIds[0]}`,
          `order.status_changed ${orderIds[1]}`,
          `order.status_changed ${orderIds[2]}`,
          `order.cancelled ${orderIds[2]}`,
        ].sort();

        // The delivery job on both instances at once, as two servers' engines would run it.
        const run = [t.deps, deps2].map((d) => () => runJobNow(d, webhookJobs, 'webhooks-deliver'));
        await deliverUntil(run, async () => (await deliveries(endpoint.id)).every((d) => d.status === 'delivered'));

        const got = receiver.log.slice(before);
        // Every request is signed with the endpoint's secret over the exact bytes received.
        for (const r of got) {
          expect(verifySignature(secret, r.headers, r.body, { now })).toBe(true);
          expect(verifySignature(`${secret}x`, r.headers, r.body, { now })).toBe(false);
          const body = JSON.parse(r.body);
          expect(body.id).toBe(r.headers[HEADER_ID]);
          expect(body.type).toBe(r.headers[HEADER_EVENT]);
          expect(r.headers[HEADER_SIGNATURE]).toMatch(/^v1=[0-9a-f]{64}$/);
          expect(Math.abs(Number(r.headers[HEADER_TIMESTAMP]) - now.getTime() / 1000)).toBeLessThan(600);
        }
        const accepted = got.filter((r) => r.answered === 200).map((r) => JSON.parse(r.body));
        // What the receiver accepted, compared with what the admin did through the API.
        expect(accepted.map((b) => `${b.type} ${b.data.order.id}`).sort()).toEqual(expected);
        const acceptedIds = accepted.map((b) => b.id as string);
        expect(new Set(acceptedIds).size).toBe(acceptedIds.length);
        // Each event was refused once (the 500) and sent once more: never a third time, never twice at once.
        const perEvent = new Map<string, number[]>();
        for (const r of got)
          perEvent.set(String(r.headers[HEADER_ID]), [...(perEvent.get(String(r.headers[HEADER_ID])) ?? []), r.answered]);
        expect([...perEvent.values()].every((answers) => answers.join() === '500,200')).toBe(true);
        expect(perEvent.size).toBe(expected.length);

        const log = await deliveries(endpoint.id);
        expect(log).toHaveLength(expected.length);
        expect(log.every((d) => d.status === 'delivered' && d.attempts === 2 && d.responseStatus === 200)).toBe(true);
      },
    );
  });

  it('a rolled-back change emits nothing; the same change committed emits its event', async () => {
    const { endpoint } = await register(`${receiver.base}/ok`, ['order.status_changed']);
    const res = await place(t, buyer, orderBody(shop, buyer));
    expect(res.statusCode).toBe(200);
    const orderId = res.json().order.id as string;
    const events = () => t.deps.db.selectFrom('webhook_events').select('id').where('type', '=', 'order.status_changed').execute();
    const before = (await events()).length;

    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('orders').set({ status: 'preparing' }).where('id', '=', orderId).execute();
        throw new Error('the change fails after the update');
      }),
    ).rejects.toThrow('the change fails');
    expect((await events()).length).toBe(before);
    expect(await deliveries(endpoint.id)).toEqual([]);

    expect((await adminCall('POST', `/api/admin/orders/${orderId}/status`, { status: 'preparing' })).statusCode).toBe(200);
    expect((await events()).length).toBe(before + 1);
    expect((await deliveries(endpoint.id)).map((d) => d.eventType)).toEqual(['order.status_changed']);
  });

  it('"send again" delivers the same event again, with the same id and body', async () => {
    const { endpoint, secret } = await register(`${receiver.base}/ok`, ['order.placed']);
    const res = await place(t, buyer, orderBody(shop, buyer));
    expect(res.statusCode).toBe(200);
    const start = receiver.log.length;
    await deliverUntil([runDeliver], async () => (await deliveries(endpoint.id)).every((d) => d.status === 'delivered'));
    const [first] = receiver.log.slice(start);
    expect(first).toBeDefined();
    const [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200 });

    // Only admins may send again; a delivery already waiting cannot be queued twice.
    expect((await adminCall('POST', `/api/admin/webhooks/deliveries/${d!.id}/resend`, undefined, buyer)).statusCode).toBe(403);
    const again = await adminCall('POST', `/api/admin/webhooks/deliveries/${d!.id}/resend`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending', eventId: d!.eventId });
    expect((await adminCall('POST', `/api/admin/webhooks/deliveries/${d!.id}/resend`)).json()).toMatchObject({ code: 'INVALID_STATE' });

    now = new Date(now.getTime() + 2000);
    await deliverUntil([runDeliver], async () => (await deliveries(endpoint.id)).every((x) => x.status === 'delivered'));
    const got = receiver.log.slice(start);
    expect(got).toHaveLength(2);
    expect(got[1]!.headers[HEADER_ID]).toBe(first!.headers[HEADER_ID]);
    expect(got[1]!.body).toBe(first!.body);
    expect(verifySignature(secret, got[1]!.headers, got[1]!.body, { now })).toBe(true);

    const audit = await t.deps.db.selectFrom('audit_log').select(['action', 'entity_id']).where('action', 'like', 'webhook.%').execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'webhook.create', entity_id: endpoint.id },
        { action: 'webhook.resend', entity_id: String(d!.id) },
      ]),
    );
  });

  it('payment, refund and subscription changes each send their event once, with ids and states only', { timeout: 60_000 }, async () => {
    const { endpoint } = await register(`${receiver.base}/ok`, [
      'order.paid',
      'order.refunded',
      'order.cancelled',
      'subscription.created',
      'subscription.renewed',
      'subscription.paused',
      'subscription.resumed',
      'subscription.cancelled',
    ]);
    const start = receiver.log.length;
    const c = await customer(t);
    const post = (url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
      t.bearer(c.user).then((auth) =>
        t.request({
          method: 'POST',
          url,
          headers: { authorization: auth, 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(body),
        }),
      );

    // An online order paid in test mode, then cancelled by the customer: refunded in full.
    const placed = await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order.id as string;
    const paid = await post('/api/payment/test/complete', { orderId, outcome: 'success' });
    expect(paid.statusCode, paid.body).toBe(200);
    const cancelled = await post(`/api/orders/${orderId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // A subscription bought, renewed, paused, resumed and cancelled by its customer.
    const plan = (await t.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans[0];
    const created = await post('/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': crypto.randomUUID() });
    expect(created.statusCode, created.body).toBe(200);
    const subId = created.json().subscription.id as string;
    expect(
      (await post('/api/subscription-payment/test/complete', { gatewayOrderId: created.json().payment.gatewayOrderId, outcome: 'success' }))
        .statusCode,
    ).toBe(200);
    const renewal = await post(`/api/user/subscriptions/${subId}/renew`, {}, { 'idempotency-key': crypto.randomUUID() });
    expect(renewal.statusCode, renewal.body).toBe(200);
    expect(
      (await post('/api/subscription-payment/test/complete', { gatewayOrderId: renewal.json().payment.gatewayOrderId, outcome: 'success' }))
        .statusCode,
    ).toBe(200);
    expect((await post(`/api/user/subscriptions/${subId}/pause`, { days: 3 })).statusCode).toBe(200);
    expect((await post(`/api/user/subscriptions/${subId}/resume`)).statusCode).toBe(200);
    expect((await post(`/api/user/subscriptions/${subId}/cancel`, { reason: 'Travelling for a month' })).statusCode).toBe(200);

    await deliverUntil([runDeliver], async () => (await deliveries(endpoint.id)).every((d) => d.status === 'delivered'));
    const got = receiver.log.slice(start).map((r) => JSON.parse(r.body));
    const seen = got.map((b) => `${b.type} ${b.data.order?.id ?? b.data.subscription.id}`);
    expect(seen.sort()).toEqual(
      [
        `order.paid ${orderId}`,
        `order.cancelled ${orderId}`,
        `order.refunded ${orderId}`,
        `subscription.created ${subId}`,
        `subscription.renewed ${subId}`,
        `subscription.paused ${subId}`,
        `subscription.resumed ${subId}`,
        `subscription.cancelled ${subId}`,
      ].sort(),
    );
    const refunded = got.find((b) => b.type === 'order.refunded');
    expect(refunded.data.order).toMatchObject({
      id: orderId,
      status: 'cancelled',
      paymentStatus: 'refunded',
      currency: 'INR',
      customerId: c.user.id,
    });
    expect(refunded.data.order.totalPaise).toBe(placed.json().order.breakdown.total);
    // Ids and states only: no e-mail, address or name of the customer travels in an event.
    expect(JSON.stringify(got)).not.toContain(c.user.email);
    expect(got.find((b) => b.type === 'subscription.renewed').data.period).toMatchObject({ freeUnits: expect.any(Number) });
  });

  it(
    `an endpoint that keeps failing is tried ${MAX_ATTEMPTS} times with growing gaps, then marked failed`,
    { timeout: 60_000 },
    async () => {
      const { endpoint } = await register(`${receiver.base}/down`, ['order.placed']);
      expect((await place(t, buyer, orderBody(shop, buyer))).statusCode).toBe(200);
      const start = receiver.log.length;
      const saved = now;
      const gaps: number[] = [];
      let last = 0;
      for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
        const sent = await runDeliver();
        if (sent) {
          if (last) gaps.push(now.getTime() - last);
          last = now.getTime();
        }
        const [d] = await deliveries(endpoint.id);
        if (d!.status === 'failed') break;
        // Jump to the retry time the log shows.
        const next = (
          await t.deps.db.selectFrom('webhook_deliveries').select('next_attempt_at').where('id', '=', d!.id).executeTakeFirstOrThrow()
        ).next_attempt_at!;
        now = new Date(new Date(next).getTime() + 1);
      }
      const [d] = await deliveries(endpoint.id);
      expect(d).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, responseStatus: 500, lastError: 'HTTP 500: temporarily down' });
      expect(receiver.log.length - start).toBe(MAX_ATTEMPTS);
      // Each gap at least doubles until the 6-hour cap.
      for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(Math.min(gaps[i - 1]! * 1.8, 6 * 3600_000));
      expect(gaps[0]!).toBeGreaterThanOrEqual(BACKOFF_BASE_MS);
      // Nothing more happens on its own; "send again" tries it once more.
      now = new Date(now.getTime() + 24 * 3600_000);
      expect(await runDeliver()).toBe(0);
      // Back to the day the shop's slots were loaded for, for the tests after this one.
      now = saved;
    },
  );

  describe('refuses to call the shop’s own network', () => {
    it('at registration: private, link-local, unspecified and multicast addresses, names that resolve to them, and loopback without the setting', async () => {
      const refused = async (url: string, app: FastifyInstance = t.app) => {
        const res = await adminCall('POST', '/api/admin/webhooks', { url, events: ['order.placed'] }, admin, app);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().fieldErrors.url[0]).toMatch(/own network|https|credentials/);
        return res.json().fieldErrors.url[0] as string;
      };
      expect(await refused('http://10.1.2.3/hook')).toMatch(/private/);
      expect(await refused('http://192.168.0.10/hook')).toMatch(/private/);
      expect(await refused('http://172.20.0.1/hook')).toMatch(/private/);
      expect(await refused('http://169.254.169.254/latest/meta-data')).toMatch(/private, link-local/);
      expect(await refused('http://0.0.0.0:8080/')).toMatch(/own network/);
      expect(await refused('http://[::]/')).toMatch(/own network/);
      expect(await refused('http://224.0.0.1/')).toMatch(/own network/);
      expect(await refused('http://[fd00::1]/')).toMatch(/own network/);
      expect(await refused('http://[fe80::1]/')).toMatch(/own network/);
      expect(await refused('http://[::ffff:169.254.169.254]/')).toMatch(/own network/);
      expect(await refused('http://user:pw@example.com/')).toMatch(/credentials/);
      setResolverForTests(async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ]);
      expect(await refused('https://hooks.example.test/x')).toMatch(/10\.0\.0\.7/);
      setResolverForTests(undefined);

      // Loopback is refused on a server without WEBHOOKS_ALLOW_LOOPBACK (the default).
      const strict = await buildApp({ config: testConfig(), dbh: t.dbh, clock, logger: false });
      try {
        await strict.app.ready();
        expect(strict.deps.config.WEBHOOKS_ALLOW_LOOPBACK).toBe(false);
        expect(await refused(`${receiver.base}/ok`, strict.app)).toMatch(/loopback/);
        expect(await refused('http://[::1]:9/', strict.app)).toMatch(/loopback/);
        expect(await refused('http://localhost:9/', strict.app)).toMatch(/loopback/);
      } finally {
        await strict.app.close();
      }
      // No endpoint was written for any of them.
      const rows = await t.deps.db.selectFrom('webhook_endpoints').select('url').execute();
      expect(rows.filter((r) => !r.url.startsWith(receiver.base))).toEqual([]);
    });

    it('at delivery: a name that now resolves to a link-local address is not called', async () => {
      const port = new URL(receiver.base).port;
      setResolverForTests(async () => [{ address: '127.0.0.1', family: 4 }]);
      const { endpoint } = await register(`http://receiver.test:${port}/ok`, ['order.placed']);
      // DNS changes after registration (rebinding): the delivery checks again and refuses.
      setResolverForTests(async () => [{ address: '169.254.169.254', family: 4 }]);
      const start = receiver.log.length;
      expect((await place(t, buyer, orderBody(shop, buyer))).statusCode).toBe(200);
      await runDeliver();
      const [d] = await deliveries(endpoint.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
      expect(d!.lastError).toMatch(/169\.254\.169\.254 is a private, link-local/);
      expect(receiver.log.length).toBe(start);
      // Back to the checked address: the retry goes through.
      setResolverForTests(async () => [{ address: '127.0.0.1', family: 4 }]);
      await deliverUntil([runDeliver], async () => (await deliveries(endpoint.id)).every((x) => x.status === 'delivered'));
      expect(receiver.log.slice(start).map((r) => r.headers.host)).toEqual([`receiver.test:${port}`]);
    });

    it('a redirect is not followed: the attempt fails with the 302 and the target is never called', async () => {
      const { endpoint } = await register(`${receiver.base}/redirect`, ['order.placed']);
      expect((await place(t, buyer, orderBody(shop, buyer))).statusCode).toBe(200);
      await runDeliver();
      const [d] = await deliveries(endpoint.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 302 });
      expect(d!.lastError).toMatch(/redirect to .*\/landing not followed/);
      expect(receiver.log.some((r) => r.path === '/landing')).toBe(false);
    });
  });

  it('the admin edits, disables and rotates an endpoint; customers cannot see webhooks', async () => {
    const { endpoint, secret } = await register(`${receiver.base}/ok`, ['order.placed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect((await adminCall('GET', '/api/admin/webhooks', undefined, buyer)).statusCode).toBe(403);
    const list = (await adminCall('GET', '/api/admin/webhooks')).json();
    const listed = list.endpoints.find((e: { id: string }) => e.id === endpoint.id);
    expect(listed).toMatchObject({
      url: `${receiver.base}/ok`,
      events: ['order.placed'],
      active: true,
      secretHint: `${secret.slice(0, 10)}…`,
    });
    expect(JSON.stringify(list)).not.toContain(secret);

    const edited = await adminCall('PATCH', `/api/admin/webhooks/${endpoint.id}`, {
      events: ['order.paid', 'order.refunded'],
      active: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ events: ['order.paid', 'order.refunded'], active: false });
    expect((await adminCall('PATCH', `/api/admin/webhooks/${endpoint.id}`, { url: 'http://10.0.0.1/' })).statusCode).toBe(400);

    const rotated = await adminCall('POST', `/api/admin/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().secret).not.toBe(secret);
    expect(rotated.json().endpoint.secretHint).toBe(`${rotated.json().secret.slice(0, 10)}…`);

    // A disabled endpoint gets no new events.
    const before = (await deliveries(endpoint.id)).length;
    expect((await place(t, buyer, orderBody(shop, buyer))).statusCode).toBe(200);
    expect((await deliveries(endpoint.id)).length).toBe(before);
  });
});

function runDeliver() {
  return deliverDue(t.deps);
}
