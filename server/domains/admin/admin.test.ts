import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createUser } from '../../../test/helpers/factories';
import type { AuthUser } from '../../trpc/context';
import { customer as shopper, loadShop, orderBody, place } from '../../../test/integration/orders-fixtures';
import { freshIp, lastMailTo, post, signupUser, tokenFromMail } from '../auth/auth.test-helpers';

let t: TestApp;
let admin: AuthUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps.db, { role: 'admin', email: `admin.${Date.now()}@hydroshakes.in`, name: 'Neha Admin' });
});
afterAll(async () => {
  await t?.close();
});

// The admin matrix (every staff procedure × every role, /api and /trpc) is test/integration/permissions.test.ts.

describe('dashboard', () => {
  it('counts customers, shakes and ingredients from the database', async () => {
    const before = (await t.caller(admin).admin.dashboard()).counts.customers;
    await createUser(t.deps.db);
    const d = await t.caller(admin).admin.dashboard();
    expect(d.counts.customers).toBe(before + 1);
    expect(d.counts.shakes).toBe(8);
    expect(d.counts.ingredients).toBeGreaterThanOrEqual(25);
    expect(d.metrics.map((m) => m.key)).toEqual(expect.arrayContaining(['customers.total', 'customers.new7', 'catalogue.shakes']));
    const rest = await t.request({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: await t.bearer(admin) } });
    expect(rest.json().counts).toEqual(d.counts);
  });
});

describe('dashboard report', () => {
  it('counts placed orders per IST day, compares with the period before, and shows status, slot fill and top shakes', async () => {
    const auth = { authorization: await t.bearer(admin) };
    const get = async (range: string) =>
      (await t.request({ method: 'GET', url: `/api/admin/dashboard/report?range=${range}`, headers: auth })).json();
    const before = await get('7d');
    expect(before.days).toHaveLength(7);
    expect(before.days.at(-1).date).toBe(before.to);
    expect(before.previousTo < before.from).toBe(true);

    const shop = await loadShop(t);
    const c1 = await shopper(t);
    const c2 = await shopper(t);
    const totals: number[] = [];
    for (const [c, qty] of [
      [c1, 2],
      [c2, 1],
    ] as const) {
      const res = await place(t, c, orderBody(shop, c, { lines: [{ id: shop.shakes[2]!.id, type: 'signature', quantity: qty }] }));
      expect(res.statusCode, res.body).toBe(200);
      totals.push(res.json().order.breakdown.total);
    }
    const after = await get('7d');
    const today = after.days.at(-1);
    expect(today.orders - before.days.at(-1).orders).toBe(2);
    // Cash on delivery is revenue once delivered: two orders more, no revenue yet.
    expect(totals[0]! + totals[1]!).toBeGreaterThan(0);
    expect(today.revenue).toBe(before.days.at(-1).revenue);
    expect(after.totals.orders - before.totals.orders).toBe(2);
    expect(after.totals.aov).toBe(before.totals.aov);
    expect(after.totals.newCustomers - before.totals.newCustomers).toBe(2);
    const confirmed = (r: { ordersByStatus: { status: string; count: number }[] }) =>
      r.ordersByStatus.find((s) => s.status === 'confirmed')!.count;
    expect(confirmed(after) - confirmed(before)).toBe(2);
    expect(after.topShakes[0]).toMatchObject({ id: shop.shakes[2]!.id, name: shop.shakes[2]!.name });
    expect(after.topShakes[0].quantity).toBeGreaterThanOrEqual(3);
    const fill = (r: { slotFill: { date: string; booked: number; capacity: number }[] }) => r.slotFill.find((d) => d.date === shop.date)!;
    expect(after.slotFill).toHaveLength(7);
    expect(fill(after).booked - fill(before).booked).toBe(2);
    expect(fill(after).capacity).toBeGreaterThan(0);
    expect(after.activeSubscribers).toBe(0);
    expect(after.catalogue.shakes).toBeGreaterThanOrEqual(8);

    const bad = await t.request({ method: 'GET', url: '/api/admin/dashboard/report?range=week', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Choose today, 7d, 30d or 90d');
  });
});

describe('customer detail sections', () => {
  it('lists the customer’s latest orders, each linked to the orders desk, and their addresses', async () => {
    const shop = await loadShop(t);
    const c = await shopper(t);
    const res = await place(t, c, orderBody(shop, c));
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order;
    const detail = await t.caller(admin).admin.customer({ id: c.user.id });
    const orders = detail.sections.find((s) => s.key === 'orders')!;
    expect(orders.rows).toContainEqual(expect.objectContaining({ label: order.number, href: `/admin/orders?id=${order.id}` }));
    const addresses = detail.sections.find((s) => s.key === 'addresses')!;
    expect(addresses.rows).toHaveLength(1);
    expect(addresses.rows[0]!.label).toBe('Asha Rao (default)');
    expect(addresses.rows[0]!.value).toContain('560038');
  });
});

describe('customers', () => {
  it('searches by e-mail, name, username and mobile, pages with totalCount and X-Total-Count', async () => {
    const tag = `kav${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await createUser(t.deps.db, { email: `${tag}${i}@example.in`, name: `Kavya ${i}` });
    const auth = { authorization: await t.bearer(admin) };
    const page1 = await t.request({ method: 'GET', url: `/api/admin/customers?search=${tag}&page=1&pageSize=2`, headers: auth });
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['x-total-count']).toBe('3');
    expect(page1.json().totalCount).toBe(3);
    expect(page1.json().customers).toHaveLength(2);
    const page2 = (await t.request({ method: 'GET', url: `/api/admin/customers?search=${tag}&page=2&pageSize=2`, headers: auth })).json();
    expect(page2.customers).toHaveLength(1);
    const ids = new Set([...page1.json().customers, ...page2.customers].map((c: { id: string }) => c.id));
    expect(ids.size).toBe(3);
    // No password hashes ever leave the server.
    expect(JSON.stringify(page1.json())).not.toMatch(/argon2|password_hash/);
    // LIKE wildcards are literal.
    expect((await t.caller(admin).admin.customers({ search: '%', page: 1, pageSize: 10 })).totalCount).toBe(0);
    const byName = await t.caller(admin).admin.customers({ search: `kavya`, page: 1, pageSize: 100 });
    expect(byName.totalCount).toBeGreaterThanOrEqual(3);
  });

  it('shows one customer, and 404s for an unknown id', async () => {
    const { answer } = await signupUser(t);
    const d = await t.caller(admin).admin.customer({ id: answer.user.id });
    expect(d.customer).toMatchObject({
      id: answer.user.id,
      email: answer.user.email,
      has_password: true,
      providers: ['password'],
      active_sessions: 1,
    });
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/customers/00000000-0000-4000-8000-000000000000',
      headers: { authorization: await t.bearer(admin) },
    });
    expect(res.statusCode).toBe(404);
    const bad = await t.request({
      method: 'GET',
      url: '/api/admin/customers/not-a-uuid',
      headers: { authorization: await t.bearer(admin) },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('admin password reset', () => {
  it('mails the customer a working link, audits it, and never shows the token to the admin', async () => {
    const { input, answer } = await signupUser(t);
    const res = await post(t, '/api/admin/password-reset', { email: input.email }, { authorization: await t.bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, sentTo: input.email });
    expect(JSON.stringify(res.json())).not.toMatch(/hsp_/);
    const mail = await lastMailTo(t, input.email);
    expect(mail?.text).toMatch(/support team/);
    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', answer.user.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      action: 'customer.password_reset_sent',
      entity: 'user',
    });
    const done = await post(
      t,
      '/api/auth/reset-password/complete',
      { token: tokenFromMail(mail!.text), password: 'Fresh-Basil-2027' },
      {},
      freshIp(),
    );
    expect(done.statusCode).toBe(200);
    // By id too; an unknown customer is a 404.
    expect(
      (await post(t, '/api/admin/password-reset', { userId: answer.user.id }, { authorization: await t.bearer(admin) })).statusCode,
    ).toBe(200);
    expect(
      (await post(t, '/api/admin/password-reset', { email: 'nobody@example.in' }, { authorization: await t.bearer(admin) })).statusCode,
    ).toBe(404);
    expect((await post(t, '/api/admin/password-reset', {}, { authorization: await t.bearer(admin) })).statusCode).toBe(400);
  });
});
