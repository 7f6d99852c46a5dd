import type { FastifyBaseLogger } from 'fastify';
import type { GatewayPayment, PaymentGateway } from './gateway';

/**
 * The payment Checkout's success callback names, once its signature has checked out against the
 * gateway order WE stored: the gateway's own details (instrument, captured or not) when it reports
 * that payment for that order; if the gateway is slow or answers otherwise, what the signature proves
 * (authorised, for the amount we stored).
 */
export async function paymentAfterSignature(
  deps: { payments: PaymentGateway; log: FastifyBaseLogger },
  signed: { paymentId: string; gatewayOrderId: string; amountPaise: number },
  onFetchFailure: { message: string; fields?: Record<string, unknown> },
): Promise<GatewayPayment> {
  try {
    const fetched = await deps.payments.fetchPayment(signed.paymentId);
    if (fetched.gatewayOrderId === signed.gatewayOrderId && (fetched.status === 'captured' || fetched.status === 'authorized'))
      return fetched;
  } catch (e) {
    deps.log.warn({ err: e, ...onFetchFailure.fields }, onFetchFailure.message);
  }
  return {
    id: signed.paymentId,
    gatewayOrderId: signed.gatewayOrderId,
    amountPaise: signed.amountPaise,
    status: 'authorized',
    method: null,
    errorCode: null,
    errorDescription: null,
  };
}
