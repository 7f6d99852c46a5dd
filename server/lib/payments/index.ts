import type { Config } from '../../config';
import type { Executor } from '../../../db/database';
import { publicConfig } from '../../config';
import type { PaymentGateway } from './gateway';
import { createRazorpayGateway } from './razorpay-gateway';
import { createTestGateway } from './test-gateway';

export type { PaymentGateway, GatewayPayment } from './gateway';
export { GatewayError } from './gateway';
export type { TestGateway } from './test-gateway';
export { testGatewayOnly, verifiedCheckoutPayment, verifiedStoredOrderPayment } from './verified-payment';
export { resolveIdempotencyKey } from './idempotency';
export { oneGatewayOrder } from './gateway-order-claims';

/** Razorpay when its keys are configured (the same rule the browser sees in /api/config), else test mode. */
export function createPaymentGateway(config: Config, db: Executor): PaymentGateway {
  if (publicConfig(config).paymentMode === 'razorpay') {
    return createRazorpayGateway({
      keyId: config.RAZORPAY_KEY_ID!,
      keySecret: config.RAZORPAY_KEY_SECRET!,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
    });
  }
  return createTestGateway(db);
}
