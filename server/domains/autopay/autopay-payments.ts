import type { AppDeps } from '../../deps';
import type { GatewayPayment } from '../../lib/payments';

/**
 * What AutoPay asks of payments (like the wallet's port, wallet-payments.ts): the payments domain
 * routes token webhooks to AutoPay and so depends on it; AutoPay settles its debits through the one
 * settle path (decision 280) reached through this port, which the app wires at start (server/app.ts).
 */
export interface AutopayPayments {
  settle(deps: AppDeps, gp: GatewayPayment, source: string): Promise<{ outcome: string }>;
}

let provided: AutopayPayments | null = null;

export function provideAutopayPayments(p: AutopayPayments): void {
  provided = p;
}

export function autopayPayments(): AutopayPayments {
  if (!provided) throw new Error('The payments domain is not wired to AutoPay: call provideAutopayPayments at start (server/app.ts).');
  return provided;
}
