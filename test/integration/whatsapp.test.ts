import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { startFakeGraphApi, statusWebhook, type FakeGraphApi } from '../fakes/graph-api-server';
import { startFakeMsg91, type FakeMsg91 } from '../fakes/msg91-server';
import { customer, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { movableClock } from '../../server/domains/auth/auth.test-helpers';
import { kickWhatsApp } from '../../server/lib/whatsapp';
import { kickSms } from '../../server/lib/sms';
import { notify } from '../../server/domains/notifications/notify.service';
import { RECEIPT_ALWAYS_BY_EMAIL, VERIFY_MOBILE_FIRST } from '../../server/domains/notifications/notifications.service';

/**
 * WhatsApp order messages (PRODUCT.md §18, decisions 173–174) through the real Cloud API adapter
 * against a local fake Graph API (real HTTP): only an opted-in customer with a verified number hears,
 * once, with the right template and variables, even when the first attempt fails; Meta's status
 * webhook is refused unsigned or forged, and a replay changes nothing.
 */
const clock = movableClock();
const TOKEN = 'graph-test-token';
const PHONE_ID = '109876543210';
const SECRET = 'meta-app-secret-for-tests';
let t: TestApp;
let graph: FakeGraphApi;
let msg91: FakeMsg91;
let shop: Shop;

beforeAll(async () => {
  graph = await startFakeGraphApi({ token: TOKEN, phoneNumberId: PHONE_ID });
  msg91 = await startFakeMsg91({ authKey: 'msg91-test-key' });
  t = await createTestApp({
    clock,
    config: {
      WHATSAPP_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_API_URL: graph.url,
      WHATSAPP_TEMPLATE_ORDER_CONFIRMED: 'hs_order_confirmed_v1',
      WHATSAPP_TEMPLATE_DELIVERY_NOT_COVERED: 'hs_delivery_not_covered_v1',
      MSG91_AUTH_KEY: 'msg91-test-key',
      MSG91_API_URL: msg91.url,
      MSG91_ORDER_UPDATE_TEMPLATE_ID: 'tmpl-order-update',
    },
  });
  shop = await loadShop(t);
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
  await msg91?.close();
});

let n = 0;
const base = Math.floor(Math.random() * 100_000);
/** A customer whose number is verified (unique: a verified number belongs to one account). */
async function verifiedCustomer(): Promise<Customer & { mobile: string }> {
  n++;
  const mobile = `+919${String(process.pid % 1000).padStart(3, '0')}${String((base + n) % 100_000).padStart(5, '0')}0`;
  const c = await customer(t);
  await t.deps.db.updateTable('users').set({ mobile, mobile_verified_at: clock.now().toISOString() }).where('id', '=', c.user.id).execute();
  return { ...c, mobile };
}

const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });
const prefs = (c: Customer) => t.request({ method: 'GET', url: '/api/user/notification-preferences', headers: { authorization: c.auth } });
const putPrefs = (c: Customer, body: unknown) =>
  t.request({ method: 'PUT', url: '/api/user/notification-preferences', headers: json(c.auth), payload: JSON.stringify(body) });
const outbox = (userId: string) => t.deps.db.selectFrom('whatsapp_outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute();

const ALL_ON = { email: true, whatsapp: true, sms: true };
const allOn = () => ({ order_confirmed: ALL_ON, out_for_delivery: ALL_ON, delivered: ALL_ON, payment_failed: ALL_ON, deliveries: ALL_ON });

describe('notification preferences', () => {
  it('WhatsApp needs a verified number; opting in records the time; the matrix round-trips', async () => {
    const unverified = await customer(t);
    const refused = await putPrefs(unverified, { whatsapp: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(VERIFY_MOBILE_FIRST);
    // A kind's WhatsApp or SMS box needs the number too; e-mail boxes do not.
    for (const channel of ['whatsapp', 'sms']) {
      const cell = await putPrefs(unverified, { kinds: { delivered: { [channel]: true } } });
      expect(cell.statusCode).toBe(400);
      expect(cell.json().message).toBe(VERIFY_MOBILE_FIRST);
    }
    expect((await prefs(unverified)).json()).toEqual({ kinds: allOn(), whatsapp: false, whatsappOptInAt: null, verifiedMobile: null });
    const mailOff = await putPrefs(unverified, { kinds: { delivered: { email: false } } });
    expect(mailOff.statusCode, mailOff.body).toBe(200);
    expect(mailOff.json().kinds.delivered).toEqual({ email: false, whatsapp: true, sms: true });

    const c = await verifiedCustomer();
    const on = await putPrefs(c, { whatsapp: true, kinds: { order_confirmed: { sms: false }, deliveries: { whatsapp: false, email: false } } });
    expect(on.statusCode, on.body).toBe(200);
    const matrix = {
      ...allOn(),
      order_confirmed: { email: true, whatsapp: true, sms: false },
      deliveries: { email: false, whatsapp: false, sms: true },
    };
    expect(on.json()).toEqual({ kinds: matrix, whatsapp: true, whatsappOptInAt: clock.now().toISOString(), verifiedMobile: c.mobile });
    // What the table holds is what GET answers (two paths: SQL and REST).
    const rows = await t.deps.db.selectFrom('notification_preferences').selectAll().where('user_id', '=', c.user.id).orderBy('kind').execute();
    expect(rows.map((r) => [r.kind, r.email, r.whatsapp, r.sms])).toEqual([
      ['deliveries', false, false, true],
      ['order_confirmed', true, true, false],
    ]);
    expect((await prefs(c)).json().kinds).toEqual(matrix);
    // A second opt-in keeps the first time; off clears it and keeps the boxes.
    clock.advance(60_000);
    expect((await putPrefs(c, { whatsapp: true })).json().whatsappOptInAt).toBe(on.json().whatsappOptInAt);
    expect((await putPrefs(c, { whatsapp: false })).json()).toMatchObject({ whatsapp: false, whatsappOptInAt: null, kinds: matrix });
    // The order confirmation mail is the receipt: its e-mail box cannot be turned off.
    const receipt = await putPrefs(c, { kinds: { order_confirmed: { email: false } } });
    expect(receipt.statusCode).toBe(400);
    expect(receipt.json().message).toBe(RECEIPT_ALWAYS_BY_EMAIL);
    // Strict input: an unknown switch, kind or channel is refused; the old per-channel switches are gone.
    for (const body of [{ push: true }, { kinds: { promotions: { email: false } } }, { kinds: { delivered: { push: false } } }, { email: false }]) {
      expect((await putPrefs(c, body)).statusCode).toBe(400);
    }
  });
});

describe('order messages', () => {
  it("an opted-in customer's confirmation reaches WhatsApp once, with its template and variables, though the first attempt fails", async () => {
    const c = await verifiedCustomer();
    expect((await putPrefs(c, { whatsapp: true })).statusCode).toBe(200);
    graph.failNext(1, 503);
    const placed = await place(t, c, orderBody(shop, c));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    await kickWhatsApp(t.deps);
    expect(graph.to(c.mobile)).toHaveLength(0);
    const [row] = await outbox(c.user.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, template: 'order_confirmed', order_id: order.id });
    expect(row!.last_error).toContain('503');

    // Before the backoff nothing is sent again; after it, the retry goes through.
    clock.advance(10_000);
    await kickWhatsApp(t.deps);
    expect(graph.to(c.mobile)).toHaveLength(0);
    clock.advance(25_000);
    await kickWhatsApp(t.deps);
    await kickWhatsApp(t.deps);
    const got = graph.to(c.mobile);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      phoneNumberId: PHONE_ID,
      template: 'hs_order_confirmed_v1',
      language: 'en',
      parameters: ['Hi Asha', order.number, expect.stringMatching(/^₹/), expect.stringMatching(/\d/)],
    });
    expect(got[0]!.parameters[2]).toBe(`₹${(order.breakdown.total / 100).toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`.replace(/\.00$/, ''));
    const [sent] = await outbox(c.user.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, provider_message_id: got[0]!.messageId, last_error: null });
  });

  it('an opted-out customer gets none; the checkout box opts in with the time and the order confirms on WhatsApp', async () => {
    const out = await verifiedCustomer();
    expect((await place(t, out, orderBody(shop, out))).statusCode).toBe(200);
    await kickWhatsApp(t.deps);
    expect(graph.to(out.mobile)).toHaveLength(0);
    expect(await outbox(out.user.id)).toHaveLength(0);

    const boxed = await verifiedCustomer();
    const placed = await place(t, boxed, orderBody(shop, boxed, { whatsappOptIn: true }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await prefs(boxed)).json()).toMatchObject({ whatsapp: true, whatsappOptInAt: clock.now().toISOString() });
    await kickWhatsApp(t.deps);
    expect(graph.to(boxed.mobile).map((m) => [m.template, m.parameters[1]])).toEqual([['hs_order_confirmed_v1', placed.json().order.number]]);

    // Ticked without a verified number: the order is placed; no opt-in (WhatsApp cannot reach it), nothing sent.
    const plain = await customer(t);
    expect((await place(t, plain, orderBody(shop, plain, { whatsappOptIn: true }))).statusCode).toBe(200);
    expect((await prefs(plain)).json()).toMatchObject({ whatsapp: false, whatsappOptInAt: null });
    expect(await outbox(plain.user.id)).toHaveLength(0);
  });

  it('an online order: nothing when placed, "payment failed" when the payment fails, the confirmation once it is paid', async () => {
    const c = await verifiedCustomer();
    await putPrefs(c, { whatsapp: true });
    const placed = (await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }))).json();
    await kickWhatsApp(t.deps);
    expect(graph.to(c.mobile)).toHaveLength(0);
    const complete = (outcome: string) =>
      t.request({ method: 'POST', url: '/api/payment/test/complete', headers: json(c.auth), payload: JSON.stringify({ orderId: placed.order.id, outcome }) });
    expect((await complete('failure')).statusCode).toBe(200);
    await kickWhatsApp(t.deps);
    expect((await complete('success')).statusCode).toBe(200);
    await kickWhatsApp(t.deps);
    expect(graph.to(c.mobile).map((m) => [m.template, m.parameters.slice(0, 2)])).toEqual([
      ['order_payment_failed', ['Hi Asha', placed.order.number]],
      ['hs_order_confirmed_v1', ['Hi Asha', placed.order.number]],
    ]);
  });

  it('out for delivery carries the delivery code of the order page; delivered follows', async () => {
    const c = await verifiedCustomer();
    await putPrefs(c, { whatsapp: true });
    const placed = await place(t, c, orderBody(shop, c));
    const id = placed.json().order.id as string;
    const manager = await t.bearer(await createUser(t.deps.db, { role: 'manager' }));
    const riderUser = await createUser(t.deps.db, { role: 'rider', name: 'Arjun Rider' });
    const rider = await t.bearer(riderUser);
    const post = (auth: string, url: string, body: unknown = {}) => t.request({ method: 'POST', url, headers: json(auth), payload: JSON.stringify(body) });
    expect((await post(manager, '/api/admin/deliveries/assign', { orderIds: [id], riderId: riderUser.id })).statusCode).toBe(200);
    expect((await post(rider, `/api/rider/orders/${id}/picked-up`)).statusCode).toBe(200);
    await kickWhatsApp(t.deps);
    const page = (await t.request({ method: 'GET', url: `/api/orders/${id}`, headers: { authorization: c.auth } })).json();
    const code = page.delivery.code as string;
    expect(graph.to(c.mobile).map((m) => [m.template, m.parameters])).toEqual([
      ['hs_order_confirmed_v1', expect.any(Array)],
      ['order_out_for_delivery', ['Hi Asha', placed.json().order.number, code]],
    ]);
    const done = await post(rider, `/api/rider/orders/${id}/delivered`, { code, cashCollected: placed.json().order.breakdown.total });
    expect(done.statusCode, done.body).toBe(200);
    await kickWhatsApp(t.deps);
    expect(graph.to(c.mobile).at(-1)).toMatchObject({ template: 'order_delivered', parameters: ['Hi Asha', placed.json().order.number] });
  });

  it('a message WhatsApp refuses for good goes as an SMS when the customer allows texts, and not when they do not', async () => {
    const texts = await verifiedCustomer();
    await putPrefs(texts, { whatsapp: true });
    const silent = await verifiedCustomer();
    await putPrefs(silent, { whatsapp: true, kinds: { order_confirmed: { sms: false } } });
    for (const c of [texts, silent]) {
      expect((await place(t, c, orderBody(shop, c))).statusCode).toBe(200);
      // Meta refuses the message itself (a 400): no retry.
      graph.failNext(1, 400);
      await kickWhatsApp(t.deps);
      expect(await outbox(c.user.id)).toMatchObject([{ status: 'failed', attempts: 1 }]);
    }
    await kickSms(t.deps);
    const sms = msg91.received.filter((r) => r.recipients.some((x) => x.mobiles === texts.mobile.slice(1)));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.template_id).toBe('tmpl-order-update');
    expect(sms[0]!.recipients[0]!.message).toContain('is confirmed for');
    expect(msg91.received.some((r) => r.recipients.some((x) => x.mobiles === silent.mobile.slice(1)))).toBe(false);
  });
});

const mails = async (c: Customer) =>
  (await t.deps.db.selectFrom('mail_outbox').select(['template', 'to_email']).where('to_email', '=', c.user.email!.toLowerCase()).orderBy('id').execute()).map(
    (m) => m.template,
  );

describe('per kind of message × channel (decision 183)', () => {
  it('an opted-out kind sends nothing on that channel; its other channels and the other kinds still go', async () => {
    const c = await verifiedCustomer();
    const set = await putPrefs(c, {
      whatsapp: true,
      kinds: { order_confirmed: { whatsapp: false }, out_for_delivery: { whatsapp: false }, delivered: { email: false } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const placed = await place(t, c, orderBody(shop, c));
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order.id as string;
    await kickWhatsApp(t.deps);
    // Confirmed: WhatsApp off for that kind (the placement statement's own insert); the receipt mail goes.
    expect(graph.to(c.mobile)).toHaveLength(0);
    expect(await mails(c)).toEqual(['order-confirmed']);

    const manager = await t.bearer(await createUser(t.deps.db, { role: 'manager' }));
    const riderUser = await createUser(t.deps.db, { role: 'rider', name: 'Arjun Rider' });
    const rider = await t.bearer(riderUser);
    const post = (auth: string, url: string, body: unknown = {}) => t.request({ method: 'POST', url, headers: json(auth), payload: JSON.stringify(body) });
    expect((await post(manager, '/api/admin/deliveries/assign', { orderIds: [id], riderId: riderUser.id })).statusCode).toBe(200);
    expect((await post(rider, `/api/rider/orders/${id}/picked-up`)).statusCode).toBe(200);
    await kickWhatsApp(t.deps);
    // Out for delivery: WhatsApp off, e-mail on.
    expect(graph.to(c.mobile)).toHaveLength(0);
    expect(await mails(c)).toEqual(['order-confirmed', 'order-out-for-delivery']);

    const code = (await t.request({ method: 'GET', url: `/api/orders/${id}`, headers: { authorization: c.auth } })).json().delivery.code as string;
    const done = await post(rider, `/api/rider/orders/${id}/delivered`, { code, cashCollected: placed.json().order.breakdown.total });
    expect(done.statusCode, done.body).toBe(200);
    await kickWhatsApp(t.deps);
    // Delivered: e-mail off, WhatsApp on.
    expect(graph.to(c.mobile).map((m) => m.template)).toEqual(['order_delivered']);
    expect(await mails(c)).toEqual(['order-confirmed', 'order-out-for-delivery']);
  });

  it('"payment failed" goes by e-mail and WhatsApp, each only where the customer left it on', async () => {
    const noMail = await verifiedCustomer();
    await putPrefs(noMail, { whatsapp: true, kinds: { payment_failed: { email: false } } });
    const noWhatsApp = await verifiedCustomer();
    await putPrefs(noWhatsApp, { whatsapp: true, kinds: { payment_failed: { whatsapp: false } } });
    for (const c of [noMail, noWhatsApp]) {
      const placed = (await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }))).json();
      const failed = await t.request({
        method: 'POST',
        url: '/api/payment/test/complete',
        headers: json(c.auth),
        payload: JSON.stringify({ orderId: placed.order.id, outcome: 'failure' }),
      });
      expect(failed.statusCode, failed.body).toBe(200);
    }
    await kickWhatsApp(t.deps);
    expect(graph.to(noMail.mobile).map((m) => m.template)).toEqual(['order_payment_failed']);
    expect(await mails(noMail)).not.toContain('order-payment-failed');
    expect(graph.to(noWhatsApp.mobile)).toHaveLength(0);
    expect(await mails(noWhatsApp)).toContain('order-payment-failed');
  });

  it('standing deliveries: notify writes the mail and the WhatsApp template each preference allows', async () => {
    const all = await verifiedCustomer();
    await putPrefs(all, { whatsapp: true });
    const mailOnly = await verifiedCustomer();
    await putPrefs(mailOnly, { whatsapp: true, kinds: { deliveries: { whatsapp: false } } });
    const whatsAppOnly = await verifiedCustomer();
    await putPrefs(whatsAppOnly, { whatsapp: true, kinds: { deliveries: { email: false } } });
    const notOptedIn = await verifiedCustomer();
    const reason = 'Your wallet is ₹240 short: top it up before 9 pm and we deliver as planned.';
    for (const c of [all, mailOnly, whatsAppOnly, notOptedIn]) {
      await t.deps.db.transaction().execute((trx) =>
        notify(t.deps, trx, { userId: c.user.id }, 'not_covered', { date: '2026-11-28', day: 'Sat, 28 Nov', reason, path: '/deliveries?date=2026-11-28' }),
      );
    }
    await kickWhatsApp(t.deps);
    const got = graph.to(all.mobile);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ template: 'hs_delivery_not_covered_v1', parameters: ['Hi Asha', expect.stringContaining('28'), reason] });
    expect(await mails(all)).toEqual(['delivery-not-covered']);
    expect(graph.to(mailOnly.mobile)).toHaveLength(0);
    expect(await mails(mailOnly)).toEqual(['delivery-not-covered']);
    expect(graph.to(whatsAppOnly.mobile).map((m) => m.template)).toEqual(['hs_delivery_not_covered_v1']);
    expect(await mails(whatsAppOnly)).toEqual([]);
    expect(graph.to(notOptedIn.mobile)).toHaveLength(0);
    expect(await mails(notOptedIn)).toEqual(['delivery-not-covered']);
  });
});

describe('POST /api/notifications/whatsapp/webhook', () => {
  const hook = (body: string, signature?: string) =>
    t.request({
      method: 'POST',
      url: '/api/notifications/whatsapp/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
      payload: body,
    });

  it('records delivered per message; forged, unsigned or short signatures are 401 and change nothing; a replay changes nothing', async () => {
    const c = await verifiedCustomer();
    await putPrefs(c, { whatsapp: true });
    await place(t, c, orderBody(shop, c));
    await kickWhatsApp(t.deps);
    const [msg] = graph.to(c.mobile);
    const status = async () => (await outbox(c.user.id))[0]!;

    const forged = statusWebhook('not-the-secret', [{ id: msg!.messageId, status: 'read', recipient_id: msg!.to }]);
    expect((await hook(forged.body, forged.signature)).statusCode).toBe(401);
    expect((await hook(forged.body)).statusCode).toBe(401);
    expect((await hook(forged.body, 'sha256=abc')).statusCode).toBe(401);
    // The right signature over different bytes is refused too.
    const good = statusWebhook(SECRET, [{ id: msg!.messageId, status: 'delivered', recipient_id: msg!.to, timestamp: '1795000000' }]);
    expect((await hook(good.body.replace('delivered', 'read'), good.signature)).statusCode).toBe(401);
    expect((await status()).delivery_status).toBeNull();

    const ok = await hook(good.body, good.signature);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, recorded: 1 });
    const after = await status();
    expect(after.delivery_status).toBe('delivered');
    expect(new Date(after.delivery_status_at!).toISOString()).toBe(new Date(1795000000 * 1000).toISOString());

    // The same delivery again, and a late "sent": nothing moves back.
    expect((await hook(good.body, good.signature)).json()).toMatchObject({ ok: true, recorded: 0 });
    const late = statusWebhook(SECRET, [{ id: msg!.messageId, status: 'sent', recipient_id: msg!.to }]);
    expect((await hook(late.body, late.signature)).json()).toMatchObject({ recorded: 0 });
    expect(await status()).toEqual(after);
  });

  it('"failed" from Meta after it accepted the message sends the SMS fallback once, whatever the replays', async () => {
    const c = await verifiedCustomer();
    await putPrefs(c, { whatsapp: true });
    await place(t, c, orderBody(shop, c));
    await kickWhatsApp(t.deps);
    const [msg] = graph.to(c.mobile);
    const failed = statusWebhook(SECRET, [{ id: msg!.messageId, status: 'failed', recipient_id: msg!.to }]);
    expect((await hook(failed.body, failed.signature)).json()).toMatchObject({ recorded: 1 });
    expect((await hook(failed.body, failed.signature)).json()).toMatchObject({ recorded: 0 });
    await kickSms(t.deps);
    const texts = msg91.received.filter((r) => r.recipients.some((x) => x.mobiles === c.mobile.slice(1)));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.recipients[0]!.message).toContain('is confirmed for');
    expect((await outbox(c.user.id))[0]).toMatchObject({ status: 'sent', delivery_status: 'failed' });
  });

  it("answers Meta's verification handshake only with the verify token", async () => {
    const ok = await t.request({ method: 'GET', url: '/api/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.request({ method: 'GET', url: '/api/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1' });
    expect(wrong.statusCode).toBe(403);
  });
});
