import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { counts, customer, expectInvariants, orderBody, place, type Customer, type Shop, withShopApp } from './orders-fixtures';

/** Without Razorpay keys the shop runs the built-in test gateway. */
let t: TestApp;
let shop: Shop;
withShopApp((app, loaded) => {
  t = app;
  shop = loaded;
});

const json = (c: Customer) => ({ authorization: c.auth, 'content-type': 'application/json' });
const complete = (c: Customer, orderId: string, outcome: string) =>
  t.request({ method: 'POST', url: '/api/payment/test/complete', headers: json(c), payload: JSON.stringify({ orderId, outcome }) });

describe('test payment mode', () => {
  it('says so in the public config', async () => {
    const cfg = (await t.request({ method: 'GET', url: '/api/config' })).json();
    expect(cfg).toMatchObject({ paymentMode: 'test', razorpayKeyId: null });
  });

  it('lets the shopper fail, retry and then succeed; the order is confirmed once, with one e-mail for the failure and one for the confirmation', async () => {
    const c = await customer(t);
    const placed = (await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }))).json();
    expect(placed.payment).toMatchObject({ mode: 'test', keyId: null, amount: placed.order.breakdown.total });
    const mailsBefore = (await counts(t.deps.db)).mails;

    const failed = await complete(c, placed.order.id, 'failure');
    expect(failed.statusCode).toBe(200);
    expect(failed.json().order).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'failed',
      canPay: true,
      labels: { paymentStatus: 'Payment Failed' },
    });

    const ok = await complete(c, placed.order.id, 'success');
    expect(ok.json().order).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      labels: { status: 'Confirmed', paymentStatus: 'Payment Successful', paymentMethod: 'Online Payment' },
    });
    const again = await complete(c, placed.order.id, 'success');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already paid/);
    // One "payment failed" mail (decision 183: that kind goes by e-mail too, unless switched off) and one confirmation.
    expect((await counts(t.deps.db)).mails - mailsBefore).toBe(2);
    const templates = await t.deps.db.selectFrom('mail_outbox').select('template').where('to_email', '=', c.user.email!.toLowerCase()).orderBy('id').execute();
    expect(templates.map((m) => m.template)).toEqual(['order-payment-failed', 'order-confirmed']);
    await expectInvariants(t.deps.db);
  });

  it('refuses other people’s orders (404), COD orders (409) and unknown outcomes (400)', async () => {
    const c = await customer(t);
    const online = (await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }))).json();
    const cod = (await place(t, c, orderBody(shop, c))).json();
    const other = await customer(t);
    expect((await complete(other, online.order.id, 'success')).statusCode).toBe(404);
    const codRes = await complete(c, cod.order.id, 'success');
    expect(codRes.statusCode).toBe(409);
    expect(codRes.json().message).toMatch(/not paid online/);
    expect((await complete(c, online.order.id, 'maybe')).statusCode).toBe(400);
  });

  it('no browser-side signature can pass verify in test mode', async () => {
    const c = await customer(t);
    const online = (await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }))).json();
    const res = await t.request({
      method: 'POST',
      url: '/api/payment/verify',
      headers: json(c),
      payload: JSON.stringify({
        orderId: online.order.id,
        razorpay_order_id: online.payment.gatewayOrderId,
        razorpay_payment_id: 'pay_x',
        razorpay_signature: 'a'.repeat(64),
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_SIGNATURE');
  });

  it('documents every orders and payment path in the OpenAPI file', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/orders',
        '/orders/{id}',
        '/user/orders',
        '/payment/verify',
        '/payment/test/complete',
        '/orders/{id}/payment',
      ]),
    );
  });
});
