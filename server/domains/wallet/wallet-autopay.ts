import type { Executor, Trx } from '../../../db/database';

/** A wallet refill paid through UPI AutoPay that the gateway can still give back (part of). */
export interface AutopayRefill {
  id: string;
  capturedPaise: number;
  refundedPaise: number;
  paidAt: string;
}

/**
 * What the wallet asks of AutoPay (decision 283): "refund my balance" gives back AutoPay refills as
 * it gives back top-ups. AutoPay credits the wallet and so depends on it; the wallet reaches AutoPay
 * through this port, which the app wires at start (server/app.ts).
 */
export interface WalletAutopay {
  /** The customer's paid refills with money left to give back, newest first, locked for the caller's transaction. */
  refundableRefills(trx: Trx, userId: string): Promise<AutopayRefill[]>;
  /** What those refills can still give back, read without a lock. */
  refundableTotal(db: Executor, userId: string): Promise<number>;
}

let provided: WalletAutopay | null = null;

export function provideWalletAutopay(p: WalletAutopay): void {
  provided = p;
}

export function walletAutopay(): WalletAutopay {
  if (!provided) throw new Error('AutoPay is not wired to the wallet: call provideWalletAutopay at start (server/app.ts).');
  return provided;
}
