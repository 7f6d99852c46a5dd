import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { razorpayConfig, startFakeRazorpay, type FakeRazorpay } from '../fakes/razorpay-server';
import { customer, type Customer } from './orders-fixtures';
import { reconcileTopUps } from '../../server/domains/wallet/wallet.service';
import { createInstance } from '../helpers/instances';

/**
 * Wallet top-ups in Razorpay mode (decision 165): the real adapter against the fake Razorpay server.
 * Verify and webhooks racing and repeating credit the wallet once; a forged signature credits
 * nothing; a top-up whose browser closed is found by the reconciler; a refund of the balance is sent
 * to Razorpay with its idempotency key, through the one refund outbox.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
let t: TestApp;
let fake: FakeRazorpay;
let now = new Date();

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({ clock: { now: () => now }, config: razorpayConfig(fake) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const json = (c: Customer, extra: Record<string, string> = {}) => ({ authorization: c.auth, 'content-type': 'application/json', ...extra });
const post = (c: Customer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, headers: json(c, headers), payload: JSON.stringify(body) });
const webhook = (w: { body: string; headers: Record<string, string> }) =>
  t.request({ method: 'POST', url: '/api/payment/webhook', headers: w.headers, payload: w.body });
const walletOf = async (c: Customer) => (await t.request({ method: 'GET', url: '/api/user/wallet', headers: { authorization: c.auth } })).json();

async function start(c: Customer, amount = 100_000) {
  const r = await post(c, '/api/user/wallet/top-up', { amount }, { 'idempotency-key': crypto.randomUUID() });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

describe('wallet top-ups with Razorpay', () => {
  it('creates the Razorpay order for the amount asked; test completion is not available', async () => {
    const c = await customer(t);
    const s = await start(c, 100_000);
    expect(s).toMatchObject({ mode: 'razorpay', keyId: fake.keyId, amount: 100_000, currency: 'INR' });
    expect(fake.orders.get(s.gatewayOrderId)!.amount).toBe(100_000);
    const test = await post(c, '/api/user/wallet/top-up/test/complete', { gatewayOrderId: s.gatewayOrderId, outcome: 'success' });
    expect(test.statusCode).toBe(404);
  });

  it('a forged signature is a 400 and credits nothing', async () => {
    const c = await customer(t);
    const s = await start(c);
    const paid = fake.pay(s.gatewayOrderId);
    const r = await post(c, '/api/user/wallet/top-up/verify', { ...paid, payment: undefined, razorpay_signature: 'f'.repeat(64) });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('INVALID_SIGNATURE');
    expect((await walletOf(c)).balance).toBe(0);
  });

  it('verify racing two webhooks (and their replays): one credit of ₹1,000', async () => {
    const c = await customer(t);
    const s = await start(c);
    const paid = fake.pay(s.gatewayOrderId, { method: 'upi' });
    const w1 = fake.webhook('payment.captured', paid.razorpay_payment_id);
    const w2 = fake.webhook('order.paid', paid.razorpay_payment_id);
    const verify = { razorpay_order_id: paid.razorpay_order_id, razorpay_payment_id: paid.razorpay_payment_id, razorpay_signature: paid.razorpay_signature };
    const [v, v2, a, b] = await Promise.all([
      post(c, '/api/user/wallet/top-up/verify', verify),
      post(c, '/api/user/wallet/top-up/verify', verify),
      webhook(w1),
      webhook(w2),
    ]);
    expect([v.statusCode, v2.statusCode, a.statusCode, b.statusCode]).toEqual([200, 200, 200, 200]);
    expect(v.json()).toMatchObject({ credited: true, balance: 100_000 });
    expect([a.json().outcome, b.json().outcome].filter((o) => o === 'wallet_credited').length).toBeLessThanOrEqual(1);
    expect((await webhook(w1)).json().outcome).toBe('duplicate');
    const w = await walletOf(c);
    expect(w.balance).toBe(100_000);
    expect(w.entries.filter((e: { kind: string }) => e.kind === 'top_up')).toHaveLength(1);
    const row = await t.deps.db.selectFrom('wallet_top_ups').select(['status', 'method']).where('gateway_order_id', '=', s.gatewayOrderId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'paid', method: 'upi' });
  });

  it('a webhook alone credits (browser closed); a failure webhook afterwards changes nothing', async () => {
    const c = await customer(t);
    const s = await start(c, 20_000);
    const paid = fake.pay(s.gatewayOrderId);
    expect((await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id))).json().outcome).toBe('wallet_credited');
    expect((await webhook(fake.webhook('payment.failed', paid.razorpay_payment_id))).json().outcome).not.toBe('wallet_credited');
    expect((await walletOf(c)).balance).toBe(20_000);
  });

  it('the reconciler credits a top-up whose verify and webhook never came, once, on two runs at once', async () => {
    const c = await customer(t);
    const s = await start(c, 50_000);
    fake.pay(s.gatewayOrderId);
    now = new Date(Date.now() + 5 * 60_000);
    try {
      // (The payment made earlier with a forged verify is captured too: the reconciler credits it as well.)
      const [x, y] = await Promise.all([reconcileTopUps(t.deps), reconcileTopUps(t.deps)]);
      expect(x + y).toBe(2);
      expect(await reconcileTopUps(t.deps)).toBe(0);
    } finally {
      now = new Date();
    }
    const w = await walletOf(c);
    expect(w.balance).toBe(50_000);
    expect(w.entries.filter((e: { kind: string }) => e.kind === 'top_up')).toHaveLength(1);
  });

  it('refund my balance reaches Razorpay with the refund idempotency key, for the top-up payment', async () => {
    const c = await customer(t);
    const s = await start(c, 30_000);
    const paid = fake.pay(s.gatewayOrderId);
    await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id));
    const r = await post(c, '/api/user/wallet/refund', {}, { 'idempotency-key': crypto.randomUUID() });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ refunded: 30_000, refunds: 1, balance: 0 });
    const sent = [...fake.refunds.values()].filter((x) => x.payment_id === paid.razorpay_payment_id);
    expect(sent.map((x) => x.amount)).toEqual([30_000]);
    const row = await t.deps.db.selectFrom('refunds').select(['status', 'gateway_refund_id']).where('wallet_top_up_id', '=', s.topUpId).executeTakeFirstOrThrow();
    expect(row.gateway_refund_id).toBe(sent[0]!.id);
  });

  it('a payment Razorpay captured for another amount than the top-up gives back what it captured (never more), never credited', async () => {
    const c = await customer(t);
    const s = await start(c, 40_000);
    const paid = fake.pay(s.gatewayOrderId, { amount: 4_000 });
    const r = await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id));
    expect(r.json().outcome).toBe('wallet_amount_mismatch');
    expect((await walletOf(c)).balance).toBe(0);
    const refund = await t.deps.db.selectFrom('refunds').select(['amount_paise', 'idempotency_key']).where('wallet_top_up_id', '=', s.topUpId).executeTakeFirstOrThrow();
    expect(refund).toEqual({ amount_paise: 4_000, idempotency_key: `auto:wallet:${s.topUpId}` });
    // Razorpay takes the refund (one for more than it captured it refuses, and the money would never go back).
    await expect.poll(() => [...fake.refunds.values()].filter((x) => x.payment_id === paid.razorpay_payment_id).map((x) => x.amount)).toEqual([4_000]);
    const mails = await t.deps.db.selectFrom('mail_outbox').select('template').where('to_email', '=', c.user.email).where('template', 'like', 'wallet-%').execute();
    expect(mails.map((m) => m.template)).toEqual(['wallet-top-up-refunded']);

    // Through verify too: a ₹200 top-up captured at ₹1 sends back ₹1, and nothing is left to refund from the wallet.
    const small = await start(c, 20_000);
    const one = fake.pay(small.gatewayOrderId, { amount: 100 });
    const v = await post(c, '/api/user/wallet/top-up/verify', {
      razorpay_order_id: one.razorpay_order_id,
      razorpay_payment_id: one.razorpay_payment_id,
      razorpay_signature: one.razorpay_signature,
    });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().credited).toBe(false);
    expect([...fake.refunds.values()].filter((x) => x.payment_id === one.razorpay_payment_id).map((x) => x.amount)).toEqual([100]);
    expect(await walletOf(c)).toMatchObject({ balance: 0, refundable: 0 });
  });

  it.skipIf(!onPostgres)('one key sent 10 times at once to two instances over real ports: one Razorpay order, the same top-up in every answer', async () => {
    const c = await customer(t);
    const b = await createInstance(t, { config: razorpayConfig(fake) });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const bases = [`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, await b.listen()];
      const key = crypto.randomUUID();
      const gatewayOrders = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders').length;
      const before = gatewayOrders();
      // A gateway that takes a moment, as Razorpay does: every request arrives while the first is creating its order.
      fake.setDelay(150);
      const answers = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const r = await fetch(`${bases[i % 2]}/api/user/wallet/top-up`, {
            method: 'POST',
            headers: {
              authorization: c.auth,
              'accept-encoding': 'br, gzip',
              origin: t.deps.config.PUBLIC_URL,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify({ amount: 50_000 }),
          });
          return { status: r.status, body: (await r.json()) as Record<string, unknown> };
        }),
      );
      fake.setDelay(0);
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(gatewayOrders() - before).toBe(1);
      // One answer: the same top-up and gateway order; only `replayed` tells the first from its repeats.
      const bodies = answers.map(({ body: { replayed: _replayed, ...rest } }) => JSON.stringify(rest));
      expect(new Set(bodies).size).toBe(1);
      expect(answers.filter((a) => a.body.replayed === false)).toHaveLength(1);
      expect(await t.deps.db.selectFrom('wallet_top_ups').select('id').where('user_id', '=', c.user.id).execute()).toHaveLength(1);
    } finally {
      fake.setDelay(0);
      await b.close();
    }
  });

  it('the gateway down when a top-up starts: a clear 502, nothing recorded, and the same key works once it is back', async () => {
    const c = await customer(t);
    const key = crypto.randomUUID();
    fake.failNext(1, 'network');
    const down = await post(c, '/api/user/wallet/top-up', { amount: 20_000 }, { 'idempotency-key': key });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe("We couldn't reach the payment gateway. Nothing was charged; please try again in a moment.");
    expect(await t.deps.db.selectFrom('wallet_top_ups').select('id').where('user_id', '=', c.user.id).execute()).toHaveLength(0);
    const up = await post(c, '/api/user/wallet/top-up', { amount: 20_000 }, { 'idempotency-key': key });
    expect(up.statusCode, up.body).toBe(200);
  });
});
