import { z } from 'zod';
import { IsoDateTime, Uuid } from './common';
import { PINCODE_MESSAGE } from '../rules/india';
import { LatitudeInput, LongitudeInput } from './addresses';
import {
  DEFAULT_SLOT_CONFIG,
  isSlotDate,
  isSlotTime,
  ORDER_PLAN_TYPES,
  SLOT_CONFIG_LIMITS,
  SLOT_PLAN_TYPES,
  SLOT_REASONS,
} from '../rules/slots';

export const SlotPlanTypeSchema = z.enum(SLOT_PLAN_TYPES);
export const OrderPlanTypeSchema = z.enum(ORDER_PLAN_TYPES, { message: "planType is 'one_time' or 'subscription'" });
export const SlotReasonSchema = z.enum(SLOT_REASONS);

/**
 * A calendar date in Asia/Kolkata; "2026-02-30" is refused with a sentence, never a 5xx.
 * Years are kept to 2000–2099 so date arithmetic never leaves what PostgreSQL accepts.
 */
export const SlotDate = z.string().max(10, 'Use a date like 2026-01-31').refine(isSlotDate, 'Use a real calendar date like 2026-01-31');
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
const plainText = (v: string) => !CONTROL_RE.test(v);
export const SlotTime = z.string().max(5).refine(isSlotTime, 'Use a 24-hour time like 07:00');
export const PincodeParam = z
  .string()
  .max(12, PINCODE_MESSAGE)
  .regex(/^[1-9]\d{5}$/, PINCODE_MESSAGE);

// ---------- PIN codes ----------

export const PincodeLookupInput = z.object({ pincode: PincodeParam });
export const PincodeLookupSchema = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  area: z.string().optional(),
});
export type PincodeLookup = z.infer<typeof PincodeLookupSchema>;

// ---------- Slots (spec §3, §7: field names fixed) ----------

export const SlotsByDateInput = z.object({
  date: SlotDate,
  planType: OrderPlanTypeSchema.default('one_time'),
});

export const DeliverySlotSchema = z.object({
  id: Uuid,
  /** 'HH:MM', Asia/Kolkata */
  start_time: z.string(),
  end_time: z.string(),
  max_bookings: z.number().int(),
  /** date (YYYY-MM-DD) → bookings on that date. */
  current_bookings: z.record(z.string(), z.number().int()),
  plan_type: SlotPlanTypeSchema,
  /** Can an order still take this slot on the requested date? */
  available: z.boolean(),
  remaining: z.number().int(),
  reason: SlotReasonSchema.optional(),
});
export type DeliverySlot = z.infer<typeof DeliverySlotSchema>;

export const AvailableSlotsInput = z.object({
  /** First date (default: today in Asia/Kolkata). */
  from: SlotDate.optional(),
  days: z.coerce.number().int().min(1, 'days is at least 1').max(31, 'days is at most 31').default(7),
  planType: OrderPlanTypeSchema.default('one_time'),
});

export const SlotConfigSchema = z.object({
  horizonDays: z
    .number()
    .int()
    .min(SLOT_CONFIG_LIMITS.horizonDays.min)
    .max(SLOT_CONFIG_LIMITS.horizonDays.max, `horizonDays is at most ${SLOT_CONFIG_LIMITS.horizonDays.max}`),
  cutoffMinutes: z
    .number()
    .int()
    .min(SLOT_CONFIG_LIMITS.cutoffMinutes.min)
    .max(SLOT_CONFIG_LIMITS.cutoffMinutes.max, `cutoffMinutes is at most ${SLOT_CONFIG_LIMITS.cutoffMinutes.max}`),
  /** Standing deliveries: the evening before a date, at this Asia/Kolkata time, its changes close and it is placed. */
  standingCutoffTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'standingCutoffTime is a time like 21:00')
    .default('21:00'),
});
export type SlotConfigDto = z.infer<typeof SlotConfigSchema>;
export { DEFAULT_SLOT_CONFIG };

/**
 * Where the riders start (decision 288): the kitchen's pin, the first point of every run's route.
 * `isDefault`: the owner has not set it yet and the demo's farm at the edge of Bengaluru stands in.
 */
export const KitchenLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  isDefault: z.boolean(),
});
export type KitchenLocation = z.infer<typeof KitchenLocationSchema>;
export const KitchenLocationInputSchema = z.object({ latitude: LatitudeInput, longitude: LongitudeInput });
export type KitchenLocationInput = z.output<typeof KitchenLocationInputSchema>;

export const AvailableDaySchema = z.object({
  date: z.string(),
  /** Any slot still bookable on this date. */
  available: z.boolean(),
  blackoutReason: z.string().optional(),
  slots: z.array(DeliverySlotSchema),
});
export const AvailableSlotsSchema = z.object({
  today: z.string(),
  config: SlotConfigSchema,
  days: z.array(AvailableDaySchema),
});
export type AvailableSlots = z.infer<typeof AvailableSlotsSchema>;

// ---------- Admin ----------

export const AdminSlotSchema = z.object({
  id: Uuid,
  startTime: z.string(),
  endTime: z.string(),
  maxBookings: z.number().int(),
  planType: SlotPlanTypeSchema,
  active: z.boolean(),
  sort: z.number().int(),
});
export type AdminSlot = z.infer<typeof AdminSlotSchema>;

export const MAX_SLOT_CAPACITY = 1000;
const Capacity = z.number().int().min(0, 'maxBookings is at least 0').max(MAX_SLOT_CAPACITY, `maxBookings is at most ${MAX_SLOT_CAPACITY}`);

export const AdminSlotCreateInput = z
  .object({
    startTime: SlotTime,
    endTime: SlotTime,
    maxBookings: Capacity,
    planType: SlotPlanTypeSchema.default('all'),
    active: z.boolean().default(true),
    sort: z.number().int().min(0).max(1000).optional(),
  })
  .refine((v) => v.endTime > v.startTime, { message: 'The slot must end after it starts', path: ['endTime'] });

export const AdminSlotUpdateInput = z.object({
  id: Uuid,
  startTime: SlotTime.optional(),
  endTime: SlotTime.optional(),
  maxBookings: Capacity.optional(),
  planType: SlotPlanTypeSchema.optional(),
  active: z.boolean().optional(),
  sort: z.number().int().min(0).max(1000).optional(),
});

export const BlackoutDateSchema = z.object({
  date: z.string(),
  reason: z.string(),
  /** Orders already booked on that day (they keep their slot; the admin decides what to do). */
  bookings: z.number().int(),
  createdAt: IsoDateTime,
});
export type BlackoutDate = z.infer<typeof BlackoutDateSchema>;
export const BlackoutAddInput = z.object({
  date: SlotDate,
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason customers will understand')
    .max(120, 'reason is at most 120 characters')
    .refine(plainText, 'reason contains characters we cannot store'),
});
export const BlackoutDateInput = z.object({ date: SlotDate });

export const AdminPincodeSchema = z.object({
  pincode: z.string(),
  area: z.string(),
  city: z.string(),
  active: z.boolean(),
  updatedAt: IsoDateTime,
});
export type AdminPincode = z.infer<typeof AdminPincodeSchema>;
const AreaText = z
  .string()
  .trim()
  .min(1, 'area is required')
  .max(80, 'area is at most 80 characters')
  .refine(plainText, 'area contains characters we cannot store');
const CityText = z
  .string()
  .trim()
  .min(1, 'city is required')
  .max(60, 'city is at most 60 characters')
  .refine(plainText, 'city contains characters we cannot store');
export const PincodeAddInput = z.object({
  pincode: PincodeParam,
  area: AreaText,
  city: CityText.default('Bengaluru'),
  active: z.boolean().default(true),
});
export const PincodeUpdateInput = z.object({
  pincode: PincodeParam,
  area: AreaText.optional(),
  city: CityText.optional(),
  active: z.boolean().optional(),
});
export const PincodeKeyInput = z.object({ pincode: PincodeParam });

export const SlotFillSchema = z.object({
  date: z.string(),
  blackoutReason: z.string().optional(),
  slots: z.array(z.object({ slotId: Uuid, booked: z.number().int(), max: z.number().int() })),
});
export const AdminSlotsOverviewSchema = z.object({
  today: z.string(),
  config: SlotConfigSchema,
  slots: z.array(AdminSlotSchema),
  blackoutDates: z.array(BlackoutDateSchema),
  fill: z.array(SlotFillSchema),
});
export type AdminSlotsOverview = z.infer<typeof AdminSlotsOverviewSchema>;
