import type { Executor } from '../../db/database';
import type { Config } from '../config';
import type { NotificationKind } from '../../shared/schemas/notifications';
import { formatSlotDate } from '../../shared/rules/slots';
import { enqueueProgressMail, type MailMessage } from './mail';
import { deliveryNotCoveredMessage, enqueueOrderWhatsApp, type WhatsAppTemplate } from './whatsapp';

/**
 * One message to a customer on every channel their notification preferences allow for its kind
 * (PRODUCT.md §18, decision 183), in the caller's transaction: the e-mail when the kind's e-mail cell
 * is on (to the given address, else the account's), WhatsApp when they opted in with a verified number
 * and the kind's WhatsApp cell is on, with the SMS fallback when its SMS cell is on. Each write is one
 * INSERT … SELECT that checks the preferences itself (nothing read first). After the commit the caller
 * kicks the outboxes (kickMail, kickWhatsApp) or leaves them to the workers' next tick.
 */
export type CustomerNotice =
  | {
      userId: string;
      kind: NotificationKind;
      mail?: MailMessage | null;
      whatsApp?: { orderId: string | null; template: WhatsAppTemplate; parameters: string[]; text: string } | null;
    }
  | DeliveriesNotice;

/**
 * Standing deliveries (kind `deliveries`): tomorrow not covered by the wallet, or a day that could not
 * be placed. `date` is the delivery day (YYYY-MM-DD); `reason` one sentence saying what happened and
 * what to do ("Your wallet is ₹240 short: top it up before 9 pm and we deliver as planned.").
 */
export interface DeliveriesNotice {
  userId: string;
  kind: 'deliveries';
  date: string;
  reason: string;
  /** The customer's name (the greeting); "there" without it. */
  name?: string;
}

export async function notifyCustomer(
  deps: { config: Pick<Config, 'PUBLIC_URL'> },
  trx: Executor,
  notice: CustomerNotice,
): Promise<{ mailId: number | null; whatsAppId: number | null }> {
  const n = 'date' in notice ? deliveriesNotice(deps, notice) : notice;
  const mailId = n.mail ? await enqueueProgressMail(trx, n.userId, n.kind, n.mail) : null;
  const whatsAppId = n.whatsApp ? await enqueueOrderWhatsApp(trx, n.userId, n.whatsApp) : null;
  return { mailId, whatsAppId };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function deliveriesNotice(deps: { config: Pick<Config, 'PUBLIC_URL'> }, n: DeliveriesNotice) {
  const day = formatSlotDate(n.date);
  const whatsApp = deliveryNotCoveredMessage({ name: n.name ?? '', day, reason: n.reason });
  const name = whatsApp.parameters[0]!;
  const link = `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/deliveries`;
  const headline = `Your delivery for ${day} is not set`;
  const mail: MailMessage = {
    to: null,
    toName: n.name ?? null,
    subject: `Hydro Shakes: your delivery for ${day} is not set`,
    text: [`Hi ${name},`, '', headline, '', n.reason, '', `Your deliveries: ${link}`, '', 'Hydro Shakes'].join('\n'),
    html: `<div style="font-family:system-ui,sans-serif;color:#14342b;max-width:560px">
<h1 style="font-size:20px">${esc(headline)}</h1>
<p>Hi ${esc(name)},</p>
<p>${esc(n.reason)}</p>
<p><a href="${esc(link)}">See your deliveries</a></p>
</div>`,
    template: 'delivery-not-covered',
  };
  return { userId: n.userId, kind: n.kind, mail, whatsApp };
}
