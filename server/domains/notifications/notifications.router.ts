import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import { NotificationPreferencesPatchSchema, NotificationPreferencesSchema } from '../../../shared/schemas/notifications';
import * as notifications from './notifications.service';

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
});
