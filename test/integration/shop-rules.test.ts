import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { addAddress, customer, loadShop, place, type Customer, type Shop } from './orders-fixtures';
import { istToday } from '../../shared/rules/slots';

/**
 * Issue 20, items 9–13: the server rules behind what shoppers and the owner hit in the browser.
 * Through the REST API (app.inject) on the test database; figures compared with the test's own SQL.
 */
let t: TestApp;
let shop: Shop;
let admin: Customer;

beforeAll(async () => {
  t = await createTestApp();
  shop = await loadShop(t);
  admin = await customer(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const headers = (c: Customer) => ({ authorization: c.auth, 'content-type': 'application/json' });
const call = (c: Customer, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.request({ method, url, headers: headers(c), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

/** ₹658: two Protein Power (WELCOME50 needs ₹199). */
const protein = () => shop.shakes.find((s) => s.price === 32_900)!;
const lines = () => [{ id: protein().id, type: 'signature', quantity: 2 }];
const onlineOrder = (c: Customer, over: Record<string, unknown> = {}) => ({
  lines: lines(),
  addressId: c.addressId,
  slotId: shop.slotId,
  date: shop.date,
  paymentMethod: 'razorpay',
  ...over,
});

describe('item 9: a coupon held by an unpaid order says so and how to free it', () => {
  it('WELCOME50 on an order left unpaid: the refusal names the order; cancelling it frees the code', async () => {
    const c = await customer(t);
    const placed = await place(t, c, onlineOrder(c, { couponCode: 'WELCOME50' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order as { id: string; number: string; status: string };
    expect(order.status).toBe('pending_payment');

    const again = await call(c, 'POST', '/api/coupons/validate', { code: 'WELCOME50', lines: lines() });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().applied).toBe(false);
    expect(again.json().refusal.message).toBe(
      `WELCOME50 is held by your unpaid order ${order.number}. Pay for ${order.number} to use it there, or cancel ${order.number} to use WELCOME50 on this order.`,
    );
    // Placing a second order with it is refused with the same reason (409, no 5xx).
    const second = await place(t, c, onlineOrder(c, { couponCode: 'WELCOME50' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain(`held by your unpaid order ${order.number}`);

    const cancelled = await call(c, 'POST', `/api/orders/${order.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const freed = await call(c, 'POST', '/api/coupons/validate', { code: 'WELCOME50', lines: lines() });
    expect(freed.json()).toMatchObject({ applied: true, discount: 10_000 });
  });

  it('an unpaid order without the code still counts as the first order: the refusal says cancelling frees it', async () => {
    const c = await customer(t);
    const placed = await place(t, c, onlineOrder(c));
    expect(placed.statusCode, placed.body).toBe(200);
    const { number } = placed.json().order as { number: string };
    const r = await call(c, 'POST', '/api/coupons/validate', { code: 'WELCOME50', lines: lines() });
    expect(r.json().refusal).toMatchObject({
      code: 'COUPON_FIRST_ORDER_ONLY',
      message: `WELCOME50 is for your first order only, and your unpaid order ${number} counts as one. Cancel ${number} to use WELCOME50 on this order.`,
    });
  });

  it('after a paid (COD) order the refusal is the plain first-order one', async () => {
    const c = await customer(t);
    expect((await place(t, c, onlineOrder(c, { paymentMethod: 'cod' }))).statusCode).toBe(200);
    const r = await call(c, 'POST', '/api/coupons/validate', { code: 'WELCOME50', lines: lines() });
    expect(r.json().refusal.message).toBe('WELCOME50 is for your first order only.');
  });
});

describe('item 10: an order’s lines leave the server cart when it is placed', () => {
  it('placing an online order (not yet paid) takes its lines out of the cart and keeps the rest', async () => {
    const c = await customer(t);
    const [a, b, other] = shop.shakes;
    const put = await call(c, 'PUT', '/api/user/cart', {
      lines: [
        { id: a!.id, type: 'signature', quantity: 2 },
        { id: b!.id, type: 'signature', quantity: 1 },
        { id: other!.id, type: 'signature', quantity: 1 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const before = put.json().version as number;
    const placed = await place(t, c, {
      ...onlineOrder(c),
      lines: [
        { id: a!.id, type: 'signature', quantity: 2 },
        { id: b!.id, type: 'signature', quantity: 1 },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.status).toBe('pending_payment');
    const cart = (await call(c, 'GET', '/api/user/cart')).json();
    expect(cart.lines.map((l: { id: string }) => l.id)).toEqual([other!.id]);
    // A newer version: other devices adopt the change.
    expect(cart.version).toBeGreaterThan(before);
  });

  it('a refused placement leaves the cart as it was', async () => {
    const c = await customer(t);
    const a = shop.shakes[0]!;
    await call(c, 'PUT', '/api/user/cart', { lines: [{ id: a.id, type: 'signature', quantity: 1 }] });
    const refused = await place(t, c, { ...onlineOrder(c), lines: [{ id: a.id, type: 'signature', quantity: 1 }], couponCode: 'NOSUCHCODE' });
    expect(refused.statusCode).toBe(409);
    const cart = (await call(c, 'GET', '/api/user/cart')).json();
    expect(cart.lines.map((l: { id: string }) => l.id)).toEqual([a.id]);
  });
});

describe('item 11: vegan with dairy is refused with a field error', () => {
  const shake = (over: Record<string, unknown> = {}) => ({
    slug: `curd-${crypto.randomBytes(4).toString('hex')}`,
    name: 'Curd Cooler',
    price: 19_900,
    image: '/images/shakes/placeholder.svg',
    description: 'Set curd, cucumber and mint.',
    calories: 180,
    protein: 9,
    carbs: 14,
    fat: 6,
    fibre: 1,
    sugar: 9,
    ingredients: ['Curd', 'Cucumber', 'Mint'],
    allergens: ['dairy'],
    vegan: true,
    tags: [],
    active: true,
    inStock: true,
    sortOrder: 90,
    ...over,
  });

  it('a new shake marked vegan with dairy: 400, fieldErrors.vegan, nothing saved', async () => {
    const s = shake();
    const r = await call(admin, 'POST', '/api/admin/shakes', s);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().fieldErrors).toEqual({ vegan: ['A vegan item cannot contain dairy'] });
    expect(r.json().message).toBe('A shake with dairy cannot be vegan. Untick Vegan, or remove Dairy from the allergens.');
    const row = await t.deps.db.selectFrom('signature_shakes').select('id').where('slug', '=', s.slug).executeTakeFirst();
    expect(row).toBeUndefined();
    // Not vegan, it is saved.
    expect((await call(admin, 'POST', '/api/admin/shakes', shake({ vegan: false }))).statusCode).toBe(200);
  });

  it('an update that would make a dairy shake vegan (or add dairy to a vegan one) is refused', async () => {
    const created = (await call(admin, 'POST', '/api/admin/shakes', shake({ vegan: false }))).json();
    const toVegan = await call(admin, 'PATCH', `/api/admin/shakes/${created.id}`, { vegan: true });
    expect(toVegan.statusCode).toBe(400);
    expect(toVegan.json().fieldErrors.vegan).toBeDefined();
    const vegan = (await call(admin, 'POST', '/api/admin/shakes', shake({ allergens: [], vegan: true }))).json();
    const addDairy = await call(admin, 'PATCH', `/api/admin/shakes/${vegan.id}`, { allergens: ['dairy'] });
    expect(addDairy.statusCode).toBe(400);
  });

  it('ingredients follow the same rule', async () => {
    const list = (await call(admin, 'GET', '/api/admin/ingredients')).json() as { id: string; slug: string; vegan: boolean }[];
    const whey = list.find((i) => i.slug === 'whey')!;
    const r = await call(admin, 'PATCH', `/api/admin/ingredients/${whey.id}`, { vegan: true });
    expect(r.statusCode).toBe(400);
    expect(r.json().fieldErrors).toEqual({ vegan: ['A vegan item cannot contain dairy'] });
    const fresh = await call(admin, 'POST', '/api/admin/ingredients', {
      slug: `paneer-${crypto.randomBytes(3).toString('hex')}`,
      name: 'Paneer',
      category: 'protein',
      description: '',
      price: 3000,
      nutrition: { kcal: 80, protein: 5, carbs: 1, fat: 6, fibre: 0, sugar: 1 },
      allergens: ['dairy'],
      vegan: true,
      hydroponic: false,
      inStock: true,
      active: true,
      sortOrder: 99,
    });
    expect(fresh.statusCode).toBe(400);
  });
});

describe('item 12: revenue counts subscription sales; average order value counts orders only', () => {
  it('the dashboard splits revenue and the customer detail’s Spent adds the plan, as the database says', async () => {
    const c = await customer(t);
    const order = await place(t, c, { ...onlineOrder(c), paymentMethod: 'cod', lines: [{ id: protein().id, type: 'signature', quantity: 1 }] });
    expect(order.statusCode, order.body).toBe(200);
    const total = order.json().order.breakdown.total as number;
    const plan = ((await t.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans as { id: string; name: string; price: number }[]).find(
      (p) => p.name === 'Vitality Monthly',
    )!;
    const created = await t.request({
      method: 'POST',
      url: '/api/subscription-payment/create',
      headers: { ...headers(c), 'idempotency-key': crypto.randomUUID() },
      payload: JSON.stringify({ planId: plan.id }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const paid = await call(c, 'POST', '/api/subscription-payment/test/complete', {
      gatewayOrderId: created.json().payment.gatewayOrderId,
      outcome: 'success',
    });
    expect(paid.json().paid).toBe(true);

    // The customer detail: Spent = the order + the plan (₹2,399), not the order alone.
    const detail = (await call(admin, 'GET', `/api/admin/customers/${c.user.id}`)).json();
    const spent = detail.sections.find((s: { key: string }) => s.key === 'spending');
    const rupees = (p: number) => `₹${(p / 100).toLocaleString('en-IN')}`;
    expect(spent.rows).toEqual([
      { label: 'Spent', value: rupees(total + 239_900) },
      { label: 'On orders', value: rupees(total) },
      { label: 'On subscriptions', value: rupees(239_900) },
    ]);

    // The dashboard's today against the test's own SQL over orders and subscription payments.
    const report = (await call(admin, 'GET', '/api/admin/dashboard/report?range=today')).json();
    const today = istToday(t.deps.clock.now());
    const start = new Date(`${today}T00:00:00+05:30`).toISOString();
    // Cash on delivery counts as revenue once delivered.
    const db = await sql<{ orders: number; earned: number; order_revenue: number; plan_revenue: number }>`
      select
        (select count(*)::int from orders where created_at >= ${start} and status not in ('cancelled', 'pending_payment')) as orders,
        (select count(*)::int from orders where created_at >= ${start} and status not in ('cancelled', 'pending_payment')
          and (payment_method <> 'cod' or status = 'delivered')) as earned,
        (select coalesce(sum(total_paise), 0)::int from orders
          where created_at >= ${start} and status not in ('cancelled', 'pending_payment') and (payment_method <> 'cod' or status = 'delivered')) as order_revenue,
        (select coalesce(sum(amount_paise), 0)::int from subscription_payments where paid_at >= ${start} and status = 'paid') as plan_revenue`.execute(
      t.deps.db,
    );
    const want = db.rows[0]!;
    expect(want.plan_revenue).toBeGreaterThanOrEqual(239_900);
    expect(report.totals).toMatchObject({
      orderRevenue: want.order_revenue,
      subscriptionRevenue: want.plan_revenue,
      revenue: want.order_revenue + want.plan_revenue,
      orders: want.orders,
      aov: want.earned ? Math.round(want.order_revenue / want.earned) : 0,
    });
    expect(report.days.at(-1)).toMatchObject({ subscriptionRevenue: want.plan_revenue, orderRevenue: want.order_revenue });
  });
});

describe('item 13: an address we do not deliver to may be saved, never as the default', () => {
  it('saved with "make default" at 110001: kept, not the default; the default stays where we deliver', async () => {
    const c = await customer(t);
    const body = { name: 'Asha Rao', phone: '9876543210', line1: '4 Janpath', city: 'New Delhi', state: 'Delhi', pincode: '110001', isDefault: true };
    const r = await call(c, 'POST', '/api/user/addresses', body);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ pincode: '110001', serviceable: false, isDefault: false });
    const list = (await call(c, 'GET', '/api/user/addresses')).json() as { id: string; isDefault: boolean }[];
    expect(list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([c.addressId]);

    // Made the default later: refused with the reason.
    const later = await call(c, 'PATCH', `/api/user/addresses/${r.json().id}`, { isDefault: true });
    expect(later.statusCode).toBe(400);
    expect(later.json().message).toBe('We don’t deliver to PIN code 110001 yet, so it can’t be your default address.');
  });

  it('a first address outside the area is not the default; the first one we serve then is', async () => {
    const user = await createUser(t.deps.db);
    const c: Customer = { user, auth: await t.bearer(user), addressId: '' };
    const far = await call(c, 'POST', '/api/user/addresses', {
      name: 'Asha Rao',
      phone: '9876543210',
      line1: '4 Janpath',
      city: 'New Delhi',
      state: 'Delhi',
      pincode: '110001',
    });
    expect(far.json()).toMatchObject({ isDefault: false, serviceable: false });
    const near = await call(c, 'POST', '/api/user/addresses', {
      name: 'Asha Rao',
      phone: '9876543210',
      line1: '12 HAL 2nd Stage',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
    });
    expect(near.json()).toMatchObject({ isDefault: true, serviceable: true });
    // Deleting the served default never promotes the one outside the area.
    expect((await call(c, 'DELETE', `/api/user/addresses/${near.json().id}`)).statusCode).toBe(200);
    const left = (await call(c, 'GET', '/api/user/addresses')).json() as { isDefault: boolean }[];
    expect(left.map((a) => a.isDefault)).toEqual([false]);
    await addAddress(t.deps.db, user.id, '560038');
  });
});
