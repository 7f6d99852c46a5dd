import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import type { SignatureShake, Ingredient } from '../../shared/schemas/catalogue';
import type { CustomRecipe } from '../../shared/schemas/builder';
import { customItemId } from '../../shared/rules/shake-builder';
import { priceCart } from '../../server/domains/cart/cart.service';

let t: TestApp;
let shakes: SignatureShake[];
let ings: Ingredient[];
const bySlug = (slug: string) => shakes.find((s) => s.slug === slug)!;
const ing = (slug: string) => ings.find((i) => i.slug === slug)!;
let recipe: CustomRecipe;

beforeAll(async () => {
  t = await createTestApp();
  shakes = (await t.request({ method: 'GET', url: '/api/shakes/signature' })).json();
  ings = (await t.request({ method: 'GET', url: '/api/ingredients' })).json();
  // ₹149 + coconut water ₹20 + spinach ₹25 + banana ₹15 = ₹209
  recipe = {
    size: 'regular',
    baseId: ing('coconut-water').id,
    addIns: [
      { ingredientId: ing('spinach').id, portions: 1 },
      { ingredientId: ing('banana').id, portions: 1 },
    ],
    name: 'Green Morning',
  };
});
afterAll(async () => {
  await t?.close();
});

const quote = (body: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/cart/quote',
    payload: body as object,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('POST /api/cart/quote', () => {
  it('prices signature and custom lines from the database, with delivery fee and the GST part', async () => {
    const green = bySlug('green-glow'); // ₹249
    const res = await quote({
      lines: [
        { id: green.id, type: 'signature', quantity: 1 },
        { id: customItemId(recipe), type: 'custom', quantity: 1, recipe },
      ],
    });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.lines.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([24900, 20900]);
    expect(q.lines[0]).toMatchObject({ name: 'Green Glow', available: true, lineTotal: 24900, priceChanged: false });
    expect(q.lines[1]).toMatchObject({ name: 'Green Morning', available: true, image: '/images/shakes/custom.svg' });
    expect(q.subtotal).toBe(45800);
    expect(q.deliveryFee).toBe(4900);
    expect(q.amountToFreeDelivery).toBe(49900 - 45800);
    expect(q.total).toBe(45800 + 4900);
    // GST inside ₹507 at 5%: CGST ₹12.07 + SGST ₹12.07 (₹507 × 2.5/105 = ₹12.0714 each, to the paisa)
    expect(q.gst).toBe(2414);
    expect(q).toMatchObject({ couponDiscount: 0, pointsDiscount: 0, freeItem: null, freeUnitDiscount: 0, hasUnavailable: false });
  });

  it('waives delivery from ₹499 of items', async () => {
    const q = (await quote({ lines: [{ id: bySlug('green-glow').id, type: 'signature', quantity: 2 }] })).json();
    expect(q.subtotal).toBe(49800);
    expect(q.deliveryFee).toBe(4900);
    const q2 = (await quote({ lines: [{ id: bySlug('protein-power').id, type: 'signature', quantity: 2 }] })).json();
    expect(q2.subtotal).toBe(65800);
    expect(q2).toMatchObject({ deliveryFee: 0, deliveryWaivedBy: 'threshold', amountToFreeDelivery: 0, total: 65800 });
  });

  it('ignores client prices and names, and flags a price that changed since it was shown', async () => {
    const green = bySlug('green-glow');
    const q = (
      await quote({
        lines: [{ id: green.id, type: 'signature', quantity: 1, shownPrice: 100, price: 1, name: 'Free shake', isFreeUnit: true }],
      })
    ).json();
    expect(q.lines[0]).toMatchObject({ unitPrice: 24900, name: 'Green Glow', priceChanged: true, shownPrice: 100, isFreeUnit: false });
    expect(q.hasPriceChanges).toBe(true);
    expect(q.total).toBe(24900 + 4900);
  });

  it('marks unknown, retired and out-of-stock items unavailable and leaves them out of the total', async () => {
    const mango = bySlug('tropical-basil');
    await t.deps.db.updateTable('signature_shakes').set({ in_stock: false }).where('id', '=', mango.id).execute();
    const berry = bySlug('berry-bliss');
    await t.deps.db.updateTable('signature_shakes').set({ active: false }).where('id', '=', berry.id).execute();
    try {
      const q = (
        await quote({
          lines: [
            { id: mango.id, type: 'signature', quantity: 1 },
            { id: berry.id, type: 'signature', quantity: 1 },
            { id: '00000000-0000-4000-8000-000000000000', type: 'signature', quantity: 1 },
            { id: 'not-a-uuid', type: 'signature', quantity: 1 },
            { id: 'custom:x', type: 'custom', quantity: 1 },
            { id: bySlug('green-glow').id, type: 'signature', quantity: 1 },
          ],
        })
      ).json();
      expect(q.lines.map((l: { available: boolean }) => l.available)).toEqual([false, false, false, false, false, true]);
      expect(q.lines[0].reason).toBe('Tropical Basil is out of stock right now.');
      expect(q.lines[1].reason).toBe('This shake is no longer on the menu.');
      expect(q.lines[4].reason).toMatch(/no recipe/);
      expect(q.subtotal).toBe(24900);
      expect(q.hasUnavailable).toBe(true);
    } finally {
      await t.deps.db
        .updateTable('signature_shakes')
        .set({ in_stock: true, active: true })
        .where('id', 'in', [mango.id, berry.id])
        .execute();
    }
  });

  it('marks a custom shake with an out-of-stock or invalid recipe unavailable, saying why', async () => {
    const q = (
      await quote({
        lines: [
          { id: 'c1', type: 'custom', quantity: 1, recipe: { ...recipe, addIns: [] } },
          {
            id: 'c2',
            type: 'custom',
            quantity: 1,
            recipe: {
              ...recipe,
              addIns: [
                { ingredientId: ing('honey').id, portions: 1 },
                { ingredientId: ing('dates').id, portions: 1 },
              ],
            },
          },
        ],
      })
    ).json();
    expect(q.lines[0]).toMatchObject({ available: false, reason: expect.stringMatching(/at least one add-in/) });
    expect(q.lines[1]).toMatchObject({ available: false, reason: 'At most one sweetener per shake.' });
    expect(q.total).toBe(0);
    expect(q.deliveryFee).toBe(0);
  });

  it('answers an empty cart with zeros', async () => {
    const q = (await quote({ lines: [] })).json();
    expect(q).toMatchObject({ subtotal: 0, total: 0, deliveryFee: 0, gst: 0, itemCount: 0 });
  });

  it.each([
    [{ lines: [{ id: 'x', type: 'signature', quantity: 0 }] }, /at least 1/],
    [{ lines: [{ id: 'x', type: 'signature', quantity: 21 }] }, /at most 20/],
    [{ lines: [{ id: 'x', type: 'signature', quantity: 1.5 }] }, /whole numbers/],
    [{ lines: [{ id: 'x', type: 'gift', quantity: 1 }] }, /type/],
    [{ lines: Array.from({ length: 21 }, (_, i) => ({ id: `s${i}`, type: 'signature', quantity: 1 })) }, /at most 20 different items/],
    [
      {
        lines: [
          { id: 'a', type: 'signature', quantity: 1 },
          { id: 'a', type: 'signature', quantity: 2 },
        ],
      },
      /appears twice/,
    ],
    [{ lines: 'nope' }, /lines/],
    [{}, /lines/],
  ])('refuses a malformed cart with a clear 400 (%#)', async (body, msg) => {
    const res = await quote(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(msg);
  });

  it('answers the same quote through tRPC, and priceCart runs inside a caller transaction', async () => {
    const lines = [{ id: bySlug('green-glow').id, type: 'signature' as const, quantity: 3 }];
    const viaCaller = await t.caller(null).cart.quote({ lines });
    const rest = (await quote({ lines })).json();
    expect(viaCaller).toEqual(rest);
    const inTrx = await t.deps.db.transaction().execute((trx) => priceCart(t.deps, trx, { lines, userId: null }));
    expect(inTrx).toEqual(rest);
  });
});

describe('server cart: GET/PUT /api/user/cart, POST /api/user/cart/merge', () => {
  it('needs a signed-in customer', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/cart' })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url: '/api/user/cart', payload: { lines: [] } })).statusCode).toBe(401);
  });

  it("starts empty, keeps what is PUT, with today's names and prices, and bumps the version", async () => {
    const u = await createUser(t.deps.db);
    const auth = { authorization: await t.bearer(u) };
    const empty = (await t.request({ method: 'GET', url: '/api/user/cart', headers: auth })).json();
    expect(empty).toEqual({ lines: [], version: 0, updatedAt: null });
    const green = bySlug('green-glow');
    const put = await t.request({
      method: 'PUT',
      url: '/api/user/cart',
      headers: auth,
      payload: {
        lines: [
          { id: green.id, type: 'signature', quantity: 2 },
          { id: 'whatever', type: 'custom', quantity: 1, recipe },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const got = (await t.request({ method: 'GET', url: '/api/user/cart', headers: auth })).json();
    expect(got.version).toBe(1);
    const key = got.lines[1]?.id as string;
    expect(
      got.lines.map((l: { id: string; quantity: number; name: string; unitPrice: number }) => [l.id, l.quantity, l.name, l.unitPrice]),
    ).toEqual([
      [green.id, 2, 'Green Glow', 24900],
      [key, 1, 'Green Morning', 20900],
    ]);
    expect(got.lines[1].recipe).toMatchObject({ baseId: recipe.baseId });
    // Custom lines are re-keyed by their recipe, not by the id a device made up: the same recipe
    // from another device (its own id, add-ins in another order) is the same line.
    expect(key).not.toBe('whatever');
    const other = await t.request({
      method: 'PUT',
      url: '/api/user/cart',
      headers: auth,
      payload: { lines: [{ id: 'another-device', type: 'custom', quantity: 1, recipe: { ...recipe, addIns: [...recipe.addIns].reverse() } }] },
    });
    expect(other.statusCode).toBe(200);
    const again = (await t.request({ method: 'GET', url: '/api/user/cart', headers: auth })).json();
    expect(again.lines.map((l: { id: string }) => l.id)).toEqual([key]);
  });

  it('merges a local cart into the server cart: same line adds quantities (max 20), new lines appended, max 20 lines', async () => {
    const u = await createUser(t.deps.db);
    const api = t.caller(u);
    const [a, b, c] = [bySlug('green-glow'), bySlug('protein-power'), bySlug('tropical-basil')];
    await api.cart.put({
      lines: [
        { id: a.id, type: 'signature', quantity: 2 },
        { id: b.id, type: 'signature', quantity: 15 },
        { id: 'device-a', type: 'custom', quantity: 1, recipe },
      ],
    });
    // The id the server keys this recipe by (the merge below sends it under a device's own id).
    const key = (await api.cart.get()).lines[2]!.id;
    const merged = await api.cart.merge({
      lines: [
        { id: a.id, type: 'signature', quantity: 3 },
        { id: b.id, type: 'signature', quantity: 10 },
        { id: c.id, type: 'signature', quantity: 1 },
        { id: 'local-id', type: 'custom', quantity: 2, recipe: { ...recipe, addIns: [...recipe.addIns].reverse() } },
      ],
    });
    expect(merged.lines.map((l) => [l.id, l.quantity])).toEqual([
      [a.id, 5],
      [b.id, 20],
      [key, 3],
      [c.id, 1],
    ]);
    const again = await api.cart.get();
    expect(again.lines.map((l) => l.quantity)).toEqual([5, 20, 3, 1]);

    const many = Array.from({ length: 20 }, (_, i) => ({
      id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
      type: 'signature' as const,
      quantity: 1,
    }));
    const capped = await api.cart.merge({ lines: many });
    expect(capped.lines).toHaveLength(20);
    expect(capped.lines.slice(0, 4).map((l) => l.id)).toEqual([a.id, b.id, key, c.id]);
  });

  it('applies a retried merge (same mergeId) once, so a lost answer neither loses nor doubles the guest cart', async () => {
    const u = await createUser(t.deps.db);
    const auth = { authorization: await t.bearer(u) };
    const id = bySlug('green-glow').id;
    const mergeId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const merge = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/user/cart/merge', headers: auth, payload });
    const first = await merge({ lines: [{ id, type: 'signature', quantity: 2 }], mergeId });
    expect(first.statusCode).toBe(200);
    const retry = await merge({ lines: [{ id, type: 'signature', quantity: 2 }], mergeId });
    expect(retry.json().lines.map((l: { quantity: number }) => l.quantity)).toEqual([2]);
    // A new sign-in on this device (a new id) merges again.
    const next = await merge({ lines: [{ id, type: 'signature', quantity: 1 }], mergeId: 'a9b8c7d6-e5f4-4a3b-8c2d-1e0f9a8b7c6d' });
    expect(next.json().lines.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
    const bad = await merge({ lines: [], mergeId: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('mergeId must be a UUID');
  });

  it("keeps one customer's cart away from another", async () => {
    const u1 = await createUser(t.deps.db);
    const u2 = await createUser(t.deps.db);
    await t.caller(u1).cart.put({ lines: [{ id: bySlug('green-glow').id, type: 'signature', quantity: 4 }] });
    expect((await t.caller(u2).cart.get()).lines).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)(
    'merges from two devices at once without losing a quantity',
    async () => {
      const u = await createUser(t.deps.db);
      const id = bySlug('green-glow').id;
      await Promise.all(Array.from({ length: 8 }, () => t.caller(u).cart.merge({ lines: [{ id, type: 'signature', quantity: 2 }] })));
      const got = await t.caller(u).cart.get();
      expect(got.lines).toHaveLength(1);
      expect(got.lines[0]!.quantity).toBe(16);
      expect(got.version).toBe(8);
    },
  );
});

describe('REST surface', () => {
  it('documents the cart, builder and favourites paths in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/cart/quote']!)).toContain('post');
    expect(Object.keys(paths['/user/cart']!).sort()).toEqual(expect.arrayContaining(['get', 'put']));
    expect(Object.keys(paths['/user/cart/merge']!)).toContain('post');
    expect(Object.keys(paths['/custom-shakes/quote']!)).toContain('post');
    expect(Object.keys(paths['/user/custom-shakes']!).sort()).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/user/custom-shakes/{id}']!)).toContain('delete');
    expect(Object.keys(paths['/user/favorites']!).sort()).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/user/favorites/{id}']!)).toContain('delete');
  });
});
