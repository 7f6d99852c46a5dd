import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../../db/database';
import { AppError } from '../errors';
import type { PaymentGateway } from './gateway';
import * as repo from './gateway-order-claims.repository';

/** How long a claim may stay 'creating' before another request takes it over (the gateway call is bounded at 10 s). */
const LEASE_SECONDS = 30;
/** How long a request waits for another's gateway call before answering "try again" (503). */
const WAIT_FOR_OTHER_MS = 12_000;

export interface GatewayOrderRequest {
  /** The kind of charge and whose key it is (`wallet_top_up:<user id>`): keys are unique within it. */
  scope: string;
  key: string;
  amountPaise: number;
  receipt: string;
  notes: Record<string, string>;
  /** The refusal when the key was used for another amount. */
  otherAmount: string;
  /**
   * How the gateway order is made when it is not a plain order (an AutoPay authorisation order with
   * its customer and token terms); called only by the request holding the claim. Default: createOrder.
   */
  create?: () => Promise<{ id: string }>;
}

const unavailable = () => new AppError('UNAVAILABLE', 'Your payment is still being prepared. Please try again in a moment.', { retryAfter: 2 });
const unreachable = (cause?: unknown) =>
  new AppError('GATEWAY_ERROR', "We couldn't reach the payment gateway. Nothing was charged; please try again in a moment.", { cause });

/**
 * The one gateway order of a charge's Idempotency-Key (decision 205), for charges that have no row
 * before the gateway is called (wallet top-ups, plan purchases): the key is claimed in the database
 * BEFORE the gateway call, so any number of requests on any number of instances make one gateway
 * order and get it back; those arriving while it is being created wait for it. A claim whose call
 * failed, or whose request died (its lease ran out), is taken over by the next request with the key.
 */
export async function oneGatewayOrder(
  deps: { db: Executor; payments: PaymentGateway; log: FastifyBaseLogger },
  r: GatewayOrderRequest,
): Promise<string> {
  for (let round = 0; round <= 5; round++) {
    const mine = await repo.claim(deps.db, { scope: r.scope, key: r.key, amountPaise: r.amountPaise, gateway: deps.payments.mode, leaseSeconds: LEASE_SECONDS });
    if (mine) {
      const token = mine.reserved_until!;
      let g;
      try {
        g = r.create ? await r.create() : await deps.payments.createOrder({ amountPaise: r.amountPaise, receipt: r.receipt, notes: r.notes });
      } catch (e) {
        deps.log.warn({ err: e, scope: r.scope }, 'payment gateway: could not create an order');
        await repo.abandonClaim(deps.db, { scope: r.scope, key: r.key, token, error: e instanceof Error ? e.message : String(e) });
        throw unreachable(e);
      }
      if (await repo.fillClaim(deps.db, { scope: r.scope, key: r.key, token, gatewayOrderId: g.id })) return g.id;
      // Our lease ran out and another request took over: its gateway order is the answer (ours is never paid).
      deps.log.warn({ scope: r.scope, gatewayOrderId: g.id }, 'payment gateway: a slow gateway order was superseded');
      continue;
    }
    const answer = await waitForClaim(deps.db, r);
    if (answer !== 'again') return answer;
  }
  throw unavailable();
}

/** Another request holds the key: its gateway order when it has one, or 'again' to claim it (failed, lease over). */
async function waitForClaim(db: Executor, r: GatewayOrderRequest): Promise<string | 'again'> {
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (let pause = 20, first = true; ; pause = Math.min(200, pause * 1.5), first = false) {
    const c = await repo.findClaim(db, r.scope, r.key);
    if (!c) return 'again';
    if (c.amount_paise !== r.amountPaise) throw new AppError('IDEMPOTENCY_MISMATCH', r.otherAmount);
    if (c.status === 'created') return c.gateway_order_id!;
    // A gateway call that failed while we waited answers us as it answered its own request.
    if (c.status === 'not_created') {
      if (first) return 'again';
      throw unreachable();
    }
    if (c.lease_over) return 'again';
    if (Date.now() >= deadline) throw unavailable();
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
