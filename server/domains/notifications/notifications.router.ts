import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import {
  MarkReadInputSchema,
  MessagesInputSchema,
  MessagesSchema,
  NotificationPreferencesPatchSchema,
  NotificationPreferencesSchema,
  UnreadCountSchema,
} from '../../../shared/schemas/notifications';
import * as notifications from './notifications.service';
import * as inbox from './inbox.service';

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
});
