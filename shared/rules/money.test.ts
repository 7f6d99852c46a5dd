import { describe, expect, it } from 'vitest';
import { ceilToRupee, formatRupees } from './money';

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
