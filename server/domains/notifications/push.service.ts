import type { AppDeps } from '../../deps';
import type { RequestInfo } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import { resolveVapidKeys } from '../../lib/secrets';
import { deviceOf } from '../../../shared/rules/device';
import type { PushSubscription, PushSubscriptionInput } from '../../../shared/schemas/notifications';
import { checkWebhookUrl, UrlRefused } from '../webhooks/webhooks.url-guard';
import * as repo from './push.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const NOT_YOURS = 'No such notification subscription on your account.';

const shape = (r: { id: number; device: string; endpoint: string; created_at: string }): PushSubscription => ({
  id: Number(r.id),
  device: r.device,
  endpoint: r.endpoint,
  createdAt: new Date(r.created_at).toISOString(),
});

/** GET /api/push/public-key: the key a browser subscribes with (the VAPID public key). */
export async function publicKey(deps: Pick<AppDeps, 'db' | 'config'>): Promise<{ publicKey: string }> {
  return { publicKey: (await resolveVapidKeys(deps.db, deps.config)).publicKey };
}

/**
 * POST /api/user/push-subscriptions: this browser now gets the person's messages as notifications.
 * The shop will POST to the endpoint, so it must be a public web address, as an outgoing webhook's is
 * (https in production; never the shop's own network).
 */
export async function subscribe(deps: Deps, userId: string, input: PushSubscriptionInput, req: RequestInfo): Promise<PushSubscription> {
  try {
    await checkWebhookUrl(input.endpoint, { httpsOnly: deps.config.NODE_ENV === 'production', allowLoopback: deps.config.WEBHOOKS_ALLOW_LOOPBACK });
  } catch (e) {
    if (!(e instanceof UrlRefused)) throw e;
    const message = `This push endpoint cannot be used: ${e.message}`;
    throw new AppError('VALIDATION_FAILED', message, { details: { fieldErrors: { endpoint: [message] } } });
  }
  const ua = req.headers['user-agent'];
  const row = await repo.upsertSubscription(deps.db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    device: deviceOf(typeof ua === 'string' ? ua : null),
    now: deps.clock.now().toISOString(),
  });
  return shape(row);
}

/** GET /api/user/push-subscriptions: the browsers that get the person's notifications. */
export async function listSubscriptions(deps: Pick<Deps, 'db'>, userId: string): Promise<{ subscriptions: PushSubscription[] }> {
  return { subscriptions: (await repo.subscriptionsOf(deps.db, userId)).map(shape) };
}

/** DELETE /api/user/push-subscriptions/{id}: that browser gets no more notifications. */
export async function unsubscribe(deps: Pick<Deps, 'db'>, userId: string, id: number): Promise<{ removed: true }> {
  if (!(await repo.deleteSubscription(deps.db, userId, id))) throw new AppError('NOT_FOUND', NOT_YOURS);
  return { removed: true };
}
