import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isSessionRead, recordStatements, type Statement } from '../helpers/statements';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { pdfText } from '../helpers/pdf-text';
import {
  customer,
  expectInvariants,
  expectStockInvariants,
  loadShop,
  place,
  stockLevel,
  type Customer,
  type Shop,
} from './orders-fixtures';
import { sendLowStockAlerts } from '../../server/domains/stock/stock.service';
import { LABEL } from '../../server/domains/kitchen/kitchen-pdf';
import type { Db } from '../../db/database';

/**
 * The kitchen (issue 24, PRODUCT.md §16, decisions 180–182): what to blend per slot agrees with the
 * stored order lines computed a second way in SQL; the prep sheet's text says the same; labels carry a
 * QR code that scans to the order page; Start batch / Ready through REST on a real port; the day's
 * read is one statement whatever the number of orders.
 */

const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
const qtyFmt = new Intl.NumberFormat('en-IN');

let t: TestApp;
let shop: Shop;
let base: string;
let slotId: string;
let owner: string;
let kitchenHand: string;
let rider: string;
let riderId: string;
let support: string;
const placed: { id: string; c: Customer }[] = [];

async function ids(db: Db) {
  const ing = await db.selectFrom('ingredients').select(['id', 'slug', 'name']).execute();
  const sh = await db.selectFrom('signature_shakes').select(['id', 'slug', 'name']).execute();
  return { i: (slug: string) => ing.find((x) => x.slug === slug)!, s: (slug: string) => sh.find((x) => x.slug === slug)! };
}

/** Every ingredient the slot's stored order lines need, computed from order_lines in SQL, independently of the app's statement. */
/** A new slot today with one Green Glow order per quantity, each from a new customer (cash on delivery). */
async function greenGlowOrders(
  x: Awaited<ReturnType<typeof ids>>,
  when: { start: string; end: string; sort: number },
  quantities: number[],
) {
  const slot = await t.deps.db
    .insertInto('delivery_slots')
    .values({ start_time: when.start, end_time: when.end, max_bookings: 100, plan_type: 'all', sort: when.sort })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orderIds: string[] = [];
  for (const quantity of quantities) {
    const c = await customer(t);
    const r = await place(t, c, {
      lines: [{ id: x.s('green-glow').id, type: 'signature', quantity }],
      addressId: c.addressId,
      slotId: slot.id,
      date: shop.date,
      paymentMethod: 'cod',
    });
    expect(r.statusCode, r.body).toBe(200);
    orderIds.push(r.json().order.id);
  }
  return { slot, orderIds };
}

async function needsInSql(db: Db, date: string, slot: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ ingredient_id: string; qty: number }>`
    select ingredient_id, sum(qty)::int as qty from (
      select r.ingredient_id, r.qty_per_bottle * l.quantity as qty
      from order_lines l join orders o on o.id = l.order_id
      join shake_recipe_items r on r.shake_id::text = l.item_id
      where o.slot_date = ${date}::date and o.slot_id = ${slot}::uuid and l.item_type = 'signature'
        and o.status in ('confirmed', 'preparing', 'out_for_delivery', 'delivered')
      union all
      select i.id, ceil(i.portion_qty * p.portions * case l.recipe->>'size' when 'large' then 1.4 else 1 end)::int * l.quantity
      from order_lines l join orders o on o.id = l.order_id,
        lateral (select l.recipe->>'baseId' as id, 1 as portions
                 union all select a->>'ingredientId', (a->>'portions')::int from jsonb_array_elements(l.recipe->'addIns') a) p
      join ingredients i on i.id::text = p.id
      where o.slot_date = ${date}::date and o.slot_id = ${slot}::uuid and l.item_type = 'custom'
        and o.status in ('confirmed', 'preparing', 'out_for_delivery', 'delivered')
    ) x group by ingredient_id`.execute(db);
  return new Map(rows.map((r) => [r.ingredient_id, r.qty]));
}

const api = (auth: string | null, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(auth ? { authorization: auth } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
  shop = await loadShop(t);
  const slot = await t.deps.db
    .insertInto('delivery_slots')
    .values({ start_time: '06:00', end_time: '07:00', max_bookings: 1000, plan_type: 'all', sort: 95 })
    .returning('id')
    .executeTakeFirstOrThrow();
  slotId = slot.id;
  owner = await t.bearer(await createUser(t.deps.db, { role: 'admin' }));
  kitchenHand = await t.bearer(await createUser(t.deps.db, { role: 'kitchen', name: 'Kavya Kitchen' }));
  const riderUser = await createUser(t.deps.db, { role: 'rider', name: 'Ravi Rider' });
  riderId = riderUser.id;
  rider = await t.bearer(riderUser);
  support = await t.bearer(await createUser(t.deps.db, { role: 'support' }));
  const x = await ids(t.deps.db);
  const custom = (size: 'regular' | 'large', name: string) => ({
    id: `custom:${size}`,
    type: 'custom',
    quantity: 1,
    recipe: { size, name, baseId: x.i('almond-milk').id, addIns: [{ ingredientId: x.i('kale').id, portions: 2 }] },
  });
  const bodies = [
    [{ id: x.s('green-glow').id, type: 'signature', quantity: 2 }, custom('large', 'Zoë’s Kale')],
    [{ id: x.s('green-glow').id, type: 'signature', quantity: 1 }, custom('regular', 'Morning kale')],
    [{ id: shop.shakes[1]!.id, type: 'signature', quantity: 3 }],
  ];
  for (const lines of bodies) {
    const c = await customer(t);
    const r = await place(t, c, { lines, addressId: c.addressId, slotId, date: shop.date, paymentMethod: 'cod' });
    expect(r.statusCode, r.body).toBe(200);
    placed.push({ id: r.json().order.id, c });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the kitchen', () => {
  it('shows each slot’s shakes × bottles, custom recipes with what a bottle takes, and ingredient totals equal to the stored lines in SQL', async () => {
    const res = await api(kitchenHand, `/api/admin/kitchen?date=${shop.date}&slotId=${slotId}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const day = await res.json();
    expect(day.sections).toHaveLength(1);
    const s = day.sections[0];
    expect(s.orders.confirmed).toBe(3);
    expect(s.blend.bottles).toBe(8);
    const x = await ids(t.deps.db);
    expect(s.blend.shakes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ shakeId: x.s('green-glow').id, name: 'Green Glow', bottles: 3 }),
        expect.objectContaining({ shakeId: shop.shakes[1]!.id, name: shop.shakes[1]!.name, bottles: 3 }),
      ]),
    );
    const large = s.blend.customs.find((c: { size: string }) => c.size === 'large');
    expect(large).toMatchObject({ name: 'Zoë’s Kale', bottles: 1 });
    // Large: 2 portions of 25 g × 1.4 = 70 g of kale per bottle, a 250 ml base × 1.4 = 350 ml of almond milk.
    expect(large.perBottle).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Curly kale', qty: 70 }),
        expect.objectContaining({ name: 'Almond milk', qty: 350 }),
      ]),
    );
    const sqlNeeds = await needsInSql(t.deps.db, shop.date, slotId);
    const appNeeds = new Map(s.blend.ingredients.map((i: { ingredientId: string; qty: number }) => [i.ingredientId, i.qty]));
    expect(appNeeds).toEqual(sqlNeeds);
    // The day's totals hold the slot's (other tests' slots may add to them).
    for (const i of day.day.ingredients) expect(i.ordered).toBeGreaterThanOrEqual(sqlNeeds.get(i.ingredientId) ?? 0);
  });

  it('the prep sheet PDF reads back with the same shakes and ingredient totals', async () => {
    const res = await api(kitchenHand, `/api/admin/kitchen/prep-sheet.pdf?date=${shop.date}&slotId=${slotId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = (await pdfText(bytes)).pages.join('\n');
    expect(text).toContain('Prep sheet');
    // For a person to look at.
    fs.mkdirSync('/tmp/kitchen-shots', { recursive: true });
    const sheet = mupdf.Document.openDocument(bytes, 'application/pdf').loadPage(0);
    fs.writeFileSync(
      '/tmp/kitchen-shots/prep-sheet.png',
      sheet.toPixmap(mupdf.Matrix.scale(1.5, 1.5), mupdf.ColorSpace.DeviceRGB, false).asPNG(),
    );
    const line = (l: string, r: string) => new RegExp(`^${l.replace(/[()]/g, '\\$&')}\\s*${r}$`, 'm');
    expect(text).toMatch(line('Green Glow', '× 3'));
    expect(text).toMatch(line('Zoë’s Kale (Large)', '× 1'));
    const names = await t.deps.db.selectFrom('ingredients').select(['id', 'name', 'stock_unit']).execute();
    const units: Record<string, string> = { g: 'g', ml: 'ml', pc: 'pcs' };
    // From 1,000 g or ml the sheet reads kg or L: 2 decimals under 10, 1 under 100, none above.
    const written = (n: number, unit: string) => {
      if (unit === 'pc' || n < 1000) return `${qtyFmt.format(n).replace(/,/g, '')} ${units[unit]}`;
      const big = n / 1000;
      return `${Number(big.toFixed(big < 10 ? 2 : big < 100 ? 1 : 0))} ${unit === 'g' ? 'kg' : 'L'}`;
    };
    for (const [id, n] of await needsInSql(t.deps.db, shop.date, slotId)) {
      const i = names.find((r) => r.id === id)!;
      expect(text, i.name).toMatch(line(i.name, written(n, i.stock_unit)));
    }
    // Each signature recipe per bottle, under its shake, as the recipe table says (and the screen's read agrees).
    const recipe = await t.deps.db
      .selectFrom('shake_recipe_items as r')
      .innerJoin('signature_shakes as s', 's.id', 'r.shake_id')
      .innerJoin('ingredients as i', 'i.id', 'r.ingredient_id')
      .select(['i.id', 'i.name', 'i.stock_unit', 'r.qty_per_bottle'])
      .where('s.name', '=', 'Green Glow')
      .execute();
    expect(recipe.length).toBeGreaterThan(2);
    for (const r of recipe) expect(text, r.name).toMatch(line(r.name, `${written(r.qty_per_bottle, r.stock_unit)} per bottle`));
    const screen = await (await api(kitchenHand, `/api/admin/kitchen?date=${shop.date}&slotId=${slotId}`)).json();
    const glow = screen.sections[0].blend.shakes.find((x: { name: string }) => x.name === 'Green Glow');
    expect(new Map(glow.perBottle.map((i: { ingredientId: string; qty: number }) => [i.ingredientId, i.qty]))).toEqual(
      new Map(recipe.map((r) => [r.id, r.qty_per_bottle])),
    );
  });

  it('labels: one 50 × 25 mm label per bottle, and the QR code of a label scans to the order page', async () => {
    const res = await api(kitchenHand, `/api/admin/kitchen/labels.pdf?date=${shop.date}&slotId=${slotId}`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = (await pdfText(bytes)).pages.join('\n');
    const numbers = text.match(/HS-\d{6}/g) ?? [];
    expect(numbers).toHaveLength(8); // one label per bottle
    expect(text).toContain('Best before');

    const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
    const scale = 4; // 288 dpi
    const pix = doc.loadPage(0).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
    const [w, stride, n] = [pix.getWidth(), pix.getStride(), pix.getNumberOfComponents()];
    const px = pix.getPixels();
    // The first label: top-left of the sheet.
    const left = Math.floor(((595.28 - LABEL.cols * LABEL.w) / 2) * scale);
    const top = Math.floor(((841.89 - LABEL.rows * LABEL.h) / 2) * scale);
    const lw = Math.ceil(LABEL.w * scale);
    const lh = Math.ceil(LABEL.h * scale);
    const rgba = new Uint8ClampedArray(lw * lh * 4);
    for (let y = 0; y < lh; y++)
      for (let x = 0; x < lw; x++) {
        const src = (top + y) * stride + (left + x) * n;
        const dst = (y * lw + x) * 4;
        rgba[dst] = px[src]!;
        rgba[dst + 1] = px[src + 1]!;
        rgba[dst + 2] = px[src + 2]!;
        rgba[dst + 3] = 255;
      }
    expect(w).toBeGreaterThan(left + lw);
    const found = jsQR(rgba, lw, lh);
    expect(found, 'a QR code on the first label').not.toBeNull();
    const first = [...placed].sort((a, b) => a.id.localeCompare(b.id));
    expect(first.map((p) => `http://localhost:3000/order/${p.id}`)).toContain(found!.data);
    // For a person to look at: the first label at 100 % (1 pt = 1 px × scale) and the whole sheet.
    fs.mkdirSync('/tmp/kitchen-shots', { recursive: true });
    fs.writeFileSync('/tmp/kitchen-shots/labels-page.png', pix.asPNG());
  });

  it('Start batch (REST, real port): confirmed orders move to preparing, reservations become used once; Ready records the time the deliveries screen shows', async () => {
    const body = { date: shop.date, slotId };
    for (const who of [rider, support]) {
      expect((await api(who, '/api/admin/kitchen/batches', { method: 'POST', body })).status).toBe(403);
      expect((await api(who, `/api/admin/kitchen?date=${shop.date}`)).status).toBe(403);
      expect((await api(who, `/api/admin/kitchen/labels.pdf?date=${shop.date}&slotId=${slotId}`)).status).toBe(403);
    }
    expect((await api(null, '/api/admin/kitchen/batches', { method: 'POST', body })).status).toBe(401);
    const heldBefore = await t.deps.db
      .selectFrom('stock_reservations')
      .select(['order_id', 'ingredient_id', 'qty'])
      .where(
        'order_id',
        'in',
        placed.map((p) => p.id),
      )
      .execute();
    expect(heldBefore.length).toBeGreaterThan(0);

    const start = await api(kitchenHand, '/api/admin/kitchen/batches', { method: 'POST', body });
    expect(start.status, await start.clone().text()).toBe(200);
    const started = await start.json();
    expect(started.moved).toBe(3);
    expect(started.batch).toMatchObject({ slotId, orderCount: 3, readyAt: null, startedBy: 'Kavya Kitchen' });

    const statuses = await t.deps.db
      .selectFrom('orders')
      .select('status')
      .where(
        'id',
        'in',
        placed.map((p) => p.id),
      )
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['preparing', 'preparing', 'preparing']);
    const used = await t.deps.db
      .selectFrom('stock_movements')
      .select(['order_id', 'ingredient_id', 'delta'])
      .where('kind', '=', 'used')
      .where(
        'order_id',
        'in',
        placed.map((p) => p.id),
      )
      .execute();
    expect(used.map((u) => `${u.order_id}:${u.ingredient_id}:${-u.delta}`).sort()).toEqual(
      heldBefore.map((h) => `${h.order_id}:${h.ingredient_id}:${h.qty}`).sort(),
    );
    const timeline = await t.deps.db
      .selectFrom('order_events')
      .select('note')
      .where('order_id', '=', placed[0]!.id)
      .where('status', '=', 'preparing')
      .execute();
    expect(timeline).toHaveLength(1);
    await expectStockInvariants(t.deps.db);

    // Twice = once: nothing new to start; the same batch answers, no second usage.
    const again = await api(kitchenHand, '/api/admin/kitchen/batches', { method: 'POST', body });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ moved: 0, batch: { id: started.batch.id } });
    const usedAgain = await t.deps.db
      .selectFrom('stock_movements')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('kind', '=', 'used')
      .where(
        'order_id',
        'in',
        placed.map((p) => p.id),
      )
      .executeTakeFirstOrThrow();
    expect(usedAgain.n).toBe(used.length);

    for (const who of [rider, support])
      expect((await api(who, `/api/admin/kitchen/batches/${started.batch.id}/ready`, { method: 'POST', body: {} })).status).toBe(403);
    const ready = await api(kitchenHand, `/api/admin/kitchen/batches/${started.batch.id}/ready`, { method: 'POST', body: {} });
    expect(ready.status, await ready.clone().text()).toBe(200);
    const r1 = await ready.json();
    expect(r1.readyAt).toEqual(expect.any(String));
    const r2 = await (await api(kitchenHand, `/api/admin/kitchen/batches/${started.batch.id}/ready`, { method: 'POST', body: {} })).json();
    expect(r2.readyAt).toBe(r1.readyAt);
    // The slot's figures follow the batch: its orders are ready for riders, not "preparing" any more.
    const after = (await (await api(kitchenHand, `/api/admin/kitchen?date=${shop.date}&slotId=${slotId}`)).json()).sections[0].orders;
    expect(after).toMatchObject({ preparing: 0, ready: 3 });
    expect(
      (await api(kitchenHand, `/api/admin/kitchen/batches/00000000-0000-4000-8000-000000000000/ready`, { method: 'POST', body: {} }))
        .status,
    ).toBe(404);

    const deliveries = await (await api(owner, `/api/admin/deliveries?date=${shop.date}&slotId=${slotId}`)).json();
    const stops = deliveries.stops.filter((s: { orderId: string }) => placed.some((p) => p.id === s.orderId));
    expect(stops).toHaveLength(3);
    for (const s of stops) expect(s.readyAt).toBe(r1.readyAt);
    // The rider the stops go to sees the ready time too.
    const assigned = await api(owner, '/api/admin/deliveries/assign', {
      method: 'POST',
      body: { orderIds: placed.map((p) => p.id), riderId: riderId },
    });
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    const runs = await (await api(rider, `/api/rider/runs?date=${shop.date}`)).json();
    const riderStops = runs.runs.flatMap((r: { stops: { orderId: string; readyAt: string | null }[] }) => r.stops);
    expect(riderStops.map((s: { readyAt: string | null }) => s.readyAt)).toEqual([r1.readyAt, r1.readyAt, r1.readyAt]);

    const view = await (await api(kitchenHand, `/api/admin/kitchen?date=${shop.date}&slotId=${slotId}`)).json();
    expect(view.sections[0].orders).toMatchObject({ confirmed: 0, preparing: 0, ready: 3 });
    expect(view.sections[0].batches).toEqual([expect.objectContaining({ id: started.batch.id, readyAt: r1.readyAt })]);
    await expectInvariants(t.deps.db);
  });

  it('a slot without confirmed orders and no batch refuses to start with a sentence', async () => {
    const empty = await t.deps.db
      .insertInto('delivery_slots')
      .values({ start_time: '21:00', end_time: '22:00', max_bookings: 10, plan_type: 'all', sort: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await api(kitchenHand, '/api/admin/kitchen/batches', { method: 'POST', body: { date: shop.date, slotId: empty.id } });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('There are no confirmed orders in this slot to blend yet.');
  });

  it('the forecast e-mail: tomorrow’s standing deliveries needing more than is free mail the owners once per ingredient and day', async () => {
    const x = await ids(t.deps.db);
    const kale = await stockLevel(t.deps.db, x.i('kale').id);
    const bottles = Math.ceil((kale.on_hand - kale.reserved) / 25) + 20; // Green Glow takes 25 g of kale a bottle
    const lines = [{ id: x.s('green-glow').id, type: 'signature' as const, quantity: 20 }];
    const forecast = { date: shop.date, lines: Array.from({ length: Math.ceil(bottles / 20) }, () => lines[0]!) };
    const mails = () => t.deps.db.selectFrom('mail_outbox').select(['subject']).where('template', '=', 'stock-forecast').execute();
    const before = (await mails()).length;
    await sendLowStockAlerts(t.deps, forecast);
    const after = await mails();
    expect(after.length).toBeGreaterThan(before);
    expect(after.map((m) => m.subject).join('\n')).toMatch(/Not enough Curly kale for .+ needed, .+ free\)/);
    await sendLowStockAlerts(t.deps, forecast);
    expect((await mails()).length).toBe(after.length);
  });

  it.skipIf(!onPostgres)('a day of 2,000 orders: the kitchen read is one or two SQL statements', { timeout: 120_000 }, async () => {
    const day = '2030-01-15';
    const x = await ids(t.deps.db);
    const user = await createUser(t.deps.db);
    const slots = await t.deps.db.selectFrom('delivery_slots').select('id').where('active', '=', true).execute();
    await sql`
      with o as (
        insert into orders (user_id, status, payment_method, payment_status, subtotal_paise, total_paise, contact_email, address, pincode,
          slot_id, slot_date, slot_start, slot_end, idempotency_key, request_hash)
        select ${user.id}::uuid, 'confirmed', 'cod', 'pending', 30000, 30000, 'bench@example.in', '{"name":"Asha Rao"}'::jsonb, '560038',
          (${slots.map((s) => s.id)}::uuid[])[1 + g % ${slots.length}], ${day}::date, '07:00', '08:00', 'k' || g, 'h'
        from generate_series(1, 2000) g
        returning id, number
      )
      insert into order_lines (order_id, position, item_id, item_type, name, unit_price_paise, quantity, line_total_paise, recipe)
      select o.id, 1, ${x.s('green-glow').id}, 'signature', 'Green Glow', 15000, 2, 30000, null from o
      union all
      select o.id, 2, 'custom:x', 'custom', 'Kale it', 20000, 1, 20000,
        jsonb_build_object('size', case when right(o.number, 1) < '5' then 'large' else 'regular' end, 'baseId', ${x.i('almond-milk').id}::text,
          'addIns', jsonb_build_array(jsonb_build_object('ingredientId', ${x.i('kale').id}::text, 'portions', 1 + (right(o.number, 1)::int % 2))))
      from o`.execute(t.deps.db);
    await sql`analyze`.execute(t.deps.db);
    const log: Statement[] = [];
    const res = await recordStatements(log, async () => {
      await api(kitchenHand, `/api/admin/kitchen?date=${day}`); // warm the session look-up
      log.length = 0;
      return api(kitchenHand, `/api/admin/kitchen?date=${day}`);
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.day.bottles).toBe(6000);
    const all = log.map((q) => q.text).filter((q) => !/^(begin|commit|rollback|set |select set_config)/i.test(q.trim()));
    expect(all.filter(isSessionRead)).toHaveLength(1); // the bearer's session, read at every signed-in request
    const statements = all.filter((q) => !isSessionRead(q));
    const mine = statements.filter((q) => q.includes('order_lines'));
    expect(mine.length, statements.join('\n---\n')).toBeLessThanOrEqual(2);
    // The day's orders, and the standing deliveries still to place: those due and the fixed days' claimed plans.
    expect(statements.length, statements.join('\n---\n')).toBeLessThanOrEqual(3);
  });
  it('a recipe edit that keeps its ingredients saves (PUT), and the kitchen shows the new need at once', async () => {
    const x = await ids(t.deps.db);
    const glow = x.s('green-glow').id;
    const items = await t.deps.db
      .selectFrom('shake_recipe_items')
      .select(['ingredient_id', 'qty_per_bottle'])
      .where('shake_id', '=', glow)
      .execute();
    const kale = x.i('kale').id;
    const res = await api(owner, `/api/admin/shakes/${glow}/recipe`, {
      method: 'PUT',
      body: {
        items: items.map((i) => ({ ingredientId: i.ingredient_id, qtyPerBottle: i.ingredient_id === kale ? 40 : i.qty_per_bottle })),
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const day = await (await api(kitchenHand, `/api/admin/kitchen?date=${shop.date}&slotId=${slotId}`)).json();
    const sqlNeeds = await needsInSql(t.deps.db, shop.date, slotId);
    expect(new Map(day.sections[0].blend.ingredients.map((i: { ingredientId: string; qty: number }) => [i.ingredientId, i.qty]))).toEqual(
      sqlNeeds,
    );
    // 3 Green Glows × 40 g + the custom bottles' kale (70 g Large, 50 g Regular).
    expect(sqlNeeds.get(kale)).toBe(3 * 40 + 70 + 50);
  });
});

describe('Undo a batch until it is Ready (issue 41, decision 264)', () => {
  /** On hand and reserved per ingredient, through the API (GET /api/admin/stock) and in raw SQL (the ledger's sum, the reservation rows). */
  async function stockBoth(): Promise<{ api: Map<string, [number, number]>; sql: Map<string, [number, number]> }> {
    const body = await (await api(kitchenHand, '/api/admin/stock')).json();
    const viaApi = new Map<string, [number, number]>(
      body.ingredients
        .filter((i: { tracked: boolean }) => i.tracked)
        .map((i: { ingredientId: string; onHand: number; reserved: number }) => [i.ingredientId, [i.onHand, i.reserved]]),
    );
    const { rows } = await sql<{ id: string; ledger: number; held: number }>`
      select b.ingredient_id as id,
        coalesce((select sum(m.delta) from stock_movements m where m.ingredient_id = b.ingredient_id), 0)::int as ledger,
        coalesce((select sum(r.qty) from stock_reservations r where r.ingredient_id = b.ingredient_id), 0)::int as held
      from stock_balances b`.execute(t.deps.db);
    return { api: viaApi, sql: new Map(rows.map((r) => [r.id, [r.ledger, r.held]])) };
  }
  /** What each order's stored lines need per ingredient, in SQL (signature lines by their recipe). */
  async function orderNeeds(orderIds: string[]): Promise<Map<string, number>> {
    const { rows } = await sql<{ ingredient_id: string; qty: number }>`
      select r.ingredient_id, sum(r.qty_per_bottle * l.quantity)::int as qty
      from order_lines l join shake_recipe_items r on r.shake_id::text = l.item_id
      where l.order_id = any(${orderIds}::uuid[]) and l.item_type = 'signature' group by r.ingredient_id`.execute(t.deps.db);
    return new Map(rows.map((r) => [r.ingredient_id, r.qty]));
  }

  it('asks with what it takes, gives back once (two undos at once), a cancelled order stays cancelled, Start again uses the stock once, Ready ends Undo', async () => {
    const x = await ids(t.deps.db);
    const { slot, orderIds } = await greenGlowOrders(x, { start: '07:00', end: '09:00', sort: 96 }, [4, 3, 5]);
    const [keep1, keep2, cancelMe] = orderIds as [string, string, string];
    const before = await stockBoth();
    for (const [id, v] of before.sql) expect(before.api.get(id), id).toEqual(v);

    // The confirmation's figures: 12 bottles and what they take, as the stored lines need in SQL.
    const view = (await (await api(kitchenHand, `/api/admin/kitchen?date=${shop.date}&slotId=${slot.id}`)).json()).sections[0];
    expect(view.toStart.bottles).toBe(12);
    expect(new Map(view.toStart.ingredients.map((i: { ingredientId: string; qty: number }) => [i.ingredientId, i.qty]))).toEqual(
      await orderNeeds(orderIds),
    );

    const start = await (
      await api(kitchenHand, '/api/admin/kitchen/batches', { method: 'POST', body: { date: shop.date, slotId: slot.id } })
    ).json();
    expect(start.moved).toBe(3);
    const batchId: string = start.batch.id;
    const all = await orderNeeds(orderIds);
    const started = await stockBoth();
    for (const [id, n] of all) expect(started.sql.get(id)![0], 'on hand falls by the batch').toBe(before.sql.get(id)![0] - n);

    // Meanwhile the desk cancels one order of the batch.
    const cancelled = await api(owner, `/api/admin/orders/${cancelMe}/cancel`, {
      method: 'POST',
      body: { reason: 'Customer called: travelling' },
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);

    for (const who of [rider, support])
      expect((await api(who, `/api/admin/kitchen/batches/${batchId}/undo`, { method: 'POST', body: {} })).status).toBe(403);
    expect(
      (await api(kitchenHand, '/api/admin/kitchen/batches/00000000-0000-4000-8000-000000000000/undo', { method: 'POST', body: {} })).status,
    ).toBe(404);

    // Two undos at once (real parallel requests): one reversal.
    const both = await Promise.all(
      [1, 2].map(() => api(kitchenHand, `/api/admin/kitchen/batches/${batchId}/undo`, { method: 'POST', body: {} })),
    );
    for (const r of both) expect(r.status, await r.clone().text()).toBe(200);
    const answers = await Promise.all(both.map((r) => r.json()));
    expect(answers.map((a) => a.confirmed).sort()).toEqual([0, 2]);
    for (const a of answers)
      expect(a.batch).toMatchObject({ id: batchId, undoneAt: expect.any(String), undoneBy: 'Kavya Kitchen', orderCount: 3, readyAt: null });
    expect(answers.find((a) => a.confirmed === 2)!.cancelled).toBe(1);

    const statuses = await t.deps.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', orderIds).execute();
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({
      [keep1]: 'confirmed',
      [keep2]: 'confirmed',
      [cancelMe]: 'cancelled',
    });
    const ledger = await t.deps.db
      .selectFrom('stock_movements')
      .select(['order_id', 'kind', sql<number>`count(*)::int`.as('n'), sql<number>`sum(delta)::int`.as('sum')])
      .where('order_id', 'in', orderIds)
      .groupBy(['order_id', 'kind'])
      .execute();
    for (const id of orderIds) {
      const used = ledger.find((l) => l.order_id === id && l.kind === 'used')!;
      const back = ledger.find((l) => l.order_id === id && l.kind === 'returned')!;
      expect(back.n, 'one returned row per used row').toBe(used.n);
      expect(back.sum).toBe(-used.sum);
    }
    // On hand is what it was before the batch; the confirmed orders hold their stock again, the cancelled one holds nothing.
    const undone = await stockBoth();
    const kept = await orderNeeds([keep1, keep2]);
    const gone = await orderNeeds([cancelMe]);
    for (const [id, [onHand, held]] of undone.sql) {
      expect(undone.api.get(id), id).toEqual([onHand, held]);
      expect(onHand, id).toBe(before.sql.get(id)![0]);
      expect(held, id).toBe(before.sql.get(id)![1] - (gone.get(id) ?? 0));
    }
    const holds = await t.deps.db
      .selectFrom('stock_reservations')
      .select(['order_id', 'ingredient_id', 'qty'])
      .where('order_id', 'in', orderIds)
      .execute();
    expect(holds.filter((h) => h.order_id === cancelMe)).toEqual([]);
    expect(new Set(holds.map((h) => h.order_id))).toEqual(new Set([keep1, keep2]));
    const timeline = await t.deps.db
      .selectFrom('order_events')
      .select(['status', 'note'])
      .where('order_id', '=', keep1)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(timeline.map((e) => e.status).slice(-2)).toEqual(['preparing', 'confirmed']);
    await expectStockInvariants(t.deps.db);

    // The undone batch is on record; Ready on it is refused with a sentence.
    const after = (await (await api(kitchenHand, `/api/admin/kitchen?date=${shop.date}&slotId=${slot.id}`)).json()).sections[0];
    expect(after.orders).toMatchObject({ confirmed: 2, preparing: 0 });
    expect(after.toStart.bottles).toBe(7);
    expect(after.batches).toEqual([expect.objectContaining({ id: batchId, undoneAt: expect.any(String), orderCount: 3 })]);
    const readyUndone = await api(kitchenHand, `/api/admin/kitchen/batches/${batchId}/ready`, { method: 'POST', body: {} });
    expect(readyUndone.status).toBe(409);
    expect((await readyUndone.json()).message).toMatch(/^This batch was undone at .+; its orders are waiting for a new Start batch\.$/);

    // Start again: the stock is used once (the API and the ledger in SQL agree).
    const again = await (
      await api(kitchenHand, '/api/admin/kitchen/batches', { method: 'POST', body: { date: shop.date, slotId: slot.id } })
    ).json();
    expect(again.moved).toBe(2);
    expect(again.batch.id).not.toBe(batchId);
    const restarted = await stockBoth();
    for (const [id, [onHand, held]] of restarted.sql) {
      expect(restarted.api.get(id), id).toEqual([onHand, held]);
      expect(onHand, id).toBe(before.sql.get(id)![0] - (kept.get(id) ?? 0));
      expect(held, id).toBe(before.sql.get(id)![1] - (all.get(id) ?? 0));
    }
    const net = await sql<{ order_id: string; ingredient_id: string; used: number; rounds: number }>`
      select order_id, ingredient_id, -sum(delta)::int as used, max(use_round)::int as rounds from stock_movements
      where order_id = any(${orderIds}::uuid[]) and kind in ('used', 'returned') group by order_id, ingredient_id`.execute(t.deps.db);
    for (const r of net.rows) {
      if (r.order_id === cancelMe) expect(r).toMatchObject({ used: 0, rounds: 1 });
      else
        expect(r, 'used once, in its second round').toMatchObject({
          used: (await orderNeeds([r.order_id])).get(r.ingredient_id),
          rounds: 2,
        });
    }
    await expectStockInvariants(t.deps.db);

    // Once Ready, Undo is refused with a sentence and changes nothing.
    expect((await api(kitchenHand, `/api/admin/kitchen/batches/${again.batch.id}/ready`, { method: 'POST', body: {} })).status).toBe(200);
    const late = await api(kitchenHand, `/api/admin/kitchen/batches/${again.batch.id}/undo`, { method: 'POST', body: {} });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toMatch(/^This batch was marked ready at .+; a batch can only be undone until it is ready\.$/);
    expect(
      (await t.deps.db.selectFrom('orders').select('status').where('id', 'in', [keep1, keep2]).execute()).map((o) => o.status),
    ).toEqual(['preparing', 'preparing']);
    await expectStockInvariants(t.deps.db);
  });

  it('a batch one of whose orders already left with a rider cannot be undone (409, naming the order), and nothing changes', async () => {
    const x = await ids(t.deps.db);
    const { slot, orderIds } = await greenGlowOrders(x, { start: '09:00', end: '11:00', sort: 97 }, [1, 2]);
    const start = await (
      await api(kitchenHand, '/api/admin/kitchen/batches', { method: 'POST', body: { date: shop.date, slotId: slot.id } })
    ).json();
    const out = await api(owner, `/api/admin/orders/${orderIds[0]}/status`, { method: 'POST', body: { status: 'out_for_delivery' } });
    expect(out.status, await out.clone().text()).toBe(200);
    const number = (await t.deps.db.selectFrom('orders').select('number').where('id', '=', orderIds[0]!).executeTakeFirstOrThrow()).number;
    const res = await api(kitchenHand, `/api/admin/kitchen/batches/${start.batch.id}/undo`, { method: 'POST', body: {} });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      `Order ${number} has already left the kitchen (out for delivery), so this batch can no longer be undone.`,
    );
    const statuses = await t.deps.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', orderIds).execute();
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({
      [orderIds[0]!]: 'out_for_delivery',
      [orderIds[1]!]: 'preparing',
    });
    const returned = await t.deps.db
      .selectFrom('stock_movements')
      .select('id')
      .where('kind', '=', 'returned')
      .where('order_id', 'in', orderIds)
      .execute();
    expect(returned).toEqual([]);
  });
});
