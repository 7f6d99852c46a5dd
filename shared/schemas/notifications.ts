import { z } from 'zod';

/**
 * How the customer hears about their orders (PRODUCT.md §18, decision 174): one switch per channel.
 * E-mail: the order's progress mails (out for delivery, delivered, rescheduled; receipts, refunds and
 * account mails always go). WhatsApp: the opt-in, with its time; only a verified mobile receives it.
 * SMS: the fallback when a WhatsApp message finally fails.
 */
export const NotificationPreferencesSchema = z.object({
  email: z.boolean(),
  whatsapp: z.boolean(),
  sms: z.boolean(),
  /** When the customer opted in to WhatsApp (ISO), or null. */
  whatsappOptInAt: z.string().nullable(),
  /** The verified mobile WhatsApp and SMS go to, or null (then neither can be sent). */
  verifiedMobile: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesPatchSchema = z.strictObject({
  email: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
  sms: z.boolean().optional(),
});
export type NotificationPreferencesPatch = z.infer<typeof NotificationPreferencesPatchSchema>;
