import { z } from 'zod';
import { IsoDate, Paise, Uuid } from './common';
import { OrderStatusSchema, type Order } from './orders';

/** The last mile (PRODUCT.md §17): assignment, the rider's runs, the delivery code, COD cash. */

export const FAIL_REASONS = ['not_at_home', 'address_not_found', 'refused'] as const;
export const FailReasonSchema = z.enum(FAIL_REASONS, { message: 'Choose why the delivery failed' });
export type FailReason = z.infer<typeof FailReasonSchema>;
export const FAIL_REASON_LABELS: Record<FailReason, string> = {
  not_at_home: 'Not at home',
  address_not_found: 'Address not found',
  refused: 'Refused',
};

/** Proof of delivery (decision 296): the phone sends at most this (it resizes first); kept as WebP within width × width. */
export const DELIVERY_PHOTO = { maxBytes: 5 * 1024 * 1024, width: 1280, accepted: 'JPEG, PNG or WebP' } as const;

/** Wrong delivery codes a stop takes before it locks and the manager must confirm. */
export const DELIVERY_CODE_TRIES = 5;

const SlotRef = z.object({ id: Uuid, label: z.string(), startTime: z.string(), endTime: z.string() });

// --- the manager: /admin/deliveries ---

export const AdminStopsInputSchema = z.object({ date: IsoDate, slotId: Uuid.optional() });
export type AdminStopsInput = z.infer<typeof AdminStopsInputSchema>;

export const DeliveryStopSchema = z.object({
  orderId: Uuid,
  number: z.string(),
  status: OrderStatusSchema,
  statusLabel: z.string(),
  customerFirstName: z.string(),
  pincode: z.string(),
  area: z.string(),
  slot: SlotRef,
  itemCount: z.number().int(),
  total: Paise,
  /** Cash to collect at the door (cash on delivery not yet paid), else null. */
  codDue: Paise.nullable(),
  /** The stop's money in words ("Cash due ₹627", "Cash ₹627 collected", "Paid online"): deliveryPaymentLabel. */
  paymentLabel: z.string(),
  riderId: Uuid.nullable(),
  riderName: z.string().nullable(),
  /** When the kitchen marked the order's batch ready for the riders; null while it is not. */
  readyAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  failReason: FailReasonSchema.nullable(),
  failNote: z.string().nullable(),
  /** Five wrong codes in all: the manager confirms the delivery or issues a new code. */
  locked: z.boolean(),
  /** The customer's drop-off note for this delivery ("ring twice"), or null. */
  instructions: z.string().nullable(),
});
export type DeliveryStop = z.infer<typeof DeliveryStopSchema>;

/** A stop moved to another day: the stop, and how the customer was told ("Sent on WhatsApp to +91 98••• 43210"). */
export const RescheduleAnswerSchema = DeliveryStopSchema.extend({ told: z.string() });
export type RescheduleAnswer = z.infer<typeof RescheduleAnswerSchema>;

export const RiderRefSchema = z.object({ id: Uuid, name: z.string(), mobile: z.string().nullable() });

export const AdminStopsSchema = z.object({
  date: z.string(),
  slots: z.array(SlotRef),
  riders: z.array(RiderRefSchema),
  /** Orders of the day (or slot) that are ready to go, on their way, delivered or failed — by slot, each slot in route order (decision 289). */
  stops: z.array(DeliveryStopSchema),
});
export type AdminStops = z.infer<typeof AdminStopsSchema>;

export const AssignInputSchema = z.object({
  orderIds: z.array(Uuid).min(1, 'Choose at least one order').max(500),
  /** One rider for all of them; without it the shop spreads them by PIN code over the enabled riders. */
  riderId: Uuid.optional(),
});
export type AssignInput = z.infer<typeof AssignInputSchema>;

export const AssignAnswerSchema = z.object({ assigned: z.array(z.object({ orderId: Uuid, riderId: Uuid, riderName: z.string() })) });
export type AssignAnswer = z.infer<typeof AssignAnswerSchema>;

export const ConfirmDeliveredInputSchema = z.object({ id: Uuid, cashCollected: Paise.optional() });
export type ConfirmDeliveredInput = z.infer<typeof ConfirmDeliveredInputSchema>;

/** POST /api/admin/deliveries/{id}/new-code: a new delivery code for the order (the old one stops working, the tries start again). */
export const NewCodeInputSchema = z.object({ id: Uuid });
export type NewCodeInput = z.infer<typeof NewCodeInputSchema>;

/** POST /api/admin/deliveries/{id}/reschedule: a stop not yet out (a failed one, typically) to another date and slot. */
export const RescheduleInputSchema = z.object({ id: Uuid, date: IsoDate, slotId: Uuid });
export type RescheduleInput = z.infer<typeof RescheduleInputSchema>;

// --- the rider: /rider ---

export const RiderRunsInputSchema = z.object({ date: IsoDate.optional() });
export type RiderRunsInput = z.infer<typeof RiderRunsInputSchema>;

export const RiderStopSchema = z.object({
  orderId: Uuid,
  number: z.string(),
  status: OrderStatusSchema,
  statusLabel: z.string(),
  firstName: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    landmark: z.string().nullable(),
    city: z.string(),
    pincode: z.string(),
  }),
  mapUrl: z.string(),
  callUrl: z.string(),
  whatsappUrl: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  codDue: Paise.nullable(),
  /** The stop's money in words, as on the desk's list (deliveryPaymentLabel). */
  paymentLabel: z.string(),
  /** When the kitchen marked the order's batch ready to pick up; null while it is not. */
  readyAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  failReason: FailReasonSchema.nullable(),
  triesLeft: z.number().int(),
  locked: z.boolean(),
  /** The customer's drop-off note for this delivery ("leave with security"), or null. */
  instructions: z.string().nullable(),
  /** A proof-of-delivery photo is kept for this stop (decision 296). */
  hasPhoto: z.boolean(),
});
export type RiderStop = z.infer<typeof RiderStopSchema>;

/** A stop of a run, in route order (decision 289): "Stop 3 of 7", and how far from the one before. */
export const RiderRunStopSchema = RiderStopSchema.extend({
  /** 1-based place in the run's route (the run's stops are in this order). */
  position: z.number().int().min(1),
  /** km (to 0.1) from the previous stop — from the kitchen for the first — when both have a pin; else null. */
  kmFromPrevious: z.number().nullable(),
});
export type RiderRunStop = z.infer<typeof RiderRunStopSchema>;

export const RiderRunsSchema = z.object({
  date: z.string(),
  /** Cash the rider has taken at the doors of this day's delivered stops (what they hand in). */
  cashInHand: Paise,
  /** Slots in order; each run's stops in route order from the kitchen (decision 289). */
  runs: z.array(z.object({ slot: SlotRef, stops: z.array(RiderRunStopSchema) })),
});
export type RiderRuns = z.infer<typeof RiderRunsSchema>;

export const RiderOrderInputSchema = z.object({ id: Uuid });
export const DeliveredInputSchema = z.object({
  id: Uuid,
  code: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'The delivery code is 4 digits'),
  /** Cash taken at the door (cash on delivery). */
  cashCollected: Paise.optional(),
});
export type DeliveredInput = z.infer<typeof DeliveredInputSchema>;
export const FailedInputSchema = z.object({
  id: Uuid,
  reason: FailReasonSchema,
  note: z.string().trim().max(200, 'At most 200 characters').optional(),
});
export type FailedInput = z.infer<typeof FailedInputSchema>;

export const RiderStopAnswerSchema = z.object({ stop: RiderStopSchema });
export type RiderStopAnswer = z.infer<typeof RiderStopAnswerSchema>;

/** "Could not deliver": the stop, and how the customer was told ("Sent on WhatsApp to +91 98••• 43210"). */
export const FailedAnswerSchema = RiderStopAnswerSchema.extend({ told: z.string() });
export type FailedAnswer = z.infer<typeof FailedAnswerSchema>;

// --- COD cash: /admin/riders/cash ---

export const RiderCashInputSchema = z.object({ date: IsoDate });
export const RiderCashSchema = z.object({
  date: z.string(),
  riders: z.array(
    z.object({
      riderId: Uuid,
      name: z.string(),
      /** Cash-on-delivery orders this rider delivered that day. */
      deliveredCodOrders: z.number().int(),
      /** What those orders came to. */
      codTotal: Paise,
      /** What the rider recorded as collected. */
      cashCollected: Paise,
      /** collected − due: negative when cash is short. */
      difference: z.number().int(),
    }),
  ),
  totals: z.object({ codTotal: Paise, cashCollected: Paise }),
});
export type RiderCash = z.infer<typeof RiderCashSchema>;

// --- the customer, once out for delivery: OrderSchema's `delivery` ---

export type CustomerDelivery = NonNullable<Order['delivery']>;
