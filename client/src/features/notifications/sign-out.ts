import { apiFetch } from '../../lib/api-fetch';
import type { z } from 'zod';
import type { PushSubscriptionsSchema } from '../../../../shared/schemas/notifications';
import { currentPushSubscription } from './push';

/**
 * Signing out ends this device's notifications (decision 286): the next person on the phone must not
 * see the previous customer's notices. Loaded by the session's signOut (auth-context.tsx) while the
 * tokens are still there. The browser's subscription ends first (at its push service, so nothing more
 * can arrive here), then the shop forgets it (DELETE /api/user/push-subscriptions/{id}); if that call
 * cannot be made now, the shop removes the row the first time its push service answers "gone".
 */
export async function endPushOnThisDevice(): Promise<void> {
  const sub = await currentPushSubscription();
  if (!sub) return;
  const endpoint = sub.endpoint;
  await sub.unsubscribe().catch(() => false);
  const { subscriptions } = await apiFetch<z.infer<typeof PushSubscriptionsSchema>>('/api/user/push-subscriptions');
  const mine = subscriptions.find((s) => s.endpoint === endpoint);
  if (mine) await apiFetch(`/api/user/push-subscriptions/${mine.id}`, { method: 'DELETE' });
}
