import type { MailMessage } from '../../lib/mail';
import type { Config } from '../../config';
import { formatRupees } from '../../../shared/rules/money';
import { formatSlotDate, formatSlotRange } from '../../../shared/rules/slots';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface StatusMailInput {
  to: string;
  toName: string;
  orderId: string;
  number: string;
  publicUrl: string;
  slotDate: string;
  slotStart: string;
  slotEnd: string;
  total: number;
}

/** A status mail's input: the order row's contact, number, slot and total, and the link's host. */
export function statusMailInput(
  deps: { config: Pick<Config, 'PUBLIC_URL'> },
  o: {
    contact_email: string;
    contact_name: string;
    id: string;
    number: string;
    slot_date: string;
    slot_start: string;
    slot_end: string;
    total_paise: number;
  },
): StatusMailInput {
  return {
    to: o.contact_email,
    toName: o.contact_name,
    orderId: o.id,
    number: o.number,
    publicUrl: deps.config.PUBLIC_URL,
    slotDate: o.slot_date,
    slotStart: o.slot_start,
    slotEnd: o.slot_end,
    total: o.total_paise,
  };
}

function build(o: StatusMailInput, template: string, subject: string, headline: string, body: string[]): MailMessage {
  const link = `${o.publicUrl.replace(/\/+$/, '')}/order/${o.orderId}`;
  const text = [`Hi ${o.toName || 'there'},`, '', headline, '', ...body, '', `Your order: ${link}`, '', 'Hydro Shakes'].join('\n');
  const html = `<div style="font-family:system-ui,sans-serif;color:#14342b;max-width:560px">
<h1 style="font-size:20px">${esc(headline)}</h1>
<p>Hi ${esc(o.toName || 'there')},</p>
${body.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<p><a href="${esc(link)}">See your order</a></p>
</div>`;
  return { to: o.to, toName: o.toName, subject, html, text, template };
}

/** Sent (through the outbox, in the status change's transaction) when the rider leaves. */
export function outForDeliveryMail(o: StatusMailInput): MailMessage {
  return build(o, 'order-out-for-delivery', `Your Hydro Shakes order ${o.number} is on its way`, `Order ${o.number} is out for delivery`, [
    `Your shakes have left our kitchen and will reach you ${formatSlotRange(o.slotStart, o.slotEnd)} today.`,
    'Keep your phone handy: the rider may call when they arrive.',
  ]);
}

/** Sent when the shop moves an order to another day or slot (a delivery that failed, typically). */
export function rescheduledMail(o: StatusMailInput): MailMessage {
  const when = `${formatSlotDate(o.slotDate, { year: true })}, ${formatSlotRange(o.slotStart, o.slotEnd)}`;
  return build(
    o,
    'order-rescheduled',
    `Your Hydro Shakes order ${o.number} has a new delivery time`,
    `Order ${o.number}: new delivery time`,
    [
      `We will now deliver your order on ${when}.`,
      'If that time does not suit you, reply to this e-mail or call us and we will find another.',
    ],
  );
}

export function deliveredMail(o: StatusMailInput): MailMessage {
  return build(o, 'order-delivered', `Your Hydro Shakes order ${o.number} was delivered`, `Order ${o.number} was delivered`, [
    'Enjoy your shakes! They taste best chilled, within a few hours.',
    'Your GST tax invoice is on the order page.',
  ]);
}

/** Sent when an online payment for the order failed (kind payment_failed: the customer may switch it off). */
export function paymentFailedMail(o: StatusMailInput): MailMessage {
  return build(o, 'order-payment-failed', `The payment for your Hydro Shakes order ${o.number} did not go through`, `Order ${o.number}: the payment did not go through`, [
    'No money was taken. Your order is kept for a little while: you can pay again from the order page.',
  ]);
}

export function cancelledMail(o: StatusMailInput & { byShop: boolean; reason: string | null; refundPaise: number; walletPaise?: number }): MailMessage {
  const lines = [
    o.byShop
      ? `We are sorry: we had to cancel your order for ${formatSlotDate(o.slotDate, { year: true })}, ${formatSlotRange(o.slotStart, o.slotEnd)}.${o.reason ? ` Reason: ${o.reason}` : ''}`
      : `As you asked, your order for ${formatSlotDate(o.slotDate, { year: true })}, ${formatSlotRange(o.slotStart, o.slotEnd)} is cancelled.`,
  ];
  if (o.refundPaise > 0)
    lines.push(
      `A refund of ${formatRupees(o.refundPaise)} is on its way to the account you paid from; banks usually take 5–7 working days.`,
    );
  if (o.walletPaise && o.walletPaise > 0) lines.push(`${formatRupees(o.walletPaise)} is back in your Hydro Shakes wallet, ready for your next order.`);
  return build(o, 'order-cancelled', `Your Hydro Shakes order ${o.number} is cancelled`, `Order ${o.number} is cancelled`, lines);
}
