import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import type { AuthUser } from '../../server/trpc/context';
import { getOwnAddress } from '../../server/domains/addresses/addresses.service';

let t: TestApp;
let asha: AuthUser;
let ravi: AuthUser;
let ashaAuth: string;
let raviAuth: string;

beforeAll(async () => {
  t = await createTestApp();
  asha = await createUser(t.deps.db, { name: 'Asha Rao' });
  ravi = await createUser(t.deps.db, { name: 'Ravi Kumar' });
  ashaAuth = await t.bearer(asha);
  raviAuth = await t.bearer(ravi);
});
afterAll(async () => {
  await t?.close();
});

const home = {
  name: 'Asha Rao',
  phone: '98765 43210',
  line1: '12, 4th Cross, 5th Block',
  line2: 'Near Sony World signal',
  landmark: 'Opposite the park',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560 034',
};

const post = (auth: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/user/addresses', headers: { authorization: auth }, payload: payload as object });
const list = async (auth: string) =>
  (await t.request({ method: 'GET', url: '/api/user/addresses', headers: { authorization: auth } })).json();

describe('saved addresses', () => {
  it('needs a signed-in customer', async () => {
    const res = await t.request({ method: 'GET', url: '/api/user/addresses' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });

  it('saves an address with phone and PIN code normalised; the first one is the default and flagged serviceable', async () => {
    const res = await post(ashaAuth, home);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Asha Rao',
      phone: '+919876543210',
      pincode: '560034',
      city: 'Bengaluru',
      isDefault: true,
      serviceable: true,
      area: 'Koramangala',
      line2: 'Near Sony World signal',
    });
  });

  it('answers field errors a form can show, never a 5xx', async () => {
    const res = await post(ashaAuth, { ...home, phone: '12345', pincode: '060001', name: '', line1: 'x'.repeat(500) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors.phone[0]).toMatch(/10-digit Indian mobile/);
    expect(body.fieldErrors.pincode[0]).toMatch(/6-digit PIN code/);
    expect(body.fieldErrors.name[0]).toBe('Name is required');
    expect(body.fieldErrors.line1[0]).toMatch(/at most 120/);
  });

  it('refuses control characters (PostgreSQL cannot store NUL) with 400, not 500', async () => {
    for (const field of ['name', 'line1', 'line2', 'landmark', 'city']) {
      const res = await post(ashaAuth, { ...home, [field]: 'Flat\u0000 4' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors[field][0]).toMatch(/NUL character/);
    }
  });

  it('saves an address outside our area but marks it not serviceable', async () => {
    const res = await post(ashaAuth, { ...home, line2: null, landmark: '', city: 'New Delhi', state: 'Delhi', pincode: '110001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pincode: '110001', serviceable: false, area: null, isDefault: false, line2: null, landmark: null });
  });

  it('switches the default atomically: exactly one default after each change', async () => {
    const office = (await post(ashaAuth, { ...home, line1: 'Prestige Tech Park', pincode: '560103', isDefault: true })).json();
    expect(office.isDefault).toBe(true);
    let all = await list(ashaAuth);
    expect(all.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: string }) => a.id)).toEqual([office.id]);
    expect(all[0].id).toBe(office.id); // default first

    const first = all.find((a: { line1: string }) => a.line1 === home.line1);
    const res = await t.request({
      method: 'PATCH',
      url: `/api/user/addresses/${first.id}`,
      headers: { authorization: ashaAuth },
      payload: { isDefault: true },
    });
    expect(res.statusCode).toBe(200);
    all = await list(ashaAuth);
    expect(all.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: string }) => a.id)).toEqual([first.id]);

    // Concurrent "make default" requests still leave exactly one default (for the addresses we deliver
    // to: one outside the area is never the default — issue 20, item 13).
    const ids = all.filter((a: { serviceable: boolean }) => a.serviceable).map((a: { id: string }) => a.id);
    const answers = await Promise.all(
      ids.flatMap((id: string) =>
        [1, 2].map(() =>
          t.request({
            method: 'PATCH',
            url: `/api/user/addresses/${id}`,
            headers: { authorization: ashaAuth },
            payload: { isDefault: true },
          }),
        ),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const defaults = (await list(ashaAuth)).filter((a: { isDefault: boolean }) => a.isDefault);
    expect(defaults).toHaveLength(1);
  });

  it('edits fields and clears optional ones; omitted fields stay', async () => {
    const [a] = await list(ashaAuth);
    const res = await t.request({
      method: 'PATCH',
      url: `/api/user/addresses/${a.id}`,
      headers: { authorization: ashaAuth },
      payload: { landmark: null, phone: '+91 70123 45678' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, landmark: null, phone: '+917012345678', line1: a.line1, pincode: a.pincode });
  });

  it("answers 404 for another customer's address on read, update and delete, and changes nothing", async () => {
    const [mine] = await list(ashaAuth);
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/user/addresses/${mine.id}`,
      headers: { authorization: raviAuth },
      payload: { name: 'Mallory' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ code: 'NOT_FOUND', message: 'That address was not found.' });
    const del = await t.request({ method: 'DELETE', url: `/api/user/addresses/${mine.id}`, headers: { authorization: raviAuth } });
    expect(del.statusCode).toBe(404);
    await expect(getOwnAddress(t.deps.db, ravi.id, mine.id)).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await list(raviAuth)).toEqual([]);
    const still = (await list(ashaAuth)).find((a: { id: string }) => a.id === mine.id);
    expect(still.name).toBe('Asha Rao');
    // Making someone else's address "default" cannot unset the owner's default either.
    const def = await t.request({
      method: 'PATCH',
      url: `/api/user/addresses/${mine.id}`,
      headers: { authorization: raviAuth },
      payload: { isDefault: true },
    });
    expect(def.statusCode).toBe(404);
    expect((await list(ashaAuth)).filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });

  it('ignores a user id in the body: the owner is always the signed-in customer', async () => {
    const res = await post(raviAuth, { ...home, name: 'Ravi Kumar', user_id: asha.id, userId: asha.id });
    expect(res.statusCode).toBe(200);
    expect((await list(raviAuth)).map((a: { id: string }) => a.id)).toEqual([res.json().id]);
    expect((await list(ashaAuth)).some((a: { id: string }) => a.id === res.json().id)).toBe(false);
  });

  it('deleting the default promotes another address', async () => {
    const before = await list(ashaAuth);
    const def = before.find((a: { isDefault: boolean }) => a.isDefault);
    const res = await t.request({ method: 'DELETE', url: `/api/user/addresses/${def.id}`, headers: { authorization: ashaAuth } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const after = await list(ashaAuth);
    expect(after).toHaveLength(before.length - 1);
    expect(after.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });

  it('keeps at most 10 addresses per customer, even with concurrent saves', async () => {
    const priya = await createUser(t.deps.db);
    const auth = await t.bearer(priya);
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => post(auth, { ...home, line1: `Flat ${i + 1}` })));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(4);
    expect(refused[0].json()).toMatchObject({
      code: 'ADDRESS_LIMIT',
      message: 'You can save up to 10 addresses. Remove one to add another.',
    });
    const saved = await list(auth);
    expect(saved).toHaveLength(10);
    expect(saved.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });

  it('answers the same shapes over tRPC', async () => {
    const viaTrpc = await t.caller(asha).addresses.list();
    expect(viaTrpc).toEqual(await list(ashaAuth));
  });
});
