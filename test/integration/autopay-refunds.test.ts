import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { razorpayConfig, startFakeRazorpay, type FakeRazorpay } from '../fakes/razorpay-server';
import { customer, type Customer } from './orders-fixtures';
import { debitDue, planRecharges, planRenewals } from '../../server/domains/autopay/autopay.service';
import { processPendingRefunds, reconcileCharges } from '../../server/domains/payments/payments.service';

/**
 * Refunds of UPI AutoPay debits (decisions 282–284) through the one refund outbox, with the real
 * Razorpay adapter against the fake and every request through a real port: "refund my balance"
 * gives back AutoPay refills like top-ups, newest first; the subscriptions desk refunds a renewal
 * paid through the mandate through its debit; two refunds at once never pass what the debit
 * captured; a gateway that fails leaves the refund to the job (or, refused for good, to the admin's
 * retry) and it is made once; a replayed refund webhook and the reconciler change nothing more.
 * Every captured rupee of a debit ends in a wallet credit or a period, or in refunds: checked with
 * SQL of its own.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
let now = new Date('2026-12-08T10:00:00+05:30');
const clock = { now: () => now };
const later = (ms: number) => (now = new Date(now.getTime() + ms));
const DAY = 86_400_000;
let t: TestApp;
let fake: FakeRazorpay;
let base: string;
let admin: Customer;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({ clock, config: razorpayConfig(fake) });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await customer(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A request through the port, signed in as `c` now (the app clock moves, so the token is made per call). */
async function call(c: Customer | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(c ? { authorization: await t.bearer(c.user) } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text, json: () => JSON.parse(text) };
}
const webhook = (w: { body: string; headers: Record<string, string> }) => call(null, 'POST', '/api/payment/webhook', w.body, w.headers);
const balance = async (c: Customer) =>
  (await t.deps.db.selectFrom('wallet_balances').select('balance_paise').where('user_id', '=', c.user.id).executeTakeFirst())
    ?.balance_paise ?? 0;
const debitsOf = (c: Customer) =>
  t.deps.db.selectFrom('autopay_debits').selectAll().where('user_id', '=', c.user.id).orderBy('created_at').execute();
const refundsAtGateway = (paymentId: string) => [...fake.refunds.values()].filter((r) => r.payment_id === paymentId);

/** AutoPay up to ₹5,000, authorised in the customer's UPI app (the fake), as Checkout's callback reports it. */
async function withMandate(c: Customer): Promise<void> {
  const start = await call(c, 'POST', '/api/user/autopay/mandate', { maxAmount: 500_000 }, { 'idempotency-key': crypto.randomUUID() });
  expect(start.status, start.body).toBe(200);
  const paid = fake.pay(start.json().checkout.gatewayOrderId);
  const v = await call(c, 'POST', '/api/user/autopay/mandate/verify', {
    razorpay_order_id: paid.razorpay_order_id,
    razorpay_payment_id: paid.razorpay_payment_id,
    razorpay_signature: paid.razorpay_signature,
  });
  expect(v.json().mandate, v.body).toMatchObject({ status: 'active' });
}

/** A ₹1,000 auto-recharge announced now and debited 24 hours later (captured at once by the fake bank). */
async function refilled(c: Customer): Promise<{ id: string; paymentId: string }> {
  expect((await call(c, 'PUT', '/api/user/wallet/auto-recharge', { threshold: 100_000, amount: 100_000 })).status).toBe(200);
  expect(await planRecharges(t.deps)).toBeGreaterThanOrEqual(1);
  later(DAY + 2 * 60_000);
  await debitDue(t.deps);
  const d = (await debitsOf(c)).find((x) => x.purpose === 'wallet_recharge' && x.status === 'paid')!;
  expect(d).toMatchObject({ captured_paise: 100_000 });
  return { id: d.id, paymentId: d.gateway_payment_id! };
}

/**
 * Every debit the gateway captured: its refunds (those not failed) are what the debit reserved and
 * never more than it captured; it reads refunded exactly when processed refunds cover the capture;
 * a wallet refill credited the wallet once with what it took.
 */
async function debitMoneyProblems(): Promise<unknown[]> {
  const { rows } = await sql`
    select d.id, d.purpose, d.status, d.captured_paise, d.refunded_paise, r.reserved, r.processed, l.credited, l.credits
    from autopay_debits d
    left join lateral (
      select coalesce(sum(amount_paise) filter (where status <> 'failed'), 0)::int as reserved,
             coalesce(sum(amount_paise) filter (where status = 'processed'), 0)::int as processed
      from refunds where autopay_debit_id = d.id) r on true
    left join lateral (
      select coalesce(sum(amount_paise), 0)::int as credited, count(*)::int as credits
      from wallet_ledger where reference = 'autopay:' || d.id::text) l on true
    where d.captured_paise is not null
      and (r.reserved > d.captured_paise
        or r.reserved <> d.refunded_paise
        or (d.status = 'refunded') <> (r.processed >= d.captured_paise)
        or (d.purpose = 'wallet_recharge' and (l.credits <> 1 or l.credited <> d.captured_paise))
        or (d.purpose = 'subscription_renewal' and l.credits <> 0))
  `.execute(t.deps.db);
  return rows;
}

describe('refunds of AutoPay debits', () => {
  it.runIf(onPostgres)(
    'refund my balance gives back the AutoPay refill and the top-up, newest first; two at once refund the balance once',
    async () => {
      now = new Date('2026-12-08T10:00:00+05:30');
      const c = await customer(t);
      await withMandate(c);
      // A ₹500 top-up, then (a day later) a ₹1,000 AutoPay refill.
      const top = await call(c, 'POST', '/api/user/wallet/top-up', { amount: 50_000 }, { 'idempotency-key': crypto.randomUUID() });
      expect(top.status, top.body).toBe(200);
      const topPaid = fake.pay(top.json().gatewayOrderId);
      expect((await webhook(fake.webhook('payment.captured', topPaid.razorpay_payment_id))).json().outcome).toBe('wallet_credited');
      const refill = await refilled(c);
      expect(await balance(c)).toBe(150_000);
      expect((await call(c, 'GET', '/api/user/wallet')).json()).toMatchObject({ balance: 150_000, refundable: 150_000 });
      // ₹300 of it is spent (the desk takes it away here): ₹1,200 is left to give back.
      const spent = await call(admin, 'POST', `/api/admin/wallets/${c.user.id}/adjust`, {
        amount: -30_000,
        reason: 'Spent at the counter',
      });
      expect(spent.status, spent.body).toBe(200);
      expect((await call(c, 'GET', '/api/user/wallet')).json()).toMatchObject({ balance: 120_000, refundable: 120_000 });

      const [a, b] = await Promise.all([
        call(c, 'POST', '/api/user/wallet/refund', { idempotencyKey: crypto.randomUUID() }),
        call(c, 'POST', '/api/user/wallet/refund', { idempotencyKey: crypto.randomUUID() }),
      ]);
      expect([a.status, b.status], a.body + b.body).toEqual([200, 200]);
      expect(a.json().refunded + b.json().refunded).toBe(120_000);
      expect(await balance(c)).toBe(0);
      // The refill came in last, so it went back first, all of it; the top-up gives back the rest.
      expect(refundsAtGateway(refill.paymentId).map((r) => r.amount)).toEqual([100_000]);
      expect(refundsAtGateway(topPaid.razorpay_payment_id).map((r) => r.amount)).toEqual([20_000]);
      const rows = await t.deps.db
        .selectFrom('refunds')
        .select(['autopay_debit_id', 'wallet_top_up_id', 'amount_paise', 'status'])
        .where((eb) => eb.or([eb('autopay_debit_id', '=', refill.id), eb('wallet_top_up_id', '=', top.json().topUpId)]))
        .orderBy('amount_paise', 'desc')
        .execute();
      expect(rows).toEqual([
        { autopay_debit_id: refill.id, wallet_top_up_id: null, amount_paise: 100_000, status: 'processed' },
        { autopay_debit_id: null, wallet_top_up_id: top.json().topUpId, amount_paise: 20_000, status: 'processed' },
      ]);
      expect((await debitsOf(c))[0]).toMatchObject({ status: 'refunded', refunded_paise: 100_000 });
      const autopay = await call(c, 'GET', '/api/user/autopay');
      expect(autopay.json().debits).toMatchObject([{ id: refill.id, status: 'refunded' }]);
      // ₹300 of the top-up could still go back, but the wallet holds nothing to give.
      expect((await call(c, 'GET', '/api/user/wallet')).json()).toMatchObject({ balance: 0, refundable: 0 });
      expect(await debitMoneyProblems()).toEqual([]);
    },
  );

  it.runIf(onPostgres)("a gateway that fails leaves the refill's refund pending; the refund job makes it, once", async () => {
    now = new Date('2026-12-10T10:00:00+05:30');
    const c = await customer(t);
    await withMandate(c);
    const refill = await refilled(c);
    fake.failNext(1, 'network');
    const r = await call(c, 'POST', '/api/user/wallet/refund', { idempotencyKey: crypto.randomUUID() });
    expect(r.status, r.body).toBe(200);
    expect(r.json().refunded).toBe(100_000);
    expect(await balance(c)).toBe(0);
    const [pending] = await t.deps.db.selectFrom('refunds').selectAll().where('autopay_debit_id', '=', refill.id).execute();
    expect(pending).toMatchObject({ status: 'pending', amount_paise: 100_000 });
    expect(pending!.last_error).toBeTruthy();
    expect(refundsAtGateway(refill.paymentId)).toEqual([]);
    later(2 * 60_000);
    expect(await processPendingRefunds(t.deps)).toBe(1);
    expect(await processPendingRefunds(t.deps)).toBe(0);
    expect(refundsAtGateway(refill.paymentId).map((x) => x.amount)).toEqual([100_000]);
    expect((await debitsOf(c))[0]).toMatchObject({ status: 'refunded', refunded_paise: 100_000 });
    expect(await debitMoneyProblems()).toEqual([]);
  });

  it.runIf(onPostgres)(
    'the desk refunds a renewal paid through the mandate: two at once never pass the capture; refused for good, the admin retries; the webhook and the reconciler settle it once',
    async () => {
      now = new Date('2026-12-12T09:00:00+05:30');
      const c = await customer(t);
      await withMandate(c);
      // Vitality Monthly, paid at the fake, renewing automatically through the mandate.
      const plans = (await call(null, 'GET', '/api/subscription-plans')).json().plans as { id: string; name: string; price: number }[];
      const plan = plans.find((p) => p.name === 'Vitality Monthly')!;
      const buy = await call(
        c,
        'POST',
        '/api/subscription-payment/create',
        { planId: plan.id },
        { 'idempotency-key': crypto.randomUUID() },
      );
      expect(buy.status, buy.body).toBe(200);
      const bought = fake.pay(buy.json().payment.gatewayOrderId);
      expect((await webhook(fake.webhook('payment.captured', bought.razorpay_payment_id))).json().outcome).toBe('subscription_activated');
      const id = buy.json().subscription.id as string;
      const on = await call(c, 'POST', `/api/user/subscriptions/${id}/auto-renew`, { enabled: true });
      expect(on.json(), on.body).toMatchObject({ autoRenew: true });
      const end = new Date(on.json().paidThrough).getTime();
      now = new Date(end - 2 * DAY);
      expect(await planRenewals(t.deps)).toBe(1);
      now = new Date(end - DAY + 2 * 60_000);
      await debitDue(t.deps);
      const [debit] = await debitsOf(c);
      expect(debit).toMatchObject({ purpose: 'subscription_renewal', status: 'paid', captured_paise: plan.price });

      // The desk lists the renewal beside the purchase, as a payment of the subscription.
      const detail = await call(admin, 'GET', `/api/admin/subscriptions/${id}`);
      expect(detail.status, detail.body).toBe(200);
      expect(detail.json().payments.map((p: { kind: string }) => p.kind)).toEqual(['purchase', 'autopay_renewal']);
      expect(detail.json().payments[1]).toMatchObject({
        id: debit!.id,
        status: 'paid',
        amount: plan.price,
        refunded: 0,
        gatewayPaymentId: debit!.gateway_payment_id,
      });

      // Two refunds at once that together pass the capture: one is made, the other refused with what is left.
      const refund = (body: Record<string, unknown>) =>
        call(admin, 'POST', `/api/admin/subscriptions/${id}/refund`, { paymentId: debit!.id, reason: 'Renewal not wanted', ...body });
      const both = await Promise.all([refund({ amount: 200_000 }), refund({ amount: 150_000 })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = both.find((r) => r.status === 409)!.json();
      const made = both.find((r) => r.status === 200)!.json();
      const first = made.payments[1].refunds[0].amount as number;
      expect(refused.message ?? refused.error?.message ?? JSON.stringify(refused)).toMatch(
        /A refund cannot be more than what was paid: at most ₹[\d,]+ can still be refunded\./,
      );
      expect(refundsAtGateway(debit!.gateway_payment_id!).map((r) => r.amount)).toEqual([first]);

      // The rest, refused by the gateway every time: the job gives up after five tries; the admin retries it.
      fake.failNext(6, 400);
      const rest = await refund({});
      expect(rest.status, rest.body).toBe(200);
      const pending = rest.json().payments[1].refunds.find((r: { status: string }) => r.status !== 'processed');
      expect(pending).toMatchObject({ amount: plan.price - first, status: 'pending' });
      for (let i = 0; i < 5; i++) {
        later(2 * 3_600_000);
        await processPendingRefunds(t.deps);
      }
      expect((await call(admin, 'GET', `/api/admin/subscriptions/${id}`)).json().payments[1].refunds[1]).toMatchObject({
        id: pending.id,
        status: 'failed',
      });
      expect((await debitsOf(c))[0]!.status).toBe('paid');
      const retried = await call(admin, 'POST', `/api/admin/refunds/${pending.id}/retry`, {});
      expect(retried.status, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ id: pending.id, status: 'processed', amount: plan.price - first });
      expect(refundsAtGateway(debit!.gateway_payment_id!).map((r) => r.amount)).toEqual([first, plan.price - first]);
      expect((await debitsOf(c))[0]).toMatchObject({ status: 'refunded', refunded_paise: plan.price });

      // Razorpay's refund.processed, replayed five times, and the reconciler: nothing more.
      const w = fake.webhook('refund.processed', debit!.gateway_payment_id!);
      const five = await Promise.all(Array.from({ length: 5 }, () => webhook(w)));
      expect(five.map((r) => r.json().outcome).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'refund_processed']);
      await reconcileCharges(t.deps, { minAgeMinutes: 0 });
      expect(
        await t.deps.db
          .selectFrom('refunds')
          .select('amount_paise')
          .where('autopay_debit_id', '=', debit!.id)
          .orderBy('created_at')
          .execute(),
      ).toEqual([{ amount_paise: first }, { amount_paise: plan.price - first }]);
      expect(await debitMoneyProblems()).toEqual([]);

      // What the owner sees: the debit refunded in full, naming the subscription it renewed.
      const charges = await call(admin, 'GET', '/api/admin/charges?kind=autopay_debit&status=refunded');
      expect(charges.json().charges.find((x: { id: string }) => x.id === debit!.id)).toMatchObject({
        kind: 'autopay_debit',
        status: 'refunded',
        captured: plan.price,
        refunded: plan.price,
        subscriptionId: id,
      });
      // What the customer sees: the debit refunded on the wallet's AutoPay card; the period it paid for stays (the shop's choice, as for a refunded payment).
      expect((await call(c, 'GET', '/api/user/autopay')).json().debits).toMatchObject([{ id: debit!.id, status: 'refunded' }]);
      const status = (await call(c, 'GET', '/api/user/subscription-status')).json();
      expect(status.subscription).toMatchObject({ id, status: 'active' });
      expect(new Date(status.subscription.paidThrough).getTime()).toBe(end + 30 * DAY);
    },
  );
});
