import { greeting } from '../../../shared/rules/greeting';
import type { MailMessage } from '../../lib/mail';
import { formatRupees } from '../../../shared/rules/money';
import { formatSlotDate, formatSlotRange } from '../../../shared/rules/slots';
import { paymentMethodLabel } from '../../../shared/rules/payment-labels';

export interface ConfirmationMailInput {
  to: string;
  toName: string;
  orderId: string;
  number: string;
  publicUrl: string;
  paymentMethod: string;
  paidWith: string | null;
  lines: { name: string; quantity: number; line_total_paise: number; is_free_unit: boolean }[];
  total: number;
  slotDate: string;
  slotStart: string;
  slotEnd: string;
  address: { name: string; line1: string; line2: string | null; city: string; pincode: string };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * "Tue, 24 Nov 2026, 7:00 AM – 9:00 AM". Intl date formatting is one of the dearer steps of
 * placing an order, and a shop has few (date, slot) pairs at a time: remembered, a bounded few.
 */
const whenCache = new Map<string, string>();
function deliveryWhen(date: string, start: string, end: string): string {
  const key = `${date}|${start}|${end}`;
  let when = whenCache.get(key);
  if (when === undefined) {
    when = `${formatSlotDate(date, { year: true })}, ${formatSlotRange(start, end)}`;
    if (whenCache.size >= 512) whenCache.clear();
    whenCache.set(key, when);
  }
  return when;
}

/** The "order confirmed" e-mail, written to the outbox in the transaction that confirms the order. */
export function confirmationMail(o: ConfirmationMailInput): MailMessage {
  const when = deliveryWhen(o.slotDate, o.slotStart, o.slotEnd);
  const where = [o.address.name, o.address.line1, o.address.line2, `${o.address.city} ${o.address.pincode}`].filter(Boolean).join(', ');
  const how = paymentMethodLabel(o.paidWith ?? o.paymentMethod);
  const link = `${o.publicUrl.replace(/\/+$/, '')}/order/${o.orderId}`;
  const items = o.lines.map((l) => `${l.quantity} × ${l.name}${l.is_free_unit ? ' (1 free)' : ''} — ${formatRupees(l.line_total_paise)}`);
  const text = [
    `${greeting(o.toName)},`,
    '',
    `Your order ${o.number} is confirmed.`,
    '',
    ...items,
    `Total: ${formatRupees(o.total)} (${how})`,
    '',
    `Delivery: ${when}`,
    `To: ${where}`,
    '',
    `Track it here: ${link}`,
    '',
    'Thank you for choosing Hydro Shakes.',
  ].join('\n');
  const html = `<div style="font-family:system-ui,sans-serif;color:#14342b;max-width:560px">
<h1 style="font-size:20px">Your order ${esc(o.number)} is confirmed</h1>
<p>${esc(greeting(o.toName))}, thank you for your order.</p>
<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>
<p><strong>Total: ${esc(formatRupees(o.total))}</strong> (${esc(how)})</p>
<p>Delivery: ${esc(when)}<br>To: ${esc(where)}</p>
<p><a href="${esc(link)}">Track your order</a></p>
</div>`;
  return {
    to: o.to,
    toName: o.toName,
    subject: `Your Hydro Shakes order ${o.number} is confirmed`,
    html,
    text,
    template: 'order-confirmed',
  };
}
