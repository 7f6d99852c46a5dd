import type { FastifyBaseLogger } from 'fastify';
import { AppError, NO_OPERATION_MESSAGE } from '../errors';
import type { GatewayPayment, PaymentGateway } from './gateway';
import type { TestGateway } from './test-gateway';

/** A gateway order WE stored for a charge: the only ids a Checkout signature is checked against. */
export interface StoredGatewayOrder {
  gatewayOrderId: string;
  amountPaise: number;
}

/**
 * Checkout's success callback, for orders and subscriptions alike: the signature is checked (in
 * constant time, by the gateway adapter) against the gateway orders we stored for the charge — the
 * order id the browser sends is ignored — and a bad one is a 400 that writes nothing. Then the
 * gateway's own details of that payment (instrument, captured or not) when it reports it for that
 * order; if the gateway is slow or answers otherwise, what the signature proves (authorised, for
 * the amount we stored).
 */
export async function verifiedCheckoutPayment(
  deps: { payments: PaymentGateway; log: FastifyBaseLogger },
  stored: readonly StoredGatewayOrder[],
  callback: { paymentId: string; signature: string },
  what: 'order' | 'subscription',
): Promise<GatewayPayment> {
  const match = stored.find((s) =>
    deps.payments.verifyPaymentSignature({
      gatewayOrderId: s.gatewayOrderId,
      paymentId: callback.paymentId,
      signature: callback.signature,
    }),
  );
  if (!match) {
    throw new AppError(
      'INVALID_SIGNATURE',
      `We could not verify this payment. If money left your account, it will be matched to your ${what} automatically or refunded.`,
    );
  }
  try {
    const fetched = await deps.payments.fetchPayment(callback.paymentId);
    if (fetched.gatewayOrderId === match.gatewayOrderId && (fetched.status === 'captured' || fetched.status === 'authorized'))
      return fetched;
  } catch (e) {
    deps.log.warn(
      { err: e, gatewayOrderId: match.gatewayOrderId },
      `${what} verify: could not fetch payment details; settling on the signature`,
    );
  }
  return {
    id: callback.paymentId,
    gatewayOrderId: match.gatewayOrderId,
    amountPaise: match.amountPaise,
    status: 'authorized',
    method: null,
    errorCode: null,
    errorDescription: null,
  };
}

/**
 * Checkout's success callback for a charge made by ONE gateway order we stored (a subscription
 * payment, a wallet top-up): the callback's payment and signature checked against that order.
 */
export function verifiedStoredOrderPayment(
  deps: { payments: PaymentGateway; log: FastifyBaseLogger },
  charge: { gateway_order_id: string; amount_paise: number },
  callback: { razorpay_payment_id: string; razorpay_signature: string },
  what: 'order' | 'subscription',
): Promise<GatewayPayment> {
  return verifiedCheckoutPayment(
    deps,
    [{ gatewayOrderId: charge.gateway_order_id, amountPaise: charge.amount_paise }],
    { paymentId: callback.razorpay_payment_id, signature: callback.razorpay_signature },
    what,
  );
}

/** The test gateway, for test payment mode's "complete this payment" calls; outside test mode there is no such operation (404). */
export function testGatewayOnly(deps: { payments: PaymentGateway }): TestGateway {
  if (deps.payments.mode !== 'test') throw new AppError('NOT_FOUND', NO_OPERATION_MESSAGE);
  return deps.payments as TestGateway;
}
