import { z } from 'zod';
import { IsoDateTime, Uuid } from './common';
import { MOBILE_MESSAGE, normalizeIndianMobile, normalizePincode, PINCODE_MESSAGE } from '../rules/india';
import { INDIA_BOUNDS, roundCoordinate } from '../rules/route-order';

/** At most this many saved addresses per customer. */
export const MAX_ADDRESSES = 10;

export const ADDRESS_LIMITS = {
  name: 80,
  line1: 120,
  line2: 120,
  landmark: 80,
  city: 60,
  state: 60,
} as const;

// Control characters (NUL above all) are never part of an address, and PostgreSQL refuses NUL in text.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
const noControl = (label: string) => [(v: string) => !CONTROL_RE.test(v), `${label} contains characters we cannot store`] as const;

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`)
    .refine(...noControl(label));

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .refine(...noControl(label))
    .nullish()
    .transform((v) => (v ? v : null));

/** Accepts what people type ("98765 43210", "+91-98765-43210") and stores +91XXXXXXXXXX. */
export const IndianMobileInput = z
  .string({ message: MOBILE_MESSAGE })
  .max(32, MOBILE_MESSAGE)
  .transform((v, ctx) => {
    const n = normalizeIndianMobile(v);
    if (!n) {
      ctx.issues.push({ code: 'custom', message: MOBILE_MESSAGE, input: v });
      return z.NEVER;
    }
    return n;
  });

/** Accepts "560 001" and stores "560001". */
export const PincodeInput = z
  .string({ message: PINCODE_MESSAGE })
  .max(12, PINCODE_MESSAGE)
  .transform((v, ctx) => {
    const n = normalizePincode(v);
    if (!n) {
      ctx.issues.push({ code: 'custom', message: PINCODE_MESSAGE, input: v });
      return z.NEVER;
    }
    return n;
  });

/** A pin's coordinate: a finite number within India's box, kept to 6 decimals (about 0.1 m). */
const coordinate = (label: 'Latitude' | 'Longitude', min: number, max: number) =>
  z
    .number({ message: `${label} is a number` })
    .min(min, `That point is outside India (${label.toLowerCase()} ${min} to ${max}): drop the pin again.`)
    .max(max, `That point is outside India (${label.toLowerCase()} ${min} to ${max}): drop the pin again.`)
    .transform(roundCoordinate);

export const LatitudeInput = coordinate('Latitude', INDIA_BOUNDS.minLatitude, INDIA_BOUNDS.maxLatitude);
export const LongitudeInput = coordinate('Longitude', INDIA_BOUNDS.minLongitude, INDIA_BOUNDS.maxLongitude);

const PIN_HALF = 'A pin needs both its latitude and its longitude.';
/** Both or neither: a pin is one point. On a change, both null removes it and both omitted leaves it. */
const pinWhole = (v: { latitude?: number | null; longitude?: number | null }) => (v.latitude == null) === (v.longitude == null);

const addressFields = {
  name: text('Name', ADDRESS_LIMITS.name),
  phone: IndianMobileInput,
  line1: text('Address line 1', ADDRESS_LIMITS.line1),
  line2: optionalText('Address line 2', ADDRESS_LIMITS.line2),
  landmark: optionalText('Landmark', ADDRESS_LIMITS.landmark),
  city: text('City', ADDRESS_LIMITS.city),
  state: text('State', ADDRESS_LIMITS.state),
  pincode: PincodeInput,
};

export const AddressCreateInputSchema = z
  .object({
    ...addressFields,
    /** Make this the default address (the first address always is). */
    isDefault: z.boolean().optional(),
    /** The pin the customer dropped with the browser's location (decision 287); omit or null for none. */
    latitude: LatitudeInput.nullish(),
    longitude: LongitudeInput.nullish(),
  })
  .refine(pinWhole, { message: PIN_HALF, path: ['latitude'] });
export type AddressCreateInput = z.input<typeof AddressCreateInputSchema>;

export const AddressIdInput = z.object({ id: Uuid });

export const AddressUpdateInputSchema = z
  .object({
    id: Uuid,
    name: addressFields.name.optional(),
    phone: addressFields.phone.optional(),
    line1: addressFields.line1.optional(),
    // Omitted = unchanged; null or "" = cleared.
    line2: z
      .string()
      .trim()
      .max(ADDRESS_LIMITS.line2, `Address line 2 is at most ${ADDRESS_LIMITS.line2} characters`)
      .refine(...noControl('Address line 2'))
      .nullable()
      .optional(),
    landmark: z
      .string()
      .trim()
      .max(ADDRESS_LIMITS.landmark, `Landmark is at most ${ADDRESS_LIMITS.landmark} characters`)
      .refine(...noControl('Landmark'))
      .nullable()
      .optional(),
    city: addressFields.city.optional(),
    state: addressFields.state.optional(),
    pincode: addressFields.pincode.optional(),
    isDefault: z.boolean().optional(),
    // The pin: both omitted = unchanged; both null = removed.
    latitude: LatitudeInput.nullable().optional(),
    longitude: LongitudeInput.nullable().optional(),
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined) && pinWhole(v), { message: PIN_HALF, path: ['latitude'] });
export type AddressUpdateInput = z.input<typeof AddressUpdateInputSchema>;

/** The postal part of an address: what an order keeps as its own copy when it is placed (OrderAddressSchema). */
export const PostalAddressSchema = z.object({
  name: z.string(),
  /** +91XXXXXXXXXX */
  phone: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  /** The pin the customer dropped (6 decimals), or null. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const AddressSchema = z.object({
  id: Uuid,
  ...PostalAddressSchema.shape,
  isDefault: z.boolean(),
  /** Whether we deliver to this PIN code today (checkout refuses the others). */
  serviceable: z.boolean(),
  /** Our name for the delivery area, when serviceable. */
  area: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Address = z.infer<typeof AddressSchema>;
