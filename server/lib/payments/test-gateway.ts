import crypto from 'node:crypto';
import type { Executor } from '../../../db/database';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './gateway';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';
import * as repo from './test-gateway.repository';

/**
 * Test payment mode: the shop runs without Razorpay keys. The shopper picks
 * success or failure on /payment and POST /api/payment/test/complete records
 * it through the same settlement path as a real payment. Its orders and
 * payments live in the database (decision 085), like a real gateway's would
 * live at the gateway: any instance can complete a payment another created.
 */
export interface TestGateway extends PaymentGateway {
  readonly mode: 'test';
  /** Record the shopper's choice as a payment of the gateway order. */
  complete(gatewayOrderId: string, outcome: 'success' | 'failure'): Promise<GatewayPayment>;
  /** What the simulated bank answers to this AutoPay token's debits from now on (decision 291). */
  tokenDebits(tokenId: string): Promise<repo.TestTokenDebits>;
  setTokenDebits(tokenId: string, debits: repo.TestTokenDebits): Promise<void>;
}

const rand = (n = 14) =>
  crypto
    .randomBytes(n)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n)
    .padEnd(n, '0');

type Row = Awaited<ReturnType<typeof repo.findTestPayment>> & {};
const toPayment = (p: Row): GatewayPayment => ({
  id: p.id,
  gatewayOrderId: p.gateway_order_id,
  amountPaise: p.amount_paise,
  status: p.status,
  method: null,
  errorCode: p.error_code,
  errorDescription: p.error_description,
});

export function createTestGateway(db: Executor): TestGateway {
  // A secret nobody outside this process knows: Checkout signatures cannot be forged in test mode
  // (test mode never signs anything; completion goes through POST /api/payment/test/complete).
  const secret = crypto.randomBytes(32).toString('hex');

  return {
    mode: 'test',
    keyId: null,

    // AutoPay in test mode (decision 281): the customer authorises on the shop's own test screen, the
    // token is named after that payment, and a debit succeeds at once — or, as the customer chose on
    // the test switch (decision 291), is refused outright or accepted and then declined by the bank;
    // its settlement still goes through the one settle path. Nothing exists at a bank, so cancelling
    // has nothing to revoke.
    autopay: {
      async createCustomer() {
        return { id: `test_cust_${rand()}` };
      },
      async createMandateOrder() {
        const id = `test_order_${rand()}`;
        await repo.insertTestOrder(db, { id, amount_paise: 100 });
        return { id, amountPaise: 100, currency: 'INR' };
      },
      async tokenOfPayment(paymentId) {
        const p = await repo.findTestPayment(db, paymentId);
        return { tokenId: p?.status === 'captured' ? `test_token_${p.id}` : null, bank: p?.status === 'captured' ? 'UPI (test mode)' : null };
      },
      async chargeToken({ tokenId, gatewayOrderId, amountPaise }) {
        const debits = await repo.tokenDebits(db, tokenId);
        if (debits === 'failure')
          throw new GatewayError('The bank refused the AutoPay debit (test mode, as you chose).', { retryable: false, status: 400, code: 'BAD_REQUEST_ERROR' });
        const declined = debits === 'decline_later';
        const row = await repo.insertTestPayment(db, {
          id: `test_pay_${rand()}`,
          gateway_order_id: gatewayOrderId,
          amount_paise: amountPaise,
          status: declined ? 'failed' : 'captured',
          error_code: declined ? 'BAD_REQUEST_ERROR' : null,
          error_description: declined ? 'The bank declined the AutoPay debit after accepting it (test mode, as you chose).' : null,
        });
        return { paymentId: row.id };
      },
      async cancelToken() {},
    },

    tokenDebits: (tokenId) => repo.tokenDebits(db, tokenId),
    setTokenDebits: (tokenId, debits) => repo.setTokenDebits(db, tokenId, debits),

    async createOrder({ amountPaise }) {
      const id = `test_order_${rand()}`;
      await repo.insertTestOrder(db, { id, amount_paise: amountPaise });
      return { id, amountPaise, currency: 'INR' };
    },

    async complete(gatewayOrderId, outcome) {
      const order = await repo.findTestOrder(db, gatewayOrderId);
      if (!order) throw new Error(`Unknown test gateway order ${gatewayOrderId}`);
      const row = await repo.insertTestPayment(db, {
        id: `test_pay_${rand()}`,
        gateway_order_id: gatewayOrderId,
        amount_paise: order.amount_paise,
        status: outcome === 'success' ? 'captured' : 'failed',
        error_code: outcome === 'success' ? null : 'BAD_REQUEST_ERROR',
        error_description: outcome === 'success' ? null : 'The test payment was declined, as you chose.',
      });
      return toPayment(row);
    },

    verifyPaymentSignature({ gatewayOrderId, paymentId, signature }) {
      return isValidPaymentSignature({ gatewayOrderId, paymentId, signature, keySecret: secret });
    },

    verifyWebhookSignature(rawBody, signature) {
      return isValidWebhookSignature(rawBody, signature, secret);
    },

    async fetchPayment(paymentId) {
      const p = await repo.findTestPayment(db, paymentId);
      if (!p) throw new Error(`Unknown test payment ${paymentId}`);
      return toPayment(p);
    },

    async fetchOrderPayments(gatewayOrderId) {
      return (await repo.testPaymentsOfOrder(db, gatewayOrderId)).map(toPayment);
    },

    async refund({ paymentId }) {
      await repo.markTestPaymentRefunded(db, paymentId);
      return { id: `test_rfnd_${rand()}`, status: 'processed' };
    },
  };
}
