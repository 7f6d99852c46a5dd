import type { Executor } from '../../../db/database';
import type { Config } from '../../config';
import { kickMail, type MailDeps, type MailMessage } from '../../lib/mail';
import { kickSms } from '../../lib/sms';
import { kickWhatsApp } from '../../lib/whatsapp';
import { kickPush } from '../../lib/push';
import type { DeliveryChannel } from '../../../shared/schemas/notifications';
import { EVENTS, greeting, type EventData, type NotifyEvent, type Rendered } from './notify.events';
import * as repo from './notify.repository';

/**
 * THE door to telling a person something (PRODUCT.md §20, decision 215). `notify` decides the channels
 * from the person's preferences (decision 183) and what their account has:
 * - the inbox on the site: always;
 * - e-mail: only to a verified address, when the kind's e-mail cell is on (the receipt always); an
 *   invitation to the address the owner typed, which its link proves (decision 235);
 * - WhatsApp: opted in — the person's WhatsApp consent, withdrawn at once by clearing the opt-in
 *   (decision 250) — with a verified number, the kind's WhatsApp cell on (its SMS cell is the
 *   fallback when WhatsApp finally fails);
 * - SMS: with a verified number and the kind's SMS cell on, when neither WhatsApp nor e-mail carries it;
 * - push: one delivery per browser or phone the person subscribed (decision 270): subscribing is the
 *   switch, for every message of the inbox, and turning it off on a device ends it there;
 * and writes ONE message with one delivery per channel in the caller's transaction (one statement).
 * The answer names the channels used, masked, for every screen that says "we told you". After the
 * commit the caller kicks the outboxes (kickMail, kickWhatsApp, kickSms) or leaves them to the workers.
 */

export interface Told {
  /** The inbox message; null when the person is not there (a deleted or disabled account). */
  messageId: number | null;
  channels: { channel: DeliveryChannel; to: string }[];
  /** "Sent on WhatsApp to +91 98••• 43210", "Sent by e-mail to as•••@example.in and by SMS to …", or that it is in the inbox only. */
  summary: string;
}

export const INBOX_ONLY = 'In their inbox on the site only: no verified e-mail or mobile number reaches them';

/** "+91 98••• 43210": the country code, the first two and the last five digits. */
export function maskMobile(mobile: string): string {
  const m = /^\+91(\d{10})$/.exec(mobile);
  if (!m) return `•••${mobile.slice(-4)}`;
  return `+91 ${m[1]!.slice(0, 2)}••• ${m[1]!.slice(5)}`;
}

/** "as•••@example.in": the first two letters of the name part. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

const WORDS: Record<DeliveryChannel, string> = { whatsapp: 'on WhatsApp', email: 'by e-mail', sms: 'by SMS', push: 'as a notification' };

export function toldSummary(channels: Told['channels']): string {
  if (channels.length === 0) return INBOX_ONLY;
  return `Sent ${channels.map((c) => `${WORDS[c.channel]} to ${c.to}`).join(' and ')}`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The one e-mail layout: the headline, the greeting, the paragraphs, the link. */
function mailOf(r: Rendered, hi: string, url: string | null): Pick<MailMessage, 'subject' | 'html' | 'text' | 'template'> {
  const text = [`${hi},`, '', r.title, '', ...r.body, ...(url ? ['', `${r.linkLabel}: ${url}`] : []), '', 'Hydro Shakes'].join('\n');
  const html = `<div style="font-family:system-ui,sans-serif;color:#14342b;max-width:560px">
<h1 style="font-size:20px">${esc(r.title)}</h1>
<p>${esc(hi)},</p>
${r.body.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${url ? `<p><a href="${esc(url)}">${esc(r.linkLabel)}</a></p>` : ''}
</div>`;
  return { subject: r.subject, html, text, template: r.mailTemplate };
}

export async function notify<E extends NotifyEvent>(
  deps: { config: Pick<Config, 'PUBLIC_URL'> },
  trx: Executor,
  person: { userId: string },
  event: E,
  data: EventData[E],
  /** The order confirmation's e-mail is its receipt, built by the orders domain. */
  opts: { receipt?: MailMessage } = {},
): Promise<Told> {
  const def = EVENTS[event];
  const p = await repo.personFor(trx, person.userId, def.kind);
  if (!p || p.disabled) return { messageId: null, channels: [], summary: 'Not sent: the account is closed' };
  const hi = greeting(p.name);
  const r = def.render(data, hi);
  const url = r.mailUrl ?? (r.link ? `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}${r.link}` : null);
  const verifiedMobile = p.mobile && p.mobile_verified_at ? p.mobile : null;

  const email = p.email && (p.email_verified || def.emailUnproven) && (p.want_email || def.emailAlways) ? p.email : null;
  // The WhatsApp consent is the opt-in: no caller checks it, this line does (decision 250).
  const whatsApp = r.whatsApp && verifiedMobile && p.whatsapp_opt_in_at && p.want_whatsapp ? verifiedMobile : null;
  const sms = !whatsApp && !email && verifiedMobile && p.want_sms ? verifiedMobile : null;

  const mail = email ? { ...(opts.receipt ?? mailOf(r, hi, url)), to: email, toName: p.name || null } : null;
  const orderId = 'orderId' in data ? (data as { orderId: string }).orderId : null;
  const written = await repo.insertMessage(trx, {
    userId: p.id,
    event,
    title: r.title,
    body: r.body.join(' '),
    link: r.link,
    mail,
    whatsApp: whatsApp && r.whatsApp ? { to: whatsApp, orderId, ...r.whatsApp, text: r.text, smsFallback: p.want_sms } : null,
    sms: sms ? { to: sms, text: r.text } : null,
    // The tag lets a later notice about the same order replace the earlier one on the lock screen.
    push: { title: r.title, body: r.body.join(' '), url: r.link ?? '/profile?tab=messages', tag: orderId ? `order-${orderId}` : event },
  });
  const channels: Told['channels'] = [
    ...(whatsApp ? [{ channel: 'whatsapp' as const, to: maskMobile(whatsApp) }] : []),
    ...(sms ? [{ channel: 'sms' as const, to: maskMobile(sms) }] : []),
    ...(email ? [{ channel: 'email' as const, to: maskEmail(email) }] : []),
    ...written.pushed.map((device) => ({ channel: 'push' as const, to: device })),
  ];
  return { messageId: written.id, channels, summary: toldSummary(channels) };
}

/** After the commit: deliver what notify wrote now (the workers retry anything left); never awaited by a request. */
export function kickNotices(deps: MailDeps): void {
  void kickMail(deps);
  void kickWhatsApp(deps);
  void kickSms(deps);
  void kickPush(deps);
}
