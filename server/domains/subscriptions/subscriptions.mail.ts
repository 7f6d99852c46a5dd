import { greeting } from '../../../shared/rules/greeting';
import type { MailMessage } from '../../lib/mail';
import { formatDate } from '../../../shared/rules/dates';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const longDate = (iso: string) => formatDate(iso, 'date');

export interface SubscriptionMailInput {
  to: string;
  name: string;
  planName: string;
  start: string | null;
  end: string;
  freeUnits: number;
  publicUrl: string;
}

/** Activation and renewal (the reminder 3 days before the end is the notifications domain's renews_soon). */
export function subscriptionMail(kind: 'activated' | 'renewed', m: SubscriptionMailInput): MailMessage {
  const link = `${m.publicUrl}/profile?tab=subscriptions`;
  const hi = `${greeting(m.name)},`;
  const subject = kind === 'activated' ? `Welcome to ${m.planName}` : `${m.planName} renewed`;
  const body = `${kind === 'activated' ? 'Your subscription is active' : 'Your next period is paid'}: ${m.freeUnits} free shakes from ${longDate(
    m.start ?? m.end,
  )} to ${longDate(m.end)}, with free delivery on every order.`;
  return {
    to: m.to,
    toName: m.name,
    subject,
    text: `${hi}\n\n${body}\n\nManage your subscription: ${link}\n\nHydro Shakes`,
    html: `<p>${esc(hi)}</p><p>${esc(body)}</p><p><a href="${esc(link)}">Manage your subscription</a></p><p>Hydro Shakes</p>`,
    template: `subscription-${kind}`,
  };
}
