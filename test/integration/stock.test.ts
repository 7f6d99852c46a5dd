import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { createInstances, type Instances } from '../helpers/instances';
import {
  countStock,
  customer,
  customers,
  expectInvariants,
  expectStockInvariants,
  loadShop,
  place,
  stockLevel,
  type Customer,
  type Shop,
} from './orders-fixtures';
import { expireUnpaidOrders } from '../../server/domains/orders/orders.service';
import { sendLowStockAlerts } from '../../server/domains/stock/stock.service';
import { customQuantity } from '../../shared/rules/stock';
import type { Db } from '../../db/database';

/**
 * The kitchen's stock (issue 24, PRODUCT.md §16): recipes with quantities, the append-only ledger,
 * reservations inside the placing transaction, release on cancel and expiry, usage when a batch starts.
 */

const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });

async function ids(db: Db) {
  const ing = await db.selectFrom('ingredients').select(['id', 'slug', 'name', 'portion_qty']).execute();
  const sh = await db.selectFrom('signature_shakes').select(['id', 'slug', 'name']).execute();
  const i = (slug: string) => ing.find((x) => x.slug === slug)!;
  const s = (slug: string) => sh.find((x) => x.slug === slug)!;
  return { i, s };
}

const level = stockLevel;

async function roomySlot(db: Db, places = 1000): Promise<string> {
  const slot = await db
    .insertInto('delivery_slots')
    .values({ start_time: '19:00', end_time: '20:00', max_bookings: places, plan_type: 'all', sort: 90 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return slot.id;
}

describe('stock: recipes, ledger, reservations', () => {
  let t: TestApp;
  let shop: Shop;
  let admin: Customer;
  let slotId: string;
  let x: Awaited<ReturnType<typeof ids>>;
  const move = (body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/admin/stock/movements', headers: json(admin.auth), payload: JSON.stringify(body) });
  const order = (c: Customer, lines: unknown[], over: Record<string, unknown> = {}) =>
    place(t, c, { lines, addressId: c.addressId, slotId, date: shop.date, paymentMethod: 'cod', ...over });

  beforeAll(async () => {
    t = await createTestApp();
    shop = await loadShop(t);
    admin = await customer(t, { role: 'admin' });
    slotId = await roomySlot(t.deps.db);
    x = await ids(t.deps.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the demo catalogue has recipes with quantities, portion sizes, and opening stock that is its ledger’s sum', async () => {
    const recipe = await t.request({ method: 'GET', url: `/api/admin/shakes/${x.s('green-glow').id}/recipe`, headers: json(admin.auth) });
    expect(recipe.statusCode, recipe.body).toBe(200);
    expect(recipe.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Curly kale', unit: 'g', qtyPerBottle: 25 })]),
    );
    const shakes = await t.deps.db.selectFrom('signature_shakes').select('id').execute();
    for (const s of shakes) {
      const items = await t.deps.db.selectFrom('shake_recipe_items').select('qty_per_bottle').where('shake_id', '=', s.id).execute();
      expect(items.length, 'every demo shake has a recipe').toBeGreaterThanOrEqual(4);
    }
    expect(x.i('kale').portion_qty).toBe(25);
    const overview = await t.request({ method: 'GET', url: '/api/admin/stock', headers: json(admin.auth) });
    expect(overview.statusCode).toBe(200);
    const kale = (overview.json().ingredients as { name: string; onHand: number; free: number; tracked: boolean }[]).find(
      (r) => r.name === 'Curly kale',
    )!;
    expect(kale).toMatchObject({ tracked: true });
    expect(kale.onHand).toBeGreaterThan(10_000);
    await expectStockInvariants(t.deps.db);
  });

  it('an order reserves what its lines need (signature recipe, custom portions, Large × 1.4); cancel gives it back once', async () => {
    const c = await customer(t);
    const kale = x.i('kale').id;
    const before = await level(t.deps.db, kale);
    const recipe = { size: 'large', baseId: x.i('almond-milk').id, addIns: [{ ingredientId: kale, portions: 2 }] };
    const res = await order(c, [
      { id: x.s('green-glow').id, type: 'signature', quantity: 2 },
      { id: 'custom:kale', type: 'custom', quantity: 1, recipe },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const need = 2 * 25 + customQuantity(25, 2, 'large');
    expect(need).toBe(120);
    expect((await level(t.deps.db, kale)).reserved).toBe(before.reserved + need);
    const almond = await t.deps.db
      .selectFrom('stock_reservations')
      .select('qty')
      .where('ingredient_id', '=', x.i('almond-milk').id)
      .execute();
    expect(almond.map((r) => r.qty)).toContain(350);

    const id = res.json().order.id as string;
    const cancel = () =>
      t.request({
        method: 'POST',
        url: `/api/admin/orders/${id}/cancel`,
        headers: json(admin.auth),
        payload: JSON.stringify({ reason: 'Customer called' }),
      });
    expect((await cancel()).statusCode).toBe(200);
    await cancel();
    expect((await level(t.deps.db, kale)).reserved).toBe(before.reserved);
    await expectInvariants(t.deps.db);
  });

  it('starting the batch turns the reservation into usage on the ledger', async () => {
    const c = await customer(t);
    const kale = x.i('kale').id;
    const before = await level(t.deps.db, kale);
    const res = await order(c, [{ id: x.s('green-glow').id, type: 'signature', quantity: 3 }]);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().order.id as string;
    const moved = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${id}/status`,
      headers: json(admin.auth),
      payload: JSON.stringify({ status: 'preparing' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await level(t.deps.db, kale);
    expect(after.reserved).toBe(before.reserved);
    expect(after.on_hand).toBe(before.on_hand - 75);
    const ledger = await t.request({ method: 'GET', url: `/api/admin/stock/${kale}/movements`, headers: json(admin.auth) });
    expect(ledger.json().movements[0]).toMatchObject({
      kind: 'used',
      delta: -75,
      orderId: id,
      onHandAfter: after.on_hand,
      actorEmail: admin.user.email,
    });
    await expectInvariants(t.deps.db);
  });

  it('received, wasted and counted are audited ledger rows; waste and counts never touch what orders hold', async () => {
    const mint = x.i('mint').id;
    const c = await customer(t);
    expect((await order(c, [{ id: x.s('mint-cooler').id, type: 'signature', quantity: 2 }])).statusCode).toBe(200);
    const start = await level(t.deps.db, mint);
    expect(start.reserved).toBeGreaterThanOrEqual(16);

    const got = await move({ kind: 'received', ingredientId: mint, quantity: 500, batch: 'TOWER-3 27/11', bestBefore: '2026-12-02' });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().movement).toMatchObject({ kind: 'received', delta: 500, batch: 'TOWER-3 27/11', bestBefore: '2026-12-02' });

    expect((await move({ kind: 'received', ingredientId: mint, quantity: 5 })).json().fieldErrors ?? {}).toHaveProperty('batch');
    expect((await move({ kind: 'wasted', ingredientId: mint, quantity: 5 })).statusCode).toBe(400);

    const onHand = start.on_hand + 500;
    const tooMuch = await move({ kind: 'wasted', ingredientId: mint, quantity: onHand, reason: 'Wilted in the cold room' });
    expect(tooMuch.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMuch.statusCode).toBeLessThan(500);
    expect(tooMuch.json().message).toMatch(/held for placed orders/);

    const wasted = await move({ kind: 'wasted', ingredientId: mint, quantity: 40, reason: 'Wilted in the cold room' });
    expect(wasted.json().movement).toMatchObject({ kind: 'wasted', delta: -40, reason: 'Wilted in the cold room' });

    const under = await move({ kind: 'counted', ingredientId: mint, quantity: start.reserved - 1 });
    expect(under.statusCode).toBeGreaterThanOrEqual(400);
    expect(under.statusCode).toBeLessThan(500);
    const counted = await move({ kind: 'counted', ingredientId: mint, quantity: 1000, reason: 'Morning stock-take' });
    expect(counted.json().movement).toMatchObject({ kind: 'counted', delta: 1000 - (onHand - 40), onHandAfter: 1000 });
    expect(counted.json().level).toMatchObject({ onHand: 1000, reserved: start.reserved, free: 1000 - start.reserved });

    const audit = await t.deps.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', mint).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['stock.counted', 'stock.received', 'stock.wasted']);
    expect(audit.every((a) => a.actor_id === admin.user.id)).toBe(true);

    await expect(sql`update stock_movements set delta = 0 where ingredient_id = ${mint}`.execute(t.deps.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from stock_movements where ingredient_id = ${mint}`.execute(t.deps.db)).rejects.toThrow(/append-only/);
    await expect(sql`update stock_shards set free = -1 where ingredient_id = ${mint}`.execute(t.deps.db)).rejects.toThrow(/check/);
    await expect(sql`update stock_balances set on_hand = -1 where ingredient_id = ${mint}`.execute(t.deps.db)).rejects.toThrow(/check/);
    await expectInvariants(t.deps.db);
  });

  it('"Sold out for now": the quote, the builder, the signature list and the shake page say so; placing is refused with OUT_OF_STOCK', async () => {
    const basil = x.i('basil').id;
    const tropical = x.s('tropical-basil');
    const lv = await level(t.deps.db, basil);
    // Leave 4 g free: less than one bottle of Tropical Basil (5 g) and one portion of basil (5 g).
    expect((await move({ kind: 'counted', ingredientId: basil, quantity: lv.reserved + 4 })).statusCode).toBe(200);

    const quote = await t.request({
      method: 'POST',
      url: '/api/cart/quote',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        lines: [
          { id: tropical.id, type: 'signature', quantity: 1 },
          {
            id: 'custom:basil',
            type: 'custom',
            quantity: 1,
            recipe: { size: 'regular', baseId: x.i('water').id, addIns: [{ ingredientId: basil, portions: 1 }] },
          },
        ],
      }),
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const lines = quote.json().lines as { available: boolean; reason: string | null }[];
    expect(lines[0]).toMatchObject({ available: false, reason: 'Tropical Basil is sold out for now.' });
    expect(lines[1]).toMatchObject({ available: false, reason: 'Genovese basil is sold out for now.' });

    const builder = await t.request({
      method: 'POST',
      url: '/api/custom-shakes/quote',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ recipe: { size: 'regular', baseId: x.i('water').id, addIns: [{ ingredientId: basil, portions: 1 }] } }),
    });
    expect(builder.json().problems).toEqual([{ code: 'OUT_OF_STOCK', message: 'Genovese basil is sold out for now.' }]);

    const list = (await t.request({ method: 'GET', url: '/api/shakes/signature' })).json() as {
      slug: string;
      soldOut: boolean;
      inStock: boolean;
    }[];
    expect(list.find((s) => s.slug === 'tropical-basil')).toMatchObject({ soldOut: true, inStock: true });
    expect(list.find((s) => s.slug === 'green-glow')).toMatchObject({ soldOut: false });
    const page = (await t.request({ method: 'GET', url: `/api/shakes/tropical-basil` })).json();
    expect(page.soldOut).toBe(true);
    const ingredients = (await t.request({ method: 'GET', url: '/api/ingredients' })).json() as { slug: string; soldOut: boolean }[];
    expect(ingredients.find((i) => i.slug === 'basil')!.soldOut).toBe(true);

    const c = await customer(t);
    const refused = await order(c, [{ id: tropical.id, type: 'signature', quantity: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Tropical Basil is sold out for now.' });

    // One bottle's worth back: on sale again at once (the movement drops the catalogue caches).
    expect((await move({ kind: 'received', ingredientId: basil, quantity: 2, batch: 'TOWER-1' })).statusCode).toBe(200);
    const again = (await t.request({ method: 'GET', url: '/api/shakes/signature' })).json() as { slug: string; soldOut: boolean }[];
    expect(again.find((s) => s.slug === 'tropical-basil')!.soldOut).toBe(false);
    const one = await order(c, [{ id: tropical.id, type: 'signature', quantity: 2 }]);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toMatch(/enough Genovese basil/);
    expect((await order(c, [{ id: tropical.id, type: 'signature', quantity: 1 }])).statusCode).toBe(200);
    await expectInvariants(t.deps.db);
  });

  it('an ingredient under par e-mails the owners once that day', async () => {
    const spirulina = x.i('spirulina').id;
    const par = await t.request({
      method: 'PUT',
      url: `/api/admin/stock/${spirulina}/par-level`,
      headers: json(admin.auth),
      payload: JSON.stringify({ parLevel: 1_000_000 }),
    });
    expect(par.statusCode, par.body).toBe(200);
    expect(par.json()).toMatchObject({ low: true, parLevel: 1_000_000 });
    const low = await t.request({ method: 'GET', url: '/api/admin/stock/low', headers: json(admin.auth) });
    expect((low.json() as { name: string }[]).map((l) => l.name)).toContain('Spirulina');
    await sendLowStockAlerts(t.deps);
    await sendLowStockAlerts(t.deps);
    const mails = await t.deps.db.selectFrom('mail_outbox').select(['to_email', 'subject']).where('template', '=', 'stock-low').execute();
    const spirulinaMails = mails.filter((m) => m.subject.startsWith('Low stock: Spirulina'));
    expect(spirulinaMails.length).toBeGreaterThan(0);
    expect(spirulinaMails.filter((m) => m.to_email === admin.user.email)).toHaveLength(1);
    // The owner's inbox has it too, once (decision 215).
    const inbox = await t.deps.db.selectFrom('messages').select('title').where('user_id', '=', admin.user.id).where('event', '=', 'low_stock').execute();
    expect(inbox.filter((m) => m.title.startsWith('Low stock: Spirulina'))).toHaveLength(1);
  });

  it('a kitchen member manages stock; support and customers may not', async () => {
    const kitchen = await customer(t);
    await t.deps.db.updateTable('users').set({ role: 'kitchen' }).where('id', '=', kitchen.user.id).execute();
    const kitchenAuth = await t.bearer({ ...kitchen.user, role: 'kitchen' });
    expect((await t.request({ method: 'GET', url: '/api/admin/stock', headers: json(kitchenAuth) })).statusCode).toBe(200);
    const someone = await customer(t);
    expect((await t.request({ method: 'GET', url: '/api/admin/stock', headers: json(someone.auth) })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/stock' })).statusCode).toBe(401);
  });
});

describe.skipIf(!onPostgres)('stock under concurrency (PostgreSQL, two instances)', () => {
  let xs: Instances;
  let shop: Shop;
  beforeAll(async () => {
    xs = await createInstances();
    shop = await loadShop(xs.t);
  });
  afterAll(async () => {
    await xs?.close();
  });
  /** 200 customers order one bottle of `shake` at once, half on each instance. */
  const oneBottleEach = async (shake: string, slotId: string) =>
    Promise.all(
      (await customers(xs.t, 200)).map((c, n) =>
        (n % 2 ? xs.b : xs.a).request({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: c.auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          payload: JSON.stringify({ lines: [{ id: shake, type: 'signature', quantity: 1 }], addressId: c.addressId, slotId, date: shop.date, paymentMethod: 'cod' }),
        }),
      ),
    );

  it(
    '200 concurrent orders for the last 10 bottles’ worth of kale → exactly 10 placed, 190 × 409 OUT_OF_STOCK, no 5xx',
    { timeout: 180_000 },
    async () => {
      const db = xs.t.deps.db;
      const { i, s } = await ids(db);
      const kale = i('kale').id;
      const slotId = await roomySlot(db);
      // The last 10 bottles of Green Glow (25 g of kale each): 250 g free.
      const lv = await level(db, kale);
      await countStock(db, kale, lv.reserved + 250, 'test: the last 10 bottles');
      const answers = await oneBottleEach(s('green-glow').id, slotId);
      const byStatus = answers.reduce<Record<number, number>>((m, r) => ((m[r.statusCode] = (m[r.statusCode] ?? 0) + 1), m), {});
      expect(byStatus).toEqual({ 200: 10, 409: 190 });
      for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().code).toBe('OUT_OF_STOCK');
      const after = await level(db, kale);
      expect(after.on_hand - after.reserved).toBe(0);
      expect(after.reserved).toBe(lv.reserved + 250);
      await expectInvariants(db);
    },
  );
  it(
    'a hot shake: 200 orders at once for the same shake, on two instances, with stock to spare → all 200 placed, each holds its recipe exactly once',
    { timeout: 180_000 },
    async () => {
      const db = xs.t.deps.db;
      const { s } = await ids(db);
      const slotId = await roomySlot(db);
      const shake = s('green-glow').id;
      const recipe = await db.selectFrom('shake_recipe_items').select(['ingredient_id', 'qty_per_bottle']).where('shake_id', '=', shake).execute();
      // Stock to spare for every ingredient of the recipe (the test before left kale at its last gram).
      for (const r of recipe) await countStock(db, r.ingredient_id, (await level(db, r.ingredient_id)).reserved + 1000 * r.qty_per_bottle, 'test: a hot shake');
      const before = new Map(await Promise.all(recipe.map(async (r) => [r.ingredient_id, await level(db, r.ingredient_id)] as const)));
      const shardsOf = async (ingredients: string[]) =>
        (
          await sql<{ ingredient_id: string; shard: number; free: number }>`
            select ingredient_id, shard, free from stock_shards where ingredient_id = any(${ingredients}::uuid[])`.execute(db)
        ).rows;
      const shardsBefore = await shardsOf(recipe.map((r) => r.ingredient_id));
      const answers = await oneBottleEach(shake, slotId);
      const byStatus = answers.reduce<Record<number, number>>((m, r) => ((m[r.statusCode] = (m[r.statusCode] ?? 0) + 1), m), {});
      expect(byStatus).toEqual({ 200: 200 });
      // Each ingredient of the recipe: 200 bottles' worth more reserved, and as much less free — read from the balance view
      // (on hand − the shards' sum) and checked against the reservation rows by the invariants.
      for (const r of recipe) {
        const after = await level(db, r.ingredient_id);
        const was = before.get(r.ingredient_id)!;
        expect(after.reserved - was.reserved, `reserved of ${r.ingredient_id}`).toBe(200 * r.qty_per_bottle);
        expect(after.on_hand).toBe(was.on_hand);
      }
      // The orders spread over the shards instead of queuing on one row: more than one shard of each ingredient gave stock.
      const after = await shardsOf(recipe.map((r) => r.ingredient_id));
      for (const r of recipe) {
        const changed = after.filter((a) => a.ingredient_id === r.ingredient_id && a.free !== shardsBefore.find((b) => b.ingredient_id === a.ingredient_id && b.shard === a.shard)?.free);
        expect(changed.length, `shards of ${r.ingredient_id} that gave stock`).toBeGreaterThan(1);
      }
      await expectInvariants(db);
    },
  );
  it('"Sold out" follows the stock on the other instance at once: the last bottle ordered, its order cancelled, a stock-take', { timeout: 30_000 }, async () => {
    const db = xs.t.deps.db;
    const { i, s } = await ids(db);
    const kale = i('kale').id;
    const glow = s('green-glow');
    const slotId = await roomySlot(db);
    const admin = await customer(xs.t, { role: 'admin' });
    const c = await customer(xs.t);
    const onA = (method: string, url: string, auth: string, body: unknown) =>
      xs.a.request({ method: method as 'POST', url, headers: { ...json(auth), 'idempotency-key': crypto.randomUUID() }, payload: JSON.stringify(body) });
    const stockTake = async (free: number) => {
      const lv = await level(db, kale);
      const r = await onA('POST', '/api/admin/stock/movements', admin.auth, { kind: 'counted', ingredientId: kale, quantity: lv.reserved + free });
      expect(r.statusCode, r.body).toBe(200);
    };
    // B's storefront as a browser reads it: over its port, compressed, from B's caches.
    const baseB = await xs.b.listen();
    const soldOutOnB = async () => {
      const r = await fetch(`${baseB}/api/shakes/signature`, { headers: { 'accept-encoding': 'br, gzip', origin: 'http://localhost:3000' } });
      expect(r.status).toBe(200);
      return ((await r.json()) as { id: string; soldOut: boolean }[]).find((x) => x.id === glow.id)!.soldOut;
    };
    const onB = (want: boolean, what: string) => expect.poll(soldOutOnB, { message: what, timeout: 2_000, interval: 25 }).toBe(want);

    // The last bottle's worth of kale (25 g) free; B has the list cached as on sale.
    await stockTake(25);
    await onB(false, 'one bottle left: on sale on B');
    expect(await soldOutOnB()).toBe(false);

    const placed = await onA('POST', '/api/orders', c.auth, {
      lines: [{ id: glow.id, type: 'signature', quantity: 1 }],
      addressId: c.addressId,
      slotId,
      date: shop.date,
      paymentMethod: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await onB(true, 'the last bottle ordered on A: sold out on B');

    const cancelled = await onA('POST', `/api/orders/${placed.json().order.id}/cancel`, c.auth, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await onB(false, 'its order cancelled on A: on sale again on B');

    await stockTake(10);
    await onB(true, 'a stock-take on A under one bottle: sold out on B');
    await stockTake(100);
    await onB(false, 'a stock-take on A back over one bottle: on sale on B');
    await expectInvariants(db);
  });
});

/**
 * Property: whatever mix of orders (signature and custom, COD and online), cancels, expiries,
 * batches started, receipts, waste and stock-takes, for every ingredient on hand = the ledger's sum
 * ≥ 0, and reserved = what the open orders need — computed here a second way, from their stored
 * lines, the recipes and the portion rule. Fixed seed, so a failure replays.
 */
describe('stock property', () => {
  let t: TestApp;
  let admin: Customer;
  let people: Customer[] = [];
  let slotId: string;
  let date: string;
  let x: Awaited<ReturnType<typeof ids>>;
  beforeAll(async () => {
    t = await createTestApp();
    const shop = await loadShop(t);
    date = shop.date;
    admin = await customer(t, { role: 'admin' });
    people = [await customer(t), await customer(t), await customer(t)];
    slotId = await roomySlot(t.deps.db, 1000);
    x = await ids(t.deps.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Op =
    | { kind: 'place'; who: number; shake: number; qty: number; custom: boolean; large: boolean; online: boolean }
    | { kind: 'cancel' | 'expire' | 'batch'; pick: number }
    | { kind: 'receive' | 'waste' | 'count'; ing: number; qty: number };
  const SHAKES = ['green-glow', 'choco-greens', 'mint-cooler'];
  const INGREDIENTS = ['kale', 'spinach', 'mint', 'romaine'];
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('place' as const),
        who: fc.nat(2),
        shake: fc.nat(SHAKES.length - 1),
        qty: fc.integer({ min: 1, max: 4 }),
        custom: fc.boolean(),
        large: fc.boolean(),
        online: fc.boolean(),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('cancel' as const, 'expire' as const, 'batch' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constantFrom('receive' as const, 'waste' as const, 'count' as const),
        ing: fc.nat(INGREDIENTS.length - 1),
        qty: fc.integer({ min: 0, max: 300 }),
      }),
    },
  );

  /** What the open orders need per ingredient, from their stored lines (JS, independent of the SQL). */
  async function expectedReserved(): Promise<Map<string, number>> {
    const recipes = await t.deps.db.selectFrom('shake_recipe_items').selectAll().execute();
    const portions = new Map(
      (await t.deps.db.selectFrom('ingredients').select(['id', 'portion_qty']).execute()).map((r) => [r.id, r.portion_qty]),
    );
    const tracked = new Set((await t.deps.db.selectFrom('stock_levels').select('ingredient_id').execute()).map((r) => r.ingredient_id));
    const lines = await t.deps.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.item_type', 'l.item_id', 'l.quantity', 'l.recipe'])
      .where('o.status', 'in', ['pending_payment', 'confirmed'])
      .execute();
    const need = new Map<string, number>();
    const add = (id: string, q: number) => tracked.has(id) && need.set(id, (need.get(id) ?? 0) + q);
    for (const l of lines) {
      if (l.item_type === 'signature')
        for (const r of recipes.filter((r) => r.shake_id === l.item_id)) add(r.ingredient_id, r.qty_per_bottle * l.quantity);
      else {
        const rec = l.recipe as { size: 'regular' | 'large'; baseId: string; addIns: { ingredientId: string; portions: number }[] };
        for (const a of [{ ingredientId: rec.baseId, portions: 1 }, ...rec.addIns])
          add(a.ingredientId, customQuantity(portions.get(a.ingredientId)!, a.portions, rec.size) * l.quantity);
      }
    }
    return need;
  }

  it('on hand = ledger sum ≥ 0 and reserved = what open orders need, for every ingredient', { timeout: 240_000 }, async () => {
    // Scarce greens, so refusals happen.
    for (const slug of INGREDIENTS) {
      const lv = await level(t.deps.db, x.i(slug).id);
      await t.request({
        method: 'POST',
        url: '/api/admin/stock/movements',
        headers: json(admin.auth),
        payload: JSON.stringify({ kind: 'counted', ingredientId: x.i(slug).id, quantity: lv.reserved + 600 }),
      });
    }
    const placed: string[] = [];
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 3, maxLength: 6 }), async (batches) => {
        for (const batch of batches) {
          const answers = await Promise.all(
            batch.map(async (op) => {
              if (op.kind === 'place') {
                const c = people[op.who]!;
                const line = op.custom
                  ? {
                      id: `custom:${crypto.randomUUID()}`,
                      type: 'custom',
                      quantity: op.qty,
                      recipe: {
                        size: op.large ? 'large' : 'regular',
                        baseId: x.i('oat-milk').id,
                        addIns: [{ ingredientId: x.i(INGREDIENTS[op.shake]!).id, portions: 2 }],
                      },
                    }
                  : { id: x.s(SHAKES[op.shake]!).id, type: 'signature', quantity: op.qty };
                const r = await place(t, c, {
                  lines: [line],
                  addressId: c.addressId,
                  slotId,
                  date,
                  paymentMethod: op.online ? 'razorpay' : 'cod',
                });
                if (r.statusCode === 200) placed.push(r.json().order.id);
                else {
                  expect(r.statusCode, r.body).toBe(409);
                  refusals++;
                }
                return r.statusCode;
              }
              const pickId = placed.length ? placed[('pick' in op ? op.pick : 0) % placed.length]! : null;
              if (op.kind === 'cancel' && pickId) {
                return (
                  await t.request({
                    method: 'POST',
                    url: `/api/admin/orders/${pickId}/cancel`,
                    headers: json(admin.auth),
                    payload: JSON.stringify({ reason: 'Property test' }),
                  })
                ).statusCode;
              }
              if (op.kind === 'expire' && pickId) {
                await sql`update orders set expires_at = now() - interval '2 hours' where id = ${pickId} and status = 'pending_payment'`.execute(
                  t.deps.db,
                );
                await expireUnpaidOrders(t.deps);
                return 200;
              }
              if (op.kind === 'batch' && pickId) {
                return (
                  await t.request({
                    method: 'POST',
                    url: `/api/admin/orders/${pickId}/status`,
                    headers: json(admin.auth),
                    payload: JSON.stringify({ status: 'preparing' }),
                  })
                ).statusCode;
              }
              if (op.kind === 'receive' || op.kind === 'waste' || op.kind === 'count') {
                const ingredientId = x.i(INGREDIENTS[op.ing]!).id;
                const body =
                  op.kind === 'receive'
                    ? { kind: 'received', ingredientId, quantity: Math.max(1, op.qty), batch: 'P-1' }
                    : op.kind === 'waste'
                      ? { kind: 'wasted', ingredientId, quantity: Math.max(1, op.qty), reason: 'Property test' }
                      : { kind: 'counted', ingredientId, quantity: op.qty };
                return (
                  await t.request({
                    method: 'POST',
                    url: '/api/admin/stock/movements',
                    headers: json(admin.auth),
                    payload: JSON.stringify(body),
                  })
                ).statusCode;
              }
              return 200;
            }),
          );
          for (const s of answers) expect(s).toBeLessThan(500);
          await expectStockInvariants(t.deps.db);
          const want = await expectedReserved();
          const levels = await sql<{ ingredient_id: string; reserved: number }>`select ingredient_id, reserved from stock_levels`.execute(t.deps.db);
          for (const l of levels.rows) expect(l.reserved, `reserved of ${l.ingredient_id}`).toBe(want.get(l.ingredient_id) ?? 0);
        }
      }),
      { seed: 20261128, numRuns: 12, endOnFailure: true },
    );
    console.log(`[stock property] ${placed.length} orders placed, ${refusals} refused`);
    expect(refusals).toBeGreaterThan(0);
  });
});
