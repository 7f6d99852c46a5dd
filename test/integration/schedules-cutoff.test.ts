import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { recordStatements, type Statement } from '../helpers/statements';
import { countStock, customer, expectInvariants, loadShop, stockLevel, type Customer, type Shop } from './orders-fixtures';
import * as schedules from '../../server/domains/schedules/schedules.service';
import { runCutoff, remindUncovered } from '../../server/domains/schedules/schedules.cutoff';
import { forecast, forecastFor } from '../../server/domains/schedules/schedules.forecast';
import * as kitchen from '../../server/domains/kitchen/kitchen.service';
import * as stock from '../../server/domains/stock/stock.service';
import { adjust } from '../../server/domains/wallet/wallet.service';

/**
 * The cut-off job (decision 177): a minute past 21:00 IST the evening before, each planned day becomes
 * an ordinary wallet-paid order through the one placing pipeline (≤ 5 round trips each), once; a day the
 * wallet does not cover is recorded with its reason and the customer told once (mail + WhatsApp); the
 * 18:00 reminder goes once; the forecast is what the cut-off places.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
let now = new Date('2026-12-01T06:30:00+05:30');
const clock = { now: () => now };
let t: TestApp;
let shop: Shop;
let admin: Customer;
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await loadShop(t);
  admin = await customer(t, { role: 'admin' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const credit = (c: Customer, amount: number) => adjust(t.deps, admin.user, { userId: c.user.id, amount, reason: 'test credit' }, {});
const balance = async (c: Customer) =>
  (await t.deps.db.selectFrom('wallet_balances').select('balance_paise').where('user_id', '=', c.user.id).executeTakeFirst())?.balance_paise ?? 0;
const line = (i: number, quantity = 1) => ({ id: shop.shakes[i]!.id, type: 'signature' as const, quantity });
async function daily(c: Customer, startDate: string, items = [line(0)], slotId = shop.slotId) {
  return schedules.create(t.deps, c.user, { items, days: 'daily', slotId, addressId: c.addressId, startDate });
}
let sort = 80;
const newSlot = async (max = 500) =>
  (
    await t.deps.db
      .insertInto('delivery_slots')
      .values({ start_time: '06:00', end_time: '07:00', max_bookings: max, plan_type: 'all', sort: sort++ })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
/** Earlier tests' schedules end, so a test's run places only its own. */
const endOthers = () => t.deps.db.updateTable('schedules').set({ status: 'ended' }).execute();
const scheduledOrders = (c: Customer) =>
  t.deps.db.selectFrom('orders').select(['id', 'idempotency_key', 'payment_method', 'payment_status', 'total_paise', 'slot_date']).where('user_id', '=', c.user.id).execute();

describe('the cut-off job', () => {
  it('places tomorrow a minute after 21:00 IST, paid from the wallet, under its key; a second run (or instance) places nothing more', async () => {
    now = ist('2026-12-01', '10:00:00');
    const c = await customer(t);
    await credit(c, 100_000);
    const s = await daily(c, '2026-12-02', [line(0, 2)]);
    const before = await t.deps.db.selectFrom('user_carts').select('version').where('user_id', '=', c.user.id).executeTakeFirst();

    now = ist('2026-12-01', '21:00:30');
    expect(await runCutoff(t.deps)).toEqual({ placed: 0, notPlaced: 0 }); // the minute after the cut-off is the writes' margin
    now = ist('2026-12-01', '21:01:00');
    const first = await runCutoff(t.deps);
    expect(first.placed).toBeGreaterThanOrEqual(1);
    const orders = await scheduledOrders(c);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ idempotency_key: `schedule:${s.id}:2026-12-02`, payment_method: 'wallet', payment_status: 'paid', slot_date: '2026-12-02' });
    expect(await balance(c)).toBe(100_000 - orders[0]!.total_paise);
    // The server cart is left alone.
    const after = await t.deps.db.selectFrom('user_carts').select('version').where('user_id', '=', c.user.id).executeTakeFirst();
    expect(after?.version).toBe(before?.version);

    await Promise.all([runCutoff(t.deps), runCutoff(t.deps)]);
    expect(await scheduledOrders(c)).toHaveLength(1);

    const cal = await schedules.calendar(t.deps, c.user, { from: '2026-12-02', days: 2 });
    expect(cal.days[0]!.entries[0]).toMatchObject({ state: 'placed', order: { id: orders[0]!.id }, price: { total: orders[0]!.total_paise } });
    expect(cal.days[1]!.entries[0]!.state).toBe('planned');
    const run = await t.deps.db.selectFrom('schedule_runs').selectAll().where('schedule_id', '=', s.id).execute();
    expect(run).toMatchObject([{ outcome: 'placed', order_id: orders[0]!.id }]);
    await expectInvariants(t.deps.db);
  });

  it('a day the wallet does not cover is not placed: its reason recorded and the customer told once, by e-mail and WhatsApp', async () => {
    now = ist('2026-12-03', '10:00:00');
    const c = await customer(t);
    await t.deps.db.updateTable('users').set({ whatsapp_opt_in_at: now.toISOString(), mobile_verified_at: now.toISOString() }).where('id', '=', c.user.id).execute();
    await credit(c, 1_000); // ₹10
    const s = await daily(c, '2026-12-04');
    now = ist('2026-12-03', '21:02:00');
    await runCutoff(t.deps);
    await runCutoff(t.deps);
    expect(await scheduledOrders(c)).toHaveLength(0);
    expect(await balance(c)).toBe(1_000);
    const runs = await t.deps.db.selectFrom('schedule_runs').selectAll().where('schedule_id', '=', s.id).execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'not_placed', reason_code: 'WALLET_INSUFFICIENT' });
    // What happened, and no "another payment method" a standing day cannot offer (decision 220).
    expect(runs[0]!.reason).toMatch(/^Your wallet did not cover this delivery's ₹\d+ at the cut-off, so it was not placed\. Nothing was charged\.$/);
    expect(runs[0]!.reason).not.toMatch(/payment method/);
    const mails = await t.deps.db.selectFrom('mail_outbox').select(['subject', 'text']).where('to_email', '=', c.user.email).where('template', '=', 'delivery-not-placed').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Hydro Shakes delivery for Fri, 4 Dec was not placed');
    const wa = await t.deps.db.selectFrom('whatsapp_outbox').select(['template', 'text']).where('user_id', '=', c.user.id).execute();
    expect(wa).toEqual([expect.objectContaining({ template: 'delivery_not_placed' })]);
    const cal = await schedules.calendar(t.deps, c.user, { from: '2026-12-04', days: 1 });
    expect(cal.days[0]!.entries[0]).toMatchObject({ state: 'not_placed', reason: { code: 'WALLET_INSUFFICIENT' } });
  });

  it('a day the stock cannot cover is not placed: OUT_OF_STOCK with what ran out, nothing charged, no place held', async () => {
    now = ist('2026-12-21', '10:00:00');
    await endOthers();
    const c = await customer(t);
    await credit(c, 100_000);
    const s = await daily(c, '2026-12-22', [line(0, 2)]);
    // One bottle's worth of one of its ingredients left: the shake is on sale, two bottles are not there.
    const item = await t.deps.db
      .selectFrom('shake_recipe_items as r')
      .innerJoin('ingredients as i', 'i.id', 'r.ingredient_id')
      .select(['r.ingredient_id', 'r.qty_per_bottle', 'i.name'])
      .where('r.shake_id', '=', shop.shakes[0]!.id)
      .orderBy('r.ingredient_id')
      .executeTakeFirstOrThrow();
    const level = await stockLevel(t.deps.db, item.ingredient_id);
    const booked = async () =>
      (await t.deps.db.selectFrom('slot_bookings').select('booked').where('slot_id', '=', shop.slotId).where('date', '=', '2026-12-22').executeTakeFirst())
        ?.booked ?? 0;
    const bookedBefore = await booked();
    await countStock(t.deps.db, item.ingredient_id, level.reserved + item.qty_per_bottle, 'test: one bottle left');
    try {
      now = ist('2026-12-21', '21:01:00');
      await runCutoff(t.deps);
      expect(await scheduledOrders(c)).toHaveLength(0);
      expect(await balance(c)).toBe(100_000);
      expect(await booked()).toBe(bookedBefore);
      const runs = await t.deps.db.selectFrom('schedule_runs').selectAll().where('schedule_id', '=', s.id).execute();
      expect(runs).toMatchObject([{ outcome: 'not_placed', reason_code: 'OUT_OF_STOCK' }]);
      expect(runs[0]!.reason).toContain(`We don't have enough ${item.name} left`);
      await expectInvariants(t.deps.db);
    } finally {
      await countStock(t.deps.db, item.ingredient_id, level.on_hand, 'test: stock back');
    }
  });

  it('the 18:00 reminder: tomorrow not covered → told once; covered → not told', async () => {
    now = ist('2026-12-05', '10:00:00');
    const short = await customer(t);
    const covered = await customer(t);
    await credit(covered, 200_000);
    await daily(short, '2026-12-06');
    await daily(covered, '2026-12-06');
    now = ist('2026-12-05', '17:59:59');
    expect(await remindUncovered(t.deps)).toBe(0);
    now = ist('2026-12-05', '18:00:00');
    const told = await remindUncovered(t.deps);
    expect(told).toBeGreaterThanOrEqual(1);
    expect(await remindUncovered(t.deps)).toBe(0);
    const reminders = await t.deps.db.selectFrom('schedule_reminders').select('user_id').where('date', '=', '2026-12-06').execute();
    expect(reminders.map((r) => r.user_id)).toContain(short.user.id);
    expect(reminders.map((r) => r.user_id)).not.toContain(covered.user.id);
    const mail = await t.deps.db.selectFrom('mail_outbox').select('text').where('to_email', '=', short.user.email).where('template', '=', 'delivery-not-covered').execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/Your wallet is ₹\d+ short for Sun, 6 Dec: top up by 9:00 pm tonight so it is placed\./);
    expect(mail[0]!.text).toContain('/deliveries?date=2026-12-06');
  });

  it('the forecast is what the cut-off places: skips, vacations and changed days applied', async () => {
    now = ist('2026-12-07', '10:00:00');
    await endOthers();
    const slotId = await newSlot();
    const [a, b, c] = [await customer(t), await customer(t), await customer(t)];
    for (const x of [a, b, c]) await credit(x, 500_000);
    await daily(a, '2026-12-08', [line(0, 2)], slotId);
    await daily(b, '2026-12-08', [line(0, 1)], slotId);
    await daily(c, '2026-12-08', [line(0, 1)], slotId);
    await schedules.skip(t.deps, b.user, { date: '2026-12-08' });
    await schedules.putDay(t.deps, c.user, { date: '2026-12-08', items: [line(0, 3), line(1, 1)] });
    const f = await forecastFor(t.deps.db, '2026-12-08');
    const slot = f.find((x) => x.slotId === slotId)!;
    const qty = (i: number) => slot.lines.find((l) => l.id === shop.shakes[i]!.id)?.quantity ?? 0;
    expect(qty(0)).toBe(5);
    expect(qty(1)).toBe(1);
    // The kitchen reads the same forecast for the day before the cut-off: 6 bottles still to come.
    const before = await kitchen.day(t.deps, { date: '2026-12-08' });
    expect(before.day.forecastBottles).toBeGreaterThanOrEqual(6);
    // An ingredient the forecast needs more of than is free is flagged (the dashboard's low-stock card
    // lists it): counted down to one unit short, then back.
    const ing = before.day.ingredients.find((i) => i.forecast > 0 && i.free !== null)!;
    expect(ing.short).toBe(false);
    const reserved = ing.onHand - ing.free!;
    const count = (quantity: number) => stock.recordMovement(t.deps, a.user, { kind: 'counted', ingredientId: ing.ingredientId, quantity, reason: 'test' });
    await count(reserved + ing.forecast - 1);
    const shortNow = (await kitchen.day(t.deps, { date: '2026-12-08' })).day.ingredients.find((i) => i.ingredientId === ing.ingredientId)!;
    expect(shortNow).toMatchObject({ short: true, free: ing.forecast - 1 });
    await count(ing.onHand);
    now = ist('2026-12-07', '21:01:00');
    await runCutoff(t.deps);
    const { rows } = await sql<{ item_id: string; q: number }>`
      select l.item_id, sum(l.quantity)::int as q from orders o join order_lines l on l.order_id = o.id
      where o.slot_date = '2026-12-08' and o.idempotency_key like 'schedule:%' and o.user_id = any(${[a.user.id, b.user.id, c.user.id]}::uuid[])
      group by 1`.execute(t.deps.db);
    const runs = await t.deps.db.selectFrom('schedule_runs').selectAll().where('date', '=', '2026-12-08').execute();
    expect(runs.filter((r) => r.outcome !== 'placed'), JSON.stringify(runs)).toEqual([]);
    expect(Object.fromEntries(rows.map((r) => [r.item_id, r.q]))).toEqual({ [shop.shakes[0]!.id]: 5, [shop.shakes[1]!.id]: 1 });
    // After the run the days are orders: the kitchen's forecast (added to the orders) has nothing left
    // for the slot, so no bottle is counted twice; the back office's forecast still says what was placed.
    expect((await forecastFor(t.deps.db, '2026-12-08')).find((x) => x.slotId === slotId)).toBeUndefined();
    const after = await kitchen.day(t.deps, { date: '2026-12-08' });
    expect(after.day.forecastBottles).toBe(before.day.forecastBottles - 6);
    expect(after.day.bottles).toBe(before.day.bottles + 6);
    const shown = (await forecast(t.deps, { date: '2026-12-08' })).slots.find((x) => x.slotId === slotId)!;
    expect(shown.shakes.find((x) => x.id === shop.shakes[0]!.id)?.quantity).toBe(5);
  });

  it.skipIf(!onPostgres)('at most 5 database round trips per placed order', async () => {
    now = ist('2026-12-09', '10:00:00');
    await endOthers();
    const people: Customer[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await customer(t);
      await credit(c, 100_000);
      await daily(c, '2026-12-10');
      people.push(c);
    }
    now = ist('2026-12-09', '21:01:00');
    const log: Statement[] = [];
    const { placed } = await recordStatements(log, () => runCutoff(t.deps, { concurrency: 1 }));
    const texts = log.map((q) => q.text);
    expect(placed).toBe(6);
    // The run's own statements: the cut-off time, the due days and the free claims (today's and
    // tomorrow's), the batch's claim and its record.
    const overhead = texts.filter((q) => q.includes('standingCutoffTime') || q.includes('from schedules sc') || q.includes('schedule_runs'));
    expect(overhead).toHaveLength(7);
    const perOrder = (texts.length - overhead.length) / placed;
    console.log(`[cutoff] ${texts.length} statements for ${placed} orders (${overhead.length} of the run itself): ${perOrder} per order`);
    expect(perOrder).toBeLessThanOrEqual(5);
  });
});
