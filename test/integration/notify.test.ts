import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createInstance } from '../helpers/instances';
import { createUser, uniqueMobile } from '../helpers/factories';
import { startFakeGraphApi, statusWebhook, type FakeGraphApi } from '../fakes/graph-api-server';
import { startFakeMsg91, type FakeMsg91 } from '../fakes/msg91-server';
import { addAddress, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { kickWhatsApp } from '../../server/lib/whatsapp';
import { kickSms } from '../../server/lib/sms';
import { kickMail } from '../../server/lib/mail';
import { notify } from '../../server/domains/notifications/notify.service';
import * as schedules from '../../server/domains/schedules/schedules.service';
import { remindUncovered, runCutoff } from '../../server/domains/schedules/schedules.cutoff';
import { addDays } from '../../shared/rules/slots';
import { portClient } from '../helpers/port-client';

/**
 * One notifications domain (PRODUCT.md §20, decision 215), over a real port with the fake Graph API and
 * MSG91 servers over real HTTP: a customer who signed up with a mobile number hears on WhatsApp (or by
 * SMS when WhatsApp is off) and in the inbox when the rider could not deliver, when the shop moves the
 * delivery, when tomorrow is not covered at 18:00 and when the cut-off could not place a day — and no
 * answer claims an e-mail; a customer with an e-mail only gets e-mails; two instances working the
 * outboxes send each message once; the inbox lists deliveries with their status and marks read.
 */
const TOKEN = 'graph-notify-token';
const PHONE_ID = '109876500001';
const SECRET = 'meta-secret-notify';
let now = new Date('2026-12-01T09:00:00+05:30');
const clock = { now: () => now };
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);
let t: TestApp;
let graph: FakeGraphApi;
let msg91: FakeMsg91;
let shop: Shop;
let base: string;
let manager: { id: string; auth: string };
let rider: { id: string; auth: string };

const config = () => ({
  WHATSAPP_TOKEN: TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
  WHATSAPP_APP_SECRET: SECRET,
  WHATSAPP_API_URL: graph.url,
  MSG91_AUTH_KEY: 'msg91-notify-key',
  MSG91_API_URL: msg91.url,
  MSG91_ORDER_UPDATE_TEMPLATE_ID: 'tmpl-order-update',
});

beforeAll(async () => {
  graph = await startFakeGraphApi({ token: TOKEN, phoneNumberId: PHONE_ID });
  msg91 = await startFakeMsg91({ authKey: 'msg91-notify-key' });
  t = await createTestApp({ clock, config: config() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  shop = await loadShop(t);
  const m = await createUser(t.deps.db, { role: 'manager', name: 'Meera Manager' });
  manager = { id: m.id, auth: await t.bearer(m) };
  const r = await createUser(t.deps.db, { role: 'rider', name: 'Arjun Rider' });
  rider = { id: r.id, auth: await t.bearer(r) };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await graph?.close();
  await msg91?.close();
});

/** Over the real port, as the shop's pages call it: compressed answers, the shop's origin, keep-alive. */
const call = (auth: string | null, method: string, path: string, body?: unknown) =>
  portClient(base, t.deps.config.PUBLIC_URL)(auth, method, path, body);

type Person = Customer & { mobile: string | null };

/** Signed up with a mobile number (verified), no e-mail; WhatsApp opted in or not. */
async function mobileOnly(whatsapp: boolean, name = 'Asha Rao'): Promise<Person> {
  const mobile = `+91${uniqueMobile()}`;
  const user = await createUser(t.deps.db, { name });
  await t.deps.db
    .updateTable('users')
    .set({ email: null, email_verified: false, mobile, mobile_verified_at: now.toISOString(), whatsapp_opt_in_at: whatsapp ? now.toISOString() : null })
    .where('id', '=', user.id)
    .execute();
  return { user: { ...user, email: '' }, auth: await t.bearer(user), addressId: await addAddress(t.deps.db, user.id, '560038'), mobile };
}

/** Signed up with an e-mail (verified); the number on the factory's account is not verified. */
async function emailOnly(): Promise<Person> {
  const user = await createUser(t.deps.db, { name: 'Ravi Kumar' });
  return { user, auth: await t.bearer(user), addressId: await addAddress(t.deps.db, user.id, '560038'), mobile: null };
}

/** Placed, assigned, picked up, "not at home", moved to the next day: the two answers that say who was told. */
async function failedThenMoved(c: Person) {
  const placed = await place(t, c, orderBody(shop, c));
  expect(placed.statusCode, placed.body).toBe(200);
  const order = placed.json().order as { id: string; number: string };
  expect((await call(manager.auth, 'POST', '/admin/deliveries/assign', { orderIds: [order.id], riderId: rider.id })).status).toBe(200);
  expect((await call(rider.auth, 'POST', `/rider/orders/${order.id}/picked-up`)).status).toBe(200);
  const failed = await call(rider.auth, 'POST', `/rider/orders/${order.id}/failed`, { reason: 'not_at_home' });
  expect(failed.status, JSON.stringify(failed.body)).toBe(200);
  const moved = await call(manager.auth, 'POST', `/admin/deliveries/${order.id}/reschedule`, { date: addDays(shop.date, 1), slotId: shop.slotId });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return { order, failedTold: failed.body.told as string, movedTold: moved.body.told as string };
}

const events = async (c: Person) => (await call(c.auth, 'GET', '/user/messages')).body.messages.map((m: { event: string }) => m.event);
const mailsOf = (userId: string) =>
  t.deps.db
    .selectFrom('mail_outbox')
    .innerJoin('messages', 'messages.id', 'mail_outbox.message_id')
    .select(['messages.event', 'mail_outbox.template', 'mail_outbox.to_email'])
    .where('messages.user_id', '=', userId)
    .orderBy('mail_outbox.id')
    .execute();
const deliver = async () => {
  await kickWhatsApp(t.deps);
  await kickSms(t.deps);
  await kickMail(t.deps);
};

describe('every event reaches its person, on their channel', () => {
  it('a mobile-only customer with WhatsApp hears on WhatsApp and in the inbox; no answer claims an e-mail', async () => {
    const c = await mobileOnly(true, 'Asha Rao');
    const { order, failedTold, movedTold } = await failedThenMoved(c);
    const masked = `+91 ${c.mobile!.slice(3, 5)}••• ${c.mobile!.slice(8)}`;
    expect(failedTold).toBe(`Sent on WhatsApp to ${masked}`);
    expect(movedTold).toBe(`Sent on WhatsApp to ${masked}`);
    await deliver();
    const got = graph.to(c.mobile!).map((m) => [m.template, m.parameters[0], m.parameters[1]]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['order_not_delivered', 'Hi Asha', order.number],
        ['order_delivery_moved', 'Hi Asha', order.number],
      ]),
    );
    expect(graph.to(c.mobile!).find((m) => m.template === 'order_not_delivered')!.parameters[2]).toMatch(/^Not at home\. We will call you/);
    // The order confirmed at placement is in the inbox too, delivered on WhatsApp (a CTE of the order's write).
    expect(await events(c)).toEqual(['delivery_moved', 'could_not_deliver', 'out_for_delivery', 'order_confirmed']);
    expect(got).toEqual(expect.arrayContaining([['order_confirmed', 'Hi Asha', order.number]]));
    const confirmed = (await call(c.auth, 'GET', '/user/messages')).body.messages.at(-1);
    expect(confirmed).toMatchObject({ title: `Order ${order.number} is confirmed`, link: `/order/${order.id}`, deliveries: [{ channel: 'whatsapp', status: 'sent' }] });
    expect(await mailsOf(c.user.id)).toEqual([]);
    expect(msg91.received.filter((r) => r.recipients.some((x) => `+${x.mobiles}` === c.mobile))).toHaveLength(0);
    // The order page does not promise an e-mail to someone without one.
    const page = await call(c.auth, 'GET', `/orders/${order.id}`);
    expect(JSON.stringify(page.body)).not.toMatch(/e-?mail is on its way/i);
  });

  it('WhatsApp off but texts allowed: the same news by SMS; the manager hears of the failed stop', async () => {
    const c = await mobileOnly(false, '');
    const { order, failedTold } = await failedThenMoved(c);
    expect(failedTold).toMatch(/^Sent by SMS to \+91 \d\d••• \d{5}$/);
    await deliver();
    const texts = msg91.received.filter((r) => r.recipients.some((x) => `+${x.mobiles}` === c.mobile)).map((r) => r.recipients[0]!.message);
    // The confirmation at placement, then out for delivery, could not deliver, moved.
    expect(texts).toHaveLength(4);
    expect(texts).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^Hi, your Hydro Shakes order ${order.number} \\(₹[\\d,]+\\) is confirmed for `))]));
    expect((await call(c.auth, 'GET', '/user/messages')).body.messages.at(-1)).toMatchObject({ event: 'order_confirmed', deliveries: [{ channel: 'sms' }] });
    // One greeting rule: "Hi" alone for a person without a name.
    expect(texts).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^Hi, we could not deliver your Hydro Shakes order ${order.number}`))]));
    expect(graph.to(c.mobile!)).toHaveLength(0);
    const managerInbox = (await call(manager.auth, 'GET', '/user/messages')).body.messages;
    expect(managerInbox.find((m: { title: string }) => m.title.includes(order.number))).toMatchObject({
      event: 'rider_failed_stop',
      title: `Arjun Rider could not deliver order ${order.number}`,
      deliveries: [{ channel: 'email', status: 'logged' }],
    });
  });

  it('an e-mail-only customer gets e-mails, and the answers say so', async () => {
    const c = await emailOnly();
    const { failedTold, movedTold } = await failedThenMoved(c);
    const masked = `${c.user.email.slice(0, 2)}•••@example.in`;
    expect(failedTold).toBe(`Sent by e-mail to ${masked}`);
    expect(movedTold).toBe(`Sent by e-mail to ${masked}`);
    expect((await mailsOf(c.user.id)).map((m) => [m.event, m.template])).toEqual([
      ['out_for_delivery', 'order-out-for-delivery'],
      ['could_not_deliver', 'order-not-delivered'],
      ['delivery_moved', 'order-rescheduled'],
    ]);
  });

  it('the inbox over REST: pages with X-Total-Count, deliveries follow WhatsApp\'s status webhook, mark read one or all', async () => {
    const c = await mobileOnly(true, 'Asha Rao');
    await failedThenMoved(c);
    await deliver();
    const first = await call(c.auth, 'GET', '/user/messages?page=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('4');
    expect(first.body).toMatchObject({ totalCount: 4, unread: 4 });
    expect(first.body.messages).toHaveLength(2);
    // Meta reports the "moved" message read.
    const moved = graph.to(c.mobile!).find((m) => m.template === 'order_delivery_moved')!;
    const hook = statusWebhook(SECRET, [{ id: moved.messageId, status: 'read', recipient_id: moved.to }]);
    const res = await fetch(`${base}/api/notifications/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': hook.signature },
      body: hook.body,
    });
    expect(res.status).toBe(200);
    const after = (await call(c.auth, 'GET', '/user/messages')).body.messages;
    expect(after[0]).toMatchObject({ event: 'delivery_moved', readAt: null, deliveries: [{ channel: 'whatsapp', status: 'read' }] });

    expect((await call(c.auth, 'GET', '/user/messages/unread')).body).toEqual({ unread: 4 });
    const one = await call(c.auth, 'POST', '/user/messages/read', { ids: [after[0].id] });
    expect(one.body).toEqual({ marked: 1, unread: 3 });
    // Someone else's message id marks nothing.
    const other = await mobileOnly(false);
    expect((await call(other.auth, 'POST', '/user/messages/read', { ids: [after[1].id] })).body).toEqual({ marked: 0, unread: 0 });
    const bad = await call(c.auth, 'POST', '/user/messages/read', {});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/"ids"|"all"/);
    expect((await call(c.auth, 'POST', '/user/messages/read', { all: true })).body).toEqual({ marked: 3, unread: 0 });
    expect((await call(null, 'GET', '/user/messages')).status).toBe(401);
  });

  it('standing deliveries: 18:00 "not covered" and the cut-off\'s "not placed" reach a mobile-only customer on WhatsApp and in the inbox', async () => {
    await t.deps.db.updateTable('schedules').set({ status: 'ended' }).execute();
    now = ist('2026-12-03', '10:00:00');
    const c = await mobileOnly(true, 'Priya Sharma');
    await schedules.create(t.deps, c.user, {
      items: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 1 }],
      days: 'daily',
      slotId: shop.slotId,
      addressId: c.addressId,
      startDate: '2026-12-04',
    });
    now = ist('2026-12-03', '18:00:00');
    expect(await remindUncovered(t.deps)).toBeGreaterThanOrEqual(1);
    now = ist('2026-12-03', '21:02:00');
    await runCutoff(t.deps);
    await deliver();
    // Access tokens are signed on the app's clock: sign in again at the new time.
    c.auth = await t.bearer(c.user);
    expect(graph.to(c.mobile!).map((m) => [m.template, m.parameters[0]])).toEqual([
      ['delivery_not_covered', 'Hi Priya'],
      ['delivery_not_placed', 'Hi Priya'],
    ]);
    const inbox = (await call(c.auth, 'GET', '/user/messages')).body.messages;
    expect(inbox.map((m: { event: string; link: string }) => [m.event, m.link])).toEqual([
      ['not_placed', '/deliveries?date=2026-12-04'],
      ['not_covered', '/deliveries?date=2026-12-04'],
    ]);
    expect(inbox[1].body).toMatch(/short for .+: top up by 9:00 pm tonight/);
    expect(inbox[0].deliveries).toEqual([{ channel: 'whatsapp', to: expect.stringMatching(/^\+91 \d\d••• \d{5}$/), status: 'sent', at: expect.any(String) }]);
  });

  it('two instances working the outboxes send each message once', async () => {
    const b = await createInstance(t, { clock, config: config() });
    try {
      const people = await Promise.all(Array.from({ length: 6 }, (_, i) => mobileOnly(i % 2 === 0)));
      await t.deps.db.transaction().execute(async (trx) => {
        for (const p of people) {
          await notify(t.deps, trx, { userId: p.user.id }, 'not_covered', { date: '2026-12-09', day: 'Wed, 9 Dec', reason: 'Your wallet is ₹27 short.', path: '/deliveries?date=2026-12-09' });
        }
      });
      await Promise.all([kickWhatsApp(t.deps), kickWhatsApp(b.deps), kickSms(t.deps), kickSms(b.deps)]);
      await Promise.all([kickWhatsApp(t.deps), kickWhatsApp(b.deps), kickSms(t.deps), kickSms(b.deps)]);
      for (const [i, p] of people.entries()) {
        const wa = graph.to(p.mobile!).filter((m) => m.parameters[1] === 'Wed, 9 Dec');
        const sms = msg91.received.filter((r) => r.recipients.some((x) => `+${x.mobiles}` === p.mobile && x.message?.includes('Wed, 9 Dec')));
        expect([wa.length, sms.length]).toEqual(i % 2 === 0 ? [1, 0] : [0, 1]);
      }
    } finally {
      await b.close();
    }
  });
});
