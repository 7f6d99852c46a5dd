import { formatRupees } from '../../../shared/rules/money';
import { methodRefusal } from '../../../shared/rules/order-rules';
import { AppError } from '../../lib/errors';
import { needs, type PlacementBase, type PlacementStep } from '../../lib/placement';
import type { Quote } from '../../../shared/schemas/cart';
import type { Pricing } from '../../../shared/schemas/catalogue';
import type { Address } from '../../../shared/schemas/addresses';
import { deliverableAddressOf, isAddressId } from './addresses.service';
import { deliverableAddressSql } from '../../statements/placement.repository';
import { decodeDeliverable } from './addresses.repository';

/** What the check reads (the quote, the address row of the placing statement) and writes (the deliverable address). */
export interface CheckDraft extends PlacementBase {
  readonly read: { address: Parameters<typeof deliverableAddressOf>[0] };
  quote?: Quote;
  pricing?: Pricing;
  address?: Address;
}

/**
 * Placing step "check method and address": the payment method must be open for this total (COD
 * limit, `free` only at 0), and the address must be the customer's own, in a PIN code we serve.
 * It reads the address with its PIN code's served area (nothing when the id is not well formed: "not found").
 */
export const checkMethodAndAddress: PlacementStep<CheckDraft> = {
  read: (_deps, { user, input }) => ({
    name: 'address',
    column: isAddressId(input.addressId) ? deliverableAddressSql(user.id, input.addressId) : null,
    decode: decodeDeliverable,
  }),
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
