import type Razorpay from 'razorpay';
import { GatewayError, type GatewayPayment, type GatewayPaymentStatus, type PaymentGateway } from './gateway';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  /** Override of https://api.razorpay.com (tests point it at the local fake). */
  apiUrl?: string;
  timeoutMs?: number;
}

type RawPayment = {
  id: string;
  order_id: string;
  amount: number;
  status: string;
  method?: string | null;
  card?: { type?: string } | null;
  error_code?: string | null;
  error_description?: string | null;
};

const STATUSES: readonly GatewayPaymentStatus[] = ['created', 'authorized', 'captured', 'refunded', 'failed'];

/** Razorpay's method names → the spec's (a card becomes debit_card / credit_card when Razorpay says which). */
export function normaliseMethod(p: Pick<RawPayment, 'method' | 'card'>): string | null {
  const m = (p.method ?? '').toLowerCase();
  if (!m) return null;
  if (m === 'card') return p.card?.type === 'debit' ? 'debit_card' : p.card?.type === 'credit' ? 'credit_card' : 'card';
  if (m === 'cardless_emi') return 'emi';
  return m;
}

export function toGatewayPayment(p: RawPayment): GatewayPayment {
  return {
    id: p.id,
    gatewayOrderId: p.order_id,
    amountPaise: Number(p.amount),
    status: STATUSES.includes(p.status as GatewayPaymentStatus) ? (p.status as GatewayPaymentStatus) : 'created',
    method: normaliseMethod(p),
    errorCode: p.error_code ?? null,
    errorDescription: p.error_description ?? null,
  };
}

/**
 * The razorpay SDK behind our interface. Its failures come in two shapes: a
 * plain `{ statusCode, error }` object for HTTP errors, and a TypeError for
 * network errors (it reads `err.response.status` of a response that never
 * came). Both become a GatewayError here so callers see one kind of failure.
 */
function wrap(e: unknown, what: string): GatewayError {
  if (e instanceof GatewayError) return e;
  if (e && typeof e === 'object' && 'statusCode' in e) {
    const status = Number((e as { statusCode: unknown }).statusCode);
    const err = (e as { error?: { code?: string; description?: string } }).error;
    return new GatewayError(`Razorpay refused to ${what}: ${err?.description ?? `HTTP ${status}`}`, {
      retryable: !(status >= 400 && status < 500) || status === 429,
      status,
      code: err?.code,
      cause: e,
    });
  }
  return new GatewayError(`Could not reach Razorpay to ${what}.`, { retryable: true, cause: e });
}

export function createRazorpayGateway(opts: RazorpayGatewayOptions): PaymentGateway {
  // The SDK (with axios) is loaded on the first call to Razorpay, not at boot: a server in test
  // mode never loads it, and one with keys only when a payment is made or looked up.
  let client: Promise<Razorpay> | null = null;
  const sdk = () =>
    (client ??= import('razorpay').then(
      ({ default: RazorpaySdk }) => {
        const rzp = new RazorpaySdk({ key_id: opts.keyId, key_secret: opts.keySecret });
        // The SDK hard-codes its host; its axios instance is the one place to redirect it.
        const rq = (rzp as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq;
        if (opts.apiUrl) rq.defaults.baseURL = opts.apiUrl.replace(/\/+$/, '');
        rq.defaults.timeout = opts.timeoutMs ?? 10_000;
        return rzp;
      },
      (e: unknown) => {
        client = null;
        throw e;
      },
    ));

  const call = async <T>(what: string, fn: (rzp: Razorpay) => Promise<unknown>): Promise<T> => {
    const rzp = await sdk();
    try {
      return (await fn(rzp)) as T;
    } catch (e) {
      throw wrap(e, what);
    }
  };

  return {
    mode: 'razorpay',
    keyId: opts.keyId,

    recurring: {
      async createPlan({ name, amountPaise, periodDays }) {
        // Razorpay's daily plans need an interval of at least 7: every shop period is ≥ 7 days or a weekly multiple.
        const weekly = periodDays % 7 === 0;
        const p = await call<{ id: string }>('create the renewal plan', (rzp) =>
          rzp.plans.create({
            period: weekly ? 'weekly' : 'daily',
            interval: weekly ? periodDays / 7 : Math.max(7, periodDays),
            item: { name, amount: amountPaise, currency: 'INR' },
          } as never),
        );
        return { id: p.id };
      },
      async createSubscription({ planId, startAt, totalCount, notes }) {
        const s = await call<{ id: string; short_url?: string | null }>('set up automatic renewal', (rzp) =>
          rzp.subscriptions.create({
            plan_id: planId,
            total_count: totalCount,
            start_at: Math.floor(startAt.getTime() / 1000),
            customer_notify: 1,
            notes,
          } as never),
        );
        return { id: s.id, authUrl: s.short_url ?? null };
      },
      async cancelSubscription(id) {
        await call('cancel automatic renewal', (rzp) => rzp.subscriptions.cancel(id, false) as Promise<unknown>);
      },
    },

    autopay: {
      async createCustomer({ name, email, contact }) {
        // fail_existing 0: the customer Razorpay already has for these details is the answer, not an error.
        const c = await call<{ id: string }>('set up AutoPay', (rzp) =>
          rzp.customers.create({ name: name || 'Hydro Shakes customer', email: email ?? undefined, contact: contact ?? undefined, fail_existing: '0' } as never),
        );
        return { id: c.id };
      },
      async createMandateOrder({ customerId, maxAmountPaise, expireAt, receipt, notes }) {
        // The authorisation payment is ₹1; what the mandate allows later is the token's max_amount.
        const o = await call<{ id: string; amount: number }>('set up AutoPay', (rzp) =>
          rzp.orders.create({
            amount: 100,
            currency: 'INR',
            customer_id: customerId,
            method: 'upi',
            receipt,
            notes,
            payment_capture: true,
            token: { max_amount: maxAmountPaise, expire_at: Math.floor(expireAt.getTime() / 1000), frequency: 'as_presented' },
          } as never),
        );
        return { id: o.id, amountPaise: Number(o.amount), currency: 'INR' };
      },
      async tokenOfPayment(paymentId) {
        const p = await call<{ token_id?: string | null; vpa?: string | null; bank?: string | null }>('look up the AutoPay payment', (rzp) => rzp.payments.fetch(paymentId));
        return { tokenId: p.token_id ?? null, bank: p.vpa ?? p.bank ?? null };
      },
      async chargeToken({ customerId, tokenId, gatewayOrderId, amountPaise, email, contact, description }) {
        const p = await call<{ razorpay_payment_id?: string; id?: string }>('debit through AutoPay', (rzp) =>
          rzp.payments.createRecurringPayment({
            email,
            contact,
            amount: amountPaise,
            currency: 'INR',
            order_id: gatewayOrderId,
            customer_id: customerId,
            token: tokenId,
            recurring: '1',
            description,
          } as never),
        );
        const id = p.razorpay_payment_id ?? p.id;
        if (!id) throw new GatewayError('Razorpay did not say which payment the debit made.', { retryable: false });
        return { paymentId: id };
      },
      async cancelToken({ customerId, tokenId }) {
        // UPI tokens are revoked at NPCI by the cancel call; deleting a token would not cancel the mandate.
        await call('cancel AutoPay', (rzp) =>
          (rzp as unknown as { api: { put(p: { url: string; data: object }): Promise<unknown> } }).api.put({
            url: `/customers/${encodeURIComponent(customerId)}/tokens/${encodeURIComponent(tokenId)}/cancel`,
            data: {},
          }),
        );
      },
    },

    async createOrder({ amountPaise, receipt, notes }) {
      const o = await call<{ id: string; amount: number }>('create the payment', (rzp) =>
        rzp.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes: notes ?? {}, payment_capture: true } as never),
      );
      if (Number(o.amount) !== amountPaise)
        throw new GatewayError('Razorpay created the payment for a different amount.', { retryable: false });
      return { id: o.id, amountPaise: Number(o.amount), currency: 'INR' };
    },

    verifyPaymentSignature({ gatewayOrderId, paymentId, signature }) {
      return isValidPaymentSignature({ gatewayOrderId, paymentId, signature, keySecret: opts.keySecret });
    },

    verifyWebhookSignature(rawBody, signature) {
      if (!opts.webhookSecret) return false;
      return isValidWebhookSignature(rawBody, signature, opts.webhookSecret);
    },

    async fetchPayment(paymentId) {
      return toGatewayPayment(await call<RawPayment>('look up the payment', (rzp) => rzp.payments.fetch(paymentId)));
    },

    async fetchOrderPayments(gatewayOrderId) {
      const res = await call<{ items?: RawPayment[] }>('look up the payments', (rzp) => rzp.orders.fetchPayments(gatewayOrderId));
      return (res.items ?? []).map(toGatewayPayment);
    },

    async refund({ paymentId, amountPaise, idempotencyKey, notes }) {
      const r = await call<{ id: string; status: string }>('refund the payment', (rzp) =>
        rzp.payments.refund(paymentId, { amount: amountPaise, receipt: idempotencyKey, notes: notes ?? {} } as never),
      );
      return { id: r.id, status: r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending' };
    },
  };
}
