import type { Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { PushOutbox as PushOutboxTable } from '../../db/generated/database';

/** The SQL of the push outbox (push.ts keeps the delivery rules). */

/** The subscriptions the claimed deliveries go to (a removed one is simply absent). */
export function subscriptionsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('id', 'in', ids).execute();
}

export async function markPush(db: Executor, id: number, set: Updateable<PushOutboxTable>): Promise<void> {
  await db.updateTable('push_outbox').set(set).where('id', '=', id).execute();
}

/** The push service said the subscription is gone: the browser will never take a message on it again. */
export async function removeSubscription(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}
