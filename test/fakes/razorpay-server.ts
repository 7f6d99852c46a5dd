import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.razorpay.com, good enough to drive the real
 * `razorpay` SDK through our adapter: orders, payments of an order, payment
 * fetch, refunds (de-duplicated by receipt like an idempotency key). It signs
 * like Razorpay: Checkout's signature = HMAC-SHA256(`order_id|payment_id`,
 * key_secret) hex; webhooks = HMAC-SHA256(raw body, webhook_secret) hex in
 * X-Razorpay-Signature. UPI AutoPay (recurring payments): customers, orders carrying a token's
 * terms, the token an authorisation payment creates, recurring payments charged with it (as the
 * bank answers: captured, failed, or left pending until `finishRecurring`), token cancellation, and
 * the token.* webhooks.
 */
export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakeToken {
  id: string;
  entity: 'token';
  customer_id: string;
  method: 'upi';
  status: 'confirmed' | 'paused' | 'cancelled';
  max_amount: number;
  frequency: string;
  expire_at: number;
  vpa: { username: string; handle: string };
}

export interface FakePayment {
  id: string;
  token_id?: string | null;
  customer_id?: string | null;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  card?: { type: 'debit' | 'credit' } | null;
  captured: boolean;
  amount_refunded: number;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  receipt: string | null;
  status: 'processed';
  created_at: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  auth: string | null;
}

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  requests: RecordedRequest[];
  /** Answer every API call after `ms` (a slow gateway); 0 to answer at once again. */
  setDelay(ms: number): void;
  /** Make the next n API calls fail: 'network' drops the connection, a number answers that status. */
  failNext(n: number, how: 'network' | number): void;
  /** A shopper pays an order in Checkout; returns what Checkout hands the browser. */
  pay(
    orderId: string,
    opts?: { outcome?: 'captured' | 'authorized' | 'failed'; method?: string; cardType?: 'debit' | 'credit'; amount?: number },
  ): { payment: FakePayment; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** A webhook as Razorpay would send it: exact raw body, its signature and an event id. */
  webhook(
    event: 'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid' | 'refund.processed',
    paymentId: string,
    opts?: { eventId?: string; secret?: string },
  ): { body: string; headers: Record<string, string>; eventId: string };
  customers: Map<string, { id: string; name: string; email: string | null; contact: string | null }>;
  tokens: Map<string, FakeToken>;
  /** What the bank answers the next recurring payments: captured or failed at once, or pending until finishRecurring. */
  setRecurringOutcome(outcome: 'captured' | 'failed' | 'pending'): void;
  /** The bank's late answer to a pending recurring payment. */
  finishRecurring(paymentId: string, outcome: 'captured' | 'failed'): FakePayment;
  /** A token.* webhook as Razorpay would send it. */
  tokenWebhook(event: 'token.confirmed' | 'token.cancelled' | 'token.rejected', tokenId: string, opts?: { eventId?: string }): { body: string; headers: Record<string, string>; eventId: string };
  /** Razorpay Subscriptions: plans and subscriptions created through the API. */
  plans: Map<string, { id: string; period: string; interval: number; item: { name: string; amount: number } }>;
  subscriptions: Map<string, { id: string; plan_id: string; status: string; start_at: number; total_count: number; paid_count: number; short_url: string }>;
  /** Razorpay charges a subscription's period (after the customer authorised the mandate): a captured payment. */
  chargeSubscription(subscriptionId: string, opts?: { amount?: number }): FakePayment;
  /** A subscription.* webhook as Razorpay would send it. */
  subscriptionWebhook(
    event: 'subscription.charged' | 'subscription.halted' | 'subscription.cancelled',
    subscriptionId: string,
    opts?: { paymentId?: string; eventId?: string },
  ): { body: string; headers: Record<string, string>; eventId: string };
  close(): Promise<void>;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const rid = (prefix: string) => `${prefix}_${Array.from(crypto.randomBytes(14), (b) => ALNUM[b % ALNUM.length]).join('')}`;
const hmac = (secret: string, data: string) => crypto.createHmac('sha256', secret).update(data).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeRazorpay(opts: { keyId?: string; keySecret?: string; webhookSecret?: string } = {}): Promise<FakeRazorpay> {
  const keyId = opts.keyId ?? 'rzp_test_fake0000000000';
  const keySecret = opts.keySecret ?? 'fake_key_secret_0123456789';
  const webhookSecret = opts.webhookSecret ?? 'fake_webhook_secret_0123456789';
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const requests: RecordedRequest[] = [];
  const plans: FakeRazorpay['plans'] = new Map();
  const subscriptions: FakeRazorpay['subscriptions'] = new Map();
  const customers: FakeRazorpay['customers'] = new Map();
  const tokens = new Map<string, FakeToken>();
  const orderTerms = new Map<string, { customer_id: string; token: { max_amount: number; expire_at: number; frequency: string } | null }>();
  let recurringOutcome: 'captured' | 'failed' | 'pending' = 'captured';
  let failures: { n: number; how: 'network' | number } = { n: 0, how: 500 };
  let delayMs = 0;

  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const error = (status: number, description: string, code = 'BAD_REQUEST_ERROR') => ({ status, body: { error: { code, description } } });

  function route(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/orders') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100) return error(400, 'The amount must be atleast INR 1.00');
      const o: FakeOrder = {
        id: rid('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: String(body.currency ?? 'INR'),
        receipt: (body.receipt as string) ?? null,
        status: 'created',
        attempts: 0,
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: now(),
      };
      if (body.customer_id !== undefined) {
        if (!customers.has(String(body.customer_id))) return error(400, 'The customer_id provided does not exist');
        const t = body.token as { max_amount?: number; expire_at?: number; frequency?: string } | undefined;
        if (t && (!Number.isInteger(t.max_amount) || t.max_amount! > 10_000_000 || t.frequency !== 'as_presented' && t.frequency !== 'monthly'))
          return error(400, 'The token max_amount or frequency is invalid');
        orderTerms.set(o.id, { customer_id: String(body.customer_id), token: t ? { max_amount: t.max_amount!, expire_at: Number(t.expire_at), frequency: t.frequency! } : null });
      }
      orders.set(o.id, o);
      return { status: 200, body: o };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const email = (body.email as string) ?? null;
      const contact = (body.contact as string) ?? null;
      const same = [...customers.values()].find((c) => c.email === email && c.contact === contact && (email || contact));
      if (same) return String(body.fail_existing) === '0' ? { status: 200, body: { ...same, entity: 'customer' } } : error(400, 'Customer already exists for the merchant');
      const c = { id: rid('cust'), name: String(body.name ?? ''), email, contact };
      customers.set(c.id, c);
      return { status: 200, body: { ...c, entity: 'customer' } };
    }
    if (method === 'POST' && path === '/v1/payments/create/recurring') {
      const o = orders.get(String(body.order_id));
      const t = tokens.get(String(body.token));
      if (!o) return error(400, 'The order_id provided does not exist');
      if (!t || t.customer_id !== body.customer_id) return error(400, 'The token provided does not exist for this customer');
      if (t.status !== 'confirmed') return error(400, `The token is ${t.status}; no payment can be made with it`);
      if (Number(body.amount) !== o.amount) return error(400, 'The amount must match the order amount');
      if (o.amount > t.max_amount) return error(400, 'The amount exceeds the maximum amount of the mandate');
      const p: FakePayment = {
        id: rid('pay'),
        entity: 'payment',
        amount: o.amount,
        currency: 'INR',
        status: recurringOutcome === 'pending' ? 'created' : recurringOutcome,
        order_id: o.id,
        method: 'upi',
        card: null,
        captured: recurringOutcome === 'captured',
        amount_refunded: 0,
        error_code: recurringOutcome === 'failed' ? 'BAD_REQUEST_ERROR' : null,
        error_description: recurringOutcome === 'failed' ? 'The debit was declined by the bank.' : null,
        created_at: now(),
        token_id: t.id,
        customer_id: t.customer_id,
      };
      payments.set(p.id, p);
      o.attempts++;
      if (p.status === 'captured') Object.assign(o, { status: 'paid', amount_paid: o.amount, amount_due: 0 });
      return { status: 200, body: { razorpay_payment_id: p.id, razorpay_order_id: o.id, razorpay_signature: hmac(keySecret, `${o.id}|${p.id}`) } };
    }
    if (method === 'PUT' && (m = /^\/v1\/customers\/([^/]+)\/tokens\/([^/]+)\/cancel$/.exec(path))) {
      const t = tokens.get(m[2]!);
      if (!t || t.customer_id !== m[1]) return error(400, 'The id provided does not exist');
      if (t.status === 'cancelled') return error(400, 'The token is already cancelled');
      t.status = 'cancelled';
      return { status: 200, body: t };
    }
    if (method === 'GET' && (m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path))) {
      if (!orders.has(m[1]!)) return error(400, 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === m![1]);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    if (method === 'GET' && (m = /^\/v1\/orders\/([^/]+)$/.exec(path))) {
      const o = orders.get(m[1]!);
      return o ? { status: 200, body: o } : error(400, 'The id provided does not exist');
    }
    if (method === 'GET' && (m = /^\/v1\/payments\/([^/]+)$/.exec(path))) {
      const p = payments.get(m[1]!);
      return p ? { status: 200, body: p } : error(400, 'The id provided does not exist');
    }
    if (method === 'POST' && (m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path))) {
      const p = payments.get(m[1]!);
      if (!p) return error(400, 'The id provided does not exist');
      const receipt = (body.receipt as string) ?? null;
      const repeat = receipt ? [...refunds.values()].find((r) => r.payment_id === p.id && r.receipt === receipt) : undefined;
      if (repeat) return { status: 200, body: repeat };
      const amount = body.amount === undefined ? p.amount - p.amount_refunded : Number(body.amount);
      if (p.status !== 'captured' && p.status !== 'refunded') return error(400, 'Only captured payments can be refunded');
      if (amount <= 0 || p.amount_refunded + amount > p.amount)
        return error(400, 'The refund amount provided is greater than amount captured');
      const r: FakeRefund = {
        id: rid('rfnd'),
        entity: 'refund',
        amount,
        payment_id: p.id,
        receipt,
        status: 'processed',
        created_at: now(),
      };
      refunds.set(r.id, r);
      p.amount_refunded += amount;
      if (p.amount_refunded === p.amount) p.status = 'refunded';
      return { status: 200, body: r };
    }
    if (method === 'POST' && path === '/v1/plans') {
      const item = body.item as { name?: string; amount?: number } | undefined;
      const interval = Number(body.interval);
      if (!item?.amount || item.amount < 100) return error(400, 'The amount must be atleast INR 1.00');
      if (body.period === 'daily' && interval < 7) return error(400, 'interval must be at least 7 for daily plans');
      const p = { id: rid('plan'), period: String(body.period), interval, item: { name: String(item.name ?? ''), amount: item.amount } };
      plans.set(p.id, p);
      return { status: 200, body: { ...p, entity: 'plan' } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!plans.has(String(body.plan_id))) return error(400, 'The id provided does not exist');
      const id = rid('sub');
      const sub = {
        id,
        plan_id: String(body.plan_id),
        status: 'created',
        start_at: Number(body.start_at ?? now()),
        total_count: Number(body.total_count),
        paid_count: 0,
        short_url: `${baseUrl}/checkout/subscriptions/${id}`,
      };
      subscriptions.set(id, sub);
      return { status: 200, body: { ...sub, entity: 'subscription' } };
    }
    if (method === 'POST' && (m = /^\/v1\/subscriptions\/([^/]+)\/cancel$/.exec(path))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return error(400, 'The id provided does not exist');
      if (sub.status === 'cancelled') return error(400, 'Subscription is not cancellable in cancelled status.');
      sub.status = 'cancelled';
      return { status: 200, body: { ...sub, entity: 'subscription' } };
    }
    return error(404, 'The requested URL was not found on the server.', 'NOT_FOUND');
  }
  let baseUrl = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => (delayMs > 0 ? setTimeout(answer, delayMs) : answer()));
    const answer = () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        /* keep empty */
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, auth: req.headers.authorization ?? null });
      if (failures.n > 0) {
        failures.n--;
        if (failures.how === 'network') {
          req.socket.destroy();
          return;
        }
        res.writeHead(failures.how, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'The fake is failing on purpose.' } }));
        return;
      }
      if (req.headers.authorization !== expectedAuth) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }));
        return;
      }
      const out = route(req.method ?? 'GET', url.pathname, body);
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out.body));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = url;
  const signed = (event: string, payload: Record<string, unknown>, eventId = rid('evt')) => {
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_fake000000000', event, contains: Object.keys(payload), payload, created_at: now() });
    return { body, eventId, headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(webhookSecret, body), 'x-razorpay-event-id': eventId } };
  };

  return {
    url,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    requests,
    setDelay(ms) {
      delayMs = ms;
    },
    failNext(n, how) {
      failures = { n, how };
    },
    pay(orderId, o = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake razorpay: no order ${orderId}`);
      const outcome = o.outcome ?? 'captured';
      const method = o.method ?? 'upi';
      const p: FakePayment = {
        id: rid('pay'),
        entity: 'payment',
        amount: o.amount ?? order.amount,
        currency: 'INR',
        status: outcome,
        order_id: orderId,
        method,
        card: method === 'card' ? { type: o.cardType ?? 'credit' } : null,
        captured: outcome === 'captured',
        amount_refunded: 0,
        error_code: outcome === 'failed' ? 'BAD_REQUEST_ERROR' : null,
        error_description: outcome === 'failed' ? 'Payment was declined by the bank.' : null,
        created_at: now(),
      };
      const terms = orderTerms.get(orderId);
      if (terms?.token && outcome !== 'failed') {
        // The authorisation payment of a mandate: the customer's UPI app approved it, the token is confirmed.
        const t: FakeToken = {
          id: rid('token'),
          entity: 'token',
          customer_id: terms.customer_id,
          method: 'upi',
          status: 'confirmed',
          max_amount: terms.token.max_amount,
          frequency: terms.token.frequency,
          expire_at: terms.token.expire_at,
          vpa: { username: 'asha', handle: 'okhdfcbank' },
        };
        tokens.set(t.id, t);
        Object.assign(p, { token_id: t.id, customer_id: terms.customer_id, vpa: 'asha@okhdfcbank' });
      }
      payments.set(p.id, p);
      order.attempts++;
      if (outcome === 'failed') order.status = 'attempted';
      else {
        order.status = 'paid';
        order.amount_paid = p.amount;
        order.amount_due = 0;
      }
      return {
        payment: p,
        razorpay_order_id: orderId,
        razorpay_payment_id: p.id,
        razorpay_signature: hmac(keySecret, `${orderId}|${p.id}`),
      };
    },
    webhook(event, paymentId, o = {}) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`fake razorpay: no payment ${paymentId}`);
      const order = orders.get(p.order_id)!;
      const entity = {
        ...p,
        status:
          event === 'payment.authorized'
            ? 'authorized'
            : event === 'payment.failed'
              ? 'failed'
              : p.status === 'authorized'
                ? 'captured'
                : p.status,
      };
      const payload: Record<string, unknown> = { payment: { entity } };
      if (event === 'order.paid') payload.order = { entity: order };
      if (event === 'refund.processed') {
        const refund = [...refunds.values()].find((r) => r.payment_id === p.id) ?? {
          id: rid('rfnd'),
          entity: 'refund',
          amount: p.amount,
          payment_id: p.id,
          receipt: null,
          status: 'processed',
          created_at: now(),
        };
        payload.refund = { entity: refund };
        payload.payment = { entity: { ...p, status: 'refunded', amount_refunded: refund.amount } };
      }
      const eventId = o.eventId ?? rid('evt');
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake000000000',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: now(),
      });
      return {
        body,
        eventId,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(o.secret ?? webhookSecret, body),
          'x-razorpay-event-id': eventId,
        },
      };
    },
    customers,
    tokens,
    setRecurringOutcome(outcome) {
      recurringOutcome = outcome;
    },
    finishRecurring(paymentId, outcome) {
      const p = payments.get(paymentId);
      if (!p || p.status !== 'created') throw new Error(`fake razorpay: no pending recurring payment ${paymentId}`);
      Object.assign(p, {
        status: outcome,
        captured: outcome === 'captured',
        error_code: outcome === 'failed' ? 'BAD_REQUEST_ERROR' : null,
        error_description: outcome === 'failed' ? 'The debit was declined by the bank.' : null,
      });
      if (outcome === 'captured') Object.assign(orders.get(p.order_id)!, { status: 'paid', amount_paid: p.amount, amount_due: 0 });
      return p;
    },
    tokenWebhook(event, tokenId, o = {}) {
      const t = tokens.get(tokenId);
      if (!t) throw new Error(`fake razorpay: no token ${tokenId}`);
      if (event === 'token.cancelled') t.status = 'cancelled';
      return signed(event, { token: { entity: t } }, o.eventId);
    },
    plans,
    subscriptions,
    chargeSubscription(subscriptionId, o = {}) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`fake razorpay: no subscription ${subscriptionId}`);
      const amount = o.amount ?? plans.get(sub.plan_id)!.item.amount;
      const orderId = rid('order');
      orders.set(orderId, { id: orderId, entity: 'order', amount, amount_paid: amount, amount_due: 0, currency: 'INR', receipt: null, status: 'paid', attempts: 1, notes: {}, created_at: now() });
      const p: FakePayment = {
        id: rid('pay'),
        entity: 'payment',
        amount,
        currency: 'INR',
        status: 'captured',
        order_id: orderId,
        method: 'upi',
        card: null,
        captured: true,
        amount_refunded: 0,
        error_code: null,
        error_description: null,
        created_at: now(),
      };
      payments.set(p.id, p);
      sub.status = 'active';
      sub.paid_count++;
      return p;
    },
    subscriptionWebhook(event, subscriptionId, o = {}) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`fake razorpay: no subscription ${subscriptionId}`);
      if (event === 'subscription.halted') sub.status = 'halted';
      if (event === 'subscription.cancelled') sub.status = 'cancelled';
      const payload: Record<string, unknown> = { subscription: { entity: { ...sub, entity: 'subscription' } } };
      if (o.paymentId) payload.payment = { entity: payments.get(o.paymentId) };
      return signed(event, payload, o.eventId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** The shop's configuration for Razorpay mode against this fake: its keys, webhook secret and URL. */
export const razorpayConfig = (fake: FakeRazorpay) => ({
  RAZORPAY_KEY_ID: fake.keyId,
  RAZORPAY_KEY_SECRET: fake.keySecret,
  RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
  RAZORPAY_API_URL: fake.url,
});
