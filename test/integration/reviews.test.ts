import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { customer, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';

/** Issue 15: the shake page's data and reviews from verified buyers. */
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

const json = (auth?: string) => ({ ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' });
const get = (url: string, auth?: string) => t.request({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });
const post = (url: string, body: unknown, auth?: string) => t.request({ method: 'POST', url, headers: json(auth), payload: JSON.stringify(body) });

async function codOrder(c: Customer, shakeIndexes = [0, 1]) {
  const lines = shakeIndexes.map((i) => ({ id: shop.shakes[i]!.id, type: 'signature', quantity: 1 }));
  const res = await place(t, c, orderBody(shop, c, { lines }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { id: string };
}
async function deliver(id: string) {
  for (const status of ['preparing', 'out_for_delivery', 'delivered']) {
    const res = await post(`/api/admin/orders/${id}/status`, { status, confirm: true }, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
  }
}
const review = (c: Customer, body: Record<string, unknown>) => post('/api/user/reviews', body, c.auth);
const ratingOf = async (shakeId: string) =>
  ((await get('/api/reviews/ratings')).json() as { shakeId: string; average: number; count: number }[]).find((r) => r.shakeId === shakeId);

describe('a shake by slug or id', () => {
  it('lists its ingredients with the hydroponic ones marked, the same by slug and by id', async () => {
    const bySlug = await get('/api/shakes/green-glow');
    expect(bySlug.statusCode).toBe(200);
    const s = bySlug.json();
    expect(s.ingredientDetails.map((i: { name: string }) => i.name)).toEqual(s.ingredients);
    const spinach = s.ingredientDetails.find((i: { name: string }) => i.name === 'Baby spinach');
    const apple = s.ingredientDetails.find((i: { name: string }) => i.name === 'Green apple');
    // Independent path: the ingredient list the builder reads.
    const all = (await get('/api/ingredients')).json() as { name: string; hydroponic: boolean }[];
    expect(spinach.hydroponic).toBe(all.find((i) => i.name === 'Baby spinach')!.hydroponic);
    expect(spinach.hydroponic).toBe(true);
    expect(apple.hydroponic).toBe(false);
    expect((await get(`/api/shakes/${s.id}`)).json()).toEqual(s);
  });

  it('answers 404 with a sentence for an unknown slug', async () => {
    const res = await get('/api/shakes/no-such-shake');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('That shake was not found.');
  });
});

describe('reviews from verified buyers', () => {
  it('refuses a review before delivery, accepts one after, once per shake', async () => {
    const c = await customer(t);
    const order = await codOrder(c);
    const shakeId = shop.shakes[0]!.id;
    const early = await review(c, { orderId: order.id, shakeId, rating: 5 });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(/once the order that brought it has been delivered/);

    await deliver(order.id);
    const mine = (await get(`/api/orders/${order.id}/reviews`, c.auth)).json();
    expect(mine.delivered).toBe(true);
    expect(mine.items.map((i: { shakeId: string }) => i.shakeId).sort()).toEqual([shop.shakes[0]!.id, shop.shakes[1]!.id].sort());
    expect(mine.items.every((i: { review: unknown }) => i.review === null)).toBe(true);

    const ok = await review(c, { orderId: order.id, shakeId, rating: 4, body: '  Fresh and green, not too sweet.  ' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ rating: 4, body: 'Fresh and green, not too sweet.', hidden: false });

    const again = await review(c, { orderId: order.id, shakeId, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this shake. Thank you!');
    // Even from a second delivered order with the same shake.
    const second = await codOrder(c, [0]);
    await deliver(second.id);
    expect((await review(c, { orderId: second.id, shakeId, rating: 1 })).statusCode).toBe(409);

    const after = (await get(`/api/orders/${order.id}/reviews`, c.auth)).json();
    expect(after.items.find((i: { shakeId: string }) => i.shakeId === shakeId).review.rating).toBe(4);
  });

  it('only the buyer may review, only shakes of that order, 1–5 stars and at most 1,000 characters', async () => {
    const c = await customer(t);
    const order = await codOrder(c, [2]);
    await deliver(order.id);
    const shakeId = shop.shakes[2]!.id;

    const stranger = await customer(t);
    expect((await review(stranger, { orderId: order.id, shakeId, rating: 5 })).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.id}/reviews`, stranger.auth)).statusCode).toBe(404);
    expect((await post('/api/user/reviews', { orderId: order.id, shakeId, rating: 5 })).statusCode).toBe(401);
    // An admin can see the order but is not its buyer.
    expect((await review(admin, { orderId: order.id, shakeId, rating: 5 })).statusCode).toBe(404);

    const notInOrder = await review(c, { orderId: order.id, shakeId: shop.shakes[5]!.id, rating: 5 });
    expect(notInOrder.statusCode).toBe(400);
    expect(notInOrder.json().message).toBe('That shake is not in this order.');

    for (const rating of [0, 6, 4.5, null]) {
      const res = await review(c, { orderId: order.id, shakeId, rating });
      expect(res.statusCode, `rating ${JSON.stringify(rating)}`).toBe(400);
    }
    const long = await review(c, { orderId: order.id, shakeId, rating: 5, body: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatch(/1,000 characters/);

    const html = '<img src=x onerror="alert(1)"> <b>bold</b> & more';
    const ok = await review(c, { orderId: order.id, shakeId, rating: 5, body: html });
    expect(ok.statusCode).toBe(200);
    const list = (await get(`/api/shakes/${shakeId}/reviews`)).json();
    expect(list.reviews[0].body).toBe(html);
  });

  it('shows the average and count, and the admin can hide a review (audited) and show it again', async () => {
    const shakeId = shop.shakes[3]!.id;
    const buyers = await Promise.all([customer(t), customer(t), customer(t)]);
    const ids: string[] = [];
    for (const [n, c] of buyers.entries()) {
      const order = await codOrder(c, [3]);
      await deliver(order.id);
      const res = await review(c, { orderId: order.id, shakeId, rating: [5, 4, 1][n], body: n === 2 ? 'Did not like it at all, sorry.' : '' });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().id);
    }
    expect(await ratingOf(shakeId)).toEqual({ shakeId, average: 3.3, count: 3 });
    const page = (await get(`/api/shakes/${shakeId}/reviews`)).json();
    expect(page.summary).toEqual({ shakeId, average: 3.3, count: 3 });
    expect(page.reviews).toHaveLength(3);

    const hide = (auth?: string) => post(`/api/admin/reviews/${ids[2]}/hide`, { hidden: true }, auth);
    expect((await hide()).statusCode).toBe(401);
    expect((await hide(buyers[0]!.auth)).statusCode).toBe(403);
    const hidden = await hide(admin.auth);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().hidden).toBe(true);

    expect(await ratingOf(shakeId)).toEqual({ shakeId, average: 4.5, count: 2 });
    const visible = (await get(`/api/shakes/${shakeId}/reviews`)).json();
    expect(visible.reviews.map((r: { id: string }) => r.id)).not.toContain(ids[2]);
    const forAdmin = (await get(`/api/admin/reviews?id=${shakeId}`, admin.auth)).json();
    expect(forAdmin.reviews.find((r: { id: string }) => r.id === ids[2]).hidden).toBe(true);
    expect((await get(`/api/admin/reviews?id=${shakeId}`, buyers[0]!.auth)).statusCode).toBe(403);

    const audit = (await get(`/api/admin/audit-log?entity=review&entityId=${ids[2]}`, admin.auth)).json();
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ action: 'review.hide', actorEmail: admin.user.email, before: { hidden: false }, after: { hidden: true } });

    expect((await post(`/api/admin/reviews/${ids[2]}/hide`, { hidden: false }, admin.auth)).json().hidden).toBe(false);
    expect(await ratingOf(shakeId)).toEqual({ shakeId, average: 3.3, count: 3 });
    expect((await post(`/api/admin/reviews/${crypto.randomUUID()}/hide`, { hidden: true }, admin.auth)).statusCode).toBe(404);
  });

  it('feeds the home testimonials with recent good reviews that have words', async () => {
    const latest = (await get('/api/reviews/latest')).json() as { body: string; rating: number; shakeName: string }[];
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.length).toBeLessThanOrEqual(3);
    for (const r of latest) {
      expect(r.rating).toBeGreaterThanOrEqual(4);
      expect(r.body.length).toBeGreaterThanOrEqual(20);
      expect(shop.shakes.map((s) => s.name)).toContain(r.shakeName);
    }
  });
});
