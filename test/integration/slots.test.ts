import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import type { AuthUser } from '../../server/trpc/context';
import { assertServiceable, bookSlot, releaseSlot } from '../../server/domains/slots/slots.service';
import { addDays } from '../../shared/rules/slots';

// Tuesday 24 Nov 2026, 08:00 in Bengaluru (02:30 UTC).
const START = new Date('2026-11-24T02:30:00Z');
const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';
let now = START;
const clock = { now: () => now };
const setIst = (date: string, hhmmss: string) => {
  now = new Date(`${date}T${hhmmss}+05:30`);
};

let t: TestApp;
let admin: AuthUser;
let customer: AuthUser;
let slotIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createUser(t.deps.db, { role: 'admin', email: `ops-${Date.now()}@hydroshakes.in` });
  customer = await createUser(t.deps.db);
  const rows = await t.deps.db.selectFrom('delivery_slots').select(['id', 'start_time']).execute();
  slotIds = Object.fromEntries(rows.map((r) => [r.start_time, r.id]));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  now = START;
});

// Tokens are signed against the moved clock, so sign them when used.
const as = async (user: AuthUser) => ({ authorization: await t.bearer(user) });
const get = async (url: string, user?: AuthUser) => t.request({ method: 'GET', url, headers: user ? await as(user) : {} });
const slotsOn = async (date: string, planType?: string) =>
  (await get(`/api/delivery-slots/date/${date}${planType ? `?planType=${planType}` : ''}`)).json();
const book = (slotId: string, date: string, planType: 'one_time' | 'subscription' = 'one_time') =>
  t.deps.db.transaction().execute((trx) => bookSlot(t.deps, trx, { slotId, date, planType }));
const release = (slotId: string, date: string) => t.deps.db.transaction().execute((trx) => releaseSlot(t.deps, trx, { slotId, date }));
const bookedCount = async (slotId: string, date: string) =>
  (await t.deps.db.selectFrom('slot_bookings').select('booked').where('slot_id', '=', slotId).where('date', '=', date).executeTakeFirst())
    ?.booked ?? 0;
const newSlot = async (max: number, start = '15:00', end = '16:00', planType: 'all' | 'one_time' | 'subscription' = 'all') =>
  (await t.caller(admin).slots.admin.createSlot({ startTime: start, endTime: end, maxBookings: max, planType, active: true })).id;

describe('serviceable PIN codes', () => {
  it('knows the seeded Bengaluru set', async () => {
    const rows = await t.deps.db.selectFrom('serviceable_pincodes').select(['pincode', 'area']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(rows.every((r) => /^560\d{3}$/.test(r.pincode) && r.area.length > 0)).toBe(true);
  });

  it('answers { pincode, serviceable, area } for a lookup', async () => {
    expect((await get('/api/delivery/pincodes/560034')).json()).toEqual({ pincode: '560034', serviceable: true, area: 'Koramangala' });
    expect((await get('/api/delivery/pincodes/110001')).json()).toEqual({ pincode: '110001', serviceable: false });
  });

  it('refuses a malformed PIN code with a sentence', async () => {
    for (const bad of ['060001', '56003', 'abcdef', '5600344']) {
      const res = await get(`/api/delivery/pincodes/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/6-digit PIN code/);
    }
  });

  it('assertServiceable throws NOT_SERVICEABLE with the shopper-facing sentence', async () => {
    await expect(assertServiceable(t.deps.db, '560102')).resolves.toEqual({ pincode: '560102', area: 'HSR Layout' });
    await expect(assertServiceable(t.deps.db, '110001')).rejects.toMatchObject({
      appCode: 'NOT_SERVICEABLE',
      message: "We don't deliver to 110001 yet",
    });
    await expect(assertServiceable(t.deps.db, 'junk')).rejects.toMatchObject({ appCode: 'NOT_SERVICEABLE' });
  });
});

describe('GET /api/delivery-slots/date/{date}', () => {
  it('answers the spec fields exactly, filtered by plan type', async () => {
    const oneTime = await slotsOn(TOMORROW, 'one_time');
    expect(oneTime.map((s: { start_time: string }) => s.start_time)).toEqual(['07:00', '09:00', '12:00', '17:00', '19:00']);
    for (const s of oneTime) {
      expect(Object.keys(s).sort()).toEqual(
        ['available', 'current_bookings', 'end_time', 'id', 'max_bookings', 'plan_type', 'remaining', 'start_time'].sort(),
      );
      expect(s).toMatchObject({ max_bookings: 20, current_bookings: { [TOMORROW]: 0 }, plan_type: 'all', available: true, remaining: 20 });
    }
    const subscription = await slotsOn(TOMORROW, 'subscription');
    expect(subscription.map((s: { start_time: string }) => s.start_time)).toEqual(['06:00', '07:00', '09:00', '12:00', '17:00', '19:00']);
    expect(subscription[0]).toMatchObject({ end_time: '07:00', plan_type: 'subscription' });
    expect(await slotsOn(TOMORROW)).toEqual(oneTime); // planType defaults to one_time
  });

  it('counts bookings per date in current_bookings and remaining', async () => {
    const id = slotIds['19:00'];
    await book(id, TOMORROW);
    await book(id, TOMORROW);
    await book(id, addDays(TOMORROW, 1));
    const s = (await slotsOn(TOMORROW)).find((x: { id: string }) => x.id === id);
    expect(s).toMatchObject({ current_bookings: { [TOMORROW]: 2 }, remaining: 18, available: true });
    await release(id, TOMORROW);
    await release(id, TOMORROW);
    await release(id, addDays(TOMORROW, 1));
  });

  it('closes a slot 90 minutes before it starts, following the clock', async () => {
    // 08:00: the 07:00 slot has started, the 09:00 slot closed at 07:30, 12:00 closes at 10:30.
    let today = await slotsOn(TODAY);
    const by = (start: string) => today.find((s: { start_time: string }) => s.start_time === start);
    expect(by('07:00')).toMatchObject({ available: false, reason: 'closed' });
    expect(by('09:00')).toMatchObject({ available: false, reason: 'closed' });
    expect(by('12:00')).toMatchObject({ available: true });

    setIst(TODAY, '10:29:59');
    today = await slotsOn(TODAY);
    expect(by('12:00').available).toBe(true);
    await book(slotIds['12:00'], TODAY);
    await release(slotIds['12:00'], TODAY);

    setIst(TODAY, '10:30:00');
    today = await slotsOn(TODAY);
    expect(by('12:00')).toMatchObject({ available: false, reason: 'closed' });
    await expect(book(slotIds['12:00'], TODAY)).rejects.toMatchObject({
      appCode: 'SLOT_CLOSED',
      message: 'The 12:00 PM slot on Tue, 24 Nov has closed: orders close 90 minutes before delivery starts. Please pick a later slot.',
    });
    expect(await bookedCount(slotIds['12:00'], TODAY)).toBe(0);
  });

  it('opens today through 7 days ahead; the rest is past_horizon, earlier days closed', async () => {
    expect((await slotsOn(addDays(TODAY, 7)))[0]).toMatchObject({ available: true });
    expect((await slotsOn(addDays(TODAY, 8)))[0]).toMatchObject({ available: false, reason: 'past_horizon' });
    expect((await slotsOn(addDays(TODAY, -1)))[0]).toMatchObject({ available: false, reason: 'closed' });
    await expect(book(slotIds['07:00'], addDays(TODAY, 8))).rejects.toMatchObject({
      appCode: 'SLOT_CLOSED',
      message: 'Delivery can be booked up to 7 days ahead. Please pick an earlier date.',
    });
    await expect(book(slotIds['07:00'], addDays(TODAY, -1))).rejects.toMatchObject({
      appCode: 'SLOT_CLOSED',
      message: 'Mon, 23 Nov has already passed. Please pick another day.',
    });
  });

  it('follows the configured horizon and cut-off', async () => {
    const caller = t.caller(admin).slots.admin;
    await caller.updateConfig({ horizonDays: 3, cutoffMinutes: 30 });
    try {
      expect((await slotsOn(addDays(TODAY, 4)))[0].reason).toBe('past_horizon');
      await expect(book(slotIds['07:00'], addDays(TODAY, 4))).rejects.toMatchObject({ appCode: 'SLOT_CLOSED' });
      setIst(TODAY, '08:29:00'); // 09:00 slot now closes at 08:30
      expect((await slotsOn(TODAY)).find((s: { start_time: string }) => s.start_time === '09:00').available).toBe(true);
      await book(slotIds['09:00'], TODAY);
      await release(slotIds['09:00'], TODAY);
    } finally {
      await caller.updateConfig({ horizonDays: 7, cutoffMinutes: 90 });
    }
  });

  it('closes a whole blackout day, with the reason', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/delivery-slots/blackout-dates',
      headers: await as(admin),
      payload: { date: TOMORROW, reason: 'Diwali' },
    });
    expect(res.statusCode).toBe(200);
    const slots = await slotsOn(TOMORROW);
    expect(slots.every((s: { reason?: string; available: boolean }) => s.reason === 'blackout' && !s.available)).toBe(true);
    const week = (await get('/api/delivery-slots/available')).json();
    expect(week.days.find((d: { date: string }) => d.date === TOMORROW)).toMatchObject({ available: false, blackoutReason: 'Diwali' });
    await expect(book(slotIds['12:00'], TOMORROW)).rejects.toMatchObject({
      appCode: 'SLOT_CLOSED',
      message: 'We are not delivering on Wed, 25 Nov (Diwali). Please pick another day.',
    });
    const del = await t.request({
      method: 'DELETE',
      url: `/api/admin/delivery-slots/blackout-dates/${TOMORROW}`,
      headers: await as(admin),
    });
    expect(del.statusCode).toBe(200);
    expect((await slotsOn(TOMORROW))[0].available).toBe(true);
  });

  it('answers 400 with a readable message for dates that are not dates, never a 5xx', async () => {
    for (const bad of [
      '2026-02-30',
      '24-11-2026',
      'tomorrow',
      '2026-11-24T10:00',
      '99999-01-01',
      '2026-13-01',
      '0000-01-01',
      '9999-12-31',
    ]) {
      const res = await get(`/api/delivery-slots/date/${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/date like 2026-01-31/);
    }
    const plan = await get(`/api/delivery-slots/date/${TOMORROW}?planType=vip`);
    expect(plan.statusCode).toBe(400);
    expect(plan.json().message).toMatch(/planType/);
  });
});

describe('GET /api/delivery-slots/available', () => {
  it('lists the next 7 days from today with their slots and whether any is free', async () => {
    setIst(TODAY, '20:00:00'); // everything today has closed
    const res = (await get('/api/delivery-slots/available?planType=subscription')).json();
    expect(res.today).toBe(TODAY);
    expect(res.config).toEqual({ horizonDays: 7, cutoffMinutes: 90, standingCutoffTime: '21:00' });
    expect(res.days.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(TODAY, i)));
    expect(res.days[0].available).toBe(false);
    expect(res.days[1]).toMatchObject({ available: true });
    expect(res.days[1].slots).toHaveLength(6);
  });
  it('takes from and days, within limits', async () => {
    const res = (await get(`/api/delivery-slots/available?from=${addDays(TODAY, 5)}&days=4`)).json();
    expect(res.days.map((d: { date: string; available: boolean }) => [d.date, d.available])).toEqual([
      [addDays(TODAY, 5), true],
      [addDays(TODAY, 6), true],
      [addDays(TODAY, 7), true],
      [addDays(TODAY, 8), false],
    ]);
    expect((await get('/api/delivery-slots/available?days=40')).statusCode).toBe(400);
    expect((await get('/api/delivery-slots/available?from=2026-02-31')).statusCode).toBe(400);
    expect((await get('/api/delivery-slots/available?from=0000-01-01')).statusCode).toBe(400);
    expect((await get('/api/delivery-slots/available?from=2099-12-31&days=31')).statusCode).toBe(200);
  });
});

describe('bookSlot / releaseSlot', () => {
  it('returns the booked slot and counts it', async () => {
    const id = await newSlot(3);
    await expect(book(id, TOMORROW)).resolves.toEqual({ slotId: id, date: TOMORROW, startTime: '15:00', endTime: '16:00' });
    expect(await bookedCount(id, TOMORROW)).toBe(1);
  });

  it('refuses with SLOT_FULL (409 over HTTP) when the places are gone, and a rollback gives the place back', async () => {
    const id = await newSlot(2, '16:00', '17:00');
    await book(id, TOMORROW);
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await bookSlot(t.deps, trx, { slotId: id, date: TOMORROW, planType: 'one_time' });
        throw new Error('payment step failed');
      }),
    ).rejects.toThrow('payment step failed');
    expect(await bookedCount(id, TOMORROW)).toBe(1);
    await book(id, TOMORROW);
    const err = await book(id, TOMORROW).catch((e) => e);
    expect(err).toMatchObject({ appCode: 'SLOT_FULL', code: 'CONFLICT', message: 'That delivery slot is full. Please pick another time.' });
    expect(await bookedCount(id, TOMORROW)).toBe(2);
    const listed = (await slotsOn(TOMORROW)).find((s: { id: string }) => s.id === id);
    expect(listed).toMatchObject({ available: false, remaining: 0, reason: 'full', current_bookings: { [TOMORROW]: 2 } });
  });

  it('checks the slot exists, is active and matches the plan type', async () => {
    await expect(book('00000000-0000-4000-8000-000000000000', TOMORROW)).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    await expect(book('not-a-uuid', TOMORROW)).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    await expect(book(slotIds['07:00'], '2026-02-30')).rejects.toMatchObject({ appCode: 'BAD_REQUEST' });
    await expect(book(slotIds['07:00'], '0000-01-01')).rejects.toMatchObject({ appCode: 'BAD_REQUEST' });
    await expect(book(slotIds['06:00'], TOMORROW, 'one_time')).rejects.toMatchObject({
      appCode: 'SLOT_CLOSED',
      message: 'That delivery slot is reserved for subscribers. Please pick another time.',
    });
    await expect(book(slotIds['06:00'], TOMORROW, 'subscription')).resolves.toMatchObject({ startTime: '06:00' });
    await release(slotIds['06:00'], TOMORROW);
    const id = await newSlot(5, '20:00', '21:00');
    await t.caller(admin).slots.admin.updateSlot({ id, active: false });
    await expect(book(id, TOMORROW)).rejects.toMatchObject({
      appCode: 'SLOT_CLOSED',
      message: 'That delivery slot is no longer offered. Please pick another time.',
    });
    expect((await slotsOn(TOMORROW)).some((s: { id: string }) => s.id === id)).toBe(false);
  });

  it('releaseSlot gives a place back and never goes below zero', async () => {
    const id = await newSlot(5, '13:00', '14:00');
    await book(id, TOMORROW);
    expect(await release(id, TOMORROW)).toBe(true);
    expect(await release(id, TOMORROW)).toBe(false);
    expect(await release(id, addDays(TOMORROW, 2))).toBe(false);
    expect(await release('not-a-uuid', TOMORROW)).toBe(false);
    expect(await bookedCount(id, TOMORROW)).toBe(0);
  });

  it('keeps existing bookings when an admin lowers capacity below them, and takes no new ones until enough are released', async () => {
    const id = await newSlot(5, '10:00', '11:00');
    for (let i = 0; i < 4; i++) await book(id, TOMORROW);
    await t.caller(admin).slots.admin.updateSlot({ id, maxBookings: 2 });
    expect(await bookedCount(id, TOMORROW)).toBe(4);
    expect((await slotsOn(TOMORROW)).find((s: { id: string }) => s.id === id)).toMatchObject({
      available: false,
      remaining: 0,
      reason: 'full',
      max_bookings: 2,
    });
    await expect(book(id, TOMORROW)).rejects.toMatchObject({ appCode: 'SLOT_FULL' });
    await release(id, TOMORROW);
    await release(id, TOMORROW); // 2 left = new capacity
    await expect(book(id, TOMORROW)).rejects.toMatchObject({ appCode: 'SLOT_FULL' });
    await release(id, TOMORROW); // 1 left
    await book(id, TOMORROW);
    await expect(book(id, TOMORROW)).rejects.toMatchObject({ appCode: 'SLOT_FULL' });
    await t.caller(admin).slots.admin.updateSlot({ id, maxBookings: 3 });
    await book(id, TOMORROW);
    expect(await bookedCount(id, TOMORROW)).toBe(3);
  });

  it('has a CHECK constraint behind the conditional update: an unconditional increment past capacity fails', async () => {
    const id = await newSlot(1, '11:00', '12:00');
    await book(id, TOMORROW);
    await expect(
      t.deps.db
        .updateTable('slot_bookings')
        .set((eb) => ({ booked: eb('booked', '+', 1) }))
        .where('slot_id', '=', id)
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(t.deps.db.updateTable('slot_bookings').set({ booked: -1 }).where('slot_id', '=', id).execute()).rejects.toMatchObject({
      code: '23514',
    });
  });
});

const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

describe('bookSlot under real concurrency (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('500 parallel bookings across 4 server instances for 10 places: exactly 10 succeed, 490 SLOT_FULL', async () => {
    const { createDatabase } = await import('../../db/database');
    const id = await newSlot(10, '18:00', '18:30');
    // Three more "instances": separate connection pools against the same database.
    const others = await Promise.all([1, 2, 3].map(() => createDatabase({ databaseUrl: t.dbh.databaseUrl!, poolSize: 10 })));
    const instances = [t.deps.db, ...others.map((o) => o.db)];
    try {
      const started = Date.now();
      const results = await Promise.allSettled(
        Array.from({ length: 500 }, (_, i) =>
          instances[i % instances.length]
            .transaction()
            .execute((trx) => bookSlot({ clock }, trx, { slotId: id, date: TOMORROW, planType: 'one_time' })),
        ),
      );
      const elapsed = Date.now() - started;
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      const codes = new Set(refused.map((r) => (r as PromiseRejectedResult).reason?.appCode));
      expect(ok).toHaveLength(10);
      expect(refused).toHaveLength(490);
      expect([...codes]).toEqual(['SLOT_FULL']);
      const row = await t.deps.db
        .selectFrom('slot_bookings')
        .selectAll()
        .where('slot_id', '=', id)
        .where('date', '=', TOMORROW)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ booked: 10, capacity: 10 });
      console.info(`500 concurrent bookSlot calls on 4 pools: ${elapsed} ms`);

      // 40 concurrent releases of 10 bookings: exactly 10 succeed, the counter stops at 0.
      const released = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          instances[i % instances.length].transaction().execute((trx) => releaseSlot({ clock }, trx, { slotId: id, date: TOMORROW })),
        ),
      );
      expect(released.filter(Boolean)).toHaveLength(10);
      expect(await bookedCount(id, TOMORROW)).toBe(0);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it.skipIf(!onPostgres)(
    'an admin lowering capacity during a booking rush never lets bookings pass the capacity either booking saw',
    async () => {
      const id = await newSlot(30, '21:00', '22:00');
      const rush = Array.from({ length: 120 }, () =>
        t.deps.db
          .transaction()
          .execute((trx) => bookSlot({ clock }, trx, { slotId: id, date: TOMORROW, planType: 'one_time' }))
          .then(
            () => 'ok',
            (e) => e.appCode,
          ),
      );
      const lower = t.caller(admin).slots.admin.updateSlot({ id, maxBookings: 12 });
      const [outcomes] = await Promise.all([Promise.all(rush), lower]);
      const booked = await bookedCount(id, TOMORROW);
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(booked);
      expect(booked).toBeGreaterThanOrEqual(12);
      expect(booked).toBeLessThanOrEqual(30);
      expect(new Set(outcomes.filter((o) => o !== 'ok'))).toEqual(new Set(['SLOT_FULL']));
      // After the change settles, nothing more fits.
      await expect(book(id, TOMORROW)).rejects.toMatchObject({ appCode: 'SLOT_FULL' });
    },
  );
});

describe('administration', () => {
  const adminCalls: [string, string, object?][] = [
    ['GET', '/api/admin/delivery-slots'],
    ['POST', '/api/admin/delivery-slots', { startTime: '05:00', endTime: '06:00', maxBookings: 5 }],
    ['PATCH', '/api/admin/delivery-slots/00000000-0000-4000-8000-000000000000', { maxBookings: 5 }],
    ['POST', '/api/admin/delivery-slots/blackout-dates', { date: TOMORROW, reason: 'Holiday' }],
    ['DELETE', `/api/admin/delivery-slots/blackout-dates/${TOMORROW}`],
    ['GET', '/api/admin/delivery-slots/pincodes'],
    ['POST', '/api/admin/delivery-slots/pincodes', { pincode: '560099', area: 'Anekal' }],
    ['PATCH', '/api/admin/delivery-slots/pincodes/560034', { active: false }],
    ['DELETE', '/api/admin/delivery-slots/pincodes/560034'],
    ['PUT', '/api/slot-configuration', { horizonDays: 1, cutoffMinutes: 0 }],
  ];

  it('answers 401 to guests and 403 to customers on every admin operation, and changes nothing', async () => {
    const auditBefore = await t.deps.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [method, url, payload] of adminCalls) {
      const guest = await t.request({ method: method as 'GET', url, payload });
      expect(guest.statusCode, `${method} ${url} as guest`).toBe(401);
      const cust = await t.request({ method: method as 'GET', url, payload, headers: await as(customer) });
      expect(cust.statusCode, `${method} ${url} as customer`).toBe(403);
      expect(cust.json().message).toBe('This area is for administrators only.');
    }
    const auditAfter = await t.deps.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
    expect((await get('/api/delivery/pincodes/560034')).json().serviceable).toBe(true);
    expect((await get('/api/slot-configuration')).json()).toEqual({ horizonDays: 7, cutoffMinutes: 90, standingCutoffTime: '21:00' });
  });

  const lastAudit = (entity: string, entityId: string) =>
    t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('id', 'desc')
      .executeTakeFirst();

  it('writes an audit row with actor, before and after for every change', async () => {
    const h = await as(admin);
    const created = (
      await t.request({
        method: 'POST',
        url: '/api/admin/delivery-slots',
        headers: h,
        payload: { startTime: '05:00', endTime: '06:00', maxBookings: 8, planType: 'subscription' },
      })
    ).json();
    expect(created).toMatchObject({ startTime: '05:00', endTime: '06:00', maxBookings: 8, planType: 'subscription', active: true });
    expect(await lastAudit('delivery_slot', created.id)).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      action: 'delivery_slot.create',
      before: null,
      after: created,
    });

    const edited = (
      await t.request({
        method: 'PATCH',
        url: `/api/admin/delivery-slots/${created.id}`,
        headers: h,
        payload: { maxBookings: 12, active: false },
      })
    ).json();
    expect(edited).toMatchObject({ maxBookings: 12, active: false, startTime: '05:00' });
    expect(await lastAudit('delivery_slot', created.id)).toMatchObject({ action: 'delivery_slot.update', before: created, after: edited });

    await t.request({
      method: 'POST',
      url: '/api/admin/delivery-slots/blackout-dates',
      headers: h,
      payload: { date: addDays(TODAY, 3), reason: 'Farm maintenance' },
    });
    expect(await lastAudit('blackout_date', addDays(TODAY, 3))).toMatchObject({
      action: 'blackout_date.create',
      after: { date: addDays(TODAY, 3), reason: 'Farm maintenance' },
    });
    await t.request({ method: 'DELETE', url: `/api/admin/delivery-slots/blackout-dates/${addDays(TODAY, 3)}`, headers: h });
    expect(await lastAudit('blackout_date', addDays(TODAY, 3))).toMatchObject({
      action: 'blackout_date.delete',
      before: { reason: 'Farm maintenance' },
      after: null,
    });

    const added = await t.request({
      method: 'POST',
      url: '/api/admin/delivery-slots/pincodes',
      headers: h,
      payload: { pincode: '560099', area: 'Anekal Road' },
    });
    expect(added.json()).toMatchObject({ pincode: '560099', area: 'Anekal Road', city: 'Bengaluru', active: true });
    expect((await get('/api/delivery/pincodes/560099')).json()).toEqual({ pincode: '560099', serviceable: true, area: 'Anekal Road' });
    expect(await lastAudit('serviceable_pincode', '560099')).toMatchObject({ action: 'pincode.create', before: null });
    const dup = await t.request({
      method: 'POST',
      url: '/api/admin/delivery-slots/pincodes',
      headers: h,
      payload: { pincode: '560099', area: 'Again' },
    });
    expect(dup.statusCode).toBe(409);

    await t.request({ method: 'PATCH', url: '/api/admin/delivery-slots/pincodes/560099', headers: h, payload: { active: false } });
    expect((await get('/api/delivery/pincodes/560099')).json().serviceable).toBe(false);
    expect(await lastAudit('serviceable_pincode', '560099')).toMatchObject({
      action: 'pincode.update',
      before: { active: true },
      after: { active: false },
    });
    await t.request({ method: 'DELETE', url: '/api/admin/delivery-slots/pincodes/560099', headers: h });
    expect(await lastAudit('serviceable_pincode', '560099')).toMatchObject({ action: 'pincode.delete', after: null });
    expect((await t.request({ method: 'DELETE', url: '/api/admin/delivery-slots/pincodes/560099', headers: h })).statusCode).toBe(404);

    const cfg = await t.request({
      method: 'PUT',
      url: '/api/slot-configuration',
      headers: h,
      payload: { horizonDays: 5, cutoffMinutes: 120, standingCutoffTime: '20:30' },
    });
    expect(cfg.json()).toEqual({ horizonDays: 5, cutoffMinutes: 120, standingCutoffTime: '20:30' });
    expect(await lastAudit('settings', 'slot-configuration')).toMatchObject({
      action: 'slot_configuration.update',
      before: { horizonDays: 7, cutoffMinutes: 90, standingCutoffTime: '21:00' },
      after: { horizonDays: 5, cutoffMinutes: 120, standingCutoffTime: '20:30' },
    });
    await t.request({ method: 'PUT', url: '/api/slot-configuration', headers: h, payload: { horizonDays: 7, cutoffMinutes: 90 } });
  });

  it('refuses bad admin input with 400 and writes no audit row', async () => {
    const h = await as(admin);
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad = [
      t.request({ method: 'PATCH', url: `/api/admin/delivery-slots/${slotIds['07:00']}`, headers: h, payload: { endTime: '06:30' } }),
      t.request({
        method: 'POST',
        url: '/api/admin/delivery-slots',
        headers: h,
        payload: { startTime: '25:00', endTime: '26:00', maxBookings: 5 },
      }),
      t.request({
        method: 'POST',
        url: '/api/admin/delivery-slots',
        headers: h,
        payload: { startTime: '09:00', endTime: '08:00', maxBookings: 5 },
      }),
      t.request({
        method: 'POST',
        url: '/api/admin/delivery-slots',
        headers: h,
        payload: { startTime: '09:00', endTime: '10:00', maxBookings: -1 },
      }),
      t.request({ method: 'PUT', url: '/api/slot-configuration', headers: h, payload: { horizonDays: 400, cutoffMinutes: 90 } }),
      t.request({
        method: 'POST',
        url: '/api/admin/delivery-slots/blackout-dates',
        headers: h,
        payload: { date: addDays(TODAY, -2), reason: 'Too late' },
      }),
      t.request({ method: 'POST', url: '/api/admin/delivery-slots/blackout-dates', headers: h, payload: { date: TOMORROW, reason: '' } }),
      t.request({ method: 'POST', url: '/api/admin/delivery-slots/pincodes', headers: h, payload: { pincode: '012345', area: 'Nowhere' } }),
      t.request({
        method: 'POST',
        url: '/api/admin/delivery-slots/pincodes',
        headers: h,
        payload: { pincode: '560099', area: 'Nul\u0000area' },
      }),
      t.request({
        method: 'POST',
        url: '/api/admin/delivery-slots/blackout-dates',
        headers: h,
        payload: { date: TOMORROW, reason: 'a\u0000b' },
      }),
    ];
    for (const res of await Promise.all(bad)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await count()).toBe(before);
    const missing = await t.request({
      method: 'PATCH',
      url: '/api/admin/delivery-slots/00000000-0000-4000-8000-000000000000',
      headers: h,
      payload: { maxBookings: 3 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('shows each day’s fill (booked/max per slot) across the booking window', async () => {
    const id = slotIds['17:00'];
    await book(id, TOMORROW);
    await book(id, TOMORROW);
    const res = await t.request({ method: 'GET', url: '/api/admin/delivery-slots', headers: await as(admin) });
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.today).toBe(TODAY);
    expect(o.fill.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 8 }, (_, i) => addDays(TODAY, i)));
    const day = o.fill.find((d: { date: string }) => d.date === TOMORROW);
    expect(day.slots.find((s: { slotId: string }) => s.slotId === id)).toEqual({ slotId: id, booked: 2, max: 20 });
    expect(o.slots.find((s: { id: string }) => s.id === slotIds['06:00'])).toMatchObject({ planType: 'subscription', maxBookings: 20 });
    await release(id, TOMORROW);
    await release(id, TOMORROW);
  });
});
