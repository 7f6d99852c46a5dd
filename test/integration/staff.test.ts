import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstances, type Instances } from '../helpers/instances';
import { createUser } from '../helpers/factories';
import type { TestApp } from '../helpers/app';
import type { AuthUser } from '../../server/trpc/context';
import { customer, loadShop, orderBody, place, type Shop } from './orders-fixtures';
import { lastMailTo, tokenFromMail } from '../../server/domains/auth/auth.test-helpers';

/** Staff of PRODUCT.md §17: the support agent's refund cap, managing staff, and disabling on every instance. */

let two: Instances;
let t: TestApp;
let shop: Shop;
let owner: AuthUser;
let ownerAuth: string;
beforeAll(async () => {
  two = await createInstances();
  t = two.t;
  shop = await loadShop(t);
  owner = await createUser(t.deps.db, { role: 'admin', name: 'Meera Owner' });
  ownerAuth = await t.bearer(owner);
});
afterAll(async () => {
  await two?.close();
});

const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });
const post = (auth: string, url: string, body: unknown = {}) =>
  t.request({ method: 'POST', url, headers: json(auth), payload: JSON.stringify(body) });

/** An order paid online through the built-in test gateway, for `quantity` bottles of the first shake. */
async function paidOrder(quantity: number) {
  const c = await customer(t);
  const placed = await place(
    t,
    c,
    orderBody(shop, c, { paymentMethod: 'razorpay', lines: [{ id: shop.shakes[0]!.id, type: 'signature', quantity }] }),
  );
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().order.id as string;
  const paid = await post(c.auth, '/api/payment/test/complete', { orderId: id, outcome: 'success' });
  expect(paid.json().order.paymentStatus).toBe('paid');
  return { id, total: placed.json().order.breakdown.total as number };
}

describe('support refunds a little', () => {
  it('refunds up to ₹1,000 of an order in all; more is refused with a sentence and leaves the payment as it was', async () => {
    const support = await t.bearer(await createUser(t.deps.db, { role: 'support' }));
    const order = await paidOrder(8);
    expect(order.total).toBeGreaterThan(120_000);
    const first = await http(support, 'POST', `/api/admin/orders/${order.id}/refund`, {
      amount: 60_000,
      reason: 'Two bottles leaked',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(first.status, first.body).toBe(200);
    // ₹600 + ₹500 would pass ₹1,000: refused, and nothing more is reserved on the payment.
    const second = await http(support, 'POST', `/api/admin/orders/${order.id}/refund`, {
      amount: 50_000,
      reason: 'One more',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(second.status).toBe(403);
    expect(second.json().message).toMatch(/up to ₹1,000/);
    const refunded = await t.deps.db
      .selectFrom('payments')
      .select('refunded_paise')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(refunded.refunded_paise).toBe(60_000);
    // The owner has no cap.
    const owners = await http(ownerAuth, 'POST', `/api/admin/orders/${order.id}/refund`, {
      amount: 50_000,
      reason: 'One more',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(owners.status, owners.body).toBe(200);
  });
});

/** A call as the back office's browser makes it, over a real port: keep-alive, compression offered, the app's Origin. */
async function http(auth: string, method: string, path: string, body?: unknown) {
  const base = await two.a.listen();
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: auth,
      'accept-encoding': 'br, gzip',
      origin: t.deps.config.PUBLIC_URL,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text, json: () => JSON.parse(text) };
}

describe('the refund cap at every door that gives money back', () => {
  const orderStatus = async (id: string) => (await http(ownerAuth, 'GET', `/api/admin/orders/${id}`)).json().order.status as string;

  it('cancelling a paid order: support gives back up to ₹1,000; more is a 403 that cancels and refunds nothing; a manager may', async () => {
    const support = await t.bearer(await createUser(t.deps.db, { role: 'support' }));
    const manager = await t.bearer(await createUser(t.deps.db, { role: 'manager' }));
    const small = await paidOrder(1);
    expect(small.total).toBeLessThanOrEqual(100_000);
    const ok = await http(support, 'POST', `/api/admin/orders/${small.id}/cancel`, { reason: 'Customer asked by phone' });
    expect(ok.status, ok.body).toBe(200);
    expect(await orderStatus(small.id)).toBe('cancelled');

    const big = await paidOrder(8);
    expect(big.total).toBeGreaterThan(100_000);
    const refused = await http(support, 'POST', `/api/admin/orders/${big.id}/cancel`, { reason: 'Customer asked by phone' });
    expect(refused.status).toBe(403);
    expect(refused.json().message).toMatch(/up to ₹1,000 .*Ask a manager or the owner/);
    expect(await orderStatus(big.id)).not.toBe('cancelled');
    const pay = await t.deps.db.selectFrom('payments').select('refunded_paise').where('order_id', '=', big.id).executeTakeFirstOrThrow();
    expect(pay.refunded_paise).toBe(0);
    expect(await t.deps.db.selectFrom('refunds').select('id').where('order_id', '=', big.id).execute()).toEqual([]);

    const managers = await http(manager, 'POST', `/api/admin/orders/${big.id}/cancel`, { reason: 'Customer asked by phone' });
    expect(managers.status, managers.body).toBe(200);
    expect(await orderStatus(big.id)).toBe('cancelled');
  });

  it('cancelling a wallet-paid order and crediting a wallet follow the same cap; the owner may credit more', async () => {
    const support = await t.bearer(await createUser(t.deps.db, { role: 'support' }));
    const manager = await t.bearer(await createUser(t.deps.db, { role: 'manager' }));
    const c = await customer(t);
    const credit = (auth: string, amount: number) =>
      http(auth, 'POST', `/api/admin/wallets/${c.user.id}/adjust`, { amount, reason: 'Goodwill for a late delivery' });
    const owners = await credit(ownerAuth, 300_000);
    expect(owners.status, owners.body).toBe(200);
    const supports = await credit(support, 50_000);
    expect(supports.status).toBe(403);
    expect((await credit(manager, 150_000)).status).toBe(200);

    const placed = await place(
      t,
      c,
      orderBody(shop, c, { paymentMethod: 'wallet', lines: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 8 }] }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    expect(order.breakdown.total).toBeGreaterThan(100_000);
    const balance = async () => (await http(ownerAuth, 'GET', `/api/admin/wallets/${c.user.id}`)).json().balance as number;
    const before = await balance();
    const refused = await http(support, 'POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked by phone' });
    expect(refused.status).toBe(403);
    expect(refused.json().message).toMatch(/up to ₹1,000/);
    expect(await orderStatus(order.id)).not.toBe('cancelled');
    expect(await balance()).toBe(before);
    const managers = await http(manager, 'POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked by phone' });
    expect(managers.status, managers.body).toBe(200);
    expect(await balance()).toBe(before + order.breakdown.total);
  });
});

describe('/admin/staff', () => {
  it('the owner invites a rider by e-mail: the link sets a password, signs them in as a rider; audited; the list shows the last sign-in', async () => {
    const email = `ravi.${crypto.randomBytes(3).toString('hex')}@hydroshakes.in`;
    const invited = await post(ownerAuth, '/api/admin/staff', { email, name: 'Ravi Kumar', role: 'rider', mobile: '98450 12345' });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().member).toMatchObject({ email, role: 'rider', invitePending: true, lastSignInAt: null, mobile: '+919845012345' });
    // The answer names the channel the invitation went on: the typed address, by e-mail, though nothing verified it yet.
    expect(invited.json().told).toBe(`Sent by e-mail to ra•••@hydroshakes.in`);
    const mail = await lastMailTo(t, email);
    expect(mail?.subject).toBe('You are invited to the Hydro Shakes team');
    expect(mail?.text).toContain('as Rider');
    expect(mail?.text).toMatch(/\/join\?token=hsp_/);
    // One message of the notifications domain: its inbox entry leads to the rider's first screen and keeps no secret link.
    const inbox = await t.deps.db
      .selectFrom('messages')
      .innerJoin('mail_outbox', 'mail_outbox.message_id', 'messages.id')
      .select(['messages.event', 'messages.title', 'messages.link', 'mail_outbox.to_email'])
      .where('messages.user_id', '=', invited.json().member.id)
      .execute();
    expect(inbox).toEqual([{ event: 'staff_invited', title: 'You are invited to the Hydro Shakes team as Rider', link: '/rider', to_email: email }]);
    // The e-mail's link opens the invitation's page, whose calls take its token: the rider joins and lands on /rider.
    const token = tokenFromMail(mail!.text);
    const json = (url: string, body: unknown) =>
      t.request({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const page = await json('/api/auth/invitation', { token });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ role_label: 'Rider', email, landing: '/rider' });
    const done = await json('/api/auth/invitation/accept', { token, password: 'Tamarind-Monsoon-42' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ landing: '/rider', user: { role: 'rider', email_verified: true } });
    const list = await t.request({ method: 'GET', url: '/api/admin/staff', headers: { authorization: ownerAuth } });
    const me = list.json().staff.find((m: { email: string }) => m.email === email);
    expect(me).toMatchObject({ role: 'rider', invitePending: false, disabled: false });
    expect(me.lastSignInAt).not.toBeNull();
    const audit = await t.deps.db.selectFrom('audit_log').select(['action', 'actor_email']).where('entity_id', '=', me.id).execute();
    expect(audit).toEqual([{ action: 'staff.invited', actor_email: owner.email }]);
    // Again: already on the team.
    const again = await post(ownerAuth, '/api/admin/staff', { email, name: 'Ravi Kumar', role: 'kitchen' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already on the team as Rider/);
  });

  it('only the owner manages staff: a manager gets 403; nobody changes their own role', async () => {
    const manager = await createUser(t.deps.db, { role: 'manager' });
    const res = await post(await t.bearer(manager), '/api/admin/staff', { email: 'x@hydroshakes.in', name: 'X', role: 'kitchen' });
    expect(res.statusCode).toBe(403);
    const self = await t.request({
      method: 'PATCH',
      url: `/api/admin/staff/${owner.id}`,
      headers: json(ownerAuth),
      payload: JSON.stringify({ role: 'manager' }),
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/your own role/);
  });

  it('disabling a staff member ends their access on two instances at once; a role change ends their sessions too', async () => {
    const kitchen = await createUser(t.deps.db, { role: 'manager', name: 'Kiran Manager' });
    const auth = await t.bearer(kitchen);
    const read = (i: typeof two.a) => i.request({ method: 'GET', url: '/api/admin/orders', headers: { authorization: auth } });
    // Both instances have the session cached as open.
    expect((await read(two.a)).statusCode).toBe(200);
    expect((await read(two.b)).statusCode).toBe(200);
    const off = await t.request({
      method: 'PATCH',
      url: `/api/admin/staff/${kitchen.id}`,
      headers: json(ownerAuth),
      payload: JSON.stringify({ disabled: true }),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ member: { disabled: true }, sessionsEnded: 1 });
    // A itself dropped the session; B heard it over LISTEN/NOTIFY: wait for that, never sleep.
    expect((await read(two.a)).statusCode).toBe(401);
    await expect.poll(async () => (await read(two.b)).statusCode, { timeout: 5_000, interval: 20 }).toBe(401);
    const audit = await t.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', kitchen.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['staff.disabled']);

    const support = await createUser(t.deps.db, { role: 'support' });
    const supportAuth = await t.bearer(support);
    expect((await two.b.request({ method: 'GET', url: '/api/admin/orders', headers: { authorization: supportAuth } })).statusCode).toBe(
      200,
    );
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/admin/staff/${support.id}`,
      headers: json(ownerAuth),
      payload: JSON.stringify({ role: 'kitchen' }),
    });
    expect(changed.json()).toMatchObject({ member: { role: 'kitchen' }, sessionsEnded: 1 });
    await expect
      .poll(
        async () => (await two.b.request({ method: 'GET', url: '/api/admin/orders', headers: { authorization: supportAuth } })).statusCode,
        { timeout: 5_000, interval: 20 },
      )
      .toBe(401);
  });
});
