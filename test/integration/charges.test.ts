import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { razorpayConfig, startFakeRazorpay, type FakeRazorpay } from '../fakes/razorpay-server';
import { customer, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { recordStatements, type Statement } from '../helpers/statements';

/**
 * One charge model (decision 280), with the real Razorpay adapter against the fake server: an order
 * payment, a wallet top-up, a subscription payment and a cash-on-delivery order are all charges the
 * owner lists at GET /api/admin/charges, each as its own table says (plain SQL); the webhook finds
 * its charge, whatever its kind, in one statement on the charges view and never tries kind by kind;
 * a webhook replayed five times credits once.
 */
let t: TestApp;
let fake: FakeRazorpay;
let shop: Shop;
let admin: Customer;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({ config: razorpayConfig(fake) });
  shop = await loadShop(t);
  admin = await customer(t, { role: 'admin' });
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
const chargesAs = (c: Customer, query = '') =>
  t.request({ method: 'GET', url: `/api/admin/charges${query}`, headers: { authorization: c.auth } });

async function topUp(c: Customer, amount: number) {
  const r = await post(c, '/api/user/wallet/top-up', { amount }, { 'idempotency-key': crypto.randomUUID() });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { topUpId: string; gatewayOrderId: string };
}

describe('one charge model', () => {
  it('the webhook finds a top-up in one statement on the charges view; five replays credit once', async () => {
    const c = await customer(t);
    const s = await topUp(c, 50_000);
    const paid = fake.pay(s.gatewayOrderId, { method: 'upi' });
    const w = fake.webhook('payment.captured', paid.razorpay_payment_id);
    const log: Statement[] = [];
    const first = await recordStatements(log, () => webhook(w));
    expect(first.json().outcome).toBe('wallet_credited');
    const lookups = log.filter((q) => /from "charges"/.test(q.text));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.values).toContain(s.gatewayOrderId);
    // No trial by kind: neither orders' attempts nor subscription payments were asked about this gateway order.
    expect(log.filter((q) => /payment_attempts|subscription_payments/.test(q.text))).toEqual([]);

    const replays = await Promise.all(Array.from({ length: 5 }, () => webhook(w)));
    expect(replays.map((r) => r.json().outcome)).toEqual(Array(5).fill('duplicate'));
    const { rows } = await sql<{ n: number; sum: number }>`
      select count(*)::int as n, coalesce(sum(amount_paise), 0)::int as sum from wallet_ledger where user_id = ${c.user.id} and kind = 'top_up'`.execute(
      t.deps.db,
    );
    expect(rows[0]).toEqual({ n: 1, sum: 50_000 });
  });

  it('the owner lists every kind of charge as its own table has it; a customer may not', async () => {
    const c = await customer(t);
    // An online order paid by webhook.
    const placed = await place(t, c, orderBody(shop, c, { paymentMethod: 'razorpay' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const { order, payment } = placed.json();
    const orderPaid = fake.pay(payment.gatewayOrderId, { method: 'card' });
    expect((await webhook(fake.webhook('payment.captured', orderPaid.razorpay_payment_id))).json().outcome).toBe('confirmed');
    // A cash-on-delivery order.
    const cod = await place(t, c, orderBody(shop, c, { paymentMethod: 'cod' }));
    expect(cod.statusCode, cod.body).toBe(200);
    // A wallet top-up never paid.
    const open = await topUp(c, 30_000);
    // A subscription payment paid by webhook.
    const plans = (await t.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans;
    const plan = plans.find((p: { name: string }) => p.name === 'Vitality Monthly');
    const sub = await post(c, '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': crypto.randomUUID() });
    expect(sub.statusCode, sub.body).toBe(200);
    const subPaid = fake.pay(sub.json().payment.gatewayOrderId);
    expect((await webhook(fake.webhook('payment.captured', subPaid.razorpay_payment_id))).json().outcome).toBe('subscription_activated');

    expect((await chargesAs(c)).statusCode).toBe(403);
    const r = await chargesAs(admin, '?pageSize=100');
    expect(r.statusCode, r.body).toBe(200);
    const mine = (r.json().charges as { customerId: string }[]).filter((x) => x.customerId === c.user.id);
    expect(Number(r.headers['x-total-count'])).toBe(r.json().totalCount);

    const attempt = await t.deps.db.selectFrom('payment_attempts').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const pay = await t.deps.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const sp = await t.deps.db.selectFrom('subscription_payments').selectAll().where('user_id', '=', c.user.id).executeTakeFirstOrThrow();
    const codRow = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', cod.json().order.id).executeTakeFirstOrThrow();
    expect(mine).toHaveLength(4);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'order',
          provider: 'razorpay',
          status: 'paid',
          orderId: order.id,
          amount: attempt.amount_paise,
          captured: pay.captured_paise,
          refunded: 0,
          gatewayOrderId: attempt.gateway_order_id,
          gatewayPaymentId: pay.gateway_payment_id,
          customerEmail: c.user.email,
        }),
        expect.objectContaining({
          kind: 'order',
          provider: 'cod',
          status: 'pending',
          orderId: codRow.id,
          amount: codRow.total_paise,
          captured: 0,
          gatewayOrderId: null,
        }),
        expect.objectContaining({
          kind: 'wallet_topup',
          provider: 'razorpay',
          status: 'pending',
          id: open.topUpId,
          amount: 30_000,
          captured: 0,
          gatewayOrderId: open.gatewayOrderId,
        }),
        expect.objectContaining({
          kind: 'subscription',
          status: 'paid',
          id: sp.id,
          subscriptionId: sp.subscription_id,
          amount: sp.amount_paise,
          captured: sp.captured_paise,
          gatewayPaymentId: sp.gateway_payment_id,
        }),
      ]),
    );

    const topUps = await chargesAs(admin, '?kind=wallet_topup&status=pending&pageSize=100');
    expect(topUps.statusCode, topUps.body).toBe(200);
    const kinds = new Set((topUps.json().charges as { kind: string; status: string }[]).map((x) => `${x.kind}/${x.status}`));
    expect([...kinds]).toEqual(['wallet_topup/pending']);
    expect((await chargesAs(admin, '?kind=bitcoin')).statusCode).toBe(400);
  });
});
