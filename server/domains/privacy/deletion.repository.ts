import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/**
 * The SQL of account deletion (decision 252). The erasure reaches every table that holds a person's
 * personal fields; orders, invoices and money ledgers stay (GST: 8 years) pointing at the users row,
 * which becomes a tombstone without a name, e-mail, number or password.
 */

export async function insertDeletion(db: Executor, userId: string, reason: 'customer' | 'inactive', at: string): Promise<string | null> {
  const r = await db
    .insertInto('account_deletions')
    .values({ user_id: userId, reason, requested_at: at })
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'scheduled').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

export async function setWalletRefunded(db: Executor, id: string, paise: number): Promise<void> {
  await db.updateTable('account_deletions').set({ wallet_refunded_paise: paise }).where('id', '=', id).execute();
}

export function openOrdersOf(db: Executor, userId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'status'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending_payment', 'confirmed', 'preparing', 'out_for_delivery'])
    .orderBy('created_at')
    .execute();
}

/**
 * Signing in ends now and the e-mail and number are free for a new account at once; the texts and
 * mails that carried no inbox message (welcome, links, sign-in codes) lose their address now too.
 */
export async function closeAccount(db: Executor, userId: string, at: string): Promise<void> {
  const u = await db.selectFrom('users').select(['email', 'mobile']).where('id', '=', userId).executeTakeFirst();
  if (u?.email) {
    await db
      .updateTable('mail_outbox')
      .set({ to_email: '', to_name: null, subject: '', html: '', text: '' })
      .where('message_id', 'is', null)
      .where(sql`lower(to_email)`, '=', u.email.toLowerCase())
      .execute();
    await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
  }
  if (u?.mobile) {
    await db.updateTable('sms_outbox').set({ to_mobile: '', text: '', variables: {} }).where('message_id', 'is', null).where('to_mobile', '=', u.mobile).execute();
    await db.deleteFrom('otp_codes').where((eb) => eb.or([eb('mobile', '=', u.mobile!), eb('user_id', '=', userId)])).execute();
  }
  await db
    .updateTable('users')
    .set({ email: null, email_verified: false, mobile: null, mobile_verified_at: null, whatsapp_opt_in_at: null, password_hash: null, disabled: true, updated_at: at })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
}

/** Scheduled deletions whose person has nothing left to deliver and no message still waiting to go. */
export function dueDeletions(db: Executor, limit: number) {
  return db
    .selectFrom('account_deletions as d')
    .select(['d.id', 'd.user_id'])
    .where('d.status', '=', 'scheduled')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orders')
            .select('id')
            .whereRef('orders.user_id', '=', 'd.user_id')
            .where('status', 'in', ['pending_payment', 'confirmed', 'preparing', 'out_for_delivery']),
        ),
      ),
    )
    .where(
      sql<boolean>`not exists (select 1 from messages m where m.user_id = d.user_id and (
        exists (select 1 from mail_outbox o where o.message_id = m.id and o.status = 'pending')
        or exists (select 1 from sms_outbox o where o.message_id = m.id and o.status = 'pending')
        or exists (select 1 from whatsapp_outbox o where o.message_id = m.id and o.status = 'pending')))`,
    )
    .orderBy('d.requested_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Everything personal left about the person, erased or reduced, in the caller's transaction. */
export async function erase(db: Executor, deletionId: string, userId: string, at: string): Promise<void> {
  const u = sql`${userId}::uuid`;
  const mine = sql`(select id from messages where user_id = ${u})`;
  await sql`update mail_outbox set to_email = '', to_name = null, subject = '', html = '', text = '' where message_id in ${mine}`.execute(db);
  await sql`update sms_outbox set to_mobile = '', text = '', variables = '{}'::jsonb where message_id in ${mine}`.execute(db);
  await sql`update whatsapp_outbox set to_mobile = '', text = '', variables = '[]'::jsonb where user_id = ${u} or message_id in ${mine}`.execute(db);
  for (const table of [
    'messages',
    'auth_sessions',
    'consents',
    'notification_preferences',
    'favorites',
    'saved_shakes',
    'user_cart_lines',
    'user_carts',
    'password_resets',
    'data_exports',
    'reviews',
    'schedule_vacations',
    'schedule_reminders',
    'delivery_instructions',
    'rider_action_keys',
  ]) {
    await sql`delete from ${sql.table(table)} where user_id = ${u}`.execute(db);
  }
  // Orders (and their GST invoices) stay, reduced to what the law needs: the place of supply, no name, contact or street.
  await sql`update orders set contact_email = '', contact_name = '',
      address = jsonb_build_object('city', address->>'city', 'state', address->>'state', 'pincode', pincode)
    where user_id = ${u}`.execute(db);
  await sql`delete from delivery_photos where order_id in (select id from orders where user_id = ${u})`.execute(db);
  await sql`delete from rider_action_keys where order_id in (select id from orders where user_id = ${u})`.execute(db);
  await sql`update schedules set address_id = null, drop_off_note = null where user_id = ${u}`.execute(db);
  await sql`delete from addresses where user_id = ${u}`.execute(db);
  // Grievances stay as the record that the shop answered, and when (decision 278), without what was written.
  await sql`update privacy_grievances set subject = '', details = '', answer = case when answer is null then null else '' end,
      status = case when status = 'open' then 'closed' else status end
    where user_id = ${u}`.execute(db);
  // The audit trail keeps what was done and when, not the details it carried.
  await sql`update audit_log set before = null, after = null where entity = 'user' and entity_id = ${userId} and action not like 'privacy.%'`.execute(db);
  await sql`update audit_log set actor_email = null where actor_id = ${u}`.execute(db);
  await sql`update users set name = '', username = null, email = null, mobile = null, password_hash = null, disabled = true, updated_at = ${at}::timestamptz where id = ${u}`.execute(db);
  await db.updateTable('account_deletions').set({ status: 'erased', erased_at: at }).where('id', '=', deletionId).execute();
}
