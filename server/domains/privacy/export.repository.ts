import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/database';

/**
 * The SQL of "download my data" (decision 251). AREAS is the list of what is held about a person: one
 * file per table, its rows as JSON (`to_jsonb` of the row), secrets left out (password, token and code
 * hashes, API key hashes, stored image bytes). test/integration/privacy.test.ts finds every table with
 * a reference to users in the catalogue and fails when a row about the person is missing here — so a
 * new table with a user reference must get its line.
 */
export interface Area {
  table: string;
  about: string;
  /** Columns left out of the file (secrets, bytes). */
  omit?: string[];
  /** The rows about the person `u` (a uuid parameter), as a condition on the table aliased `t`. */
  where(u: RawBuilder<unknown>): RawBuilder<unknown>;
}

const orders = (u: RawBuilder<unknown>) => sql`(select id from orders where user_id = ${u})`;
const messagesOf = (u: RawBuilder<unknown>) => sql`(select id from messages where user_id = ${u})`;

export const AREAS: Area[] = [
  { table: 'users', about: 'Your account: name, e-mail, mobile, when they were verified, your role', omit: ['password_hash'], where: (u) => sql`t.id = ${u} or t.invited_by = ${u}` },
  { table: 'user_identities', about: 'The sign-in methods linked to your account (Google)', where: (u) => sql`t.user_id = ${u}` },
  { table: 'consents', about: 'What you agreed to or withdrew, on which notice version, when and where', where: (u) => sql`t.user_id = ${u}` },
  { table: 'addresses', about: 'Your delivery addresses, with the pin you dropped at the door if you did', where: (u) => sql`t.user_id = ${u}` },
  { table: 'orders', about: 'Your orders', where: (u) => sql`t.user_id = ${u}` },
  { table: 'order_lines', about: 'What each order held', where: (u) => sql`t.order_id in ${orders(u)}` },
  { table: 'order_events', about: 'Each order’s steps (placed, paid, out for delivery…)', where: (u) => sql`t.order_id in ${orders(u)} or t.actor_id = ${u}` },
  { table: 'order_deliveries', about: 'Each order’s delivery: rider, times, proof', where: (u) => sql`t.order_id in ${orders(u)} or t.rider_id = ${u} or t.assigned_by = ${u} or t.delivered_by = ${u}` },
  { table: 'delivery_photos', about: 'Photos riders took at your door (proof of delivery; the picture itself is on the order page)', omit: ['bytes'], where: (u) => sql`t.order_id in ${orders(u)} or t.taken_by = ${u}` },
  { table: 'rider_action_keys', about: 'As a rider: the keys your phone sent with each delivery step, so a repeat was applied once', omit: ['request_hash'], where: (u) => sql`t.user_id = ${u} or t.order_id in ${orders(u)}` },
  { table: 'order_invoices', about: 'Your tax invoices', where: (u) => sql`t.order_id in ${orders(u)}` },
  { table: 'payments', about: 'Payments for your orders', where: (u) => sql`t.order_id in ${orders(u)}` },
  { table: 'payment_attempts', about: 'Payment attempts for your orders', where: (u) => sql`t.order_id in ${orders(u)}` },
  {
    table: 'refunds',
    about: 'Money given back to you',
    where: (u) =>
      sql`t.order_id in ${orders(u)} or t.subscription_payment_id in (select id from subscription_payments where user_id = ${u}) or t.wallet_top_up_id in (select id from wallet_top_ups where user_id = ${u}) or t.autopay_debit_id in (select id from autopay_debits where user_id = ${u})`,
  },
  { table: 'coupon_uses', about: 'Coupons you used', where: (u) => sql`t.user_id = ${u}` },
  { table: 'subscriptions', about: 'Your subscriptions', where: (u) => sql`t.user_id = ${u}` },
  { table: 'subscription_payments', about: 'Payments for your subscriptions', where: (u) => sql`t.user_id = ${u}` },
  { table: 'subscription_periods', about: 'Your subscriptions’ paid periods', where: (u) => sql`t.subscription_id in (select id from subscriptions where user_id = ${u})` },
  { table: 'wallet_balances', about: 'Your wallet balance', where: (u) => sql`t.user_id = ${u}` },
  { table: 'wallet_ledger', about: 'Every movement of your wallet', where: (u) => sql`t.user_id = ${u} or t.actor_id = ${u}` },
  { table: 'wallet_top_ups', about: 'Your wallet top-ups', where: (u) => sql`t.user_id = ${u}` },
  { table: 'reward_balances', about: 'Your reward points', where: (u) => sql`t.user_id = ${u}` },
  { table: 'reward_ledger', about: 'Every movement of your points', where: (u) => sql`t.user_id = ${u} or t.actor_id = ${u}` },
  { table: 'schedules', about: 'Your standing deliveries', where: (u) => sql`t.user_id = ${u}` },
  { table: 'schedule_days', about: 'The days of your standing deliveries', where: (u) => sql`t.schedule_id in (select id from schedules where user_id = ${u})` },
  { table: 'schedule_runs', about: 'Each standing delivery day: placed or not, and why', where: (u) => sql`t.user_id = ${u}` },
  { table: 'delivery_instructions', about: 'Your drop-off notes for the rider, by date', where: (u) => sql`t.user_id = ${u}` },
  { table: 'schedule_vacations', about: 'Your breaks from standing deliveries', where: (u) => sql`t.user_id = ${u}` },
  { table: 'schedule_reminders', about: 'Reminders we sent about standing deliveries', where: (u) => sql`t.user_id = ${u}` },
  { table: 'messages', about: 'Everything we told you (your inbox)', where: (u) => sql`t.user_id = ${u}` },
  { table: 'mail_outbox', about: 'The e-mails carrying those messages', where: (u) => sql`t.message_id in ${messagesOf(u)}` },
  { table: 'sms_outbox', about: 'The texts carrying those messages', where: (u) => sql`t.message_id in ${messagesOf(u)}` },
  { table: 'whatsapp_outbox', about: 'The WhatsApp messages carrying those messages', where: (u) => sql`t.user_id = ${u} or t.message_id in ${messagesOf(u)}` },
  { table: 'push_subscriptions', about: 'The devices you let us send notifications to', omit: ['p256dh', 'auth'], where: (u) => sql`t.user_id = ${u}` },
  { table: 'push_outbox', about: 'The notifications carrying those messages to your devices', where: (u) => sql`t.message_id in ${messagesOf(u)}` },
  { table: 'autopay_mandates', about: 'Your UPI AutoPay mandates: bank, limit, status', where: (u) => sql`t.user_id = ${u}` },
  { table: 'autopay_debits', about: 'What AutoPay told you it would take, and what it took', where: (u) => sql`t.user_id = ${u}` },
  { table: 'wallet_auto_recharge', about: 'Your wallet auto-recharge setting', where: (u) => sql`t.user_id = ${u}` },
  { table: 'notification_preferences', about: 'How you chose to hear from us', where: (u) => sql`t.user_id = ${u}` },
  { table: 'auth_sessions', about: 'Your sign-ins: device and network address', where: (u) => sql`t.user_id = ${u}` },
  { table: 'email_verifications', about: 'Links we sent to prove your e-mail', omit: ['token_hash'], where: (u) => sql`t.user_id = ${u}` },
  { table: 'password_resets', about: 'Password reset and invitation links', omit: ['token_hash'], where: (u) => sql`t.user_id = ${u} or t.requested_by = ${u}` },
  { table: 'otp_codes', about: 'Sign-in codes we texted you', omit: ['code_hash'], where: (u) => sql`t.user_id = ${u}` },
  { table: 'user_carts', about: 'Your saved cart', where: (u) => sql`t.user_id = ${u}` },
  { table: 'user_cart_lines', about: 'What is in your saved cart', where: (u) => sql`t.user_id = ${u}` },
  { table: 'favorites', about: 'Your favourite shakes', where: (u) => sql`t.user_id = ${u}` },
  { table: 'saved_shakes', about: 'The shakes you built', where: (u) => sql`t.user_id = ${u}` },
  { table: 'reviews', about: 'Your reviews', where: (u) => sql`t.user_id = ${u}` },
  { table: 'data_exports', about: 'Your requests to download your data', omit: ['file'], where: (u) => sql`t.user_id = ${u}` },
  { table: 'account_deletions', about: 'Your requests to delete your account', where: (u) => sql`t.user_id = ${u}` },
  { table: 'privacy_grievances', about: 'Your complaints to our grievance officer, and our answers (or the ones you answered, as staff)', where: (u) => sql`t.user_id = ${u} or t.answered_by = ${u}` },
  { table: 'inactivity_notices', about: 'When we told you your unused account would be deleted', where: (u) => sql`t.user_id = ${u}` },
  {
    table: 'privacy_incidents',
    about: 'Personal-data breaches that affected you (or that you recorded, as staff)',
    where: (u) => sql`t.recorded_by = ${u} or t.id in (select incident_id from privacy_incident_people where user_id = ${u})`,
  },
  { table: 'privacy_incident_people', about: 'Your place in those breaches, and when we told you', where: (u) => sql`t.user_id = ${u}` },
  // What a staff account did (empty for a customer).
  { table: 'audit_log', about: 'Back-office actions you took, and those taken on your account', where: (u) => sql`t.actor_id = ${u} or (t.entity = 'user' and t.entity_id = ${u}::text)` },
  { table: 'api_keys', about: 'API keys you made or revoked', omit: ['token_hash'], where: (u) => sql`t.created_by = ${u} or t.revoked_by = ${u}` },
  { table: 'blackout_dates', about: 'Days you closed deliveries', where: (u) => sql`t.created_by = ${u}` },
  { table: 'catalogue_images', about: 'Images you uploaded', omit: ['bytes'], where: (u) => sql`t.uploaded_by = ${u}` },
  { table: 'kitchen_batches', about: 'Kitchen batches you started, finished or undid', where: (u) => sql`t.started_by = ${u} or t.ready_by = ${u} or t.undone_by = ${u}` },
  { table: 'stock_movements', about: 'Stock you received, used or counted', where: (u) => sql`t.actor_id = ${u}` },
];

/** One area's rows about the person, as JSON values (secrets left out). */
export async function areaRows(db: Executor, area: Area, userId: string): Promise<unknown[]> {
  const u = sql`${userId}::uuid`;
  const r = await sql<{ row: unknown }>`select to_jsonb(t) - ${area.omit ?? []}::text[] as row from ${sql.table(area.table)} t where ${area.where(u)}`.execute(db);
  return r.rows.map((x) => x.row);
}

// ---------- the requests ----------

export function latestExport(db: Executor, userId: string) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'status', 'requested_at', 'ready_at', 'expires_at', 'size_bytes'])
    .where('user_id', '=', userId)
    .orderBy('requested_at', 'desc')
    // Two in the same instant: the one being built is the latest.
    .orderBy(sql`status = 'queued'`, 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A new request, unless one is already queued (the unique index): null then. */
export async function insertExport(db: Executor, userId: string, at: string): Promise<string | null> {
  const r = await db
    .insertInto('data_exports')
    .values({ user_id: userId, requested_at: at })
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'queued').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

/** The oldest queued request no other instance is building (held until the caller's transaction ends). */
export function claimQueued(db: Executor) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'user_id', 'requested_at'])
    .where('status', '=', 'queued')
    .orderBy('requested_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function markReady(db: Executor, id: string, file: Uint8Array, at: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ status: 'ready', file: Buffer.from(file), size_bytes: file.byteLength, ready_at: at, expires_at: expiresAt })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

export function readyFile(db: Executor, userId: string, now: string) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'file', 'ready_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('expires_at', '>', now)
    .orderBy('ready_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Past its 24 hours the file is dropped; the request stays on record. */
export async function expireOld(db: Executor, now: string): Promise<number> {
  const r = await db.updateTable('data_exports').set({ status: 'expired', file: null }).where('status', '=', 'ready').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
