import type { Executor } from '../../../db/database';

/** The SQL of notification preferences (the columns live on users). */

export function preferencesRow(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['notify_email', 'notify_sms', 'whatsapp_opt_in_at', 'mobile', 'mobile_verified_at', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function updatePreferences(
  db: Executor,
  userId: string,
  set: { notify_email?: boolean; notify_sms?: boolean; whatsapp_opt_in_at?: string | null },
): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
}
