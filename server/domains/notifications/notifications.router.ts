import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure, publicProcedure } from '../../trpc/procedures';
import {
  PushPublicKeySchema,
  PushSubscriptionInputSchema,
  PushSubscriptionSchema,
  PushSubscriptionsSchema,
  MarkReadInputSchema,
  MessagesInputSchema,
  MessagesSchema,
  NotificationPreferencesPatchSchema,
  NotificationPreferencesSchema,
  UnreadCountSchema,
} from '../../../shared/schemas/notifications';
import * as notifications from './notifications.service';
import * as inbox from './inbox.service';
import * as push from './push.service';

export const notificationsRouter = router({
  preferences: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/notification-preferences', tags: ['user'], summary: 'How the customer hears about their orders', protect: true },
    })
    .input(z.void())
    .output(NotificationPreferencesSchema)
    .query(({ ctx }) => notifications.getPreferences(ctx.deps, ctx.user.id)),

  updatePreferences: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/notification-preferences',
        tags: ['user'],
        summary: 'Per kind of message, switch e-mail, WhatsApp or SMS; opt in to WhatsApp (needs a verified mobile)',
        protect: true,
      },
    })
    .input(NotificationPreferencesPatchSchema)
    .output(NotificationPreferencesSchema)
    .mutation(({ ctx, input }) => notifications.putPreferences(ctx.deps, ctx.user.id, input)),

  messages: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/messages',
        tags: ['user'],
        summary:
          'Everything the shop told the signed-in person, newest first (page from 1, pageSize 1–50, default 20; total in X-Total-Count), each message with its deliveries: channel, masked address, status (queued, sent, delivered, read, failed, logged)',
        protect: true,
      },
    })
    .input(MessagesInputSchema)
    .output(MessagesSchema)
    .query(({ ctx, input }) => inbox.listMessages(ctx.deps, ctx.user.id, input, ctx.resHeaders)),

  unread: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/messages/unread', tags: ['user'], summary: 'How many of the signed-in person’s messages are unread (the header’s badge)', protect: true },
    })
    .input(z.void())
    .output(UnreadCountSchema)
    .query(({ ctx }) => inbox.unreadMessages(ctx.deps, ctx.user.id)),

  markRead: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/messages/read',
        tags: ['user'],
        summary: 'Mark messages read: { "ids": [1, 2] } (only the person’s own) or { "all": true }; answers how many were marked and the unread count left',
        protect: true,
      },
    })
    .input(MarkReadInputSchema)
    .output(z.object({ marked: z.number().int(), unread: z.number().int() }))
    .mutation(({ ctx, input }) => inbox.markMessagesRead(ctx.deps, ctx.user.id, input)),

  pushPublicKey: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/push/public-key', tags: ['user'], summary: 'The key a browser subscribes to web push with (VAPID public key, URL-safe base64)', protect: false },
    })
    .input(z.void())
    .output(PushPublicKeySchema)
    .query(({ ctx }) => push.publicKey(ctx.deps)),

  pushSubscriptions: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/push-subscriptions', tags: ['user'], summary: 'The browsers and phones that show the signed-in person’s messages as notifications', protect: true },
    })
    .input(z.void())
    .output(PushSubscriptionsSchema)
    .query(({ ctx }) => push.listSubscriptions(ctx.deps, ctx.user.id)),

  subscribePush: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/push-subscriptions',
        tags: ['user'],
        summary: 'Show the person’s messages as notifications on this browser: the browser’s PushSubscription (endpoint, keys.p256dh, keys.auth); subscribing the same endpoint again updates it',
        protect: true,
      },
    })
    .input(PushSubscriptionInputSchema)
    .output(PushSubscriptionSchema)
    .mutation(({ ctx, input }) => push.subscribe(ctx.deps, ctx.user.id, input, ctx.req)),

  unsubscribePush: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/user/push-subscriptions/{id}', tags: ['user'], summary: 'No more notifications on that browser (only the person’s own)', protect: true },
    })
    .input(z.object({ id: z.coerce.number().int().positive() }))
    .output(z.object({ removed: z.literal(true) }))
    .mutation(({ ctx, input }) => push.unsubscribe(ctx.deps, ctx.user.id, input.id)),
});
