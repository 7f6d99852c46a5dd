import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../fakes/razorpay-server';
import { createRazorpayGateway } from '../../server/lib/payments/razorpay-gateway';
import { GatewayError, type PaymentGateway } from '../../server/lib/payments';
import { paymentSignature, safeEqual, webhookSignature } from '../../server/lib/payments/signatures';

/** The real razorpay SDK, through our adapter, against the local fake Razorpay. */
let fake: FakeRazorpay;
let gw: PaymentGateway;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  gw = createRazorpayGateway({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
    timeoutMs: 2000,
  });
});
afterAll(async () => {
  await fake?.close();
});

describe('Razorpay adapter', () => {
  it('creates an order for the exact amount with our receipt, authenticated with the key pair', async () => {
    const o = await gw.createOrder({ amountPaise: 54_900, receipt: 'HS-100123' });
    expect(o.id).toMatch(/^order_/);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/orders', body: { amount: 54_900, currency: 'INR', receipt: 'HS-100123' } });
    expect(sent.auth).toBe(`Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`);
  });

  it('verifies Checkout signatures in constant time and refuses any other', async () => {
    const o = await gw.createOrder({ amountPaise: 29_900, receipt: 'HS-100124' });
    const paid = fake.pay(o.id);
    expect(
      gw.verifyPaymentSignature({ gatewayOrderId: o.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature }),
    ).toBe(true);
    // The same signature for another order id, a truncated one, a non-string: all refused without throwing.
    expect(
      gw.verifyPaymentSignature({ gatewayOrderId: 'order_other', paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature }),
    ).toBe(false);
    expect(
      gw.verifyPaymentSignature({ gatewayOrderId: o.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature.slice(2) }),
    ).toBe(false);
    expect(gw.verifyPaymentSignature({ gatewayOrderId: o.id, paymentId: paid.razorpay_payment_id, signature: { x: 1 } })).toBe(false);
    expect(paid.razorpay_signature).toBe(paymentSignature(o.id, paid.razorpay_payment_id, fake.keySecret));
  });

  it('verifies webhook signatures over the exact raw body', () => {
    const body = Buffer.from('{"event":"payment.captured"}');
    const sig = webhookSignature(body, fake.webhookSecret);
    expect(gw.verifyWebhookSignature(body, sig)).toBe(true);
    expect(gw.verifyWebhookSignature(Buffer.from('{"event":"payment.captured" }'), sig)).toBe(false);
    expect(gw.verifyWebhookSignature(body, undefined)).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });

  it('lists the payments of an order with the instrument in the spec names', async () => {
    const o = await gw.createOrder({ amountPaise: 39_900, receipt: 'HS-100125' });
    fake.pay(o.id, { outcome: 'failed' });
    fake.pay(o.id, { method: 'card', cardType: 'debit' });
    const list = await gw.fetchOrderPayments(o.id);
    expect(list.map((p) => [p.status, p.method, p.amountPaise])).toEqual([
      ['failed', 'upi', 39_900],
      ['captured', 'debit_card', 39_900],
    ]);
  });

  it('refunds once per idempotency key', async () => {
    const o = await gw.createOrder({ amountPaise: 19_900, receipt: 'HS-100126' });
    const { razorpay_payment_id: pid } = fake.pay(o.id);
    const a = await gw.refund({ paymentId: pid, amountPaise: 19_900, idempotencyKey: 'refund-key-1' });
    const b = await gw.refund({ paymentId: pid, amountPaise: 19_900, idempotencyKey: 'refund-key-1' });
    expect(b.id).toBe(a.id);
    expect(fake.payments.get(pid)!.amount_refunded).toBe(19_900);
  });

  it('turns network failures (TypeError inside the SDK) and HTTP errors into GatewayError', async () => {
    fake.failNext(1, 'network');
    const net = await gw.createOrder({ amountPaise: 10_000, receipt: 'HS-1' }).catch((e) => e);
    expect(net).toBeInstanceOf(GatewayError);
    expect(net.retryable).toBe(true);
    fake.failNext(1, 500);
    const five = await gw.fetchOrderPayments('order_x').catch((e) => e);
    expect(five).toBeInstanceOf(GatewayError);
    expect(five.retryable).toBe(true);
    const four = await gw.fetchPayment('pay_doesnotexist').catch((e) => e);
    expect(four).toBeInstanceOf(GatewayError);
    expect(four.retryable).toBe(false);
    const down = createRazorpayGateway({ keyId: 'k', keySecret: 's', apiUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    const refused = await down.createOrder({ amountPaise: 10_000, receipt: 'HS-2' }).catch((e) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect(refused.message).toMatch(/Could not reach Razorpay/);
  });
});
