import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createInstance } from '../helpers/instances';
import { createUser } from '../helpers/factories';
import { startFakePushService, type FakePushService } from '../fakes/push-server';
import { addAddress, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { runJobNow } from '../../server/lib/jobs';
import { outboxJobs } from '../../server/lib/outbox.jobs';
import { notify } from '../../server/domains/notifications/notify.service';
import { portClient } from '../helpers/port-client';

/**
 * Web push as a channel of the notifications domain (PRODUCT.md §22, decision 270), over a real port
 * and a fake push service over real HTTP that checks the VAPID signature and decrypts each message as
 * the browser would: a customer subscribes two browsers; "out for delivery" reaches both through the
 * outbox job; the inbox lists the pushes; a subscription the push service says is gone (410) is removed;
 * an endpoint on the shop's own network is refused; only the owner removes a subscription; two instances
 * running the job at once send each push once, and both sign with the one kept key.
 */
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
let t: TestApp;
let pushService: FakePushService;
let shop: Shop;
let base: string;

beforeAll(async () => {
  pushService = await startFakePushService();
  // The fake listens on 127.0.0.1: loopback endpoints allowed, as for webhooks in development.
  t = await createTestApp({ config: { WEBHOOKS_ALLOW_LOOPBACK: true } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  shop = await loadShop(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

/** Over the real port as a phone's browser calls it (its User-Agent names the device). */
const call = (auth: string | null, method: string, path: string, body?: unknown, ua = ANDROID) =>
  portClient(base, t.deps.config.PUBLIC_URL, ua)(auth, method, path, body);

async function someone(): Promise<Customer> {
  const user = await createUser(t.deps.db, { name: 'Asha Rao' });
  return { user, auth: await t.bearer(user), addressId: await addAddress(t.deps.db, user.id, '560038') };
}

const pushJob = () => runJobNow(t.deps, outboxJobs, 'outbox-push');

describe('web push', () => {
  it('"out for delivery" reaches both subscribed browsers, signed with the key they subscribed with; the inbox lists the pushes', async () => {
    const c = await someone();
    const key = await call(null, 'GET', '/push/public-key');
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const phone = pushService.subscribe();
    const laptop = pushService.subscribe();
    const a = await call(c.auth, 'POST', '/user/push-subscriptions', phone);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.device).toBe('Chrome on Android');
    // Subscribing the same browser again keeps one subscription.
    const again = await call(c.auth, 'POST', '/user/push-subscriptions', phone);
    expect(again.body.id).toBe(a.body.id);
    expect((await call(c.auth, 'POST', '/user/push-subscriptions', laptop, IPHONE)).body.device).toBe('Safari on iPhone');
    expect((await call(c.auth, 'GET', '/user/push-subscriptions')).body.subscriptions.map((s: { device: string }) => s.device)).toEqual([
      'Chrome on Android',
      'Safari on iPhone',
    ]);

    const placed = await place(t, c, orderBody(shop, c));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order as { id: string; number: string };
    const m = await createUser(t.deps.db, { role: 'manager' });
    const r = await createUser(t.deps.db, { role: 'rider', name: 'Arjun Rider' });
    expect((await call(await t.bearer(m), 'POST', '/admin/deliveries/assign', { orderIds: [order.id], riderId: r.id })).status).toBe(200);
    const before = pushService.received.length;
    expect((await call(await t.bearer(r), 'POST', `/rider/orders/${order.id}/picked-up`)).status).toBe(200);

    // Whatever the kick after the commit already sent, the outbox job leaves nothing pending.
    await pushJob();
    const got = pushService.received.slice(before).filter((p) => p.payload.title === `Order ${order.number} is on its way`);
    expect(got.map((p) => p.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    expect(pushService.refused).toEqual([]);
    for (const p of got) {
      expect(p.vapidKey).toBe(key.body.publicKey);
      expect(p.subject).toMatch(/^mailto:/);
      expect(p.payload.url).toBe(`/order/${order.id}`);
      expect(p.payload.body).toContain('left our kitchen');
      expect(p.urgency).toBe('high');
      expect(p.ttl).toBeGreaterThan(0);
    }
    // Sent once each, even when the job runs again.
    await pushJob();
    expect(pushService.received.filter((p) => p.payload.title === `Order ${order.number} is on its way`)).toHaveLength(2);

    const inbox = await call(c.auth, 'GET', '/user/messages');
    const out = inbox.body.messages.find((x: { event: string }) => x.event === 'out_for_delivery');
    expect(out.deliveries.filter((d: { channel: string }) => d.channel === 'push')).toEqual([
      expect.objectContaining({ channel: 'push', to: 'Chrome on Android', status: 'sent' }),
      expect.objectContaining({ channel: 'push', to: 'Safari on iPhone', status: 'sent' }),
    ]);
  });

  it('a subscription the push service says is gone (410) is removed; the other still gets its messages', async () => {
    const c = await someone();
    const stale = pushService.subscribe();
    const fresh = pushService.subscribe();
    const s1 = await call(c.auth, 'POST', '/user/push-subscriptions', stale);
    await call(c.auth, 'POST', '/user/push-subscriptions', fresh, IPHONE);
    pushService.expire(stale.endpoint);
    const hits = pushService.goneHits;

    const told = await notify(t.deps, t.deps.db, { userId: c.user.id }, 'delivered', { orderId: crypto.randomUUID(), number: 'HS-PUSH-1' });
    expect(told.channels.filter((x) => x.channel === 'push').map((x) => x.to)).toEqual(['Chrome on Android', 'Safari on iPhone']);
    await pushJob();

    expect(pushService.goneHits).toBe(hits + 1);
    expect(pushService.received.filter((p) => p.payload.title === 'Order HS-PUSH-1 was delivered').map((p) => p.endpoint)).toEqual([fresh.endpoint]);
    const left = (await call(c.auth, 'GET', '/user/push-subscriptions')).body.subscriptions;
    expect(left.map((s: { device: string }) => s.device)).toEqual(['Safari on iPhone']);
    const row = await t.deps.db
      .selectFrom('push_outbox')
      .select(['status', 'last_error', 'subscription_id'])
      .where('message_id', '=', told.messageId!)
      .where('device', '=', 'Chrome on Android')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', last_error: 'The subscription has expired (410)', subscription_id: null });
    // A removed subscription is never tried again.
    await notify(t.deps, t.deps.db, { userId: c.user.id }, 'delivered', { orderId: crypto.randomUUID(), number: 'HS-PUSH-2' });
    await pushJob();
    expect(pushService.goneHits).toBe(hits + 1);
    expect((await call(c.auth, 'DELETE', `/user/push-subscriptions/${s1.body.id}`)).status).toBe(404);
  });

  it('refuses an endpoint on the shop’s own network; only the owner removes a subscription', async () => {
    const c = await someone();
    const other = await someone();
    const own = pushService.subscribe();
    const inside = await call(c.auth, 'POST', '/user/push-subscriptions', { ...own, endpoint: 'http://10.1.2.3/push/x' });
    expect(inside.status).toBe(400);
    expect(inside.body.fieldErrors.endpoint[0]).toContain('private');
    const badKeys = await call(c.auth, 'POST', '/user/push-subscriptions', { ...own, keys: { p256dh: 'short', auth: own.keys.auth } });
    expect(badKeys.status).toBe(400);

    const s = await call(c.auth, 'POST', '/user/push-subscriptions', own);
    expect((await call(other.auth, 'DELETE', `/user/push-subscriptions/${s.body.id}`)).status).toBe(404);
    expect((await call(null, 'POST', '/user/push-subscriptions', own)).status).toBe(401);
    expect((await call(c.auth, 'DELETE', `/user/push-subscriptions/${s.body.id}`)).body).toEqual({ removed: true });
    expect((await call(c.auth, 'GET', '/user/push-subscriptions')).body.subscriptions).toEqual([]);
    const told = await notify(t.deps, t.deps.db, { userId: c.user.id }, 'delivered', { orderId: crypto.randomUUID(), number: 'HS-PUSH-3' });
    expect(told.channels.some((x) => x.channel === 'push')).toBe(false);
  });

  it('two instances working the push outbox at once send each delivery once, signed with the one kept key', async () => {
    const b = await createInstance(t, { config: { WEBHOOKS_ALLOW_LOOPBACK: true } });
    try {
      const people = await Promise.all(Array.from({ length: 4 }, () => someone()));
      const subs = people.map(() => [pushService.subscribe(), pushService.subscribe()]);
      for (const [i, p] of people.entries()) for (const s of subs[i]!) expect((await call(p.auth, 'POST', '/user/push-subscriptions', s)).status).toBe(200);
      await t.deps.db.transaction().execute(async (trx) => {
        for (const [i, p] of people.entries()) await notify(t.deps, trx, { userId: p.user.id }, 'delivered', { orderId: crypto.randomUUID(), number: `HS-TWO-${i}` });
      });
      await Promise.all([runJobNow(t.deps, outboxJobs, 'outbox-push'), runJobNow(b.deps, outboxJobs, 'outbox-push')]);
      await Promise.all([runJobNow(t.deps, outboxJobs, 'outbox-push'), runJobNow(b.deps, outboxJobs, 'outbox-push')]);
      const key = (await call(null, 'GET', '/push/public-key')).body.publicKey;
      for (const [i] of people.entries()) {
        const got = pushService.received.filter((r) => r.payload.title === `Order HS-TWO-${i} was delivered`);
        expect(got.map((r) => r.endpoint).sort()).toEqual(subs[i]!.map((s) => s.endpoint).sort());
        expect(new Set(got.map((r) => r.vapidKey))).toEqual(new Set([key]));
      }
    } finally {
      await b.close();
    }
  });
});
