import { describe, expect, it } from 'vitest';
import { formatIndianMobile, isPincode, normalizeIndianMobile, normalizePincode, notServiceableMessage } from './india';

describe('normalizeIndianMobile', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['0091 98765 43210', '+919876543210'],
    ['(+91) 6000000000', '+916000000000'],
    ['  7012345678 ', '+917012345678'],
    ['8.123.456.789', '+918123456789'],
  ])('accepts %s as %s', (input, want) => {
    expect(normalizeIndianMobile(input)).toBe(want);
  });

  it.each([
    ['5876543210', 'starts with 5'],
    ['0876543210', 'starts with 0'],
    ['987654321', '9 digits'],
    ['98765432101', '11 digits without a leading 0'],
    ['+1 9876543210', 'another country code'],
    ['+91 5876543210', 'country code but starts with 5'],
    ['080 234 5678', 'a Bengaluru landline (10 digits starting 0)'],
    ['98765abc10', 'letters'],
    ['', 'empty'],
    ['9'.repeat(40), 'far too long'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizeIndianMobile(input)).toBeNull();
  });

  it('formats a stored number for display', () => {
    expect(formatIndianMobile('+919876543210')).toBe('+91 98765 43210');
  });
});

describe('PIN codes', () => {
  it('accepts 6 digits whose first is not 0', () => {
    expect(isPincode('560001')).toBe(true);
    expect(isPincode('110001')).toBe(true);
    expect(normalizePincode(' 560 034 ')).toBe('560034');
  });
  it.each(['060001', '56001', '5600011', '56000a', '', '560 01'])('refuses %s', (input) => {
    expect(isPincode(input.replace(/\s/g, ''))).toBe(false);
    expect(normalizePincode(input)).toBeNull();
  });
  it('says which PIN code we do not serve', () => {
    expect(notServiceableMessage('110001')).toBe("We don't deliver to 110001 yet");
  });
});
