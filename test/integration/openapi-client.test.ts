import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type { paths } from '../generated/openapi';
import { addDays } from '../../shared/rules/slots';

/**
 * An integrator's journey with a client generated from the OpenAPI document (openapi-typescript
 * types, committed in test/generated/openapi.ts, + openapi-fetch) over a real port: sign up →
 * address → order (Idempotency-Key) → pay in test mode → history with X-Total-Count → cancel.
 * The types must be what openapi-typescript makes from today's document: openapi-types.test.ts.
 */

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a client generated from the OpenAPI document', () => {
  it('signs up, orders, pays in test mode, reads its history with X-Total-Count and cancels, over a real port', async () => {
    const api = createClient<paths>({ baseUrl });
    const s = crypto.randomBytes(4).toString('hex');

    const signup = await api.POST('/auth/signup', {
      body: { email: `journey-${s}@example.in`, password: 'Sunflower-Lassi-2026', username: `journey_${s}`, name: 'Meera Pillai', mobile: '+919812345678' },
    });
    expect(signup.response.status).toBe(200);
    // expires_at is milliseconds (the document says so): some minutes from now, not 1970.
    expect(signup.data!.expires_at).toBeGreaterThan(Date.now());
    const authed = { headers: { authorization: `Bearer ${signup.data!.access_token}` } };

    const address = await api.POST('/user/addresses', {
      ...authed,
      body: { name: 'Meera Pillai', phone: '+919812345678', line1: '7, 2nd Main, Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
    });
    expect(address.response.status, JSON.stringify(address.error)).toBe(200);

    const shakes = await api.GET('/shakes/signature');
    const shake = shakes.data![0]!;
    const today = (await api.GET('/delivery-slots/available', { params: { query: { days: 7 } } })).data!;
    const day = today.days.find((d) => d.date > today.today && d.available && d.slots.some((x) => x.available))!;
    const slot = day.slots.find((x) => x.available)!;
    expect(day.date >= addDays(today.today, 1)).toBe(true);

    const key = crypto.randomUUID();
    const order = {
      lines: [{ id: shake.id, type: 'signature' as const, quantity: 2 }],
      addressId: address.data!.id,
      slotId: slot.id,
      date: day.date,
      paymentMethod: 'razorpay' as const,
    };
    const placed = await api.POST('/orders', { ...authed, params: { header: { 'Idempotency-Key': key } }, body: order });
    expect(placed.response.status, JSON.stringify(placed.error)).toBe(200);
    expect(placed.data!.order).toMatchObject({ status: 'pending_payment', paymentMethod: 'razorpay' });
    // The same key again answers the same order.
    const again = await api.POST('/orders', { ...authed, params: { header: { 'Idempotency-Key': key } }, body: order });
    expect(again.data!.order.id).toBe(placed.data!.order.id);

    const paid = await api.POST('/payment/test/complete', { ...authed, body: { orderId: placed.data!.order.id, outcome: 'success' } });
    expect(paid.response.status, JSON.stringify(paid.error)).toBe(200);
    expect(paid.data!.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    const history = await api.GET('/user/orders', { ...authed, params: { query: { page: 1, pageSize: 10 } } });
    expect(history.response.status).toBe(200);
    expect(history.response.headers.get('x-total-count')).toBe('1');
    expect(history.data!.totalCount).toBe(1);
    expect(history.data!.orders[0]!.id).toBe(placed.data!.order.id);

    const cancelled = await api.POST('/orders/{id}/cancel', { ...authed, params: { path: { id: placed.data!.order.id } }, body: { reason: 'Plans changed' } });
    expect(cancelled.response.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(cancelled.data!.status).toBe('cancelled');

    // A refusal through the same client: the documented Error body.
    const refused = await api.POST('/orders/{id}/cancel', { ...authed, params: { path: { id: placed.data!.order.id } }, body: {} });
    expect(refused.response.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'INVALID_STATE', requestId: refused.response.headers.get('x-request-id') });
  }, 60_000);
});
