import type { Executor } from '../../../db/database';
import { enqueueMail, type MailMessage } from '../../lib/mail';
import { enqueueCustomerWhatsApp } from '../../lib/whatsapp';
import { formatDay } from '../../../shared/rules/dates';
import { formatRupees } from '../../../shared/rules/money';

/**
 * Everything standing deliveries tell a customer, in ONE module (decision 177): a day the cut-off could
 * not place (that evening), and the 18:00 reminder that tomorrow is not covered by the wallet. Each is
 * written to the mail outbox and, to a customer who opted in on WhatsApp, the WhatsApp outbox
 * (template `delivery_not_covered`), in the caller's transaction, and sent after commit by the workers.
 * Per-kind notification preferences are routed through here when they exist.
 */

export interface NotifyTo {
  userId: string;
  email: string | null;
  name: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function mail(to: NotifyTo, publicUrl: string, template: string, subject: string, headline: string, body: string[]): MailMessage {
  const link = `${publicUrl.replace(/\/+$/, '')}/deliveries`;
  const name = to.name.trim() || 'there';
  const text = [`Hi ${name},`, '', headline, '', ...body, '', `Your deliveries: ${link}`, '', 'Hydro Shakes'].join('\n');
  const html = `<div style="font-family:system-ui,sans-serif;color:#14342b;max-width:560px">
<h1 style="font-size:20px">${esc(headline)}</h1>
<p>Hi ${esc(name)},</p>
${body.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<p><a href="${esc(link)}">See your deliveries</a></p>
</div>`;
  return { to: to.email, toName: to.name, subject, html, text, template };
}

/** The cut-off could not place a day: why, and what to do. */
export async function notifyNotPlaced(db: Executor, publicUrl: string, to: NotifyTo, p: { date: string; reason: string }): Promise<void> {
  const day = formatDay(p.date, 'weekdayDate');
  await enqueueMail(
    db,
    mail(to, publicUrl, 'delivery-not-placed', `Your Hydro Shakes delivery for ${day} was not placed`, `No delivery on ${day}`, [
      p.reason,
      'Your other scheduled days are unchanged. Top up your wallet or change the schedule so the next ones go through.',
    ]),
  );
  const name = to.name.trim() || 'there';
  await enqueueCustomerWhatsApp(db, to.userId, {
    template: 'delivery_not_covered',
    parameters: [name, day, p.reason],
    text: `Hi ${name}, your Hydro Shakes delivery for ${day} was not placed: ${p.reason}`,
  });
}

/** 18:00: tomorrow's deliveries cost more than the wallet holds. */
export async function notifyNotCovered(
  db: Executor,
  publicUrl: string,
  to: NotifyTo,
  p: { date: string; needed: number; balance: number; closesAt: string },
): Promise<void> {
  const day = formatDay(p.date, 'weekdayDate');
  const reason = `Your wallet has ${formatRupees(p.balance)} and ${day}'s delivery costs ${formatRupees(p.needed)}. Top up by ${p.closesAt} so it is placed.`;
  await enqueueMail(
    db,
    mail(to, publicUrl, 'delivery-not-covered', `Top up for ${day}'s Hydro Shakes delivery`, `${day}'s delivery is not covered yet`, [reason]),
  );
  const name = to.name.trim() || 'there';
  await enqueueCustomerWhatsApp(db, to.userId, {
    template: 'delivery_not_covered',
    parameters: [name, day, reason],
    text: `Hi ${name}, ${reason}`,
  });
}
