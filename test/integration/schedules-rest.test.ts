import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { customer, loadShop, type Customer, type Shop } from './orders-fixtures';
import { addDays } from '../../shared/rules/slots';
import { weekdayOf } from '../../shared/rules/schedules';
import { createUser } from '../helpers/factories';
import { creditWallets } from './schedules-fixtures';
import { runCutoff } from '../../server/domains/schedules/schedules.cutoff';

/**
 * Standing deliveries over a real port (decision 177): schedules CRUD, the calendar, skip / change /
 * vacation with their refusals in sentences, someone else's schedule → 404, and the cut-off edge in
 * Asia/Kolkata (a skip at 20:59:59 IST is taken, at 21:00:00 refused).
 */
let now = new Date('2026-12-01T06:30:00Z'); // Tue 1 Dec 2026, 12:00 IST
const clock = { now: () => now };
let t: TestApp;
let shop: Shop;
let base: string;
let asha: Customer;
let ravi: Customer;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  shop = await loadShop(t);
  asha = await customer(t);
  ravi = await customer(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function call(c: Customer | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(c ? { authorization: c.auth } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      accept: 'application/json',
      // What the shop's own pages send (a browser on the shop's origin): the answers come compressed.
      'accept-encoding': 'br, gzip',
      origin: t.deps.config.PUBLIC_URL,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);
/** Moves the app's clock; access tokens are signed again on the new clock (they expire in minutes). */
async function at(when: Date) {
  now = when;
  for (const c of [asha, ravi]) c.auth = await t.bearer(c.user);
}

describe('schedules', () => {
  let scheduleId: string;
  it('creates a weekday schedule and lists it with its next date and priced items', async () => {
    const r = await call(asha, 'POST', '/user/schedules', {
      items: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 2 }],
      days: 'weekdays',
      slotId: shop.slotId,
      addressId: asha.addressId,
      startDate: '2026-12-02',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    scheduleId = r.body.id;
    expect(r.body.daysLabel).toBe('Weekdays');
    expect(r.body.nextDate).toBe('2026-12-02');
    expect(r.body.items[0]).toMatchObject({ name: shop.shakes[0]!.name, quantity: 2, unitPrice: shop.shakes[0]!.price });
    const list = await call(asha, 'GET', '/user/schedules');
    expect(list.status).toBe(200);
    expect(list.body.schedules.map((s: { id: string }) => s.id)).toEqual([scheduleId]);
  });

  it('refuses bad input with sentences: quantity over 5, a start date already fixed, an unsaved custom shake', async () => {
    const base = { days: 'daily', slotId: shop.slotId, addressId: asha.addressId, startDate: '2026-12-03' };
    const many = await call(asha, 'POST', '/user/schedules', {
      ...base,
      items: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 6 }],
    });
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.body)).toContain('at most 5');
    const fixed = await call(asha, 'POST', '/user/schedules', {
      ...base,
      startDate: '2026-12-01',
      items: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 1 }],
    });
    expect(fixed.status).toBe(409);
    expect(fixed.body.code).toBe('DELIVERY_FIXED');
    expect(fixed.body.message).toMatch(/first delivery can be on Wed, 2 Dec at the earliest/);
    const custom = await call(asha, 'POST', '/user/schedules', {
      ...base,
      items: [
        {
          id: 'custom:abc',
          type: 'custom',
          quantity: 1,
          recipe: { name: 'Mine', baseId: shop.shakes[0]!.id, size: 'regular', addIns: [] },
        },
      ],
    });
    expect(custom.status, JSON.stringify(custom.body)).toBe(400);
    expect(custom.body.message).toMatch(/saved shakes/);
  });

  it("someone else's schedule is 404 on every path", async () => {
    expect((await call(ravi, 'PATCH', `/user/schedules/${scheduleId}`, { status: 'paused' })).status).toBe(404);
    expect((await call(ravi, 'DELETE', `/user/schedules/${scheduleId}`)).status).toBe(404);
    expect((await call(ravi, 'PUT', `/user/deliveries/2026-12-03`, { scheduleId, items: null })).status).toBe(404);
    expect((await call(ravi, 'POST', `/user/deliveries/2026-12-03/skip`, { scheduleId })).status).toBe(404);
    expect((await call(null, 'GET', `/user/deliveries`)).status).toBe(401);
  });

  it('the calendar: 30 days, weekdays planned, skip, change and vacation shown', async () => {
    const skip = await call(asha, 'POST', '/user/deliveries/2026-12-03/skip', {});
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    // The answer is that date's calendar (the calendar's shape, one day).
    expect(skip.body).toMatchObject({ from: '2026-12-03', days: [{ date: '2026-12-03' }], schedules: [{ id: scheduleId }] });
    expect(skip.body.days[0].entries[0].state).toBe('skipped');
    const change = await call(asha, 'PUT', '/user/deliveries/2026-12-04', {
      items: [
        { id: shop.shakes[0]!.id, type: 'signature', quantity: 1 },
        { id: shop.shakes[1]!.id, type: 'signature', quantity: 1 },
      ],
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    // A changed day carries its own items and price (the schedule keeps its own: 2 of the first shake).
    expect(change.body.days[0].entries[0]).toMatchObject({
      state: 'planned',
      items: [
        { id: shop.shakes[0]!.id, name: shop.shakes[0]!.name, quantity: 1 },
        { id: shop.shakes[1]!.id, name: shop.shakes[1]!.name, quantity: 1 },
      ],
    });
    expect(change.body.days[0].entries[0].price.subtotal).toBe(shop.shakes[0]!.price + shop.shakes[1]!.price);
    expect(change.body.schedules[0].items).toMatchObject([{ id: shop.shakes[0]!.id, quantity: 2 }]);
    const vac = await call(asha, 'POST', '/user/vacations', { from: '2026-12-08', to: '2026-12-10' });
    expect(vac.status, JSON.stringify(vac.body)).toBe(200);

    const cal = await call(asha, 'GET', '/user/deliveries');
    expect(cal.status).toBe(200);
    // Compressed for a browser that asked for it, decoded whole (30 days in the body below), and allowed for the shop's origin.
    expect(cal.headers.get('content-encoding')).toBe('br');
    expect(cal.headers.get('access-control-allow-origin')).toBe(t.deps.config.PUBLIC_URL);
    expect(cal.body.days).toHaveLength(30);
    expect(cal.body.from).toBe('2026-12-01');
    const state = (d: string) => cal.body.days.find((x: { date: string }) => x.date === d).entries[0]?.state ?? null;
    expect(state('2026-12-01')).toBe(null); // before the start date
    expect(state('2026-12-02')).toBe('planned');
    expect(state('2026-12-03')).toBe('skipped');
    expect(state('2026-12-04')).toBe('planned');
    expect(state('2026-12-05')).toBe(null); // Saturday
    expect(state('2026-12-08')).toBe('vacation');
    expect(state('2026-12-11')).toBe('planned');
    // Each schedule once, with its items and price; a day carries items and price only when they are its own.
    expect(cal.body.schedules).toHaveLength(1);
    expect(cal.body.schedules[0]).toMatchObject({
      id: scheduleId,
      slot: { id: shop.slotId },
      items: [{ id: shop.shakes[0]!.id, name: shop.shakes[0]!.name, quantity: 2, unitPrice: shop.shakes[0]!.price }],
      price: { subtotal: 2 * shop.shakes[0]!.price },
    });
    const entry = (d: string) => cal.body.days.find((x: { date: string }) => x.date === d).entries[0];
    expect(entry('2026-12-02')).toEqual({ scheduleId, state: 'planned' });
    expect(entry('2026-12-04').items).toHaveLength(2);
    expect(entry('2026-12-04').price.subtotal).toBe(shop.shakes[0]!.price + shop.shakes[1]!.price);
    expect(cal.body.days.find((x: { date: string }) => x.date === '2026-12-08').vacationId).toBe(vac.body.id);
    expect(cal.body.days.find((x: { date: string }) => x.date === '2026-12-02')).not.toHaveProperty('vacationId');
    for (const d of cal.body.days) {
      if (d.entries.length) expect([1, 2, 3, 4, 5]).toContain(weekdayOf(d.date));
    }
    const undo = await call(asha, 'DELETE', '/user/deliveries/2026-12-03/skip', {});
    expect(undo.body.days[0].entries[0].state).toBe('planned');
    const gone = await call(asha, 'DELETE', `/user/vacations/${vac.body.id}`);
    expect(gone.status).toBe(200);
  });

  it('the cut-off edge: a skip at 20:59:59 IST is taken, at 21:00:00 refused with the sentence', async () => {
    await at(ist('2026-12-02', '20:59:59'));
    const taken = await call(asha, 'POST', '/user/deliveries/2026-12-03/skip', {});
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    await at(ist('2026-12-02', '21:00:00'));
    const refused = await call(asha, 'POST', '/user/deliveries/2026-12-03/skip', {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'DELIVERY_FIXED',
      message: "Tomorrow's delivery is fixed: changes close at 9:00 pm the evening before.",
    });
    const change = await call(asha, 'PUT', '/user/deliveries/2026-12-03', { items: null });
    expect(change.status).toBe(409);
    const vac = await call(asha, 'POST', '/user/vacations', { from: '2026-12-03', to: '2026-12-04' });
    expect(vac.status).toBe(409);
    // 21:00 IST is 15:30 UTC: the UTC evening of 2 Dec is already the Indian 3rd's "tomorrow".
    await at(new Date('2026-12-02T18:45:00Z')); // 00:15 IST on 3 Dec
    const cal = await call(asha, 'GET', '/user/deliveries?days=2');
    expect(cal.body.from).toBe('2026-12-03');
    expect(cal.body.days[0]).toMatchObject({ date: '2026-12-03', open: false });
    expect(cal.body.days[1]).toMatchObject({ date: '2026-12-04', open: true });
    // The next instant changes close: the 4th's, at 21:00 IST on the 3rd.
    expect(cal.body.nextCutoffAt).toBe(ist('2026-12-03', '21:00:00').toISOString());
    expect(addDays('2026-12-03', 1)).toBe('2026-12-04');
  });

  it('the back office: schedules filtered by status, slot and search (X-Total-Count), and the forecast per slot and shake', async () => {
    const admin = await customer(t, { role: 'admin' });
    const list = await call(
      admin,
      'GET',
      `/admin/schedules?status=active&slotId=${shop.slotId}&search=${encodeURIComponent(asha.user.email)}`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body.schedules[0]).toMatchObject({
      id: scheduleId,
      customer: { id: asha.user.id },
      daysLabel: 'Weekdays',
      status: 'active',
    });
    expect(list.body.schedules[0].items[0]).toMatchObject({ name: shop.shakes[0]!.name, quantity: 2 });
    expect((await call(admin, 'GET', '/admin/schedules?status=paused')).body.totalCount).toBe(0);
    const f = await call(admin, 'GET', '/admin/schedules/forecast?date=2026-12-04');
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    const slot = f.body.slots.find((x: { slotId: string }) => x.slotId === shop.slotId);
    expect(slot.deliveries).toBe(1);
    // 4 Dec was changed to one of each of two shakes (above): the forecast places that day as changed.
    expect(slot.shakes).toEqual([
      { id: shop.shakes[0]!.id, type: 'signature', name: shop.shakes[0]!.name, quantity: 1 },
      { id: shop.shakes[1]!.id, type: 'signature', name: shop.shakes[1]!.name, quantity: 1 },
    ]);
    expect((await call(asha, 'GET', '/admin/schedules')).status).toBe(403);
  });

  it('pauses, resumes and deletes', async () => {
    await at(ist('2026-12-03', '09:00:00'));
    const p = await call(asha, 'PATCH', `/user/schedules/${scheduleId}`, { status: 'paused' });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.status).toBe('paused');
    expect(p.body.nextDate).toBe(null);
    const d = await call(asha, 'DELETE', `/user/schedules/${scheduleId}`);
    expect(d.status).toBe(200);
    expect((await call(asha, 'GET', '/user/schedules')).body.schedules).toEqual([]);
  });
});

describe('drop-off instructions (decision 295)', () => {
  it('a note for a day or every day of a schedule, refused once fixed; the rider and the desk see the one the day was fixed with', async () => {
    await at(ist('2026-12-07', '09:00:00'));
    const made = await call(ravi, 'POST', '/user/schedules', {
      items: [{ id: shop.shakes[0]!.id, type: 'signature', quantity: 1 }],
      days: 'daily',
      slotId: shop.slotId,
      addressId: ravi.addressId,
      startDate: '2026-12-08',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const every = await call(ravi, 'PUT', '/user/deliveries/2026-12-08/instructions', { note: '  Ring twice ', everyDay: true });
    expect(every.status, JSON.stringify(every.body)).toBe(200);
    expect(every.body.schedules[0].dropOffNote).toBe('Ring twice');
    const day = await call(ravi, 'PUT', '/user/deliveries/2026-12-09/instructions', { note: 'Leave with security' });
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    expect(day.body.days[0]).toMatchObject({ date: '2026-12-09', instructions: 'Leave with security' });
    const cal = await call(ravi, 'GET', '/user/deliveries?from=2026-12-08&days=2');
    expect(cal.body.days.map((d: { instructions?: string }) => d.instructions ?? null)).toEqual([null, 'Leave with security']);

    // Refusals in sentences: too long, no delivery that day, a day already fixed.
    const long = await call(ravi, 'PUT', '/user/deliveries/2026-12-10/instructions', { note: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors.note).toEqual(['Keep the note to 200 characters']);
    const meera = await customer(t);
    const none = await call(meera, 'PUT', '/user/deliveries/2026-12-10/instructions', { note: 'Ring twice' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('There is no delivery on Thu, 10 Dec to leave a note for.');
    const today = await call(ravi, 'PUT', '/user/deliveries/2026-12-07/instructions', { note: 'Ring twice' });
    expect(today.status).toBe(409);
    expect(today.body.code).toBe('DELIVERY_FIXED');

    // After the cut-off the 8th is fixed: a new every-day note applies from the 9th on, the 8th keeps "Ring twice".
    await at(ist('2026-12-07', '21:01:30'));
    const fixed = await call(ravi, 'PUT', '/user/deliveries/2026-12-08/instructions', { note: 'Gate 2' });
    expect(fixed.status).toBe(409);
    const changed = await call(ravi, 'PUT', '/user/deliveries/2026-12-10/instructions', { note: 'Call at the gate', everyDay: true });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await creditWallets(t.deps.db, [ravi.user.id], 500_000);
    expect((await runCutoff(t.deps)).placed).toBeGreaterThanOrEqual(1);

    const manager = await customer(t, { role: 'admin' });
    const riderUser = await createUser(t.deps.db, { role: 'rider', name: 'Imran Rider' });
    const rider = { ...(await customer(t)), user: riderUser, auth: await t.bearer(riderUser) };
    const desk = await call(manager, 'GET', '/admin/deliveries?date=2026-12-08');
    const stop = desk.body.stops.find((s: { customerFirstName: string; instructions: string | null }) => s.instructions !== null);
    expect(stop?.instructions).toBe('Ring twice');
    const assigned = await call(manager, 'POST', '/admin/deliveries/assign', { orderIds: [stop.orderId], riderId: riderUser.id });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const runs = await call(rider, 'GET', '/rider/runs?date=2026-12-08');
    expect(runs.status, JSON.stringify(runs.body)).toBe(200);
    expect(runs.body.runs[0].stops[0]).toMatchObject({ orderId: stop.orderId, instructions: 'Ring twice' });
    const after = await call(ravi, 'GET', '/user/deliveries?from=2026-12-08&days=3');
    expect(after.body.days.map((d: { instructions?: string }) => d.instructions ?? null)).toEqual(['Ring twice', 'Leave with security', null]);
    expect(after.body.schedules.find((s: { id: string }) => s.id === made.body.id).dropOffNote).toBe('Call at the gate');
  });
});

