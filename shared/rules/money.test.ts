import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ceilToRupee, formatCount, formatRupees, parseRupees, rupeesInput } from './money';
import { formatQuantity } from './stock';
import { CreateReviewInputSchema, REVIEW_BODY_MAX } from '../schemas/reviews';

describe('formatRupees', () => {
  it('shows whole rupees with Indian grouping and no decimals', () => {
    expect(formatRupees(129900)).toBe('₹1,299');
    expect(formatRupees(10000000)).toBe('₹1,00,000');
    expect(formatRupees(24900)).toBe('₹249');
    expect(formatRupees(0)).toBe('₹0');
  });
  it('rounds odd paise to the nearest rupee', () => {
    expect(formatRupees(24950)).toBe('₹250');
    expect(formatRupees(24949)).toBe('₹249');
  });
});

describe('ceilToRupee', () => {
  it('rounds up to a whole rupee and leaves whole rupees alone', () => {
    expect(ceilToRupee(14901)).toBe(15000);
    expect(ceilToRupee(15000)).toBe(15000);
    expect(ceilToRupee(14900 + 0.0000001)).toBe(14900);
  });
});

describe('parseRupees and rupeesInput (every rupee field in the client)', () => {
  it('reads what an admin types, in paise', () => {
    expect(parseRupees('120')).toBe(12000);
    expect(parseRupees(' 99.5 ')).toBe(9950);
    expect(parseRupees('1,299.50')).toBe(129950);
    expect(parseRupees('0.05')).toBe(5);
  });
  it('refuses what is not an amount instead of guessing', () => {
    for (const text of ['', '  ', 'abc', '-5', '1e3', '99.999', '12.', '.5', '₹120', '12345678']) expect(parseRupees(text)).toBeNull();
  });
  it('starts a field with text it reads back to the same paise', () => {
    expect(rupeesInput(12000)).toBe('120');
    expect(rupeesInput(9950)).toBe('99.50');
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999 }), (paise) => parseRupees(rupeesInput(paise)) === paise));
  });
});

describe('formatCount and the messages built on it', () => {
  it('groups digits the Indian way and keeps a fraction', () => {
    expect(formatCount(1250)).toBe('1,250');
    expect(formatCount(1234567)).toBe('12,34,567');
    expect(formatCount(2.5)).toBe('2.5');
  });

  it('a stock quantity reads with its unit', () => {
    expect(formatQuantity(125000, 'g')).toBe('125 kg');
    expect(formatQuantity(749330, 'ml')).toBe('749 L');
    expect(formatQuantity(12500, 'g')).toBe('12.5 kg');
    expect(formatQuantity(1250, 'ml')).toBe('1.25 L');
    expect(formatQuantity(-1500, 'g')).toBe('-1.5 kg');
    expect(formatQuantity(999, 'g')).toBe('999 g');
    expect(formatQuantity(2.5, 'g')).toBe('2.5 g');
    expect(formatQuantity(1200, 'pc')).toBe('1200 pcs');
  });

  it('a review over the limit is refused with the limit written out', () => {
    const r = CreateReviewInputSchema.safeParse({
      orderId: crypto.randomUUID(),
      shakeId: crypto.randomUUID(),
      rating: 5,
      body: 'x'.repeat(REVIEW_BODY_MAX + 1),
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Keep the review to 1,000 characters');
  });
});
