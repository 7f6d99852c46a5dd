import { sql, type RawBuilder, type Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { MailOutbox as MailOutboxTable } from '../../db/generated/database';
import type { MailMessage } from './mail';

/** The SQL of the mail outbox (mail.ts keeps the delivery rules). */

export async function insertMail(db: Executor, msg: MailMessage): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      to_email: (msg.to ?? '').toLowerCase(),
      to_name: msg.toName ?? null,
      subject: msg.subject,
      html: msg.html,
      text: msg.text,
      template: msg.template,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * enqueueMail as part of the caller's write statement (a data-modifying CTE), so the
 * outbox row costs no round trip of its own — it still commits or rolls back with the
 * business change. One message per row of `from` (none when the caller's insert wrote
 * nothing); each placeholder in subject, html and text is replaced by its SQL expression,
 * evaluated over `from`.
 */
export function outboxInsertSql(
  msg: MailMessage,
  opts: { from: RawBuilder<unknown>; fill?: Record<string, RawBuilder<string>> },
): RawBuilder<unknown> {
  const fills = Object.entries(opts.fill ?? {});
  const filled = (value: string) =>
    fills.reduce((acc, [token, expr]) => sql`replace(${acc}, ${token}::text, ${expr})`, sql`${value}::text`);
  return sql`insert into mail_outbox (to_email, to_name, subject, html, text, template)
    select ${(msg.to ?? '').toLowerCase()}::text, ${msg.toName ?? null}::text, ${filled(msg.subject)}, ${filled(msg.html)}, ${filled(msg.text)}, ${msg.template}::text
    from ${opts.from}`;
}

export async function markMail(db: Executor, id: number, set: Updateable<MailOutboxTable>): Promise<void> {
  await db.updateTable('mail_outbox').set(set).where('id', '=', id).execute();
}
