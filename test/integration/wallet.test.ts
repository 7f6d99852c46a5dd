import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { createTestApp, type TestApp } from '../helpers/app';
import { customer, expectInvariants, loadShop, orderBody, place, type Customer, type Shop } from './orders-fixtures';
import { addDays, istToday } from '../../shared/rules/slots';
import { isSessionRead } from '../helpers/statements';

/**
 * The wallet (issue 23, decision 165) in test payment mode: top-ups credit once, the ledger's sum is
 * the balance (plain SQL), a wallet order is paid in its placing transaction and refused with a clear
 * 409 when short, 20 racing ₹300 orders on ₹1,000 place exactly 3, a cancel gives the money back once,
 * "refund my balance" goes through the one refund outbox, and an admin adjustment is audited.
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
let t: TestApp;
let shop: Shop;
let admin: Customer;
let threeHundred: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await loadShop(t);
  admin = await customer(t, { role: 'admin' });
  // A shake whose order totals exactly ₹300: ₹251 + the ₹49 delivery fee below ₹499 (prices include GST).
  const s = await t.deps.db
    .insertInto('signature_shakes')
    .values({ ...(await baseShake()), name: 'Wallet Test Green', slug: 'wallet-test-green', price_paise: 25_100 } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  threeHundred = s.id;
});
afterAll(async () => {
  await t?.close();
});

async function baseShake() {
  const row = await t.deps.db.selectFrom('signature_shakes').selectAll().where('id', '=', shop.shakes[0]!.id).executeTakeFirstOrThrow();
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = row as Record<string, unknown>;
  return rest;
}

const json = (c: Customer, extra: Record<string, string> = {}) => ({ authorization: c.auth, 'content-type': 'application/json', ...extra });
const post = (c: Customer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, headers: json(c, headers), payload: JSON.stringify(body) });
const walletOf = async (c: Customer, query = '') => {
  const r = await t.request({ method: 'GET', url: `/api/user/wallet${query}`, headers: { authorization: c.auth } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

async function topUp(c: Customer, amount: number, outcome: 'success' | 'failure' = 'success') {
  const started = await post(c, '/api/user/wallet/top-up', { amount }, { 'idempotency-key': crypto.randomUUID() });
  expect(started.statusCode, started.body).toBe(200);
  const done = await post(c, '/api/user/wallet/top-up/test/complete', { gatewayOrderId: started.json().gatewayOrderId, outcome });
  expect(done.statusCode, done.body).toBe(200);
  return { start: started.json(), result: done.json() };
}

/** QUALITY.md: every customer's wallet balance ≥ 0 and = the sum of the ledger; each (reference, reason) once — in plain SQL. */
async function expectLedgerMatchesBalances() {
  const { rows } = await sql<{ user_id: string; balance: number; ledger_sum: number }>`
    select coalesce(b.user_id, l.user_id) as user_id, coalesce(b.balance_paise, 0)::int as balance, coalesce(l.s, 0)::int as ledger_sum
    from wallet_balances b full join (select user_id, sum(amount_paise) as s from wallet_ledger group by user_id) l on l.user_id = b.user_id`.execute(t.deps.db);
  for (const r of rows) {
    expect(r.balance, `wallet of ${r.user_id}`).toBe(r.ledger_sum);
    expect(r.balance).toBeGreaterThanOrEqual(0);
  }
  const dup = await sql<{ n: number }>`select count(*)::int as n from (select reference, reason from wallet_ledger group by 1, 2 having count(*) > 1) d`.execute(t.deps.db);
  expect(dup.rows[0]!.n).toBe(0);
}

const mailsTo = (c: Customer, template: string) =>
  t.deps.db.selectFrom('mail_outbox').select(['subject', 'text']).where('template', '=', template).where('to_email', '=', c.user.email).execute();

let day = 1;
const nextPlace = () => ({ date: addDays(istToday(new Date()), (day++ % 6) + 1) });
const walletOrder = (c: Customer, over: Record<string, unknown> = {}) =>
  orderBody(shop, c, { lines: [{ id: threeHundred, type: 'signature', quantity: 1 }], paymentMethod: 'wallet', ...nextPlace(), ...over });

describe('top-ups', () => {
  it('₹1,000 through test mode credits the wallet once; the same key answers the same top-up; a failure credits nothing', async () => {
    const c = await customer(t);
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      post(c, '/api/user/wallet/top-up', { amount: 100_000 }, { 'idempotency-key': key }),
      post(c, '/api/user/wallet/top-up', { amount: 100_000 }, { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().gatewayOrderId).toBe(b.json().gatewayOrderId);
    const complete = () => post(c, '/api/user/wallet/top-up/test/complete', { gatewayOrderId: a.json().gatewayOrderId, outcome: 'success' });
    const [x, y] = await Promise.all([complete(), complete()]);
    expect(x.json()).toMatchObject({ credited: true, balance: 100_000 });
    expect(y.json()).toMatchObject({ credited: true, balance: 100_000 });
    expect(x.json().message).toBe('₹1,000 added. Your wallet has ₹1,000.');
    const failed = await topUp(c, 50_000, 'failure');
    expect(failed.result).toMatchObject({ credited: false, balance: 100_000 });
    const w = await walletOf(c);
    expect(w).toMatchObject({ balance: 100_000, refundable: 100_000, totalCount: 1 });
    expect(w.entries[0]).toMatchObject({ kind: 'top_up', label: 'Top-up', amount: 100_000, balanceAfter: 100_000 });
    // One receipt for the one credit, though two completions raced; none for the failed payment.
    const mails = await mailsTo(c, 'wallet-top-up');
    expect(mails.map((m) => m.subject)).toEqual(['₹1,000 added to your Hydro Shakes wallet']);
    expect(mails[0]!.text).toContain('Your wallet now has ₹1,000.');
    await expectLedgerMatchesBalances();
  });

  it('refuses amounts outside ₹200–₹20,000 and a top-up without an idempotency key', async () => {
    const c = await customer(t);
    for (const amount of [19_999, 2_000_001]) {
      const r = await post(c, '/api/user/wallet/top-up', { amount }, { 'idempotency-key': crypto.randomUUID() });
      expect(r.statusCode).toBe(400);
      expect(r.body).toMatch(amount < 20_000 ? /at least ₹200/ : /at most ₹20,000/);
    }
    const r = await post(c, '/api/user/wallet/top-up', { amount: 20_000 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/Idempotency-Key/);
  });
});

describe('paying with the wallet', () => {
  it('a wallet order is confirmed and paid at once, the wallet debited; short, it is refused with the reason and nothing is written', async () => {
    const c = await customer(t);
    await topUp(c, 50_000);
    const r = await place(t, c, walletOrder(c));
    expect(r.statusCode, r.body).toBe(200);
    const order = r.json().order;
    expect(order).toMatchObject({ status: 'confirmed', paymentMethod: 'wallet', paymentStatus: 'paid' });
    expect(order.labels).toMatchObject({ paymentMethod: 'Wallet', paymentStatus: 'Payment Successful' });
    expect(order.breakdown.total).toBe(30_000);
    expect((await walletOf(c)).balance).toBe(20_000);
    const before = await t.deps.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', c.user.id).executeTakeFirstOrThrow();
    const short = await place(t, c, walletOrder(c));
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'WALLET_INSUFFICIENT',
      message: "Your wallet does not cover this order's ₹300. Top up your wallet or choose another payment method.",
    });
    const after = await t.deps.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', c.user.id).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await walletOf(c)).balance).toBe(20_000);
    await expectLedgerMatchesBalances();
    await expectInvariants(t.deps.db);
  });

  it('cancelling a wallet order gives its money back to the wallet, once', async () => {
    const c = await customer(t);
    await topUp(c, 50_000);
    const r = await place(t, c, walletOrder(c));
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().order.id;
    const cancel = await post(c, `/api/orders/${id}/cancel`, { reason: 'Plans changed' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const again = await post(c, `/api/orders/${id}/cancel`, { reason: 'Plans changed' });
    expect(again.statusCode).toBe(409);
    const w = await walletOf(c);
    expect(w.balance).toBe(50_000);
    expect(w.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['release', 30_000],
      ['charge', -30_000],
      ['top_up', 50_000],
    ]);
    expect(w.entries[0].orderNumber).toBe(r.json().order.number);
    // No gateway refund for a wallet order: the money went back to the wallet, and the timeline and e-mail say so.
    expect(await t.deps.db.selectFrom('refunds').select('id').where('order_id', '=', id).execute()).toHaveLength(0);
    expect(cancel.json().timeline.at(-1).note).toBe('Cancelled by you: Plans changed. ₹300 back in the wallet');
    // The money is back: the order's payment says so, as a refunded online payment's does.
    expect(cancel.json()).toMatchObject({ paymentStatus: 'refunded', labels: { paymentStatus: 'Refunded' } });
    const mail = await t.deps.db.selectFrom('mail_outbox').select('text').where('template', '=', 'order-cancelled').where('to_email', '=', c.user.email).executeTakeFirstOrThrow();
    expect(mail.text).toContain('₹300 is back in your Hydro Shakes wallet, ready for your next order.');
    await expectLedgerMatchesBalances();
  });

  it('an admin refund of a wallet-paid order goes back to the wallet, never more than was paid; a repeated click credits once', async () => {
    const c = await customer(t);
    await topUp(c, 50_000);
    const r = await place(t, c, walletOrder(c));
    const id = r.json().order.id;
    const refund = (amount: number | undefined, key: string) =>
      post(admin, `/api/admin/orders/${id}/refund`, { ...(amount ? { amount } : {}), reason: 'Spilled in transit', idempotencyKey: key });
    const revenueToday = async () => {
      const dash = await t.request({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: admin.auth } });
      return (dash.json().metrics as { key: string; value: number }[]).find((m) => m.key === 'orders.revenue.today')!.value;
    };
    const before = await revenueToday();
    const k = crypto.randomUUID();
    expect((await refund(10_000, k)).statusCode).toBe(200);
    expect((await refund(10_000, k)).statusCode).toBe(200);
    // Money returned to the wallet is revenue given back, as a refund to a card is: once, for the repeated click too.
    expect(before - (await revenueToday())).toBe(10_000);
    const over = await refund(25_000, crypto.randomUUID());
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('A refund cannot be more than what was paid: at most ₹200 can still be refunded.');
    expect((await walletOf(c)).balance).toBe(20_000 + 10_000);
    // Partly back: the payment still reads paid, and both the customer's page and the back office's list
    // say how much came back, as the wallet's own ledger has it.
    const { rows: back } = await sql<{ n: number }>`select coalesce(sum(amount_paise), 0)::int as n from wallet_ledger
      where order_id = ${id}::uuid and kind in ('release', 'order_refund')`.execute(t.deps.db);
    expect(back[0]!.n).toBe(10_000);
    const part = (await t.request({ method: 'GET', url: `/api/orders/${id}`, headers: { authorization: c.auth } })).json();
    expect(part).toMatchObject({ paymentStatus: 'paid', labels: { paymentStatus: 'Payment Successful' }, refund: { processed: back[0]!.n, pending: 0 } });
    const listed = (await t.request({ method: 'GET', url: `/api/admin/orders?search=${part.number}`, headers: { authorization: admin.auth } })).json();
    expect(listed.orders.find((o: { id: string }) => o.id === id)).toMatchObject({ refunded: back[0]!.n });
    // The rest back too: the order's payment reads Refunded for the customer and in the back office.
    expect((await refund(undefined, crypto.randomUUID())).statusCode).toBe(200);
    const mine = await t.request({ method: 'GET', url: `/api/orders/${id}`, headers: { authorization: c.auth } });
    expect(mine.json()).toMatchObject({ paymentStatus: 'refunded', labels: { paymentStatus: 'Refunded' } });
    const theirs = await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, headers: { authorization: admin.auth } });
    expect(theirs.json().order.labels.paymentStatus).toBe('Refunded');
    await expectLedgerMatchesBalances();
  });

  it.skipIf(!onPostgres)('a wallet order takes as many database round trips as a cash one: 4 with the session read (the session and the plan ride on the booking statement, the charge on the order one)', async () => {
    const c = await customer(t);
    await topUp(c, 100_000);
    await t.request({ method: 'GET', url: '/api/user/cart', headers: { authorization: c.auth } }); // session and settings warm
    const texts: string[] = [];
    const names: (string | undefined)[] = [];
    const original = pg.Client.prototype.query;
    // The browser places through tRPC's batch link (client/src/providers.tsx): that door, too.
    const placeTyped = (body: unknown) =>
      t.request({
        method: 'POST',
        url: '/trpc/orders.place?batch=1',
        headers: { authorization: c.auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        payload: JSON.stringify({ 0: body }),
      });
    const count = async (body: unknown, send: (body: unknown) => ReturnType<typeof placeTyped> = (b) => place(t, c, b)) => {
      texts.length = 0;
      names.length = 0;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const q = args[0] as string | { text: string; name?: string };
        texts.push(typeof q === 'string' ? q : q.text);
        names.push(typeof q === 'string' ? undefined : q.name);
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Client.prototype.query;
      try {
        const r = await send(body);
        expect(r.statusCode, r.body).toBe(200);
      } finally {
        pg.Client.prototype.query = original;
      }
      // Placing reads the bearer's session in its own read statement (decision 320), not in a round trip before it.
      expect(texts.filter(isSessionRead)).toHaveLength(0);
      expect(texts.filter((q) => q.includes('from auth_sessions'))).toHaveLength(1);
      expect(texts.find((q) => q.includes('from auth_sessions'))).toContain('insert into slot_bookings');
      return [...texts];
    };
    await place(t, c, walletOrder(c, { paymentMethod: 'cod' })); // a first order warms the plan look-up's caches alike
    const cod = await count(walletOrder(c, { paymentMethod: 'cod' }));
    const wallet = await count(walletOrder(c));
    expect(wallet.length, wallet.join('\n---\n')).toBe(cod.length);
    expect((await count(walletOrder(c, { paymentMethod: 'cod' }), placeTyped)).length).toBe(cod.length);
    // begin, read (the session) + book (with the live plan, locked), write (order, charge, stock, cart), commit: 4 in all.
    expect(wallet.length).toBeLessThanOrEqual(4);
    expect(wallet.some((q) => q.includes('wallet_debit') && q.includes('insert into orders'))).toBe(true);
    // On a direct connection the read-and-book and the order's statements are named prepared statements
    // (decision 241): PostgreSQL plans them once per connection, not at every order.
    const prepared = texts.filter((_, i) => names[i]?.startsWith('hs_prepared_'));
    expect(prepared.some((q) => q.includes('insert into slot_bookings'))).toBe(true);
    expect(prepared.some((q) => q.includes('insert into orders'))).toBe(true);
  });

  it.skipIf(!onPostgres)('20 concurrent wallet payments of ₹300 on a ₹1,000 balance: exactly 3 placed, balance ₹100', { timeout: 60_000 }, async () => {
    const c = await customer(t);
    await topUp(c, 100_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(t, c, walletOrder(c))));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json().code).toBe('WALLET_INSUFFICIENT');
    }
    const w = await walletOf(c);
    expect(w.balance).toBe(10_000);
    expect(w.entries.filter((e: { kind: string }) => e.kind === 'charge')).toHaveLength(3);
    const orders = await t.deps.db.selectFrom('orders').select(['payment_status']).where('user_id', '=', c.user.id).execute();
    expect(orders).toEqual([{ payment_status: 'paid' }, { payment_status: 'paid' }, { payment_status: 'paid' }]);
    await expectLedgerMatchesBalances();
    await expectInvariants(t.deps.db);
  });
});

describe('refund my balance', () => {
  it('sends the balance back to the top-up payments, newest first, through the refund outbox; a repeat sends nothing more', async () => {
    const c = await customer(t);
    const first = await topUp(c, 100_000);
    const second = await topUp(c, 20_000);
    await place(t, c, walletOrder(c)); // spends ₹300: balance ₹900
    const adj = await post(admin, `/api/admin/wallets/${c.user.id}/adjust`, { amount: 5_000, reason: 'Sorry for the late delivery' });
    expect(adj.statusCode, adj.body).toBe(200);
    expect(adj.json().balance).toBe(95_000);
    expect((await walletOf(c)).refundable).toBe(95_000);
    const key = crypto.randomUUID();
    const r = await post(c, '/api/user/wallet/refund', {}, { 'idempotency-key': key });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ refunded: 95_000, refunds: 2, balance: 0 });
    const rows = await t.deps.db
      .selectFrom('refunds')
      .select(['wallet_top_up_id', 'amount_paise', 'status', 'idempotency_key'])
      .where('wallet_top_up_id', 'in', [first.start.topUpId, second.start.topUpId])
      .orderBy('amount_paise')
      .execute();
    // Newest first: the ₹200 top-up in full, then ₹750 of the ₹1,000 one; the test gateway processes them.
    expect(rows.map((x) => [x.wallet_top_up_id, x.amount_paise, x.status])).toEqual([
      [second.start.topUpId, 20_000, 'processed'],
      [first.start.topUpId, 75_000, 'processed'],
    ]);
    const again = await post(c, '/api/user/wallet/refund', {}, { 'idempotency-key': key });
    expect(again.json()).toMatchObject({ refunded: 95_000, balance: 0 });
    const nothing = await post(c, '/api/user/wallet/refund', {}, { 'idempotency-key': crypto.randomUUID() });
    expect(nothing.json()).toMatchObject({ refunded: 0, refunds: 0 });
    // One mail for the refund, none for the repeat or the empty one; the adjustment's ₹50 stays and the mail says so.
    const refundMails = await mailsTo(c, 'wallet-balance-refund');
    expect(refundMails.map((m) => m.subject)).toEqual(['₹950 is on its way back to you']);
    expect(refundMails[0]!.text).toContain('refunded to the 2 payments you topped up with');
    const w = await walletOf(c);
    expect(w.entries.filter((e: { kind: string }) => e.kind === 'refund_out').map((e: { amount: number }) => e.amount).sort()).toEqual([-20_000, -75_000]);
    const tops = await t.deps.db.selectFrom('wallet_top_ups').select(['id', 'status', 'refunded_paise']).where('user_id', '=', c.user.id).execute();
    expect(tops.find((x) => x.id === second.start.topUpId)).toMatchObject({ status: 'refunded', refunded_paise: 20_000 });
    expect(tops.find((x) => x.id === first.start.topUpId)).toMatchObject({ status: 'paid', refunded_paise: 75_000 });
    await expectLedgerMatchesBalances();
  });
});

describe('the back office', () => {
  it('lists wallets, shows a ledger, adjusts with a reason (audited) and never below zero', async () => {
    const c = await customer(t);
    await topUp(c, 30_000);
    const take = await post(admin, `/api/admin/wallets/${c.user.id}/adjust`, { amount: -40_000, reason: 'Test take' });
    expect(take.statusCode).toBe(409);
    expect(take.json().code).toBe('WALLET_INSUFFICIENT');
    const ok = await post(admin, `/api/admin/wallets/${c.user.id}/adjust`, { amount: -10_000, reason: 'Duplicate goodwill credit' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().entries[0]).toMatchObject({ kind: 'adjust', amount: -10_000, note: 'Duplicate goodwill credit', balanceAfter: 20_000 });
    const audit = await t.deps.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', c.user.id).execute();
    expect(audit).toContainEqual({ action: 'wallet.adjust', actor_id: admin.user.id });
    const list = await t.request({ method: 'GET', url: `/api/admin/wallets?search=${encodeURIComponent(c.user.email)}`, headers: { authorization: admin.auth } });
    expect(list.json().customers).toEqual([expect.objectContaining({ userId: c.user.id, balance: 20_000, toppedUp: 30_000 })]);
    const forbidden = await t.request({ method: 'GET', url: '/api/admin/wallets', headers: { authorization: c.auth } });
    expect(forbidden.statusCode).toBe(403);
    const dash = await t.request({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: admin.auth } });
    const metric = (dash.json().metrics as { key: string; value: number }[]).find((m) => m.key === 'wallet.topups.today');
    expect(metric!.value).toBeGreaterThanOrEqual(30_000);
    await expectLedgerMatchesBalances();
  });

  it('the ledger refuses UPDATE and DELETE', async () => {
    await expect(sql`update wallet_ledger set amount_paise = 1`.execute(t.deps.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from wallet_ledger`.execute(t.deps.db)).rejects.toThrow(/append-only/);
  });
});
