/**
 * Indian mobile numbers and PIN codes, the same on both sides of the wire.
 * Mobiles are stored as +91XXXXXXXXXX (10 digits starting 6–9); PIN codes as
 * 6 digits, first not 0.
 */

export const MOBILE_MESSAGE = 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.';
export const PINCODE_MESSAGE = 'Enter a 6-digit PIN code (it never starts with 0).';

const MOBILE_RE = /^[6-9]\d{9}$/;
const PINCODE_RE = /^[1-9]\d{5}$/;

/**
 * "+91 98765-43210", "098765 43210", "919876543210", "(0091) 98765 43210" → "+919876543210".
 * Anything that is not an Indian mobile → null (landlines, 9 or 11 digits, leading 0–5).
 */
export function normalizeIndianMobile(input: string): string | null {
  if (typeof input !== 'string' || input.length > 32) return null;
  // People type separators freely; letters are never part of a number.
  if (/[^\d\s+().-]/.test(input)) return null;
  const plus = input.trim().startsWith('+');
  let digits = input.replace(/\D/g, '');
  if (plus) {
    if (!digits.startsWith('91')) return null;
    digits = digits.slice(2);
  } else if (digits.length === 14 && digits.startsWith('0091')) {
    digits = digits.slice(4);
  } else if (digits.length === 12 && digits.startsWith('91')) {
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return MOBILE_RE.test(digits) ? `+91${digits}` : null;
}

/** "+919876543210" → "+91 98765 43210" for display. */
export function formatIndianMobile(stored: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(stored);
  return m ? `+91 ${m[1]} ${m[2]}` : stored;
}

/** "560 001" → "560001"; anything that is not a PIN code → null. */
export function normalizePincode(input: string): string | null {
  if (typeof input !== 'string' || input.length > 12) return null;
  const compact = input.replace(/[\s-]/g, '');
  return PINCODE_RE.test(compact) ? compact : null;
}

export function isPincode(input: string): boolean {
  return typeof input === 'string' && PINCODE_RE.test(input);
}

/** The sentence checkout and the address form show for a PIN code outside our area. */
export const notServiceableMessage = (pincode: string): string => `We don't deliver to ${pincode} yet`;

/** States and union territories, for the address form's list. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
