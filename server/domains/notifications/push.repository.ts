import type { Executor } from '../../../db/database';

/** The SQL of the people's push subscriptions (sending them is server/lib/push.ts). */

const COLUMNS = ['id', 'device', 'endpoint', 'created_at'] as const;

/**
 * A browser's subscription for this person: one row per endpoint, so subscribing again (a new key, or
 * another account signed in on the same browser) takes the row over rather than sending twice.
 */
export function upsertSubscription(db: Executor, s: { userId: string; endpoint: string; p256dh: string; auth: string; device: string; now: string }) {
  return db
    .insertInto('push_subscriptions')
    .values({ user_id: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, device: s.device, created_at: s.now })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        device: eb.ref('excluded.device'),
      })),
    )
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function subscriptionsOf(db: Executor, userId: string) {
  return db.selectFrom('push_subscriptions').select(COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
}

/** Only the person's own; answers whether one was removed. */
export async function deleteSubscription(db: Executor, userId: string, id: number): Promise<boolean> {
  const r = await db.deleteFrom('push_subscriptions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
