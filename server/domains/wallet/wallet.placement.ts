import { AppError } from '../../lib/errors';
import { needs, type PlacementStep, type QuotedDraft } from '../../lib/placement';
import { formatRupees } from '../../../shared/rules/money';
import { releaseForOrder } from './wallet.service';
import { chargeCtes, chargeParams, chargedSql } from './wallet.repository';

/** What the order-writing statement charges the wallet (this step's write). */
export interface WalletCharge {
  userId: string;
  orderId: string;
  amountPaise: number;
  now: string;
  /** The refusal when the balance did not cover the total as the statement ran. */
  refusal: () => AppError;
}

/** The wallet step reads the quote and puts the charge on the draft (null: not a wallet order). */
export interface WalletDraft extends QuotedDraft {
  walletCharge?: WalletCharge | null;
}

/**
 * Placing step "charge the wallet" (decision 165): a wallet-paid order's total leaves the wallet in
 * the placing transaction, as a conditional write of the order-writing statement (this step's
 * write), so a wallet order is placed in as many round trips as a cash one. `apply` decides the
 * charge; when the balance did not cover it as the statement ran, the statement's check refuses the
 * order (409 WALLET_INSUFFICIENT, everything rolled back): 20 orders racing for one balance queue on
 * its row and each finds what the one before left.
 */
export const chargeWallet: PlacementStep<WalletDraft> = {
  async apply(_deps, _trx, d) {
    if (d.input.paymentMethod !== 'wallet') {
      d.walletCharge = null;
      return;
    }
    const quote = needs(d.quote, 'the quote');
    d.walletCharge = {
      userId: d.user.id,
      orderId: d.orderId,
      amountPaise: quote.total,
      now: d.now.toISOString(),
      refusal: () =>
        new AppError(
          'WALLET_INSUFFICIENT',
          `Your wallet does not cover this order's ${formatRupees(quote.total)}. Top up your wallet or choose another payment method.`,
          { details: { total: quote.total } },
        ),
    };
  },
  write: (d) => {
    const charge = d.walletCharge;
    if (!charge) return null;
    return {
      shape: 'wallet',
      ctes: (when) => chargeCtes(charge, when),
      params: chargeParams(charge),
      check: { sql: chargedSql(), refusal: charge.refusal },
    };
  },
  /** What the order charged and has not come back goes back to the wallet, once (keyed by the order). */
  async release(deps, trx, order) {
    await releaseForOrder(deps, trx, order);
  },
};
