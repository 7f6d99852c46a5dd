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

// ---------- The inbox (PRODUCT.md §20, decision 215) ----------

/** push: a notification on a browser or phone the person subscribed (decision 270). */
export const DELIVERY_CHANNELS = ['email', 'whatsapp', 'sms', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/**
 * A delivery's status: queued (in the outbox), sent (the provider took it), delivered and read
 * (WhatsApp's status webhook), failed (for good), logged (no provider is configured on this server:
 * written to its log only, so it did not reach the person).
 */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'logged'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const MessageDeliverySchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  /** Masked: "+91 98••• 43210", "as•••@example.in"; for push the device ("Chrome on Android"). */
  to: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** When the status was reached (ISO). */
  at: z.string(),
});
export type MessageDelivery = z.infer<typeof MessageDeliverySchema>;

export const InboxMessageSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path on the shop ("/order/…", "/deliveries?date=…"), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  deliveries: z.array(MessageDeliverySchema),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const MessagesInputSchema = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(50, 'pageSize is at most 50').default(20),
});
export type MessagesInput = z.infer<typeof MessagesInputSchema>;

export const MessagesSchema = z.object({
  messages: z.array(InboxMessageSchema),
  totalCount: z.number().int(),
  unread: z.number().int(),
});
export type Messages = z.infer<typeof MessagesSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });

/** POST /api/user/messages/read: `{ "ids": [1, 2] }` or `{ "all": true }` — one of the two. */
export const MarkReadInputSchema = z
  .strictObject({
    ids: z
      .array(z.number().int().positive('Each id is a message id'))
      .min(1, 'Name at least one message')
      .max(100, 'At most 100 messages at a time')
      .optional(),
    all: z.literal(true, { message: 'all is true, or leave it out' }).optional(),
  })
  .refine((v) => (v.ids ? !v.all : v.all === true), { message: 'Send { "ids": [1, 2] } or { "all": true }', path: ['ids'] });
export type MarkReadInput = z.infer<typeof MarkReadInputSchema>;

// ---------- Web push (PRODUCT.md §22, decision 270) ----------

/** What the browser's PushSubscription.toJSON() gives: the push service's endpoint and the keys to encrypt for. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'The push endpoint must be a web address' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'p256dh must be the browser’s public key (URL-safe base64)'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'auth must be the browser’s auth secret (URL-safe base64)'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushSubscriptionSchema = z.object({
  id: z.number().int(),
  /** "Chrome on Android", from the browser that subscribed. */
  device: z.string(),
  /** The push service's endpoint: a browser finds its own subscription by it. */
  endpoint: z.string(),
  createdAt: z.string(),
});
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

export const PushSubscriptionsSchema = z.object({ subscriptions: z.array(PushSubscriptionSchema) });

/** The key browsers subscribe with (applicationServerKey): the VAPID public key, URL-safe base64. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
