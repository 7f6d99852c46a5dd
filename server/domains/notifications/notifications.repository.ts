import type { Executor } from '../../../db/database';
import type { NotificationChannelsPatch, NotificationKind } from '../../../shared/schemas/notifications';

/** The SQL of notification preferences: the WhatsApp opt-in on users, the per-kind cells in notification_preferences. */

export function preferencesRow(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['whatsapp_opt_in_at', 'mobile', 'mobile_verified_at', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The kinds the customer changed something of (a kind without a row has every channel on). */
export function kindRows(db: Executor, userId: string) {
  return db.selectFrom('notification_preferences').select(['kind', 'email', 'whatsapp', 'sms']).where('user_id', '=', userId).execute();
}

/** The cells that change for one kind; the others keep their value (on, for a kind without a row). */
export async function upsertKind(db: Executor, userId: string, kind: NotificationKind, set: NotificationChannelsPatch): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, kind, ...set })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(set))
    .execute();
}
