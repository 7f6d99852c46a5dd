import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app';
import { razorpayConfig, startFakeRazorpay, type FakeRazorpay } from '../fakes/razorpay-server';
import { customer, type Customer } from './orders-fixtures';
import { processPendingRefunds } from '../../server/domains/payments/payments.service';

/**
 * Issue 20 items 2 and 3: money a customer paid for a subscription is never kept without what it
 * bought. Two purchases opened before either was paid (two tabs, a double click with two keys) and
 * then both paid, at once, through a real port: the second becomes the next period (same plan) or
 * is refunded in full (another plan), never a 5xx. Subscription refunds go through the one refund
 * outbox: a gateway that fails leaves them pending and retried, paid exactly once; a refund the
 * gateway finally refuses is retried from the admin. The invariant is checked with SQL of its own
 * and against the gateway's own record, not through the service code.
 */

type Base = { url: string };
const ORIGIN = 'http://localhost:3000';

/** A request as a browser sends it: keep-alive (fetch's default), compression offered, an Origin. */
async function call(base: Base, c: Customer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${base.url}${path}`, {
    method,
    headers: {
      authorization: c.auth,
      'accept-encoding': 'br, gzip',
      origin: ORIGIN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text, json: () => JSON.parse(text) };
}

async function plansOf(base: Base, c: Customer): Promise<Record<string, { id: string; price: number }>> {
  const r = await call(base, c, 'GET', '/api/subscription-plans');
  return Object.fromEntries(r.json().plans.map((p: { name: string; id: string; price: number }) => [p.name, p]));
}

const open = (base: Base, c: Customer, planId: string) =>
  call(base, c, 'POST', '/api/subscription-payment/create', { planId }, { 'idempotency-key': crypto.randomUUID() });

/**
 * Every subscription payment the shop recorded as paid has a period it bought or refunds (not failed)
 * covering all of it. Plain SQL over the tables, independent of the service code.
 */
async function chargesWithoutPeriodOrRefund(t: TestApp): Promise<unknown[]> {
  const { rows } = await sql`
    select sp.id, sp.status, sp.amount_paise from subscription_payments sp
    where sp.status in ('paid', 'refunded')
      and not exists (select 1 from subscription_periods p where p.payment_id = sp.id)
      and coalesce((select sum(r.amount_paise) from refunds r where r.subscription_payment_id = sp.id and r.status <> 'failed'), 0) < sp.amount_paise
  `.execute(t.deps.db);
  return rows;
}

/** Gateway payments (by their gateway order ids) the shop has not recorded as paid: money taken and not accounted for. */
async function unrecorded(t: TestApp, captured: { id: string; order: string }[]): Promise<string[]> {
  if (captured.length === 0) return [];
  const { rows } = await sql<{ gateway_payment_id: string | null; gateway_order_id: string; status: string }>`
    select gateway_payment_id, gateway_order_id, status from subscription_payments
    where gateway_order_id in (${sql.join(captured.map((c) => c.order))})
  `.execute(t.deps.db);
  return captured
    .filter((c) => !rows.some((r) => r.gateway_order_id === c.order && r.gateway_payment_id === c.id && (r.status === 'paid' || r.status === 'refunded')))
    .map((c) => c.id);
}

const liveOf = async (t: TestApp, userId: string) =>
  sql<{ n: number }>`select count(*)::int as n from subscriptions where user_id = ${userId} and status in ('active', 'paused', 'cancelled')`
    .execute(t.deps.db)
    .then((r) => r.rows[0]!.n);
const periodsOfUser = async (t: TestApp, userId: string) =>
  sql<{ n: number }>`select count(*)::int as n from subscription_periods p join subscriptions s on s.id = p.subscription_id where s.user_id = ${userId}`
    .execute(t.deps.db)
    .then((r) => r.rows[0]!.n);

describe('a second paid subscription purchase, test payment mode (real port, parallel)', () => {
  let t: TestApp;
  let base: Base;
  beforeAll(async () => {
    t = await createTestApp();
    base = { url: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('same plan twice queues the next period, another plan is refunded in full; never a 5xx; every captured payment has a period or a refund', async () => {
    const same = await Promise.all([customer(t), customer(t), customer(t)]);
    const other = await Promise.all([customer(t), customer(t), customer(t)]);
    const plans = await plansOf(base, same[0]!);
    const [vitality, elite] = [plans['Vitality Monthly']!, plans['Elite Quarterly']!];

    // Both purchases opened before either is paid, for every customer at once.
    const opened = await Promise.all([
      ...same.map((c) => Promise.all([open(base, c, vitality.id), open(base, c, vitality.id)])),
      ...other.map((c) => Promise.all([open(base, c, vitality.id), open(base, c, elite.id)])),
    ]);
    for (const pair of opened) for (const r of pair) expect(r.status, r.body).toBe(200);

    // Both paid at once.
    const everyone = [...same, ...other];
    const completed = await Promise.all(
      opened.map((pair, i) =>
        Promise.all(
          pair.map((r) =>
            call(base, everyone[i]!, 'POST', '/api/subscription-payment/test/complete', {
              gatewayOrderId: r.json().payment.gatewayOrderId,
              outcome: 'success',
            }),
          ),
        ),
      ),
    );
    for (const pair of completed) for (const r of pair) expect(r.status, r.body).toBe(200);

    for (const [i, c] of same.entries()) {
      // Two periods of one subscription: the second queued after the first.
      expect(await liveOf(t, c.user.id)).toBe(1);
      expect(await periodsOfUser(t, c.user.id)).toBe(2);
      const status = (await call(base, c, 'GET', '/api/user/subscription-status')).json();
      expect(status.subscription).toMatchObject({ planName: 'Vitality Monthly', queuedPeriods: 1 });
      expect(completed[i]!.every((r) => r.json().paid)).toBe(true);
    }
    for (const [k, c] of other.entries()) {
      // One plan runs; the other purchase is refunded in full, and the shopper is told so.
      expect(await liveOf(t, c.user.id)).toBe(1);
      expect(await periodsOfUser(t, c.user.id)).toBe(1);
      const answers = completed[same.length + k]!.map((r) => r.json());
      expect(answers.filter((a) => a.paid)).toHaveLength(1);
      expect(answers.find((a) => !a.paid)!.message).toMatch(/being refunded in full/);
    }

    expect(await chargesWithoutPeriodOrRefund(t)).toEqual([]);
    // The gateway's side: every captured test payment is one the shop recorded as paid.
    const { rows: captured } = await sql<{ id: string; order: string }>`
      select id, gateway_order_id as order from test_gateway_payments where gateway_order_id in (${sql.join(
        opened.flat().map((r) => r.json().payment.gatewayOrderId as string),
      )})
    `.execute(t.deps.db);
    expect(captured).toHaveLength(12);
    expect(await unrecorded(t, captured)).toEqual([]);
    // The three refunds reached the gateway, once each.
    await expect
      .poll(async () =>
        (await sql<{ n: number }>`select count(*)::int as n from test_gateway_payments where status = 'refunded' and gateway_order_id in (${sql.join(
          captured.map((c) => c.order),
        )})`.execute(t.deps.db)).rows[0]!.n,
      )
      .toBe(3);
  });
});

describe('subscription money with Razorpay (the fake Razorpay server)', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let base: Base;
  let now = new Date();
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({
      clock: { now: () => now },
      config: razorpayConfig(fake),
    });
    base = { url: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const webhook = async (w: { body: string; headers: Record<string, string> }) => {
    const r = await fetch(`${base.url}/api/payment/webhook`, { method: 'POST', headers: w.headers, body: w.body });
    const text = await r.text();
    return { status: r.status, body: text, json: () => JSON.parse(text) };
  };

  it('two purchases paid at once (verify and webhooks racing): queued or refunded, never a 5xx nor "rejected"; every captured payment has a period or a refund', async () => {
    const same = await Promise.all([customer(t), customer(t)]);
    const other = await Promise.all([customer(t), customer(t)]);
    const plans = await plansOf(base, same[0]!);
    const [vitality, weekly] = [plans['Vitality Monthly']!, plans['Wellness Weekly']!];
    const everyone = [...same, ...other];
    const opened = await Promise.all([
      ...same.map((c) => Promise.all([open(base, c, vitality.id), open(base, c, vitality.id)])),
      ...other.map((c) => Promise.all([open(base, c, weekly.id), open(base, c, vitality.id)])),
    ]);
    for (const pair of opened) for (const r of pair) expect(r.status, r.body).toBe(200);
    const paid = opened.map((pair) => pair.map((r) => fake.pay(r.json().payment.gatewayOrderId)));

    const answers = await Promise.all(
      paid.flatMap((pair, i) =>
        pair.flatMap((p) => [
          call(base, everyone[i]!, 'POST', '/api/subscription-payment/verify', {
            razorpay_order_id: p.razorpay_order_id,
            razorpay_payment_id: p.razorpay_payment_id,
            razorpay_signature: p.razorpay_signature,
          }),
          webhook(fake.webhook('payment.captured', p.razorpay_payment_id)),
        ]),
      ),
    );
    for (const r of answers) expect(r.status, r.body).toBe(200);
    const outcomes = answers.filter((_, i) => i % 2 === 1).map((r) => r.json().outcome as string);
    expect(outcomes.filter((o) => o === 'rejected')).toEqual([]);

    for (const c of same) expect([await liveOf(t, c.user.id), await periodsOfUser(t, c.user.id)]).toEqual([1, 2]);
    for (const c of other) expect([await liveOf(t, c.user.id), await periodsOfUser(t, c.user.id)]).toEqual([1, 1]);
    expect(await chargesWithoutPeriodOrRefund(t)).toEqual([]);

    // Razorpay's own record: every payment it captured is recorded as paid by the shop, and the two
    // second purchases of another plan are refunded at Razorpay exactly once each.
    const captured = paid.flat().map((p) => ({ id: p.razorpay_payment_id, order: p.razorpay_order_id }));
    expect(await unrecorded(t, captured)).toEqual([]);
    await expect.poll(() => [...fake.refunds.values()].filter((r) => captured.some((c) => c.id === r.payment_id)).length).toBe(2);
    for (const c of captured) {
      const refunds = [...fake.refunds.values()].filter((r) => r.payment_id === c.id);
      expect(refunds.length).toBeLessThanOrEqual(1);
      if (refunds[0]) expect(refunds[0].amount).toBe(fake.payments.get(c.id)!.amount);
    }
  });

  async function paidSubscriber() {
    const c = await customer(t);
    const plans = await plansOf(base, c);
    const r = await open(base, c, plans['Vitality Monthly']!.id);
    const p = fake.pay(r.json().payment.gatewayOrderId);
    const v = await call(base, c, 'POST', '/api/subscription-payment/verify', {
      razorpay_order_id: p.razorpay_order_id,
      razorpay_payment_id: p.razorpay_payment_id,
      razorpay_signature: p.razorpay_signature,
    });
    expect(v.json().paid).toBe(true);
    return { c, id: r.json().subscription.id as string, gatewayPaymentId: p.razorpay_payment_id };
  }

  const detailOf = async (admin: Customer, id: string) => (await call(base, admin, 'GET', `/api/admin/subscriptions/${id}`)).json();
  const atGateway = (gatewayPaymentId: string) => [...fake.refunds.values()].filter((r) => r.payment_id === gatewayPaymentId);

  it('a refund Razorpay fails (5xx) stays pending — not "refunded" — and the refund job pays it exactly once', async () => {
    const admin = await customer(t, { role: 'admin' });
    const { id, gatewayPaymentId } = await paidSubscriber();
    const payment = (await detailOf(admin, id)).payments[0];

    fake.failNext(1, 503);
    const r = await call(base, admin, 'POST', `/api/admin/subscriptions/${id}/refund`, { paymentId: payment.id, reason: 'Moved away' });
    expect(r.status, r.body).toBe(200);
    // The admin screen: the payment is still paid, its refund on its way with the gateway's error.
    const after = r.json().payments[0];
    expect(after).toMatchObject({ status: 'paid', refunded: 239_900 });
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({ amount: 239_900, status: 'pending' });
    expect(after.refunds[0].lastError).toBeTruthy();
    expect(atGateway(gatewayPaymentId)).toHaveLength(0);

    // The job, on two instances' worth of runs at once once the retry is due: one refund at the gateway.
    now = new Date(now.getTime() + 5 * 60_000);
    await Promise.all([processPendingRefunds(t.deps), processPendingRefunds(t.deps)]);
    await processPendingRefunds(t.deps);
    expect(atGateway(gatewayPaymentId)).toHaveLength(1);
    expect(atGateway(gatewayPaymentId)[0]!.amount).toBe(239_900);
    const done = (await detailOf(admin, id)).payments[0];
    expect(done).toMatchObject({ status: 'refunded', refunded: 239_900 });
    expect(done.refunds[0]).toMatchObject({ status: 'processed' });
    // A second refund of the same payment is refused: nothing is left to refund.
    const again = await call(base, admin, 'POST', `/api/admin/subscriptions/${id}/refund`, { paymentId: payment.id, reason: 'Again' });
    expect(again.status).toBe(409);
    expect(atGateway(gatewayPaymentId)).toHaveLength(1);
  });

  it('a refund Razorpay keeps refusing ends failed; the admin retry sends it again under the same key and it is paid once', async () => {
    const admin = await customer(t, { role: 'admin' });
    const { c, id, gatewayPaymentId } = await paidSubscriber();
    const payment = (await detailOf(admin, id)).payments[0];

    // Refused once when decided, then on each of the job's five tries.
    fake.failNext(6, 400);
    const r = await call(base, admin, 'POST', `/api/admin/subscriptions/${id}/refund`, { paymentId: payment.id, amount: 50_000, reason: 'Partial goodwill' });
    expect(r.status, r.body).toBe(200);
    for (let i = 0; i < 5; i++) {
      now = new Date(now.getTime() + 2 * 3_600_000);
      await processPendingRefunds(t.deps);
    }
    // Hours later: the access tokens are signed afresh.
    admin.auth = await t.bearer(admin.user);
    c.auth = await t.bearer(c.user);
    const failed = (await detailOf(admin, id)).payments[0].refunds[0];
    expect(failed).toMatchObject({ amount: 50_000, status: 'failed' });
    expect(atGateway(gatewayPaymentId)).toHaveLength(0);

    // Only an admin may retry; a customer is refused and nothing is sent.
    expect((await call(base, c, 'POST', `/api/admin/refunds/${failed.id}/retry`, {})).status).toBe(403);
    const retried = await Promise.all([
      call(base, admin, 'POST', `/api/admin/refunds/${failed.id}/retry`, {}),
      call(base, admin, 'POST', `/api/admin/refunds/${failed.id}/retry`, {}),
    ]);
    expect(retried.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(retried.find((x) => x.status === 200)!.json()).toMatchObject({ id: failed.id, status: 'processed' });
    // The job finds nothing more to send; the gateway made one refund of ₹500.
    now = new Date(now.getTime() + 2 * 3_600_000);
    await processPendingRefunds(t.deps);
    admin.auth = await t.bearer(admin.user);
    expect(atGateway(gatewayPaymentId).map((x) => x.amount)).toEqual([50_000]);
    const shown = (await detailOf(admin, id)).payments[0];
    expect(shown).toMatchObject({ status: 'paid', refunded: 50_000 });
    expect(shown.refunds.map((x: { status: string }) => x.status)).toEqual(['processed']);
    const audit = await t.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', failed.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['refund.retry']);
  });
});
