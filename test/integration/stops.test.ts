import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { createInstance } from '../helpers/instances';
import { createUser } from '../helpers/factories';
import { customer, expectInvariants, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { addDays } from '../../shared/rules/slots';
import { riderForPin } from '../../server/domains/orders/orders.stops.service';
import { pruneRiderKeys, RIDER_KEY_DAYS } from '../../server/domains/orders/orders.rider-keys';
import { runRetention } from '../../server/domains/privacy/retention.service';

/**
 * The last mile (PRODUCT.md §17): assignment, the rider's own stops (another rider's is a 404), the
 * delivery code (on the customer's page only; 5 wrong tries lock the stop), a failed delivery back to
 * the manager, and COD cash checked against SQL of its own.
 */

let t: TestApp;
let shop: Shop;
let manager: string;
let riderA: { id: string; auth: string };
let riderB: { id: string; auth: string };
const orders: { id: string; c: Customer; total: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  shop = await loadShop(t);
  manager = await t.bearer(await createUser(t.deps.db, { role: 'manager' }));
  // One number per account (decision 206): each rider has their own.
  for (const [name, mobile] of [['Arjun Rider', '+919845012345'], ['Bala Rider', '+919845012346']] as const) {
    const u = await createUser(t.deps.db, { role: 'rider', name });
    await t.deps.db.updateTable('users').set({ mobile }).where('id', '=', u.id).execute();
    const r = { id: u.id, auth: await t.bearer(u) };
    if (!riderA) riderA = r;
    else riderB = r;
  }
  for (const pin of ['560038', '560038', '560001']) {
    const c = await customer(t, { pincode: pin });
    const placed = await place(t, c, orderBody(shop, c));
    expect(placed.statusCode, placed.body).toBe(200);
    orders.push({ id: placed.json().order.id, c, total: placed.json().order.breakdown.total });
  }
});
afterAll(async () => {
  await t?.close();
});

const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });
const post = (auth: string, url: string, body: unknown = {}) =>
  t.request({ method: 'POST', url, headers: json(auth), payload: JSON.stringify(body) });
const get = (auth: string, url: string) => t.request({ method: 'GET', url, headers: { authorization: auth } });
const customerOrder = async (o: (typeof orders)[number]) => (await get(o.c.auth, `/api/orders/${o.id}`)).json();

describe('the last mile', () => {
  it('the manager sees the day by PIN code and assigns; the rider sees only their stops; another rider gets 404', async () => {
    const day = await get(manager, `/api/admin/deliveries?date=${shop.date}`);
    expect(day.statusCode, day.body).toBe(200);
    const mine = day.json().stops.filter((s: { orderId: string }) => orders.some((o) => o.id === s.orderId));
    expect(mine.map((s: { pincode: string }) => s.pincode)).toEqual(['560001', '560038', '560038']);
    expect(day.json().riders.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([riderA.id, riderB.id]));

    const two = await post(manager, '/api/admin/deliveries/assign', {
      orderIds: [orders[0]!.id, orders[1]!.id, orders[2]!.id],
      riderId: riderA.id,
    });
    expect(two.statusCode, two.body).toBe(200);
    const runsA = (await get(riderA.auth, `/api/rider/runs?date=${shop.date}`)).json();
    expect(runsA.runs.flatMap((r: { stops: { orderId: string }[] }) => r.stops.map((s) => s.orderId)).sort()).toEqual(
      orders.map((o) => o.id).sort(),
    );
    const stop = runsA.runs[0].stops[0];
    expect(stop).toMatchObject({
      firstName: 'Asha',
      callUrl: 'tel:+919876543210',
      whatsappUrl: 'https://wa.me/919876543210',
      codDue: expect.any(Number),
      triesLeft: 5,
    });
    expect(stop.mapUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);

    // Rider B: none of A's stops, and every action on one is the same 404 as a missing stop.
    expect((await get(riderB.auth, `/api/rider/runs?date=${shop.date}`)).json().runs).toEqual([]);
    for (const path of ['picked-up', 'delivered', 'failed']) {
      const body = path === 'delivered' ? { code: '1234' } : path === 'failed' ? { reason: 'refused' } : {};
      const res = await post(riderB.auth, `/api/rider/orders/${orders[0]!.id}/${path}`, body);
      expect(res.statusCode, `${path} ${res.body}`).toBe(404);
    }
    expect((await customerOrder(orders[0]!)).status).toBe('confirmed');
  });

  it('spreading by area sends the same PIN to the same rider, whatever the order of the list', () => {
    const ids = [riderA.id, riderB.id];
    expect(riderForPin('560038', ids)).toBe(riderForPin('560038', [...ids].reverse()));
    const pins = Array.from({ length: 40 }, (_, i) => String(560001 + i));
    const spread = new Set(pins.map((p) => riderForPin(p, ids)));
    expect(spread.size).toBe(2);
  });

  it('picked up: the customer sees the code, staff never do; 5 wrong codes lock the stop until the manager confirms', async () => {
    const o = orders[0]!;
    const picked = await post(riderA.auth, `/api/rider/orders/${o.id}/picked-up`);
    expect(picked.statusCode, picked.body).toBe(200);
    const seen = await customerOrder(o);
    expect(seen.status).toBe('out_for_delivery');
    expect(seen.delivery).toMatchObject({
      riderFirstName: 'Arjun',
      riderCallUrl: 'tel:+919845012345',
      code: expect.stringMatching(/^\d{4}$/),
    });
    const code = seen.delivery.code as string;
    // No staff answer carries it: the rider's, the manager's lists and the order desk.
    const staffAnswers = [
      picked.body,
      (await get(riderA.auth, `/api/rider/runs?date=${shop.date}`)).body,
      (await get(manager, `/api/admin/deliveries?date=${shop.date}`)).body,
      (await get(manager, `/api/admin/orders/${o.id}`)).body,
      (await get(manager, `/api/orders/${o.id}`)).body,
    ];
    for (const body of staffAnswers) {
      expect(body).not.toContain(`"${code}"`);
      expect(body).not.toContain('"delivery":{');
    }
    // The database keeps no code either.
    const row = await t.deps.db.selectFrom('order_deliveries').selectAll().where('order_id', '=', o.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);

    const wrong = code === '0000' ? '0001' : '0000';
    for (let i = 4; i >= 1; i--) {
      const res = await post(riderA.auth, `/api/rider/orders/${o.id}/delivered`, { code: wrong, cashCollected: o.total });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.code[0]).toContain(`${i} ${i === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await post(riderA.auth, `/api/rider/orders/${o.id}/delivered`, { code: wrong, cashCollected: o.total });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toMatch(/locked after 5 wrong codes/);
    // Even the right code is refused now.
    expect((await post(riderA.auth, `/api/rider/orders/${o.id}/delivered`, { code, cashCollected: o.total })).statusCode).toBe(409);
    expect((await customerOrder(o)).status).toBe('out_for_delivery');
    const confirmed = await post(manager, `/api/admin/deliveries/${o.id}/confirm`, { cashCollected: o.total });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'delivered', locked: true });
    expect(await customerOrder(o)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
  });

  it('delivered with the right code and the cash; a failed stop goes back to the manager and can be re-assigned', async () => {
    const [, o2, o3] = orders as [unknown, (typeof orders)[number], (typeof orders)[number]];
    await post(riderA.auth, `/api/rider/orders/${o2.id}/picked-up`);
    const code = (await customerOrder(o2)).delivery.code as string;
    const noCash = await post(riderA.auth, `/api/rider/orders/${o2.id}/delivered`, { code });
    expect(noCash.statusCode).toBe(400);
    expect(noCash.json().fieldErrors.cashCollected[0]).toMatch(/Enter the cash you collected/);
    const ok = await post(riderA.auth, `/api/rider/orders/${o2.id}/delivered`, { code, cashCollected: o2.total - 1000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().stop).toMatchObject({ status: 'delivered' });
    // Short by ₹10: delivered, but the cash-on-delivery payment stays open.
    expect(await customerOrder(o2)).toMatchObject({ status: 'delivered', paymentStatus: 'pending' });
    const rs = (n: number) => `₹${Math.round(n / 100).toLocaleString('en-IN')}`;
    expect(ok.json().stop.paymentLabel).toBe(`Cash ${rs(o2.total - 1000)} collected, ₹10 due`);
    // On a slow connection the rider taps again (the answer was lost): the same stop, nothing twice.
    const events = async (id: string) =>
      (await t.deps.db.selectFrom('order_events').select('status').where('order_id', '=', id).execute()).map((e) => e.status);
    const before = await events(o2.id);
    const replay = await post(riderA.auth, `/api/rider/orders/${o2.id}/delivered`, { code, cashCollected: o2.total });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().stop).toMatchObject({ status: 'delivered', deliveredAt: ok.json().stop.deliveredAt });
    expect(await events(o2.id)).toEqual(before);
    const wrongAfter = await post(riderA.auth, `/api/rider/orders/${o2.id}/delivered`, { code: code === '0000' ? '1111' : '0000' });
    expect(wrongAfter.statusCode).toBe(409);

    await post(riderA.auth, `/api/rider/orders/${o3.id}/picked-up`);
    const twice = await post(riderA.auth, `/api/rider/orders/${o3.id}/picked-up`);
    expect(twice.statusCode, twice.body).toBe(200);
    expect((await events(o3.id)).filter((e) => e === 'out_for_delivery')).toHaveLength(1);
    const failed = await post(riderA.auth, `/api/rider/orders/${o3.id}/failed`, { reason: 'not_at_home', note: 'Rang twice' });
    expect(failed.statusCode, failed.body).toBe(200);
    const back = await customerOrder(o3);
    expect(back.status).toBe('preparing');
    expect(back.delivery ?? null).toBeNull();
    expect(back.timeline.at(-1).note).toMatch(/could not deliver \(not at home\)/);
    const queue = (await get(manager, `/api/admin/deliveries?date=${shop.date}`))
      .json()
      .stops.find((s: { orderId: string }) => s.orderId === o3.id);
    expect(queue).toMatchObject({ status: 'preparing', failReason: 'not_at_home', failNote: 'Rang twice', riderId: riderA.id });
    const again = await post(manager, '/api/admin/deliveries/assign', { orderIds: [o3.id], riderId: riderB.id });
    expect(again.statusCode, again.body).toBe(200);
    const runsB = (await get(riderB.auth, `/api/rider/runs?date=${shop.date}`)).json();
    expect(runsB.runs[0].stops[0]).toMatchObject({ orderId: o3.id, failedAt: null, status: 'preparing' });
  });

  it('a failed stop is rescheduled to another day: the place moves, the stop starts unassigned, the customer is told', async () => {
    const c = await customer(t, { pincode: '560038' });
    const placed = await place(t, c, orderBody(shop, c));
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order.id as string;
    await post(manager, '/api/admin/deliveries/assign', { orderIds: [id], riderId: riderA.id });
    await post(riderA.auth, `/api/rider/orders/${id}/picked-up`);
    // On its way: not the manager's to move.
    const busy = await post(manager, `/api/admin/deliveries/${id}/reschedule`, { date: addDays(shop.date, 1), slotId: shop.slotId });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/only orders not yet out for delivery can be rescheduled/);
    expect((await post(riderA.auth, `/api/rider/orders/${id}/failed`, { reason: 'address_not_found' })).statusCode).toBe(200);
    const same = await post(manager, `/api/admin/deliveries/${id}/reschedule`, { date: shop.date, slotId: shop.slotId });
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors.slotId[0]).toMatch(/already in that slot/);
    // The rider may not.
    expect(
      (await post(riderA.auth, `/api/admin/deliveries/${id}/reschedule`, { date: addDays(shop.date, 1), slotId: shop.slotId })).statusCode,
    ).toBe(403);

    const booked = async (date: string) =>
      (
        await t.deps.db
          .selectFrom('slot_bookings')
          .select('booked')
          .where('slot_id', '=', shop.slotId)
          .where('date', '=', date)
          .executeTakeFirst()
      )?.booked ?? 0;
    const later = addDays(shop.date, 1);
    const [beforeToday, beforeLater] = [await booked(shop.date), await booked(later)];
    const moved = await post(manager, `/api/admin/deliveries/${id}/reschedule`, { date: later, slotId: shop.slotId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ orderId: id, status: 'preparing', riderId: null, failReason: null });
    expect([await booked(shop.date), await booked(later)]).toEqual([beforeToday - 1, beforeLater + 1]);
    // Gone from the first day's list, unassigned on the new one; the customer's page and e-mail say when.
    const first = (await get(manager, `/api/admin/deliveries?date=${shop.date}`)).json().stops;
    expect(first.some((s: { orderId: string }) => s.orderId === id)).toBe(false);
    const next = (await get(manager, `/api/admin/deliveries?date=${later}`)).json().stops;
    expect(next.find((s: { orderId: string }) => s.orderId === id)).toMatchObject({ riderId: null, failedAt: null });
    const mine = (await get(c.auth, `/api/orders/${id}`)).json();
    expect(mine.slot.date).toBe(later);
    expect(mine.timeline.at(-1).note).toMatch(/^Delivery moved to \w{3}, \d+ \w{3}, /);
    const mail = await t.deps.db
      .selectFrom('mail_outbox')
      .select(['template', 'text'])
      .where('to_email', '=', c.user.email)
      .where('template', '=', 'order-rescheduled')
      .execute();
    expect(mail).toHaveLength(1);
    // The new day, as the timeline says it ("Sat, 28 Nov"), and the day of the month of `later`.
    const day = /^Delivery moved to (\w{3}, (\d+) \w{3})/.exec(mine.timeline.at(-1).note)!;
    expect(Number(day[2])).toBe(Number(later.slice(8)));
    expect(mail[0]!.text).toContain(`We will now deliver your order on ${day[1]}`);
    // Rider A no longer has it today.
    const runsA = (await get(riderA.auth, `/api/rider/runs?date=${shop.date}`)).json();
    expect(runsA.runs.flatMap((r: { stops: { orderId: string }[] }) => r.stops.map((s) => s.orderId))).not.toContain(id);
    await expectInvariants(t.deps.db);
  });

  it('COD cash of the day per rider = the delivered cash-on-delivery orders, summed by SQL of its own', async () => {
    const res = await get(manager, `/api/admin/riders/cash?date=${shop.date}`);
    expect(res.statusCode, res.body).toBe(200);
    const expected = await sql<{ rider_id: string; due: number; n: number }>`
      select d.rider_id, sum(o.total_paise)::int as due, count(*)::int as n
      from orders o join order_deliveries d on d.order_id = o.id
      where o.slot_date = ${shop.date} and o.payment_method = 'cod' and o.status = 'delivered'
      group by d.rider_id`.execute(t.deps.db);
    const a = res.json().riders.find((r: { riderId: string }) => r.riderId === riderA.id);
    const sqlA = expected.rows.find((r) => r.rider_id === riderA.id)!;
    expect(a).toMatchObject({ deliveredCodOrders: sqlA.n, codTotal: sqlA.due });
    expect(a.codTotal).toBe(orders[0]!.total + orders[1]!.total);
    expect(a.cashCollected).toBe(orders[0]!.total + orders[1]!.total - 1000);
    expect(a.difference).toBe(-1000);
    // The rider's own screen says the same cash in hand as the desk; tomorrow has nothing yet.
    const mine = (await get(riderA.auth, `/api/rider/runs?date=${shop.date}`)).json();
    expect(mine.cashInHand).toBe(a.cashCollected);
    const tomorrow = (await get(riderA.auth, `/api/rider/runs?date=${addDays(shop.date, 1)}`)).json();
    expect(tomorrow).toMatchObject({ date: addDays(shop.date, 1), cashInHand: 0, runs: [] });
  });

  it('the 5 tries belong to the code: a failed-then-picked-up stop keeps them; only the manager’s new code unlocks', async () => {
    const owner = await createUser(t.deps.db, { role: 'admin' });
    const c = await customer(t, { pincode: '560038' });
    const placed = await place(t, c, orderBody(shop, c));
    expect(placed.statusCode, placed.body).toBe(200);
    const o = { id: placed.json().order.id as string, c, total: placed.json().order.breakdown.total as number };
    await post(manager, '/api/admin/deliveries/assign', { orderIds: [o.id], riderId: riderA.id });
    const deliver = (code: string) => post(riderA.auth, `/api/rider/orders/${o.id}/delivered`, { code, cashCollected: o.total });
    let code = '';
    // Three trips (2 + 2 + 1 wrong codes): "could not deliver" then "picked up" again gives no fresh tries.
    for (const wrongs of [2, 2, 1]) {
      expect((await post(riderA.auth, `/api/rider/orders/${o.id}/picked-up`)).statusCode).toBe(200);
      const shown = (await customerOrder(o)).delivery.code as string;
      if (code) expect(shown).toBe(code);
      code = shown;
      for (let i = 0; i < wrongs; i++) await deliver(code === '0000' ? '0001' : '0000');
      if (wrongs === 2) expect((await post(riderA.auth, `/api/rider/orders/${o.id}/failed`, { reason: 'not_at_home' })).statusCode).toBe(200);
    }
    const wrong = code === '0000' ? '0001' : '0000';
    const sixth = await deliver(wrong);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toMatch(/locked after 5 wrong codes/);
    expect((await deliver(code)).statusCode).toBe(409);
    // Another trip does not unlock it either.
    expect((await post(riderA.auth, `/api/rider/orders/${o.id}/failed`, { reason: 'not_at_home' })).statusCode).toBe(200);
    expect((await post(riderA.auth, `/api/rider/orders/${o.id}/picked-up`)).statusCode).toBe(200);
    const stop = (await get(riderA.auth, `/api/rider/runs?date=${shop.date}`))
      .json()
      .runs.flatMap((r: { stops: { orderId: string }[] }) => r.stops)
      .find((s: { orderId: string }) => s.orderId === o.id);
    expect(stop).toMatchObject({ locked: true, triesLeft: 0 });
    expect((await deliver(code)).statusCode).toBe(409);
    // The owner is told by e-mail (once, not per refused try), and the lock is in the audit log.
    const told = async () =>
      (await t.deps.db.selectFrom('mail_outbox').select(['to_email', 'text']).where('template', '=', 'delivery-code-locked').execute()).filter(
        (m) => m.text.includes(placed.json().order.number),
      );
    expect((await told()).map((m) => m.to_email)).toContain(owner.email.toLowerCase());
    const mails = (await told()).length;
    const audit = await t.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', o.id).execute();
    expect(audit.map((a) => a.action)).toContain('delivery.code_locked');

    // The rider may not issue a code; the manager does: unlocked, a new code on the customer's page, the old one dead.
    expect((await post(riderA.auth, `/api/admin/deliveries/${o.id}/new-code`)).statusCode).toBe(403);
    const fresh = await post(manager, `/api/admin/deliveries/${o.id}/new-code`);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ orderId: o.id, locked: false });
    expect(fresh.body).not.toContain('"code"');
    const next = (await customerOrder(o)).delivery.code as string;
    expect(next).not.toBe(code);
    const old = await deliver(code);
    expect(old.statusCode).toBe(400);
    expect(old.json().fieldErrors.code[0]).toContain('4 tries left');
    // Before: the cash due, on the rider's card and the desk's list alike.
    const rs = (n: number) => `₹${Math.round(n / 100).toLocaleString('en-IN')}`;
    const deskStop = async () =>
      (await get(manager, `/api/admin/deliveries?date=${shop.date}`)).json().stops.find((s: { orderId: string }) => s.orderId === o.id);
    expect(stop.paymentLabel).toBe(`Cash due ${rs(o.total)}`);
    expect((await deskStop()).paymentLabel).toBe(`Cash due ${rs(o.total)}`);
    const done = await deliver(next);
    expect(done.statusCode).toBe(200);
    expect((await customerOrder(o)).status).toBe('delivered');
    // After: the cash collected — not "Paid online", not "nothing to collect".
    expect(done.json().stop.paymentLabel).toBe(`Cash ${rs(o.total)} collected`);
    expect((await deskStop()).paymentLabel).toBe(`Cash ${rs(o.total)} collected`);
    expect((await t.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', o.id).execute()).map((a) => a.action)).toContain(
      'delivery.new_code',
    );
    expect(await told()).toHaveLength(mails);
  });

  it('50 wrong codes at once over two instances: at most 5 are checked, the rest refused as locked', async () => {
    const c = await customer(t, { pincode: '560001' });
    const placed = await place(t, c, orderBody(shop, c));
    const id = placed.json().order.id as string;
    await post(manager, '/api/admin/deliveries/assign', { orderIds: [id], riderId: riderA.id });
    await post(riderA.auth, `/api/rider/orders/${id}/picked-up`);
    const code = (await get(c.auth, `/api/orders/${id}`)).json().delivery.code as string;
    const b = await createInstance(t);
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await b.listen();
      const bases = [`http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, await b.listen()];
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${bases[i % 2]}/api/rider/orders/${id}/delivered`, {
            method: 'POST',
            headers: {
              authorization: riderA.auth,
              'content-type': 'application/json',
              accept: 'application/json',
              'accept-encoding': 'br, gzip',
              origin: t.deps.config.PUBLIC_URL,
            },
            body: JSON.stringify({ code: String((Number(code) + 1 + i) % 10_000).padStart(4, '0'), cashCollected: placed.json().order.breakdown.total }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message: string } })),
        ),
      );
      const statuses = answers.map((a) => a.status);
      // Four "tries left", the fifth locks, the other 45 refused as locked.
      expect(statuses.filter((s) => s === 400)).toHaveLength(4);
      expect(statuses.filter((s) => s === 409)).toHaveLength(46);
      expect(answers.filter((a) => a.status === 409).every((a) => /locked after 5 wrong codes/.test(a.body.message))).toBe(true);
      const row = await t.deps.db.selectFrom('order_deliveries').select('code_tries').where('order_id', '=', id).executeTakeFirstOrThrow();
      expect(row.code_tries).toBe(5);
    } finally {
      await b.close();
    }
  });

  it('proof of delivery: the assigned rider’s photo at the door, resized through the image pipeline, on the customer’s page and the desk by a signed link', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const headers = (auth: string, extra: Record<string, string> = {}) => ({
      authorization: auth,
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
      origin: t.deps.config.PUBLIC_URL,
      ...extra,
    });
    const upload = (auth: string, id: string, body: Buffer, type = 'image/jpeg') =>
      fetch(`${base}/api/rider/orders/${id}/photo`, { method: 'POST', headers: headers(auth, { 'content-type': type }), body: new Blob([new Uint8Array(body)]) });
    const c = await customer(t, { pincode: '560038' });
    const placed = await place(t, c, orderBody(shop, c));
    const id = placed.json().order.id as string;
    expect((await post(manager, '/api/admin/deliveries/assign', { orderIds: [id], riderId: riderA.id })).statusCode).toBe(200);
    const { default: sharp } = await import('sharp');
    const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3a7d5c' } }).jpeg().toBuffer();

    // Not yet at the door: refused; another rider's stop: 404; not a picture: 400 in a sentence.
    const early = await upload(riderA.auth, id, jpeg);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toMatch(/is not out for delivery with you/);
    expect((await post(riderA.auth, `/api/rider/orders/${id}/picked-up`)).statusCode).toBe(200);
    expect((await upload(riderB.auth, id, jpeg)).status).toBe(404);
    const svg = await upload(riderA.auth, id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml');
    expect(svg.status).toBe(400);
    expect(((await svg.json()) as { message: string }).message).toBe('That file is an SVG drawing. Upload a JPEG, PNG or WebP picture (SVG is not accepted).');
    expect((await fetch(`${base}/api/rider/orders/${id}/photo`, { method: 'POST', headers: headers(c.auth, { 'content-type': 'image/jpeg' }), body: new Blob([new Uint8Array(jpeg)]) })).status).toBe(403);

    const ok = await upload(riderA.auth, id, jpeg);
    expect(ok.status, await ok.clone().text()).toBe(201);
    const { photo } = (await ok.json()) as { photo: { url: string; width: number; height: number } };
    expect([photo.width, photo.height]).toEqual([1280, 960]);
    const run = (await get(riderA.auth, `/api/rider/runs?date=${shop.date}`)).json();
    const stops = run.runs.flatMap((r: { stops: { orderId: string; hasPhoto: boolean }[] }) => r.stops);
    expect(stops.find((x: { orderId: string }) => x.orderId === id).hasPhoto).toBe(true);
    expect(stops.filter((x: { hasPhoto: boolean }) => x.hasPhoto)).toHaveLength(1);

    // The customer's page and the owner's desk carry the link; the link answers the WebP, a changed signature does not.
    const mine = (await customerOrder({ id, c, total: 0 })).deliveryPhoto;
    const desk = (await get(manager, `/api/admin/orders/${id}`)).json().order.deliveryPhoto;
    expect(mine).toMatchObject({ width: 1280, height: 960 });
    expect(desk.url).toBe(mine.url);
    const img = await fetch(`${base}${mine.url}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await img.arrayBuffer());
    expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
    expect((await sharp(bytes).metadata()).width).toBe(1280);
    const forged = mine.url.replace(/sig=(.)/, (_: string, ch: string) => `sig=${ch === 'A' ? 'B' : 'A'}`);
    expect((await fetch(`${base}${forged}`)).status).toBe(404);
    const other = orders[2]!.id;
    expect((await fetch(`${base}${mine.url.replace(id, other)}`)).status).toBe(404);
  });
});


describe('the rider’s offline queue synced again (decision 297)', () => {
  it('the same Idempotency-Key sent in parallel over real HTTP is applied once: picked up, a wrong code counted once, delivered, could not deliver', async () => {
    const placed = [];
    for (let i = 0; i < 2; i++) {
      const c = await customer(t, { pincode: '560001' });
      const p = await place(t, c, orderBody(shop, c));
      expect(p.statusCode, p.body).toBe(200);
      placed.push({ id: p.json().order.id as string, c, total: p.json().order.breakdown.total as number });
    }
    const [o, f] = placed as [(typeof placed)[number], (typeof placed)[number]];
    await post(manager, '/api/admin/deliveries/assign', { orderIds: [o.id, f.id], riderId: riderA.id });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const sync = (times: number, key: string, id: string, path: string, body: unknown = {}) =>
      Promise.all(
        Array.from({ length: times }, () =>
          fetch(`${base}/api/rider/orders/${id}/${path}`, {
            method: 'POST',
            headers: { authorization: riderA.auth, 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key, origin: t.deps.config.PUBLIC_URL },
            body: JSON.stringify(body),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string; code?: string; stop?: { status: string }; told?: string } })),
        ),
      );
    const events = async (id: string) =>
      (await t.deps.db.selectFrom('order_events').select('status').where('order_id', '=', id).execute()).map((e) => e.status);
    const tries = async (id: string) =>
      (await t.deps.db.selectFrom('order_deliveries').select('code_tries').where('order_id', '=', id).executeTakeFirstOrThrow()).code_tries;

    const picked = await sync(4, crypto.randomUUID(), o.id, 'picked-up');
    expect(picked.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await events(o.id)).filter((e) => e === 'out_for_delivery')).toHaveLength(1);

    const code = (await customerOrder(o)).delivery.code as string;
    const wrong = code === '0000' ? '0001' : '0000';
    // A wrong code queued on the phone and synced four times at once: one try used, the same sentence to each.
    const wrongKey = crypto.randomUUID();
    const wrongs = await sync(4, wrongKey, o.id, 'delivered', { code: wrong, cashCollected: o.total });
    expect(wrongs.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(new Set(wrongs.map((a) => a.body.message))).toEqual(new Set(['That code is not right: 4 tries left. Ask the customer for the 4 digits on their order page.']));
    expect(await tries(o.id)).toBe(1);
    // The key is the phone's for that one request: another request under it is refused, not applied.
    const reused = await sync(1, wrongKey, o.id, 'delivered', { code, cashCollected: o.total });
    expect(reused[0]).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_MISMATCH' } });
    expect((await sync(1, 'no', o.id, 'picked-up'))[0]!.status).toBe(400);

    const rights = await sync(4, crypto.randomUUID(), o.id, 'delivered', { code, cashCollected: o.total });
    expect(rights.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(rights.every((a) => a.body.stop?.status === 'delivered')).toBe(true);
    expect((await events(o.id)).filter((e) => e === 'delivered')).toHaveLength(2); // the move, and the cash received
    expect(await customerOrder(o)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });

    // Could not deliver synced twice at once: one report (not "only an order on its way can fail" for the second), one audit row.
    await sync(1, crypto.randomUUID(), f.id, 'picked-up');
    const fails = await sync(3, crypto.randomUUID(), f.id, 'failed', { reason: 'not_at_home' });
    expect(fails.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(fails.map((a) => a.body.told)).size).toBe(1);
    const audits = await t.deps.db.selectFrom('audit_log').select('id').where('entity_id', '=', f.id).where('action', '=', 'delivery.failed').execute();
    expect(audits).toHaveLength(1);
    expect((await customerOrder(f)).status).toBe('preparing');
  });
  it(`keys older than ${RIDER_KEY_DAYS} days go in batches with the retention job; a fresh key stays, and its replay is still applied once`, async () => {
    const c = await customer(t, { pincode: '560001' });
    const p = await place(t, c, orderBody(shop, c));
    expect(p.statusCode, p.body).toBe(200);
    const o = { id: p.json().order.id as string, c, total: p.json().order.breakdown.total as number };
    await post(manager, '/api/admin/deliveries/assign', { orderIds: [o.id], riderId: riderA.id });
    const step = (key: string, path: string, body: unknown = {}) =>
      t.request({ method: 'POST', url: `/api/rider/orders/${o.id}/${path}`, headers: { ...json(riderA.auth), 'idempotency-key': key }, payload: body as object });
    const tries = async () => (await t.deps.db.selectFrom('order_deliveries').select('code_tries').where('order_id', '=', o.id).executeTakeFirstOrThrow()).code_tries;
    expect((await step(crypto.randomUUID(), 'picked-up')).statusCode).toBe(200);
    const code = (await customerOrder(o)).delivery.code as string;
    // A wrong code sent from the phone today: one try used, its key kept.
    const fresh = crypto.randomUUID();
    const first = await step(fresh, 'delivered', { code: code === '0000' ? '0001' : '0000', cashCollected: o.total });
    expect(first.statusCode).toBe(400);
    expect(await tries()).toBe(1);

    // Keys from other days: seven older than the limit, one just inside it.
    const day = 86_400_000;
    const now = t.deps.clock.now().getTime();
    const made = (key: string, ageMs: number) => ({
      user_id: riderA.id,
      key,
      order_id: o.id,
      action: 'picked_up' as const,
      request_hash: 'h',
      created_at: new Date(now - ageMs).toISOString(),
    });
    await t.deps.db
      .insertInto('rider_action_keys')
      .values([...Array.from({ length: 7 }, (_, i) => made(`old-${i}`, (RIDER_KEY_DAYS + 1 + i) * day)), made('recent', (RIDER_KEY_DAYS - 1) * day)])
      .execute();
    const mine = async () =>
      (await t.deps.db.selectFrom('rider_action_keys').select('key').where('order_id', '=', o.id).execute()).map((k) => k.key).filter((k) => k.startsWith('old-') || k === 'recent' || k === fresh).sort();

    // In batches of 3: three statements, all seven old keys gone.
    expect(await pruneRiderKeys(t.deps, 3)).toBe(7);
    expect(await mine()).toEqual([fresh, 'recent'].sort());
    // The retention job does it: one more old key goes with its run.
    await t.deps.db.insertInto('rider_action_keys').values(made('old-late', (RIDER_KEY_DAYS + 2) * day)).execute();
    expect((await runRetention(t.deps)).riderKeys).toBe(1);
    expect(await mine()).toEqual([fresh, 'recent'].sort());

    // The phone sends today's wrong code again (its answer was lost): the same answer, still one try.
    const again = await step(fresh, 'delivered', { code: code === '0000' ? '0001' : '0000', cashCollected: o.total });
    expect({ status: again.statusCode, message: again.json().message }).toEqual({ status: 400, message: first.json().message });
    expect(await tries()).toBe(1);
  });
});
