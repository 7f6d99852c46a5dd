import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError, ERROR_CODES, HTTP_STATUS } from '../../lib/errors';
import type { GatewayPayment } from '../../lib/payments';
import { chargeKindHandler, type ChargeSettled } from '../../lib/payments/charge-kinds';
import { subscriptionWebhookInTransaction } from '../subscriptions/subscriptions.billing';
import { tokenWebhookInTransaction } from '../autopay/autopay.service';
import { withTransactionRetry } from '../../lib/transaction-retry';
import * as repo from './payments.repository';
import { settleChargeInTransaction } from './payments.settle';
import { refundProcessedInTransaction } from './payments.refunds';

type Deps = AppDeps;

export const WEBHOOK_PATH = '/api/payment/webhook';

/**
 * POST /api/payment/webhook in its own scope: the signature is an HMAC of the
 * exact bytes Razorpay sent, so this scope keeps the body as a Buffer instead
 * of parsing JSON. Being a static route it wins over the /api/* REST wildcard.
 */
export async function registerPaymentWebhook(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  scope.post(WEBHOOK_PATH, async (req, reply) => {
    const answer = await handleWebhook(deps, req.body as Buffer, req.headers);
    return reply
      .code(answer.status)
      .header('cache-control', 'no-store')
      .send({ ...answer.body, requestId: req.id });
  });
}

// ---------- Webhook ----------

type WebhookEntity = {
  id?: string;
  order_id?: string;
  amount?: number;
  status?: string;
  method?: string;
  card?: { type?: string } | null;
  error_code?: string | null;
  error_description?: string | null;
  payment_id?: string;
};
type WebhookBody = { event?: string; id?: string; payload?: Record<string, { entity?: WebhookEntity } | undefined> };

const HANDLED = new Set(['payment.authorized', 'payment.captured', 'payment.failed', 'order.paid', 'refund.processed']);

/**
 * Paise the shop can hold: a positive whole number that fits the integer columns. Anything else in
 * a signed event (0, negative, fractional, 10¹²) is refused here, before the database sees it.
 */
const MAX_PAISE = 2_147_483_647;
export const isValidPaise = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 && n <= MAX_PAISE;

const isGatewayId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 64;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optText = (v: unknown): string | null => (typeof v === 'string' ? cleanText(v).slice(0, 500) : null);

/** Text PostgreSQL accepts: no NUL, no lone surrogate. */
function cleanText(v: string): string {
  return v.replaceAll('\u0000', '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Why an entity's amount or currency cannot be applied, or null when they can. */
function amountProblem(e: Record<string, unknown>): 'invalid_amount' | 'wrong_currency' | null {
  if (!isValidPaise(e.amount)) return 'invalid_amount';
  if (e.currency !== undefined && e.currency !== 'INR') return 'wrong_currency';
  return null;
}

/** A payment event's entity as a gateway payment, or why it cannot be applied. */
function gatewayPaymentFromWebhook(event: string, e: unknown): GatewayPayment | 'malformed' | 'invalid_amount' | 'wrong_currency' {
  if (!isObject(e) || !isGatewayId(e.id) || !isGatewayId(e.order_id)) return 'malformed';
  const problem = amountProblem(e);
  if (problem) return problem;
  const status = event === 'payment.failed' ? 'failed' : event === 'payment.authorized' ? 'authorized' : 'captured';
  const m = (typeof e.method === 'string' ? e.method : '').toLowerCase().slice(0, 40);
  const card = isObject(e.card) ? e.card : null;
  return {
    id: e.id,
    gatewayOrderId: e.order_id,
    amountPaise: e.amount as number,
    status,
    method: m === 'card' ? (card?.type === 'debit' ? 'debit_card' : card?.type === 'credit' ? 'credit_card' : 'card') : m === 'cardless_emi' ? 'emi' : m || null,
    errorCode: optText(e.error_code),
    errorDescription: optText(e.error_description),
  };
}

/** Why a signed event cannot be applied before any lookup (its shape, amounts, currency), or null. */
function webhookProblem(event: string, body: WebhookBody): string | null {
  const payload = isObject(body.payload) ? body.payload : {};
  const entityOf = (k: string) => (isObject(payload[k]) ? (payload[k] as { entity?: unknown }).entity : undefined);
  if (event === 'refund.processed') {
    const r = entityOf('refund');
    if (!isObject(r) || !isGatewayId(r.id) || !isGatewayId(r.payment_id)) return 'malformed';
    return amountProblem(r);
  }
  if (HANDLED.has(event)) {
    const gp = gatewayPaymentFromWebhook(event, entityOf('payment'));
    return typeof gp === 'string' ? gp : null;
  }
  if (event.startsWith('subscription.')) {
    const sub = entityOf('subscription');
    if (!isObject(sub) || !isGatewayId(sub.id)) return 'malformed';
    const pay = entityOf('payment');
    if (pay === undefined || pay === null) return null;
    if (!isObject(pay) || !isGatewayId(pay.id)) return 'malformed';
    return amountProblem(pay);
  }
  return null;
}

/** Database refusals of the event's data (SQLSTATE class 22 data exception, 23 integrity) and the shop's own refusals. */
function isUnappliable(e: unknown): boolean {
  if (e instanceof AppError) return HTTP_STATUS[ERROR_CODES[e.appCode]] < 500;
  for (let cur = e, i = 0; cur && i < 4; i++, cur = (cur as { cause?: unknown }).cause) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|23)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Outcomes that leave everything as it was: logged with the reason. */
const NOT_APPLIED = new Set([
  'malformed',
  'invalid_amount',
  'wrong_currency',
  'unknown_order',
  'unknown_payment',
  'refund_exceeds_payment',
  'amount_mismatch',
  'rejected',
]);

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * POST /api/payment/webhook. The raw body's HMAC is checked first (nothing is
 * parsed or written before); the event id (X-Razorpay-Event-Id, else the
 * payload's id, else a hash of the body) is recorded in the same transaction
 * as its effect, so a repeat is acknowledged without effect. A correctly
 * signed event that cannot be applied (amount 0, negative, fractional or too
 * large, another currency, an unknown order or payment, a malformed entity) is
 * recorded with the reason, logged, and answered 200 — never 5xx, which
 * Razorpay would retry for a day and then disable the webhook. Only the
 * database being away or busy answers 503 (Razorpay retries). Refunds it
 * decides are sent after the answer.
 */
export async function handleWebhook(deps: Deps, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookAnswer> {
  const signature = headers['x-razorpay-signature'];
  if (!Buffer.isBuffer(rawBody) || !deps.payments.verifyWebhookSignature(rawBody, Array.isArray(signature) ? signature[0] : signature)) {
    return { status: 400, body: { message: 'The webhook signature is not valid.', code: 'INVALID_SIGNATURE' } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { status: 400, body: { message: 'The webhook body is not valid JSON.', code: 'BAD_REQUEST' } };
  }
  const body: WebhookBody = isObject(parsed) ? (parsed as WebhookBody) : {};
  const event = typeof body.event === 'string' ? cleanText(body.event).slice(0, 80) : 'unknown';
  const headerId = headers['x-razorpay-event-id'];
  const eventId =
    (typeof headerId === 'string' && headerId.length <= 100 && cleanText(headerId)) ||
    (typeof body.id === 'string' && cleanText(body.id).slice(0, 100)) ||
    `sha256:${crypto.createHash('sha256').update(rawBody).digest('hex')}`;
  const nowIso = deps.clock.now().toISOString();
  // jsonb takes no NUL and no lone surrogate, and numbers past its range; what is stored is the parsed event.
  const payload = JSON.stringify(parsed, (_k, v: unknown) => (typeof v === 'string' ? cleanText(v) : v)) ?? 'null';
  const problem = isObject(parsed) ? webhookProblem(event, body) : 'malformed';
  const log = (outcome: string, err?: unknown) => {
    if (NOT_APPLIED.has(outcome) || err)
      deps.log.warn({ err, eventId, event, outcome }, 'payment webhook: a signed event was recorded but not applied');
  };

  let result: { outcome: string; after: ChargeSettled['afterCommit'] | null };
  try {
    result = await withTransactionRetry(deps, async (trx) => {
      const fresh = await repo.recordWebhookEvent(trx, { event_id: eventId, event_type: event, payload, received_at: nowIso });
      if (!fresh) return { outcome: 'duplicate', after: null };
      let outcome = 'ignored';
      let after: ChargeSettled['afterCommit'] | null = null;
      if (problem) outcome = problem;
      // --- subscriptions hook: Razorpay Subscriptions events (automatic renewal).
      else if (event.startsWith('subscription.')) {
        outcome = await subscriptionWebhookInTransaction(deps, trx, event, body.payload as never);
      }
      // --- end subscriptions hook
      else if (event.startsWith('token.')) {
        // UPI AutoPay: the mandate's token confirmed, cancelled (revoked at NPCI) or rejected.
        outcome = await tokenWebhookInTransaction(deps, trx, event, body.payload?.token?.entity as never);
      } else if (event === 'refund.processed') {
        outcome = await refundProcessedInTransaction(deps, trx, body.payload?.refund?.entity, body.payload?.payment?.entity);
      } else if (HANDLED.has(event)) {
        const gp = gatewayPaymentFromWebhook(event, body.payload?.payment?.entity) as GatewayPayment;
        const s = await settleChargeInTransaction(deps, trx, gp, 'webhook');
        outcome = s.kind ? chargeKindHandler(s.kind).outcomePrefix + s.outcome : s.outcome;
        after = s.afterCommit ?? null;
      }
      await repo.finishWebhookEvent(trx, eventId, outcome, nowIso);
      return { outcome, after };
    });
  } catch (err) {
    if (!isUnappliable(err)) throw err;
    // The event's data was refused while applying it: nothing of it was written. Record that, and acknowledge.
    const outcome = 'rejected';
    await withTransactionRetry(deps, async (trx) => {
      const stored = JSON.stringify({ unapplied: true, sha256: crypto.createHash('sha256').update(rawBody).digest('hex') });
      // (A parallel delivery of the same event that got recorded keeps its own outcome.)
      if (await repo.recordWebhookEvent(trx, { event_id: eventId, event_type: event, payload: stored, received_at: nowIso }))
        await repo.finishWebhookEvent(trx, eventId, outcome, nowIso);
    });
    log(outcome, err);
    return { status: 200, body: { ok: true, outcome } };
  }
  log(result.outcome);
  // Refunds it decided are sent (and notices kicked) after the answer.
  if (result.after) void Promise.resolve(result.after(deps)).catch((err: unknown) => deps.log.error({ err, eventId }, 'payment webhook: after-commit work failed'));
  return { status: 200, body: { ok: true, outcome: result.outcome } };
}
