import { formatRupees } from '../../../shared/rules/money';
import { methodRefusal } from '../../../shared/rules/order-rules';
import { AppError } from '../../lib/errors';
import { needs, type PlacementStep } from '../../workflows/placement-step';
import { deliverableAddressOf } from './addresses.service';

/**
 * Placing step "check method and address": the payment method must be open for this total (COD
 * limit, `free` only at 0), and the address must be the customer's own, in a PIN code we serve.
 * It only judges what the placing statement read.
 */
export const checkMethodAndAddress: PlacementStep = {
  async apply(_deps, _trx, d) {
    const quote = needs(d.quote, 'the quote');
    const pricing = needs(d.pricing, 'the pricing settings');
    const refusal = methodRefusal(d.input.paymentMethod, { totalPaise: quote.total, codLimitPaise: pricing.codLimit, formatRupees });
    if (refusal) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', refusal, { details: { total: quote.total } });
    d.address = deliverableAddressOf(d.read.address);
  },
  // A check holds nothing.
  async release() {},
};
