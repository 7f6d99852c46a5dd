import type { Executor } from '../../../db/database';
import type { MailMessage } from '../../lib/mail';
import { notifyCustomer } from '../../lib/notify';
import { formatDay } from '../../../shared/rules/dates';

/**
 * Everything standing deliveries tell a customer, in ONE module (decision 177): a day the cut-off could
 * not place (that evening), and the 18:00 reminder that tomorrow is not covered by the wallet. Each goes
 * through notifyCustomer as the kind `deliveries` (decision 183): by e-mail, and on WhatsApp (template
 * `delivery_not_covered`, SMS as its fallback) to a customer who opted in, as far as their preferences
 * for that kind allow — written in the caller's transaction, sent after commit by the workers.
 */

export interface NotifyTo {
  userId: string;
  email: string | null;
  name: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const linkTo = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

function mail(to: NotifyTo, publicUrl: string, template: string, subject: string, headline: string, body: string[], path: string): MailMessage {
  const link = linkTo(publicUrl, path);
  const name = to.name.trim() || 'there';
  const linkText = path === '/deliveries' ? 'See your deliveries' : 'Open that day';
  const text = [`Hi ${name},`, '', headline, '', ...body, '', `${linkText}: ${link}`, '', 'Hydro Shakes'].join('\n');
  const html = `<div style="font-family:system-ui,sans-serif;color:#14342b;max-width:560px">
<h1 style="font-size:20px">${esc(headline)}</h1>
<p>Hi ${esc(name)},</p>
${body.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<p><a href="${esc(link)}">${esc(linkText)}</a></p>
</div>`;
  return { to: to.email, toName: to.name, subject, html, text, template };
}

/** The cut-off could not place a day: why, and what to do (that day's page offers Order it now). */
export async function notifyNotPlaced(db: Executor, publicUrl: string, to: NotifyTo, p: { date: string; reason: string; path: string }): Promise<void> {
  const day = formatDay(p.date, 'weekdayDate');
  const link = linkTo(publicUrl, p.path);
  await tell(db, publicUrl, to, {
    mail: mail(
      to,
      publicUrl,
      'delivery-not-placed',
      `Your Hydro Shakes delivery for ${day} was not placed`,
      `No delivery on ${day}`,
      [p.reason, `Order it now from that day's page, if its delivery time still takes orders. Your other scheduled days are unchanged.`],
      p.path,
    ),
    day,
    reason: `${p.reason} ${link}`,
    text: (name) => `Hi ${name}, your Hydro Shakes delivery for ${day} was not placed: ${p.reason} Order it now: ${link}`,
  });
}

/** 18:00: tomorrow's deliveries cost more than the wallet holds; `reason` says by how much and until when (shortReminderText). */
export async function notifyNotCovered(db: Executor, publicUrl: string, to: NotifyTo, p: { date: string; reason: string; path: string }): Promise<void> {
  const day = formatDay(p.date, 'weekdayDate');
  const link = linkTo(publicUrl, p.path);
  await tell(db, publicUrl, to, {
    mail: mail(to, publicUrl, 'delivery-not-covered', `Top up for ${day}'s Hydro Shakes delivery`, `${day}'s delivery is not covered yet`, [p.reason], p.path),
    day,
    reason: `${p.reason} ${link}`,
    text: (name) => `Hi ${name}, ${p.reason} ${link}`,
  });
}

/** One notice of the kind `deliveries`: the e-mail and the WhatsApp message (name, day, reason), as the preferences allow. */
async function tell(db: Executor, publicUrl: string, to: NotifyTo, n: { mail: MailMessage; day: string; reason: string; text: (name: string) => string }) {
  const name = to.name.trim() || 'there';
  await notifyCustomer({ config: { PUBLIC_URL: publicUrl } }, db, {
    userId: to.userId,
    kind: 'deliveries',
    mail: n.mail,
    whatsApp: { orderId: null, template: 'delivery_not_covered', parameters: [name, n.day, n.reason], text: n.text(name) },
  });
}
