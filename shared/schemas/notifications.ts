import { z } from 'zod';

/**
 * How the customer hears from the shop (PRODUCT.md §18, decisions 174 and 183): per kind of message,
 * e-mail / WhatsApp / SMS. WhatsApp needs the opt-in (with its time) and a verified mobile; SMS is the
 * fallback when a WhatsApp message finally fails. Receipts (the order confirmation mail), cancellations,
 * refunds and account or security mails always go by e-mail: the order confirmation's e-mail is not a switch.
 */
export const NOTIFICATION_KINDS = ['order_confirmed', 'out_for_delivery', 'delivered', 'payment_failed', 'deliveries'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationChannelsSchema = z.object({ email: z.boolean(), whatsapp: z.boolean(), sms: z.boolean() });
export type NotificationChannels = z.infer<typeof NotificationChannelsSchema>;

/** The same cell for every kind of message, in NOTIFICATION_KINDS' order: the kinds are listed once. */
function perKind<Cell extends z.ZodType>(cell: Cell): Record<NotificationKind, Cell> {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, cell])) as Record<NotificationKind, Cell>;
}

export const NotificationMatrixSchema = z.object(perKind(NotificationChannelsSchema));
export type NotificationMatrix = z.infer<typeof NotificationMatrixSchema>;

export const NotificationPreferencesSchema = z.object({
  /** Per kind of message, the channels it goes by (the order confirmation's e-mail is always true: it is the receipt). */
  kinds: NotificationMatrixSchema,
  /** Opted in to WhatsApp (checkout box or profile switch); WhatsApp cells only count while this is on. */
  whatsapp: z.boolean(),
  /** When the customer opted in to WhatsApp (ISO), or null. */
  whatsappOptInAt: z.string().nullable(),
  /** The verified mobile WhatsApp and SMS go to, or null (then neither can be sent). */
  verifiedMobile: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

const ChannelsPatchSchema = z.strictObject({ email: z.boolean().optional(), whatsapp: z.boolean().optional(), sms: z.boolean().optional() });
export type NotificationChannelsPatch = z.infer<typeof ChannelsPatchSchema>;

export const NotificationPreferencesPatchSchema = z.strictObject({
  /** The WhatsApp opt-in: true records the time (kept when opting in again), false clears it. */
  whatsapp: z.boolean().optional(),
  /** The cells that change, per kind. */
  kinds: z.strictObject(perKind(ChannelsPatchSchema.optional())).optional(),
});
export type NotificationPreferencesPatch = z.infer<typeof NotificationPreferencesPatchSchema>;
