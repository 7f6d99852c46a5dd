import { z } from 'zod';
import { Uuid } from './common';

/**
 * Outgoing webhooks: the events the shop sends, the endpoints an admin registers and the
 * delivery log. The signing scheme is described in docs/webhooks.md.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.paid',
  'order.status_changed',
  'order.cancelled',
  'order.refunded',
  'subscription.created',
  'subscription.renewed',
  'subscription.paused',
  'subscription.resumed',
  'subscription.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { message: 'Unknown event type' });

/** What each event means, for the admin screen and the OpenAPI description. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.placed': 'Order placed',
  'order.paid': 'Order paid',
  'order.status_changed': 'Order status changed',
  'order.cancelled': 'Order cancelled',
  'order.refunded': 'Order refunded',
  'subscription.created': 'Subscription started',
  'subscription.renewed': 'Subscription renewed',
  'subscription.paused': 'Subscription paused',
  'subscription.resumed': 'Subscription resumed',
  'subscription.cancelled': 'Subscription cancelled',
};

// Control characters are refused in free text (they break logs and the admin table).
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

const WebhookUrl = z
  .string()
  .trim()
  .min(1, 'Enter the URL the shop should call')
  .max(2000, 'The URL is at most 2000 characters')
  .regex(NO_CONTROL, 'The URL has invalid characters')
  .pipe(z.url({ message: 'Enter a full URL, like https://example.com/hooks/hydro' }));
const Description = z
  .string()
  .trim()
  .max(200, 'The description is at most 200 characters')
  .regex(NO_CONTROL, 'The description has invalid characters');
const Events = z
  .array(WebhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((a) => [...new Set(a)]);

export const WebhookEndpointCreateInputSchema = z.object({
  url: WebhookUrl,
  description: Description.default(''),
  events: Events,
  active: z.boolean().default(true),
});
export type WebhookEndpointCreateInput = z.infer<typeof WebhookEndpointCreateInputSchema>;

export const WebhookEndpointUpdateInputSchema = z.object({
  id: Uuid,
  url: WebhookUrl.optional(),
  description: Description.optional(),
  events: Events.optional(),
  active: z.boolean().optional(),
});
export type WebhookEndpointUpdateInput = z.infer<typeof WebhookEndpointUpdateInputSchema>;

export const WebhookEndpointIdInputSchema = z.object({ id: Uuid });

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** The secret's first characters, so the admin can tell which one an integrator holds. */
  secretHint: z.string(),
  secretRotatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  pending: z.number().int(),
  failed: z.number().int(),
  lastDeliveredAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = z.object({
  endpoints: z.array(WebhookEndpointSchema),
  eventTypes: z.array(z.object({ type: z.string(), label: z.string() })),
  /** Whether this server accepts loopback URLs (WEBHOOKS_ALLOW_LOOPBACK, local development only). */
  allowLoopback: z.boolean(),
  httpsOnly: z.boolean(),
});
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

/** Create and rotate answer the secret once; it is never shown again. */
export const WebhookEndpointWithSecretSchema = z.object({
  endpoint: WebhookEndpointSchema,
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WebhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);

export const WebhookDeliveriesInputSchema = z.object({
  endpointId: Uuid.optional(),
  status: WebhookDeliveryStatusSchema.optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(100, 'pageSize is at most 100').default(25),
});
export type WebhookDeliveriesInput = z.infer<typeof WebhookDeliveriesInputSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  endpointId: z.string(),
  endpointUrl: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryPageSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
  totalCount: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

export const WebhookDeliveryIdInputSchema = z.object({ id: z.coerce.number().int().min(1, 'Must be a delivery id') });
