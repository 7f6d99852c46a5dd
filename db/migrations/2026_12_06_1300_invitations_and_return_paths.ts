import { sql, type Kysely } from 'kysely';

/**
 * Staff invitations have their own page and no "password changed" alarm (decision 225):
 * a set-password link says what it is for — `reset` (the person or support asked) or `invite` (the
 * owner invited someone). Links sent before this change: an invitation's is the one valid for
 * longer than an hour (a reset link works for 30 minutes).
 *
 * Back to where they were (decision 226): a sign-in code carries the page the sign-in started
 * from, so the tab that completes it — any tab — returns there. Only a same-origin relative path is
 * ever stored (the service checks it; the check below is the last word on its length).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table password_resets add column purpose text not null default 'reset' check (purpose in ('reset', 'invite'))`.execute(db);
  await sql`update password_resets set purpose = 'invite' where requested_by is not null and expires_at - created_at > interval '1 hour'`.execute(db);
  await sql`alter table otp_codes add column return_to text check (return_to like '/%' and length(return_to) <= 512)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table otp_codes drop column return_to`.execute(db);
  await sql`alter table password_resets drop column purpose`.execute(db);
}
