import crypto from 'node:crypto';
import type { GatewayPayment, PaymentGateway } from './gateway';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';

/**
 * Test payment mode: the shop runs without Razorpay keys. The shopper picks
 * success or failure on /payment and POST /api/payment/test/complete records
 * it through the same settlement path as a real payment. State is per
 * process (test mode is for a developer machine and the test suite).
 */
export interface TestGateway extends PaymentGateway {
  readonly mode: 'test';
  /** Record the shopper's choice as a payment of the gateway order. */
  complete(gatewayOrderId: string, outcome: 'success' | 'failure'): GatewayPayment;
}

const rand = (n = 14) =>
  crypto
    .randomBytes(n)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n)
    .padEnd(n, '0');

export function createTestGateway(): TestGateway {
  // A secret nobody outside this process knows: Checkout signatures cannot be forged in test mode.
  const secret = crypto.randomBytes(32).toString('hex');
  const orders = new Map<string, { amountPaise: number; payments: GatewayPayment[] }>();
  const payments = new Map<string, GatewayPayment>();

  return {
    mode: 'test',
    keyId: null,

    async createOrder({ amountPaise }) {
      const id = `test_order_${rand()}`;
      orders.set(id, { amountPaise, payments: [] });
      return { id, amountPaise, currency: 'INR' };
    },

    complete(gatewayOrderId, outcome) {
      const order = orders.get(gatewayOrderId);
      const p: GatewayPayment = {
        id: `test_pay_${rand()}`,
        gatewayOrderId,
        amountPaise: order?.amountPaise ?? 0,
        status: outcome === 'success' ? 'captured' : 'failed',
        method: null,
        errorCode: outcome === 'success' ? null : 'BAD_REQUEST_ERROR',
        errorDescription: outcome === 'success' ? null : 'The test payment was declined, as you chose.',
      };
      order?.payments.push(p);
      payments.set(p.id, p);
      return p;
    },

    verifyPaymentSignature({ gatewayOrderId, paymentId, signature }) {
      return isValidPaymentSignature({ gatewayOrderId, paymentId, signature, keySecret: secret });
    },

    verifyWebhookSignature(rawBody, signature) {
      return isValidWebhookSignature(rawBody, signature, secret);
    },

    async fetchPayment(paymentId) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`Unknown test payment ${paymentId}`);
      return p;
    },

    async fetchOrderPayments(gatewayOrderId) {
      return [...(orders.get(gatewayOrderId)?.payments ?? [])];
    },

    async refund({ paymentId }) {
      const p = payments.get(paymentId);
      if (p) p.status = 'refunded';
      return { id: `test_rfnd_${rand()}`, status: 'processed' };
    },
  };
}
