import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import type { Ingredient, SignatureShake } from '../../shared/schemas/catalogue';
import type { CustomRecipe } from '../../shared/schemas/builder';
import { customItemId } from '../../shared/rules/shake-builder';
import type { AuthUser } from '../../server/trpc/context';

let t: TestApp;
let ings: Ingredient[];
let shakes: SignatureShake[];
const ing = (slug: string) => ings.find((i) => i.slug === slug)!;
let recipe: CustomRecipe;
let asha: AuthUser;
let ravi: AuthUser;
const auth = async (u: AuthUser) => ({ authorization: await t.bearer(u) });

beforeAll(async () => {
  t = await createTestApp();
  ings = (await t.request({ method: 'GET', url: '/api/ingredients' })).json();
  shakes = (await t.request({ method: 'GET', url: '/api/shakes/signature' })).json();
  recipe = {
    size: 'large',
    baseId: ing('almond-milk').id,
    addIns: [
      { ingredientId: ing('whey').id, portions: 1 },
      { ingredientId: ing('banana').id, portions: 2 },
    ],
  };
  asha = await createUser(t.deps.db, { name: 'Asha' });
  ravi = await createUser(t.deps.db, { name: 'Ravi' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/custom-shakes/quote', () => {
  it('returns the authoritative price and nutrition (Large × 1.4, rounded up to a rupee)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/custom-shakes/quote', payload: { recipe } });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    // ₹199 + (₹60 + 2 × ₹15) × 1.4 = ₹325
    expect(q).toMatchObject({
      price: 32500,
      valid: true,
      problems: [],
      name: 'My Custom Shake',
      vegan: false,
      allergens: ['dairy', 'nuts'],
      id: customItemId(recipe),
    });
    expect(q.nutrition.kcal).toBe(Math.round((39 + 110 + 2 * 89) * 1.4));
  });
  it('lists every problem of an invalid recipe, with a 200 (the builder shows them)', async () => {
    const q = (
      await t.request({
        method: 'POST',
        url: '/api/custom-shakes/quote',
        payload: {
          recipe: {
            ...recipe,
            addIns: [
              { ingredientId: ing('honey').id, portions: 1 },
              { ingredientId: ing('jaggery').id, portions: 1 },
            ],
          },
        },
      })
    ).json();
    expect(q.valid).toBe(false);
    expect(q.problems).toEqual([{ code: 'TOO_MANY_SWEETENERS', message: 'At most one sweetener per shake.' }]);
  });
  it('refuses malformed recipes with 400', async () => {
    for (const bad of [
      { recipe: { ...recipe, size: 'huge' } },
      { recipe: { ...recipe, addIns: [{ ingredientId: 'x', portions: 3 }] } },
      { recipe: { ...recipe, name: 'n'.repeat(41) } },
      {},
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/custom-shakes/quote', payload: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('saved recipes ("My shakes"): GET/POST /api/user/custom-shakes, DELETE /api/user/custom-shakes/{id}', () => {
  it('needs a signed-in customer', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/custom-shakes' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/user/custom-shakes', payload: { recipe } })).statusCode).toBe(401);
  });

  it("saves, lists with today's price, renames on a second save, and deletes", async () => {
    const h = await auth(asha);
    const saved = await t.request({
      method: 'POST',
      url: '/api/user/custom-shakes',
      headers: h,
      payload: { recipe: { ...recipe, name: 'Gym day' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Gym day', price: 32500, available: true });
    const again = (
      await t.request({
        method: 'POST',
        url: '/api/user/custom-shakes',
        headers: h,
        payload: { recipe: { ...recipe, addIns: [...recipe.addIns].reverse(), name: 'Leg day' } },
      })
    ).json();
    expect(again.id).toBe(saved.json().id);
    const list = (await t.request({ method: 'GET', url: '/api/user/custom-shakes', headers: h })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Leg day', price: 32500, available: true, reason: null });

    // an ingredient runs out: the recipe stays, marked as not available, saying why
    await t.deps.db.updateTable('ingredients').set({ in_stock: false }).where('slug', '=', 'whey').execute();
    await t.deps.cache.invalidate('catalogue:');
    const later = (await t.request({ method: 'GET', url: '/api/user/custom-shakes', headers: h })).json();
    expect(later[0]).toMatchObject({ available: false, price: null, reason: 'Whey isolate is out of stock right now.' });
    await t.deps.db.updateTable('ingredients').set({ in_stock: true }).where('slug', '=', 'whey').execute();
    await t.deps.cache.invalidate('catalogue:');

    const del = await t.request({ method: 'DELETE', url: `/api/user/custom-shakes/${saved.json().id}`, headers: h });
    expect(del.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user/custom-shakes', headers: h })).json()).toEqual([]);
  });

  it('refuses to save a recipe that cannot be ordered, with the reason', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/custom-shakes',
      headers: await auth(asha),
      payload: { recipe: { ...recipe, addIns: [] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at least one add-in/);
  });

  it("answers 404 to another customer's recipe id and to unknown ids, and keeps the recipe", async () => {
    const mine = await t.caller(asha).builder.save({ recipe: { ...recipe, size: 'regular', name: 'Mine' } });
    const res = await t.request({ method: 'DELETE', url: `/api/user/custom-shakes/${mine.id}`, headers: await auth(ravi) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'That saved shake was not found.' });
    expect((await t.request({ method: 'DELETE', url: '/api/user/custom-shakes/not-a-uuid', headers: await auth(ravi) })).statusCode).toBe(
      404,
    );
    expect(await t.caller(ravi).builder.saved()).toEqual([]);
    expect((await t.caller(asha).builder.saved()).map((s) => s.id)).toContain(mine.id);
  });

  it('keeps at most 50 recipes per customer', async () => {
    const u = await createUser(t.deps.db);
    const greens = ings.filter((i) => i.category !== 'base' && i.category !== 'sweetener');
    const bases = ings.filter((i) => i.category === 'base');
    let n = 0;
    outer: for (const b of bases)
      for (const g of greens)
        for (const size of ['regular', 'large'] as const) {
          await t.caller(u).builder.save({ recipe: { size, baseId: b.id, addIns: [{ ingredientId: g.id, portions: 1 }] } });
          if (++n === 50) break outer;
        }
    const res = await t.request({
      method: 'POST',
      url: '/api/user/custom-shakes',
      headers: await auth(u),
      payload: { recipe: { size: 'regular', baseId: bases[0]!.id, addIns: [{ ingredientId: greens[0]!.id, portions: 2 }] } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/up to 50 saved shakes/);
  });
});

describe('favourites: GET/POST /api/user/favorites, DELETE /api/user/favorites/{id}', () => {
  it('adds (idempotently), lists with the shake, and removes by favourite id or shake id', async () => {
    const h = await auth(asha);
    const green = shakes.find((s) => s.slug === 'green-glow')!;
    const first = await t.request({ method: 'POST', url: '/api/user/favorites', headers: h, payload: { shakeId: green.id } });
    expect(first.statusCode).toBe(200);
    const second = (await t.request({ method: 'POST', url: '/api/user/favorites', headers: h, payload: { shakeId: 'green-glow' } })).json();
    expect(second.id).toBe(first.json().id);
    await t.caller(asha).favorites.add({ shakeId: 'berry-bliss' });
    const list = (await t.request({ method: 'GET', url: '/api/user/favorites', headers: h })).json();
    expect(list.map((f: { shake: { name: string } }) => f.shake.name).sort()).toEqual(['Berry Bliss', 'Green Glow']);
    expect((await t.request({ method: 'DELETE', url: `/api/user/favorites/${first.json().id}`, headers: h })).statusCode).toBe(200);
    const berry = shakes.find((s) => s.slug === 'berry-bliss')!;
    expect((await t.request({ method: 'DELETE', url: `/api/user/favorites/${berry.id}`, headers: h })).statusCode).toBe(200);
    expect(await t.caller(asha).favorites.list()).toEqual([]);
  });

  it("answers 404 for an unknown shake, and for another customer's favourite id", async () => {
    const h = await auth(asha);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/user/favorites',
      headers: h,
      payload: { shakeId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const fav = await t.caller(asha).favorites.add({ shakeId: 'protein-power' });
    const res = await t.request({ method: 'DELETE', url: `/api/user/favorites/${fav.id}`, headers: await auth(ravi) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('That favourite was not found.');
    expect((await t.caller(asha).favorites.list()).map((f) => f.id)).toEqual([fav.id]);
  });

  it('needs a signed-in customer', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/favorites' })).statusCode).toBe(401);
  });
});
