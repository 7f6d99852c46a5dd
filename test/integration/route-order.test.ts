import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';

/**
 * Address pins and the rider's route (PRODUCT.md §22, decisions 287–289), through the REST doors:
 * a pin saved with an address (validated: both or neither, inside India), the kitchen's pin set by
 * the owner, and a run of pinned and unpinned stops answered in route order — checked here against
 * a brute force of our own: each next pinned stop is the nearest one left, then the rest by PIN code.
 */

let t: TestApp;
let shop: Shop;
let owner: string;
let rider: { id: string; auth: string };

interface Point {
  latitude: number;
  longitude: number;
}
/** Our own distance (spherical law of cosines), not the shop's haversine. */
function km(a: Point, b: Point): number {
  const r = Math.PI / 180;
  const c =
    Math.sin(a.latitude * r) * Math.sin(b.latitude * r) +
    Math.cos(a.latitude * r) * Math.cos(b.latitude * r) * Math.cos((b.longitude - a.longitude) * r);
  return 6371 * Math.acos(Math.min(1, c));
}

const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });
const call = (auth: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) =>
  t.request({
    method,
    url,
    headers: body === undefined ? { authorization: auth } : json(auth),
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const address = (pincode: string, pin?: Point) => ({
  name: 'Asha Rao',
  phone: '98765 43210',
  line1: '12, 4th Cross',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode,
  ...pin,
});

beforeAll(async () => {
  t = await createTestApp();
  shop = await loadShop(t);
  owner = await t.bearer(await createUser(t.deps.db, { role: 'admin' }));
  const u = await createUser(t.deps.db, { role: 'rider', name: 'Chandra Rider' });
  rider = { id: u.id, auth: await t.bearer(u) };
});
afterAll(async () => {
  await t?.close();
});

describe('pins and the route', () => {
  it('an address takes a pin inside India, whole or not at all; a person reads why not', async () => {
    const c = await createUser(t.deps.db);
    const auth = await t.bearer(c);
    const half = await call(auth, 'POST', '/api/user/addresses', { ...address('560038'), latitude: 12.97 });
    expect(half.statusCode, half.body).toBe(400);
    expect(half.json().fieldErrors.latitude).toEqual(['A pin needs both its latitude and its longitude.']);
    const london = await call(auth, 'POST', '/api/user/addresses', address('560038', { latitude: 51.5072, longitude: -0.1276 }));
    expect(london.statusCode, london.body).toBe(400);
    expect(london.json().fieldErrors.latitude[0]).toBe('That point is outside India (latitude 6 to 37.5): drop the pin again.');
    const text = await call(auth, 'POST', '/api/user/addresses', { ...address('560038'), latitude: '12.97', longitude: '77.6' });
    expect(text.statusCode).toBe(400);

    // A phone's fix has 15 decimals: kept to 6. Without a pin, the address saves as before.
    const saved = await call(
      auth,
      'POST',
      '/api/user/addresses',
      address('560038', { latitude: 12.978412345678, longitude: 77.640812345678 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ latitude: 12.978412, longitude: 77.640812 });
    const plain = await call(auth, 'POST', '/api/user/addresses', address('560001'));
    expect(plain.json()).toMatchObject({ latitude: null, longitude: null });

    // A change without the pin leaves it; both null remove it; one alone is refused.
    const renamed = await call(auth, 'PATCH', `/api/user/addresses/${saved.json().id}`, { line1: '14, 4th Cross' });
    expect(renamed.json()).toMatchObject({ line1: '14, 4th Cross', latitude: 12.978412 });
    expect((await call(auth, 'PATCH', `/api/user/addresses/${saved.json().id}`, { latitude: null })).statusCode).toBe(400);
    const removed = await call(auth, 'PATCH', `/api/user/addresses/${saved.json().id}`, { latitude: null, longitude: null });
    expect(removed.json()).toMatchObject({ latitude: null, longitude: null });
    // The tRPC door answers the same shape.
    const viaTrpc = await t.caller(c).addresses.list();
    expect(viaTrpc.map((a) => a.latitude)).toEqual([null, null]);
  });

  it('the kitchen’s pin: the demo farm until the owner sets it; a rider may not; outside India is refused', async () => {
    const before = await call(owner, 'GET', '/api/admin/kitchen-location');
    expect(before.json()).toEqual({ latitude: 12.9141, longitude: 77.6411, isDefault: true });
    expect((await call(rider.auth, 'PUT', '/api/admin/kitchen-location', { latitude: 12.97, longitude: 77.59 })).statusCode).toBe(403);
    const far = await call(owner, 'PUT', '/api/admin/kitchen-location', { latitude: 40.7, longitude: 77.59 });
    expect(far.statusCode).toBe(400);
    expect(far.json().fieldErrors.latitude[0]).toMatch(/outside India/);
    // The city centre, so the route below starts somewhere other than the default.
    const set = await call(owner, 'PUT', '/api/admin/kitchen-location', { latitude: 12.9716, longitude: 77.5946 });
    expect(set.json()).toEqual({ latitude: 12.9716, longitude: 77.5946, isDefault: false });
    const audit = await t.deps.db.selectFrom('audit_log').select(['after']).where('action', '=', 'kitchen_location.update').execute();
    expect(audit).toEqual([{ after: { latitude: 12.9716, longitude: 77.5946 } }]);
  });

  it('the rider’s run and the desk list the stops in route order: nearest pinned stop next, then the rest by PIN code', async () => {
    const kitchen = (await call(owner, 'GET', '/api/admin/kitchen-location')).json() as Point;
    // PIN codes in an order that is not the route's; two stops without a pin.
    const stops: { pincode: string; pin?: Point }[] = [
      { pincode: '560003', pin: { latitude: 13.0035, longitude: 77.571 } },
      { pincode: '560038' },
      { pincode: '560001', pin: { latitude: 12.9784, longitude: 77.6408 } },
      { pincode: '560011', pin: { latitude: 12.925, longitude: 77.5938 } },
      { pincode: '560001' },
      { pincode: '560004', pin: { latitude: 12.9352, longitude: 77.6245 } },
      { pincode: '560008', pin: { latitude: 12.9698, longitude: 77.75 } },
    ];
    const placed: { id: string; c: Customer; pincode: string; pin?: Point }[] = [];
    for (const s of stops) {
      const user = await createUser(t.deps.db);
      const auth = await t.bearer(user);
      const a = await call(auth, 'POST', '/api/user/addresses', address(s.pincode, s.pin));
      expect(a.statusCode, a.body).toBe(200);
      const c: Customer = { user, auth, addressId: a.json().id };
      const o = await place(t, c, orderBody(shop, c));
      expect(o.statusCode, o.body).toBe(200);
      placed.push({ id: o.json().order.id, c, ...s });
    }
    const assigned = await call(owner, 'POST', '/api/admin/deliveries/assign', { orderIds: placed.map((p) => p.id), riderId: rider.id });
    expect(assigned.statusCode, assigned.body).toBe(200);

    // A customer moves a pin after placing: the placed order's stop stays where it was.
    const moved = placed[2]!;
    const edit = await call(moved.c.auth, 'PATCH', `/api/user/addresses/${moved.c.addressId}`, { latitude: 13.2, longitude: 77.7 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call(moved.c.auth, 'GET', `/api/orders/${moved.id}`)).json().address).toMatchObject(moved.pin!);

    const runs = await call(rider.auth, 'GET', `/api/rider/runs?date=${shop.date}`);
    expect(runs.statusCode, runs.body).toBe(200);
    expect(runs.json().runs).toHaveLength(1);
    const got = runs.json().runs[0].stops as { orderId: string; position: number; kmFromPrevious: number | null; mapUrl: string }[];
    expect(got.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const byId = new Map(placed.map((p) => [p.id, p]));
    const route = got.map((s) => ({ ...s, ...byId.get(s.orderId)! }));

    // Brute force: from the kitchen, each pinned stop is the nearest of those left; its leg is that distance.
    let here: Point = kitchen;
    const left = placed.filter((p) => p.pin);
    for (const s of route.slice(0, left.length)) {
      expect(s.pin, `stop ${s.position} has a pin`).toBeDefined();
      const nearest = Math.min(...left.map((p) => km(here, p.pin!)));
      expect(km(here, s.pin!)).toBeCloseTo(nearest, 6);
      expect(Math.abs(s.kmFromPrevious! - km(here, s.pin!))).toBeLessThanOrEqual(0.051);
      // The rider's map opens at the pin.
      expect(s.mapUrl).toContain(encodeURIComponent(`${s.pin!.latitude},${s.pin!.longitude}`));
      left.splice(left.indexOf(byId.get(s.orderId)!), 1);
      here = s.pin!;
    }
    // Then the stops without a pin, by PIN code, with no distance.
    expect(route.slice(5).map((s) => [s.pincode, s.kmFromPrevious])).toEqual([
      ['560001', null],
      ['560038', null],
    ]);

    // The desk lists the same slot in the same order.
    const desk = await call(owner, 'GET', `/api/admin/deliveries?date=${shop.date}`);
    expect(desk.statusCode, desk.body).toBe(200);
    expect(
      desk
        .json()
        .stops.map((s: { orderId: string }) => s.orderId)
        .filter((id: string) => byId.has(id)),
    ).toEqual(got.map((s) => s.orderId));
  });
});
