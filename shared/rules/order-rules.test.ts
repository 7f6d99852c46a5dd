import { describe, expect, it } from 'vitest';
import { canMoveOrder, checkoutMethods, formatOrderNumber, IDEMPOTENCY_KEY_RE, methodRefusal, ORDER_NUMBER_RE } from './order-rules';
import { formatRupees } from './money';

const base = { codLimitPaise: 150000, formatRupees };

describe('order rules', () => {
  it('formats order numbers as HS- and 6 digits', () => {
    expect(formatOrderNumber(100001)).toBe('HS-100001');
    expect(formatOrderNumber(42)).toBe('HS-000042');
    expect(ORDER_NUMBER_RE.test(formatOrderNumber(999999))).toBe(true);
    expect(ORDER_NUMBER_RE.test('HS-1234567')).toBe(false);
  });

  it('only moves orders forward; cancelled and delivered are final', () => {
    expect(canMoveOrder('pending_payment', 'confirmed')).toBe(true);
    expect(canMoveOrder('confirmed', 'pending_payment')).toBe(false);
    expect(canMoveOrder('cancelled', 'confirmed')).toBe(false);
    expect(canMoveOrder('delivered', 'cancelled')).toBe(false);
    // The kitchen's Undo (decision 264) is the one step back; nothing else moves back.
    expect(canMoveOrder('preparing', 'confirmed')).toBe(true);
    expect(canMoveOrder('out_for_delivery', 'preparing')).toBe(false);
    expect(canMoveOrder('out_for_delivery', 'confirmed')).toBe(false);
  });

  it('offers COD up to ₹1,500 only, never for subscriptions', () => {
    expect(methodRefusal('cod', { ...base, totalPaise: 150000 })).toBeNull();
    expect(methodRefusal('cod', { ...base, totalPaise: 150100 })).toBe('Cash on delivery is available for orders up to ₹1,500.');
    expect(methodRefusal('cod', { ...base, totalPaise: 50000, isSubscription: true })).toMatch(/not available for subscriptions/);
  });

  it('allows free only when the total is 0, and then nothing else', () => {
    expect(methodRefusal('free', { ...base, totalPaise: 100 })).toMatch(/only for orders with nothing to pay/);
    expect(
      checkoutMethods({ ...base, totalPaise: 0 })
        .filter((m) => m.available)
        .map((m) => m.method),
    ).toEqual(['free']);
    expect(
      checkoutMethods({ ...base, totalPaise: 29900, walletBalancePaise: 0 })
        .filter((m) => m.available)
        .map((m) => m.method),
    ).toEqual(['razorpay', 'cod']);
  });

  it('offers the wallet when its balance covers the total, and says why not otherwise', () => {
    expect(methodRefusal('wallet', { ...base, totalPaise: 30000, walletBalancePaise: 30000 })).toBeNull();
    expect(methodRefusal('wallet', { ...base, totalPaise: 30000, walletBalancePaise: 29900 })).toBe(
      'Your wallet has ₹299; this order needs ₹300. Top up your wallet in your profile.',
    );
    expect(methodRefusal('wallet', { ...base, totalPaise: 0, walletBalancePaise: 100000 })).toMatch(/complimentary/);
  });

  it('accepts idempotency keys of 8–100 safe characters', () => {
    expect(IDEMPOTENCY_KEY_RE.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(IDEMPOTENCY_KEY_RE.test('short')).toBe(false);
    expect(IDEMPOTENCY_KEY_RE.test('x'.repeat(101))).toBe(false);
    expect(IDEMPOTENCY_KEY_RE.test('has space in it')).toBe(false);
  });
});
