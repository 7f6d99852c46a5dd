import { describe, expect, it } from 'vitest';
import { evaluateCoupon, type CouponCart, type CouponRule } from './coupons';

const welcome: CouponRule = {
  code: 'WELCOME50',
  kind: 'percent',
  value: 50,
  minSubtotal: 19_900,
  maxDiscount: 10_000,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  perCustomerLimit: 1,
  firstOrderOnly: true,
  appliesTo: 'all',
  active: true,
  uses: 0,
};
const cart = (over: Partial<CouponCart> = {}): CouponCart => ({
  today: '2026-11-25',
  lines: [
    { type: 'signature', lineTotal: 32_900 },
    { type: 'signature', lineTotal: 32_900 },
  ],
  subtotal: 65_800,
  freeUnit: null,
  customer: { usesOfThisCoupon: 0, hasEarlierOrders: false },
  ...over,
});
const refusal = (r: ReturnType<typeof evaluateCoupon>) => (r.ok ? null : r.refusal);

describe('evaluateCoupon', () => {
  it('WELCOME50 on a ₹658 cart: 50% capped at ₹100, matched in any case', () => {
    expect(evaluateCoupon(' welcome50 ', welcome, cart())).toEqual({
      ok: true,
      code: 'WELCOME50',
      discount: 10_000,
      summary: '50% off up to ₹100 on ₹199 or more',
    });
  });
  it('percent below the cap rounds down to the paisa; flat is its value', () => {
    expect(
      evaluateCoupon(
        'GREEN10',
        { ...welcome, code: 'GREEN10', value: 10, maxDiscount: null, minSubtotal: 0, firstOrderOnly: false },
        cart({ lines: [{ type: 'custom', lineTotal: 12_345 }], subtotal: 12_345 }),
      ),
    ).toMatchObject({ ok: true, discount: 1234 });
    expect(
      evaluateCoupon(
        'FLAT75',
        { ...welcome, code: 'FLAT75', kind: 'flat', value: 7500, maxDiscount: null, minSubtotal: 49_900, firstOrderOnly: false },
        cart(),
      ),
    ).toMatchObject({ ok: true, discount: 7500 });
  });
  it('refuses an unknown code, and one that is not a code at all', () => {
    expect(refusal(evaluateCoupon('nosuch', null, cart()))).toEqual({
      code: 'COUPON_UNKNOWN',
      message: 'NOSUCH is not a coupon we know. Check the spelling and try again.',
    });
    expect(refusal(evaluateCoupon('a-b', welcome, cart()))?.code).toBe('COUPON_UNKNOWN');
  });
  it('refuses an inactive coupon', () => {
    expect(refusal(evaluateCoupon('WELCOME50', { ...welcome, active: false }, cart()))).toEqual({
      code: 'COUPON_INACTIVE',
      message: 'WELCOME50 is no longer available.',
    });
  });
  it('valid from / to are Kolkata days, both inclusive', () => {
    const c = { ...welcome, validFrom: '2026-12-01', validTo: '2026-12-31' };
    expect(refusal(evaluateCoupon('WELCOME50', c, cart({ today: '2026-11-30' })))).toEqual({
      code: 'COUPON_NOT_YET_VALID',
      message: 'WELCOME50 can be used from 1 December 2026.',
    });
    expect(evaluateCoupon('WELCOME50', c, cart({ today: '2026-12-01' })).ok).toBe(true);
    expect(evaluateCoupon('WELCOME50', c, cart({ today: '2026-12-31' })).ok).toBe(true);
    expect(refusal(evaluateCoupon('WELCOME50', c, cart({ today: '2027-01-01' })))).toEqual({
      code: 'COUPON_EXPIRED',
      message: 'WELCOME50 expired on 31 December 2026.',
    });
  });
  it('refuses a used-up coupon', () => {
    expect(refusal(evaluateCoupon('WELCOME50', { ...welcome, usageLimit: 5, uses: 5 }, cart()))).toEqual({
      code: 'COUPON_EXHAUSTED',
      message: 'WELCOME50 has been used up. Try another code.',
    });
  });
  it('first order only, and already used by you (checked for a signed-in customer; a guest is checked at placement)', () => {
    expect(refusal(evaluateCoupon('WELCOME50', welcome, cart({ customer: { usesOfThisCoupon: 0, hasEarlierOrders: true } })))).toEqual({
      code: 'COUPON_FIRST_ORDER_ONLY',
      message: 'WELCOME50 is for your first order only.',
    });
    const twice = { ...welcome, firstOrderOnly: false, perCustomerLimit: 2 };
    expect(
      refusal(
        evaluateCoupon(
          'WELCOME50',
          { ...welcome, firstOrderOnly: false },
          cart({ customer: { usesOfThisCoupon: 1, hasEarlierOrders: true } }),
        ),
      ),
    ).toEqual({ code: 'COUPON_ALREADY_USED', message: 'You have already used WELCOME50.' });
    expect(refusal(evaluateCoupon('WELCOME50', twice, cart({ customer: { usesOfThisCoupon: 2, hasEarlierOrders: true } })))?.message).toBe(
      'You have already used WELCOME50 2 times, as often as it allows.',
    );
    expect(evaluateCoupon('WELCOME50', welcome, cart({ customer: null })).ok).toBe(true);
  });
  it('does not apply to these items', () => {
    expect(refusal(evaluateCoupon('WELCOME50', { ...welcome, appliesTo: 'custom' }, cart()))).toEqual({
      code: 'COUPON_NOT_APPLICABLE',
      message: 'WELCOME50 applies to custom shakes only, and there are none to pay for in your cart.',
    });
    // signature-only: only the signature line counts, the minimum still on the whole subtotal
    const sig = { ...welcome, appliesTo: 'signature' as const, maxDiscount: null };
    expect(
      evaluateCoupon(
        'WELCOME50',
        sig,
        cart({
          lines: [
            { type: 'signature', lineTotal: 10_000 },
            { type: 'custom', lineTotal: 20_000 },
          ],
          subtotal: 30_000,
        }),
      ),
    ).toMatchObject({ ok: true, discount: 5000 });
  });
  it('minimum not met says how much more is needed', () => {
    expect(
      refusal(evaluateCoupon('WELCOME50', welcome, cart({ lines: [{ type: 'signature', lineTotal: 15_900 }], subtotal: 15_900 }))),
    ).toEqual({
      code: 'COUPON_MINIMUM_NOT_MET',
      message: 'Add ₹40 more to use WELCOME50: it needs a subtotal of ₹199.',
      amountNeeded: 4000,
    });
  });
  it('the free unit is not discounted twice, and nothing goes below zero', () => {
    const flat = { ...welcome, kind: 'flat' as const, value: 50_000, maxDiscount: null, minSubtotal: 0, firstOrderOnly: false };
    expect(
      evaluateCoupon(
        'WELCOME50',
        flat,
        cart({ lines: [{ type: 'signature', lineTotal: 30_000 }], subtotal: 30_000, freeUnit: { type: 'signature', value: 10_000 } }),
      ),
    ).toMatchObject({ ok: true, discount: 20_000 });
  });
});
